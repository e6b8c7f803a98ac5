// Lets Node load `import text from './file.js?raw'` as Vite does (the preview's frame programs are
// imported that way): registered with `tsx --import` for the bench's Node figures.
import { register } from 'node:module';

register('./raw-hooks.mjs', import.meta.url);
