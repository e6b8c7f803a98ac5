// htmlparser2, loaded before the first parse rather than with the code that parses: the entity
// decoder under it (the `entities` package) builds its tables when its module runs, the largest
// piece of a hub's boot once the zip code had left it (a profile of the hub's scripts running at an
// offline start: a quarter of the samples). A start needs no parse until its first render, so the
// hub loads the parser when it is ready; a compile's preparation and an element's edit await it.
import { loadedOnce } from '../core/once';

/** htmlparser2's Parser class: `load()` before a parse, `get()` in the synchronous code that parses. */
export const htmlParser = loadedOnce('HTML parser', () => import('htmlparser2').then((module) => module.Parser));
