// Reference rewriting across HTML, CSS and ES modules: subfolders, ./ and ../ forms, root-absolute
// paths, query and hash kept, packages and URLs left alone, and the no-op when nothing refers.
import { describe, expect, it } from 'vitest';
import { makeFile, type FileRecord } from '../../src/lib/domain/model';
import { danglingAfterDelete, referenceTo, referencesIn, rewriteForRename } from '../../src/lib/domain/references';

const files = (entries: Record<string, string>): Map<string, FileRecord> => new Map(Object.entries(entries).map(([path, text]) => [path, makeFile(path, text)]));
const apply = (before: Map<string, FileRecord>, from: string, to: string) => {
	const { changes, rewritten } = rewriteForRename(before, from, to);
	return { text: Object.fromEntries(changes.map((c) => [c.path, c.content])), rewritten };
};

describe('references', () => {
	it('finds href/src, url()/@import and module imports with their lines, skipping URLs, fragments and packages', () => {
		const html = '<link rel="stylesheet" href="styles.css?v=2">\n<img src=\'img/logo.png\'>\n<a href="#top">top</a> <a href="https://x.org/a.css">x</a>\n<script type="module">import { a } from "./js/a.js"; import "lodash";</script>\n<div style="background: url(img/bg.png)"></div>';
		expect(referencesIn('index.html', html).map((r) => [r.line, r.reference, r.target])).toEqual([
			[1, 'styles.css?v=2', 'styles.css'],
			[2, 'img/logo.png', 'img/logo.png'],
			[4, './js/a.js', 'js/a.js'],
			[5, 'img/bg.png', 'img/bg.png']
		]);
		expect(referencesIn('css/site.css', '@import "../base.css";\nbody { background: url("../img/bg.png") }\na { background: url(data:image/png;base64,xx) }').map((r) => r.target)).toEqual(['base.css', 'img/bg.png']);
		expect(referencesIn('js/app.js', "import x from './util.js';\nexport { y } from '../lib/y.js';\nconst z = await import('/js/z.js');\nimport 'side.js';").map((r) => r.target)).toEqual(['js/util.js', 'lib/y.js', 'js/z.js']);
	});

	it('writes a target back in the style of the original reference', () => {
		expect(referenceTo('index.html', 'main.css', 'styles.css')).toBe('main.css');
		expect(referenceTo('index.html', 'css/main.css', './styles.css')).toBe('./css/main.css');
		expect(referenceTo('pages/about.html', 'css/main.css', '../styles.css?v=1#x')).toBe('../css/main.css?v=1#x');
		expect(referenceTo('pages/deep/a.html', 'main.css', '/styles.css')).toBe('/main.css');
		expect(referenceTo('js/app.js', 'js/lib/util.js', './util.js')).toBe('./lib/util.js');
	});

	it('a rename rewrites every file that links the old path, and nothing else', () => {
		const before = files({
			'index.html': '<link href="styles.css" rel="stylesheet">\n<a href="about.html">About</a>',
			'pages/about.html': '<link href="../styles.css" rel="stylesheet">\n<link href="/styles.css" rel="stylesheet">',
			'extra.css': '@import "./styles.css";\n@import "other.css";',
			'other.css': 'body{}',
			'styles.css': 'body { color: red }',
			'app.js': "import { a } from './styles.css.js';"
		});
		const { text, rewritten } = apply(before, 'styles.css', 'css/main.css');
		expect(text).toEqual({
			'index.html': '<link href="css/main.css" rel="stylesheet">\n<a href="about.html">About</a>',
			'pages/about.html': '<link href="../css/main.css" rel="stylesheet">\n<link href="/css/main.css" rel="stylesheet">',
			'extra.css': '@import "./css/main.css";\n@import "other.css";'
		});
		expect(rewritten).toEqual([
			{ path: 'extra.css', line: 1, from: './styles.css', to: './css/main.css' },
			{ path: 'index.html', line: 1, from: 'styles.css', to: 'css/main.css' },
			{ path: 'pages/about.html', line: 1, from: '../styles.css', to: '../css/main.css' },
			{ path: 'pages/about.html', line: 2, from: '/styles.css', to: '/css/main.css' }
		]);
	});

	it('a module moved to another folder: its importers and its own relative imports are rewritten', () => {
		const before = files({
			'app.js': "import { greet } from './modules/greeting.js';\ngreet();",
			'modules/greeting.js': "import { name } from './name.js';\nexport const greet = () => name;",
			'modules/name.js': "export const name = 'x';"
		});
		const { text } = apply(before, 'modules/greeting.js', 'lib/greeting.js');
		expect(text).toEqual({
			'app.js': "import { greet } from './lib/greeting.js';\ngreet();",
			'lib/greeting.js': "import { name } from '../modules/name.js';\nexport const greet = () => name;"
		});
	});

	it('is a no-op when nothing refers to the file, or the move keeps every reference valid', () => {
		const before = files({ 'index.html': '<h1>Hi</h1>', 'notes.txt': 'styles.css is mentioned in prose', 'styles.css': 'a{}' });
		expect(apply(before, 'styles.css', 'main.css')).toEqual({ text: {}, rewritten: [] });
		const same = files({ 'a.html': '<link href="https://cdn.example/x.css"><img src="pic.png">', 'pic.png.txt': '' });
		expect(apply(same, 'a.html', 'b.html')).toEqual({ text: {}, rewritten: [] });
	});

	it('a delete lists the references it leaves dangling, with file and line', () => {
		const before = files({ 'index.html': '<h1>x</h1>\n<link href="styles.css" rel="stylesheet">', 'more.css': '@import "styles.css";', 'styles.css': 'a{}' });
		expect(danglingAfterDelete(before, 'styles.css')).toEqual([
			{ path: 'index.html', line: 2, reference: 'styles.css' },
			{ path: 'more.css', line: 1, reference: 'styles.css' }
		]);
		expect(danglingAfterDelete(before, 'index.html')).toEqual([]);
	});
});

describe('the rename and delete tools', async () => {
	const { makeStudio, ok } = await import('./helpers/studio-fixture');
	const { createPreparer } = await import('../../src/lib/runtime/prepare');
	type Out = { revision: number; changedPaths: string[]; updatedReferences?: unknown[]; danglingReferences?: unknown[] };

	it('workspace_rename_file rewrites the links in the same revision, reports each, and one undo reverts all; updateReferences: false leaves them', async () => {
		const { direct, service } = await makeStudio();
		const start = service.revision;
		const line = service.workspace.files.get('index.html')!.content!.split('\n').findIndex((l) => l.includes('href="styles.css"')) + 1;
		const own = service.workspace.files.get('styles.css')!.content!.split('\n').findIndex((l) => l.includes('typography.css')) + 1;
		const card = await createPreparer(service)('workspace_rename_file', { from: 'styles.css', to: 'css/main.css', updateReferences: true });
		// The moved stylesheet's own @import is rewritten too (it now lives one folder down).
		expect(card!.impact.summary).toBe(`Changes 3 files in the workspace. Updates 2 links: css/main.css:${own}, index.html:${line}.`);
		expect(card!.impact.files.map((f) => [f.path, f.change, f.from, f.added, f.removed])).toEqual([
			['css/main.css', 'renamed', 'styles.css', 1, 1],
			['index.html', 'modified', undefined, 1, 1]
		]);
		const out = ok<Out>(await direct('workspace_rename_file', { from: 'styles.css', to: 'css/main.css' }));
		expect(out.revision).toBe(start + 1);
		expect(out.updatedReferences).toEqual([
			{ path: 'css/main.css', line: own, from: 'typography.css', to: '../typography.css' },
			{ path: 'index.html', line, from: 'styles.css', to: 'css/main.css' }
		]);
		expect(service.workspace.files.get('index.html')!.content).toContain('href="css/main.css"');
		ok(await direct('workspace_undo'));
		expect(service.workspace.files.get('index.html')!.content).toContain('href="styles.css"');
		expect(service.workspace.files.has('styles.css')).toBe(true);

		const plain = ok<Out>(await direct('workspace_rename_file', { from: 'styles.css', to: 'main.css', updateReferences: false }));
		expect(plain.updatedReferences).toBeUndefined();
		expect(plain.changedPaths.sort()).toEqual(['main.css', 'styles.css']);
	});

	it('workspace_delete_file names the links it leaves dangling, on the card and in the result', async () => {
		const { direct, service } = await makeStudio();
		const card = await createPreparer(service)('workspace_delete_file', { path: 'typography.css' });
		expect(card!.impact.summary).toMatch(/^Changes 1 file in the workspace\. 1 link will point at nothing: styles\.css:\d+\.$/);
		const out = ok<Out>(await direct('workspace_delete_file', { path: 'typography.css' }));
		expect(out.danglingReferences).toEqual([{ path: 'styles.css', line: expect.any(Number), reference: expect.stringContaining('typography.css') }]);
	});
});
