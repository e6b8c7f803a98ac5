// Every browser test file starts with what a hub loads once it is ready: the HTML parser
// (domain/html-parser.ts), so a compile in a test is the compile a render gets.
import { htmlParser } from '../../../src/lib/domain/html-parser';

await htmlParser.load();
