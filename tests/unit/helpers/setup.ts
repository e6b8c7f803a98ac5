// Every unit test file starts with what a hub loads on its first need: the `location` rewrite's
// parser (preview/compiler/location.ts) and the IndexedDB library (compiler/indexeddb.ts), so a
// compile in a test is the compile a render gets, and the HTML parser (domain/html-parser.ts), which
// a hub loads once it is ready.
import { loadLocationParser } from '../../../src/lib/preview/compiler/location';
import { loadIndexedDBLibrary } from '../../../src/lib/preview/compiler/indexeddb';
import { htmlParser } from '../../../src/lib/domain/html-parser';

await Promise.all([loadLocationParser(), loadIndexedDBLibrary(), htmlParser.load()]);
