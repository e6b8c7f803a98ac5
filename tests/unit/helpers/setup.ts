// Every unit test file starts with what a hub loads on its first need: the `location` rewrite's
// parser (preview/compiler/location.ts), so a compile in a test is the compile a render gets.
import { loadLocationParser } from '../../../src/lib/preview/compiler/location';

await loadLocationParser();
