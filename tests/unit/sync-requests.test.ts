// What a page that asks synchronously carries in its document (compiler/sync-requests.ts): the
// answers to the files its scripts name and to its small data files; nothing for a page that never asks so.
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/lib/preview/compile';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import { SYNC_FILE_CHARS, SYNC_TOTAL_CHARS, syncAnswers } from '../../src/lib/preview/compiler/sync-requests';

function ws(files: Record<string, string | Uint8Array>): Workspace {
	return { id: 'w', name: 'W', revision: 3, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) };
}

/** The answers a compiled document carries, by path (none: no tag). */
function carried(html: string): Record<string, { status: number; mimeType: string; body: string }> | null {
	const tag = /<script data-studio-sync>window\.__studioSyncAnswers=(.*?);document\.currentScript\.remove\(\);<\/script>/.exec(html);
	return tag ? JSON.parse(tag[1]!.replace(/<\\\/script/gi, '</script')) : null;
}

describe('synchronous requests of the page', () => {
	const site = {
		'app/config.json': '{"name":"Bakery"}',
		'app/i18n/de.json': '{"hello":"Hallo"}',
		'app/partials/card.html': '<div></div>',
		'app/logo.png': new Uint8Array([137, 80, 78, 71]),
		'app/big.json': JSON.stringify({ text: 'x'.repeat(SYNC_FILE_CHARS) })
	};

	it('a page that asks synchronously carries the files its scripts of another type name (React\'s JSXTransformer fetches <script type="text/jsx" src> so)', () => {
		const answers = carried(
			compile(
				ws({
					'index.html': '<!doctype html><script src="lib/JSXTransformer.js"></script><script type="text/jsx" src="js/item.jsx"></script><script type="text/jsx" src="js/app.jsx"></script>',
					'lib/JSXTransformer.js': "function load(url) { var xhr = new XMLHttpRequest(); xhr.open('GET', url, false); xhr.send(null); return xhr.responseText; }",
					'js/item.jsx': 'var Item = <li/>;',
					'js/app.jsx': 'React.render(<Item/>, document.body);'
				}),
				'index.html'
			).html
		)!;
		expect(answers['js/item.jsx']).toMatchObject({ status: 200, body: 'var Item = <li/>;' });
		expect(answers['js/app.jsx']).toMatchObject({ status: 200 });
	});

	it('a page whose script opens a request with async false carries the files it names (relative to the page), 404s for names that are no file, and its data files', () => {
		const answers = carried(
			compile(
				ws({
					...site,
					'app/index.html': `<!doctype html><p>…</p><script src="js/load.js"></script>`,
					'app/js/load.js': "var x = new XMLHttpRequest(); x.open('GET', 'partials/card.html', false); x.send(); fetch('missing.json'); var y = 'config.json';"
				}),
				'app/index.html'
			).html
		)!;
		expect(answers['app/partials/card.html']).toMatchObject({ status: 200, mimeType: 'text/html', body: '<div></div>' });
		expect(answers['app/config.json']).toMatchObject({ status: 200, mimeType: 'application/json', body: '{"name":"Bakery"}' });
		expect(answers['app/missing.json']).toMatchObject({ status: 404 });
		// A data file no script names (a name made at run time) comes too; not an image, nor a file over 64 KB.
		expect(answers['app/i18n/de.json']?.body).toBe('{"hello":"Hallo"}');
		expect(Object.keys(answers)).not.toContain('app/logo.png');
		expect(Object.keys(answers)).not.toContain('app/big.json');
	});

	it('jQuery’s async: false (minified too) and a module’s request count; a page that never asks synchronously carries nothing', () => {
		for (const script of ["$.ajax({ url: 'config.json', async: false });", 'r.open("GET",u,!1);']) {
			expect(carried(compile(ws({ ...site, 'app/index.html': `<!doctype html><script>${script}</script>` }), 'app/index.html').html), script).not.toBeNull();
		}
		const moduled = ws({ ...site, 'app/index.html': '<!doctype html><script type="module" src="main.js"></script>', 'app/main.js': "const x = new XMLHttpRequest(); x.open('GET', 'config.json', false);" });
		expect(carried(compile(moduled, 'app/index.html').html)?.['app/config.json']?.status).toBe(200);
		const asynchronous = ws({ ...site, 'app/index.html': "<!doctype html><script>var x = new XMLHttpRequest(); x.open('GET', 'config.json'); x.send(); fetch('config.json');</script>" });
		expect(carried(compile(asynchronous, 'app/index.html').html)).toBeNull();
	});

	it('carries at most its budget, and a script’s end tag in a file cannot end the tag that carries it', () => {
		const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`d/${i}.json`, JSON.stringify({ i, pad: 'y'.repeat(SYNC_FILE_CHARS - 100) })]));
		const answers = syncAnswers(ws({ ...many, 'index.html': '' }).files, 'index.html', ['x.open("GET", "d/0.json", false)']);
		const total = [...answers.values()].reduce((sum, answer) => sum + answer.body.length, 0);
		expect(total).toBeLessThanOrEqual(SYNC_TOTAL_CHARS);
		expect(answers.size).toBeGreaterThan(1);
		const html = compile(ws({ 'index.html': "<!doctype html><script>x.open('GET', 'note.txt', false)</script><p id=after>after</p>", 'note.txt': 'a </script><b>b</b>' }), 'index.html').html;
		expect(carried(html)?.['note.txt']?.body).toBe('a </script><b>b</b>');
		expect(html).not.toContain('a </script>');
		expect(html).toMatch(/<p [^>]*id=after>after<\/p>/);
	});
});
