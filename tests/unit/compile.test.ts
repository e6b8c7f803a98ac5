// The preview compiler, rule by rule: entry choice, CSS inlining and @import, scripts, modules, assets, diagnostics.
import { describe, expect, it, vi } from 'vitest';
import { compile, compileFramed, entryOf, prologueEnd, VIRTUAL_ORIGIN } from '../../src/lib/preview/compile';
import { FRAME_STORAGE_PLACEHOLDER } from '../../src/lib/preview/placeholders';
import { PREVIEW_CSP, withNetwork } from '../../src/lib/preview/policy';
import { DEFERRED_TYPE } from '../../src/lib/preview/compiler/scripts';
import { HOST_PLACEHOLDER, NONCE_PLACEHOLDER } from '../../src/lib/preview/bridge';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import { starterWorkspace } from '../../src/lib/domain/template';
import { PreviewCoordinator } from '../../src/lib/preview/coordinator';
import type { PreviewRender } from '../../src/lib/preview/messages';
import { DEFAULT_CDN } from '../../src/lib/domain/packages';
import { moduleWorkers } from '../../src/lib/preview/compiler/workers';
import { importedAs } from '../../src/lib/domain/css';
import { sheetsOf } from './helpers/sheets';
import { gridTracks } from '../../src/lib/preview/compiler/framesets';
import { QUIRKS_SCRIPT, isQuirks } from '../../src/lib/preview/compiler/quirks';

const dataUrlOf = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function ws(files: Record<string, string | Uint8Array>, revision = 7): Workspace {
	return { id: 'w', name: 'w', revision, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) };
}
const modulesOf = (html: string): Record<string, string> => {
	const match = /var s=(\{[\s\S]*?\});var k=/.exec(html);
	return match ? JSON.parse(match[1]!.replace(/<\\\/script/g, '</script')) : {};
};

describe('compile', () => {
	it('picks index.html, else the first HTML file, else a friendly page that still carries the bridge', () => {
		expect(entryOf(ws({ 'b.html': '', 'a.html': '', 'index.html': '' }))).toBe('index.html');
		expect(entryOf(ws({ 'z.html': '', 'pages/a.html': '' }))).toBe('pages/a.html');
		const none = compile(ws({ 'styles.css': 'a{}' }));
		expect(none.entry).toBeNull();
		expect(none.html).toContain('Add an HTML file');
		expect(none.html).toContain('data-studio-bridge');
	});
	it('the entry reached at the site\'s root is at the root, as a host serves it; the same file asked for by name is at its name; a page\'s own <base> is said', () => {
		const site = ws({ 'index.html': '<!doctype html><p>home</p>', 'about.html': '<p>about</p>' });
		const tag = (html: string) => /<script data-studio-bridge[^>]*>/.exec(html)![0];
		expect(tag(compile(site).html)).toContain(' data-root');
		expect(tag(compile(site).html)).not.toContain(' data-based');
		expect(tag(compile(ws({ 'index.html': '<!doctype html><base href="/app/"><p>home</p>' })).html)).toMatch(/ data-root data-based>/);
		for (const page of ['index.html', 'about.html']) expect(tag(compile(site, page).html)).not.toContain(' data-root');
		// An entry that is not index.html is at its own name: a host's root would not serve it.
		expect(tag(compile(ws({ 'home.html': '<p>home</p>' })).html)).not.toContain(' data-root');
	});

	it('an image-set() loads its options written as plain strings too, relative to the sheet; its type() stays a type', () => {
		const dot = '<svg xmlns="http://www.w3.org/2000/svg"/>';
		const site = ws({ 'index.html': '<link rel="stylesheet" href="css/site.css"><div style="background: image-set(\'img/dot.svg\' 1x)"></div>', 'css/site.css': '#a { background-image: image-set("../img/dot.svg" type("image/svg+xml"), "../img/dot.svg" 2x); } #b { background: -webkit-image-set(url(../img/dot.svg) 1x, "../img/dot.svg" 2x); }', 'img/dot.svg': dot });
		const { html, diagnostics } = compile(site);
		// Marked with the file's URL on the site: a style read back names it (frame/styles.js).
		const data = `${dataUrlOf(dot)}#studio-file=${encodeURIComponent('https://site.invalid/img/dot.svg')}`;
		const [sheet] = sheetsOf(html);
		expect(sheet!.css).toContain(`image-set(url("${data}") type("image/svg+xml"), url("${data}") 2x)`);
		expect(sheet!.css).toContain(`-webkit-image-set(url("${data}") 1x, url("${data}") 2x)`);
		expect(html).toContain(`image-set(url('${data}') 1x)`);
		expect(diagnostics).toEqual([]);
	});

	it('a file that is not a page is shown as a browser shows it, with the bridge: text in a <pre>, an image, an SVG alone, media, else a download', () => {
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
		const site = ws({ 'index.html': '<h1>home</h1>', 'notes.txt': 'Buy <b>milk</b> & eggs', 'data.json': '{"a":1}', 'img/dot.png': png, 'logo.svg': '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>', 'clip.mp4': new Uint8Array([0, 0, 0, 32]), 'docs/menu.pdf': new Uint8Array([37, 80, 68, 70]) });
		const text = compile(site, 'notes.txt');
		expect(text.notFound).toBeUndefined();
		expect(text.html).toContain('<pre style="word-wrap: break-word; white-space: pre-wrap;">Buy &lt;b>milk&lt;/b> &amp; eggs</pre>');
		expect(text.html).toContain('data-studio-bridge');
		expect(compile(site, 'data.json').html).toContain('>{&quot;a&quot;:1}</pre>');
		expect(compile(site, 'img/dot.png').html).toContain('<img src="data:image/png;base64,iVBORw==" alt="dot.png">');
		const svg = compile(site, 'logo.svg').html;
		expect(svg).toContain('<body><svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg></body>');
		expect(svg).not.toContain('<?xml');
		expect(compile(site, 'clip.mp4').html).toContain('<video controls autoplay name="media"><source src="data:video/mp4;base64,AAAAIA==" type="video/mp4"></video>');
		const pdf = compile(site, 'docs/menu.pdf').html;
		expect(pdf).toContain('A PDF document, 4 B.');
		expect(pdf).toContain('<a href="menu.pdf" download="menu.pdf">Download menu.pdf</a>');
		// An HTML page is still the page, and a file that is not there is a 404.
		expect(compile(site, 'index.html').html).toMatch(/<h1[^>]*>home<\/h1>/);
		expect(compile(site, 'gone.txt').notFound).toBe('gone.txt');
	});

	it('puts the no-network policy and the bridge (revision, nonce placeholder) before any byte of the page, after its doctype', () => {
		const { html } = compile(ws({ 'index.html': '<html><head><title>x</title><script>userCode()</script></head><body></body></html>' }, 12));
		expect(html.startsWith(`${PREVIEW_CSP}<script data-studio-bridge data-revision="12" data-nonce="${NONCE_PLACEHOLDER}" data-host="${HOST_PLACEHOLDER}" data-lines="`)).toBe(true);
		expect(PREVIEW_CSP).toContain(`connect-src data: blob:`);
		// A workspace whose person allowed the network runs the same document without the policy.
		expect(withNetwork(html, true)).not.toContain('Content-Security-Policy');
		expect(withNetwork(html, false)).toBe(html);
		expect(html.indexOf('data-studio-bridge')).toBeLessThan(html.indexOf('userCode()'));
		expect(compile(ws({ 'index.html': '<h1>bare</h1>' })).html).toMatch(/^<meta http-equiv="Content-Security-Policy"[^>]*><script data-studio-bridge/);
		// Whatever the markup: a script before <head>, a <head> inside <noscript> or <template>, comments
		// before the doctype — the policy and the bridge come first, and a doctype stays first.
		for (const page of [
			'<!doctype html><script>early()</script><html><head></head><body></body></html>',
			'<!DOCTYPE html>\n<html><noscript><head></noscript><head><script>late()</script></head></html>',
			'<!-- made by hand -->\n<!doctype html><template><head></template><script>x()</script>'
		]) {
			const out = compile(ws({ 'index.html': page })).html;
			const at = prologueEnd(page);
			expect(out.slice(0, at)).toBe(page.slice(0, at));
			expect(out.slice(at).startsWith(`${PREVIEW_CSP}<script data-studio-bridge`)).toBe(true);
			expect(/^\s*(<!--[\s\S]*?-->\s*)*<!doctype html>/i.test(out)).toBe(true);
		}
	});

	it('inlines linked stylesheets with media, their local @imports, and reports cycles and externals', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<head><link rel="stylesheet" href="css/site.css?ver=6.1" media="screen"><link rel="stylesheet" href="https://cdn.example/x.css"></head>',
				'css/site.css': '@import "base.css";\n@import url("../loop.css");\n@import url(//fonts.example/x.css);\nbody{color:red;background:url(//img.example/bg.png)}',
				'css/base.css': 'html{margin:0}',
				'loop.css': '@import "css/site.css"; .loop{}',
				'ghost-ref.css': ''
			})
		);
		// The page's own <link>, its other attributes as written, the sheet compiled into its href.
		const [sheet] = sheetsOf(html);
		expect(sheet!.tag).toBe('<link rel="stylesheet"  media="screen">');
		// Read back as on a host: the file's URL with the query the page wrote, the reference as written.
		expect(sheet!.file).toBe('https://site.invalid/css/site.css?ver=6.1');
		expect(sheet!.written).toBe('css/site.css?ver=6.1');
		expect(sheet!.css).toContain('html{margin:0}');
		expect(sheet!.css).toContain('.loop{}');
		expect(sheet!.css).toContain('/* @import cycle: css/site.css */');
		// Another site's files, protocol-relative, are absolute in the sheet (a data: URL resolves no
		// `//host/…`); its @import goes first, where a browser reads it (not after the rules inlined).
		expect(sheet!.css.startsWith('@import url("https://fonts.example/x.css");\n')).toBe(true);
		expect(sheet!.css).toContain('background:url("https://img.example/bg.png")');
		expect(html).toContain('href="https://cdn.example/x.css"');
		expect(diagnostics.map((d) => d.kind).sort()).toEqual(['external', 'external', 'external', 'import-cycle']);
	});

	it('an @import inlined keeps its cascade layer, supports() and media list, nested in that order (a layer read as a media list applied nowhere)', () => {
		const { html } = compile(
			ws({
				'index.html': '<head><link rel="stylesheet" href="site.css"></head>',
				'site.css': '@layer reset, theme;\n@import url("theme.css") layer(theme);\n@import "reset.css" layer;\n@import "grid.css" supports(display: grid) screen and (min-width: 40em);\n@import "sel.css" supports(selector(:has(a)));\n@import url(print.css) print;',
				'theme.css': 'p{color:green}',
				'reset.css': 'p{color:red}',
				'grid.css': '.g{display:grid}',
				'sel.css': '.s{color:blue}',
				'print.css': 'p{border:0}'
			})
		);
		const css = sheetsOf(html)[0]!.css;
		expect(css).toContain('@layer theme {\np{color:green}\n}');
		expect(css).toContain('@layer {\np{color:red}\n}');
		expect(css).toContain('@supports (display: grid) {\n@media screen and (min-width: 40em) {\n.g{display:grid}\n}\n}');
		expect(css).toContain('@supports selector(:has(a)) {\n.s{color:blue}\n}');
		expect(css).toContain('@media print {\np{border:0}\n}');
		expect(importedAs('x{}', ' layer(a.b) supports(display: flex) print ')).toBe('@layer a.b {\n@supports (display: flex) {\n@media print {\nx{}\n}\n}\n}');
		expect(importedAs('x{}', '')).toBe('x{}');
	});

	it('rewrites CSS url() and element src/srcset/poster/icon to data: URLs; missing ones become diagnostics', () => {
		const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
		const { html: located, diagnostics } = compile(
			ws({
				'index.html': '<head><link rel="icon" href="logo.svg"><style>.a{background:url(img/p.png)} .b{background:url("#frag")} .c{background:url(img/p.png#part)}</style></head><body><img src="img/p.png" srcset="img/p.png 1x, img/missing.png 2x"><video poster="img/p.png"></video><img src="data:image/png;base64,AA"><img src="img/p.png?v=2"></body>',
				'img/p.png': png,
				'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>'
			})
		);
		// Every element shown carries its source location (the picker's); a rewritten tag keeps it.
		expect(located).toContain('<img data-studio-at="1:159" src="data:image/png;base64,');
		const html = located.replace(/ data-studio-at="\d+:\d+(?::[0-9a-z]+)?"/g, '');
		expect(html).toContain('href="data:image/svg+xml;base64,');
		expect(html).toContain(`background:url("data:image/png;base64,iVBORwECAw==#studio-file=${encodeURIComponent('https://site.invalid/img/p.png')}")`);
		// Marked with the file's URL, which the element reads back (`img.src`, `currentSrc`), and with the
		// reference as written, which `getAttribute` reads, as on a host (its & escaped in the markup).
		const marked = `data:image/png;base64,iVBORwECAw==#studio-file=${encodeURIComponent('https://site.invalid/img/p.png')}&amp;as=${encodeURIComponent('img/p.png')}`;
		expect(html).toContain(`<img src="${marked}" srcset="${marked} 1x, data:, 2x">`);
		expect(html).toContain(`poster="${marked}"`);
		// With the query the page wrote.
		expect(html).toContain(`<img src="data:image/png;base64,iVBORwECAw==#studio-file=${encodeURIComponent('https://site.invalid/img/p.png?v=2')}&amp;as=${encodeURIComponent('img/p.png?v=2')}">`);
		expect(html).toContain('url("#frag")');
		// A fragment the page named stays the URL's only one.
		expect(html).toContain('.c{background:url("data:image/png;base64,iVBORwECAw==#part")}');
		expect(html).toContain('src="data:image/png;base64,AA"');
		expect(diagnostics).toEqual([expect.objectContaining({ kind: 'missing', path: 'index.html', reference: 'img/missing.png', line: 1 })]);
	});

	it('an inlined script with an onload attribute fires load after its file\'s last line (a host fires it once the file ran); one without does not', () => {
		const { html, diagnostics } = compile(ws({ 'index.html': '<script src="a.js" onload="go()"></script><script src="b.js"></script>', 'a.js': 'window.a = 1; // last', 'b.js': 'window.b = 2;' }));
		const dispatch = 'document.currentScript&&document.currentScript.dispatchEvent(function(e){e.initEvent("load",false,false);return e}(document.createEvent("Event")));';
		expect(html).toContain(`window.a = 1; // last\n;${dispatch}\n//# sourceURL=a.js`);
		expect(html).toContain('window.b = 2;\n//# sourceURL=b.js');
		expect(html.split(dispatch)).toHaveLength(2);
		expect(diagnostics).toEqual([]);
	});

	it('an import() in a classic script (SvelteKit\'s inline start) resolves as a module\'s does: against the page for an inline one, its file for a linked one; a missing one is named', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<script>Promise.all([import("./_app/start.js"), import(\'./_app/gone.js\')]);</script><script src="js/extra.js"></script>',
				'_app/start.js': "import { run } from './chunks/run.js'; export const start = run;",
				'_app/chunks/run.js': 'export const run = () => 1;',
				'js/extra.js': "var label = 'import(in a string)'; import('./lazy/part.js');",
				'js/lazy/part.js': 'export const part = 1;'
			})
		);
		expect(html).toContain(`import("${VIRTUAL_ORIGIN}_app/start.js")`);
		expect(html).toContain(`import('${VIRTUAL_ORIGIN}js/lazy/part.js')`);
		expect(html).toContain("var label = 'import(in a string)';");
		expect(Object.keys(modulesOf(html)).sort()).toEqual(['_app/chunks/run.js', '_app/start.js', 'js/lazy/part.js'].map((path) => VIRTUAL_ORIGIN + path));
		expect(diagnostics.map((d) => [d.kind, d.reference])).toEqual([['missing', './_app/gone.js']]);
	});

	it('the page\'s own Content-Security-Policy is not applied (it would refuse the files the compiler inlines) and a note says so; a refresh is the navigation program\'s', () => {
		const { html, diagnostics } = compile(ws({ 'index.html': '<head>\n<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">\n<meta http-equiv="refresh" content="5; url=next.html"></head><p>x</p>', 'next.html': '<p>next</p>' }));
		expect(html).not.toContain("http-equiv=\"Content-Security-Policy\" content=\"default-src");
		expect(html).toContain('<meta content="default-src \'self\'" data-studio-policy>');
		expect(html).toContain('<meta content="5; url=next.html" data-studio-refresh="5; url=next.html">');
		expect(diagnostics).toEqual([expect.objectContaining({ kind: 'policy', path: 'index.html', line: 2 })]);
		expect(diagnostics[0]!.message).toContain('index.html:2 sets a Content-Security-Policy');
	});

	it('a stylesheet preloaded to be applied later (loadCSS) is the sheet compiled, as a data: URL marked with its URL and its reference', () => {
		const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
		const { html, diagnostics } = compile(ws({ 'index.html': '<link rel="preload" href="css/a.css" as="style" onload="this.rel=\'stylesheet\'"><link rel="preload" href="img/p.png" as="image">', 'css/a.css': '#h { background: url(../img/p.png) }', 'img/p.png': png }));
		const [sheet] = sheetsOf(html);
		expect(sheet!.tag).toBe('<link rel="preload"  as="style" onload="this.rel=\'stylesheet\'">');
		expect(sheet!.css).toContain('url("data:image/png;base64,iVBORwECAw==#studio-file=');
		expect(sheet!.file).toBe('https://site.invalid/css/a.css');
		expect(sheet!.written).toBe('css/a.css');
		// Another preload is a stand-in with the file's mark, without its bytes (the sheet carries them).
		expect(html).toContain('<link rel="preload" href="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7#studio-file=https%3A%2F%2Fsite.invalid%2Fimg%2Fp.png&amp;as=img%2Fp.png" as="image">');
		expect(diagnostics).toEqual([]);
	});

	it('a frameset is a grid of iframes: its rows and cols as tracks, its border as the gap, each frame the site\'s page compiled into an iframe that keeps its name', () => {
		expect(gridTracks('200,*')).toBe('200px 1fr');
		expect(gridTracks(' 25% , 75% ')).toBe('25% 75%');
		expect(gridTracks('1*,2*,*')).toBe('1fr 2fr 1fr');
		expect(gridTracks(undefined)).toBe('1fr');
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN">\n<frameset cols="200,*" frameborder="no" id="f"><frame src="menu.html" name="menu" scrolling="no"><frame src="gone.html" name="main"></frameset>',
				'menu.html': '<p>menu</p>'
			})
		);
		expect(html).toMatch(/<div id="f" data-studio-frameset style="display:grid;grid-template-columns:200px 1fr;grid-template-rows:1fr;gap:0px;[^"]*">/);
		expect(html).toMatch(/<iframe name="menu" scrolling="no" style="display:block;width:100%;height:100%;[^"]*" data-studio-src="menu.html" data-studio-frame="[^"]*menu[^"]*"><\/iframe>/);
		expect(html).toContain('</iframe></div>');
		expect(html.slice(html.indexOf('<div id="f"'))).not.toMatch(/<\/?frame(?:set)?[\s>]/i);
		expect(diagnostics).toEqual([expect.objectContaining({ kind: 'missing', reference: 'gone.html' })]);
		// A frameset inside another closes where its own </frameset> is: the frame after it is the outer grid's.
		const nested = compile(ws({ 'index.html': '<frameset cols="*,*"><frameset rows="*,*"><frame src="a.html"><frame src="a.html"></frameset><frame src="a.html" name="c"></frameset>', 'a.html': '<p>a</p>' })).html;
		const page = nested.slice(nested.indexOf('<div data-studio-frameset')).replace(/ data-studio-frame="[^"]*"/g, '');
		expect(page.replace(/<iframe[^>]*>/g, '<iframe>').replace(/<style>[^<]*<\/style>|<div [^>]*>/g, (tag) => (tag.startsWith('<div') ? '<div>' : ''))).toBe('<div><div><iframe></iframe><iframe></iframe></div><iframe></iframe></div>');
	});

	it('a page a host renders in quirks mode (no doctype, or a legacy one) gets the quirks CSS can say, first and in a layer of its own; a standards page does not', () => {
		expect(isQuirks('<h1>Hi</h1>')).toBe(true);
		expect(isQuirks('<!doctype html><h1>Hi</h1>')).toBe(false);
		expect(isQuirks('\uFEFF<!-- old --><!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">')).toBe(true);
		expect(isQuirks('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">')).toBe(true);
		expect(isQuirks('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">')).toBe(false);
		expect(isQuirks('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">')).toBe(false);
		expect(isQuirks('<!DOCTYPE html SYSTEM "about:legacy-compat">')).toBe(false);
		expect(isQuirks('<!DOCTYPE svg>')).toBe(true);
		const quirky = compile(ws({ 'index.html': '<html><body><h1>Old</h1><iframe src="part.html"></iframe></body></html>', 'part.html': '<!doctype html><p>new</p>' })).html;
		// Once for the page, not for its standards-mode frame.
		expect(quirky.split(QUIRKS_SCRIPT).length - 1).toBe(1);
		expect(quirky.indexOf(QUIRKS_SCRIPT)).toBeLessThan(quirky.indexOf('<h1'));
		expect(compile(ws({ 'index.html': '<!doctype html><h1>New</h1>' })).html).not.toContain('data-studio-quirks');
	});

	it('a preload (a Vite build\'s modulepreload, a hero image) carries no second copy of its file: the type and mark only, a missing one reported', () => {
		const hero = new Uint8Array(3000).fill(7);
		const big = `export const three = ${JSON.stringify('x'.repeat(2000))};`;
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<head>\n<link rel="modulepreload" crossorigin href="/assets/vendor.js">\n<link rel="preload" as="image" href="img/hero.jpg">\n<link rel="preload" as="font" href="fonts/gone.woff2" crossorigin>\n<script type="module" src="/assets/index.js"></script></head><img src="img/hero.jpg" alt="">',
				'assets/index.js': "import { three } from './vendor.js'; document.title = three.length;",
				'assets/vendor.js': big,
				'img/hero.jpg': hero
			})
		);
		const links = html.match(/<link rel="(?:module)?preload"[^>]*>/g);
		expect(links).toEqual([
			'<link rel="modulepreload" crossorigin href="data:text/javascript;base64,#studio-file=https%3A%2F%2Fsite.invalid%2Fassets%2Fvendor.js&amp;as=%2Fassets%2Fvendor.js">',
			// An image's preload loads a pixel (one of no bytes would fail); a missing file's fails, as on a host.
			'<link rel="preload" as="image" href="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7#studio-file=https%3A%2F%2Fsite.invalid%2Fimg%2Fhero.jpg&amp;as=img%2Fhero.jpg">',
			'<link rel="preload" as="font" href="data:;base64,!#studio-file=https%3A%2F%2Fsite.invalid%2Ffonts%2Fgone.woff2&amp;as=fonts%2Fgone.woff2" crossorigin>'
		]);
		// Each file's bytes are in the document once: where the page uses it.
		const heroData = Buffer.from(hero).toString('base64');
		expect(html.split(heroData).length - 1).toBe(1);
		expect(html.split('x'.repeat(2000)).length - 1).toBe(1);
		expect(diagnostics).toEqual([expect.objectContaining({ kind: 'missing', path: 'index.html', reference: 'fonts/gone.woff2', line: 4 })]);
	});

	it('a script an inline script writes as the page loads (document.write) is the workspace\'s file, as a marked data: URL; another site\'s stays', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<script>window.jQuery || document.write(\'<script src="js/a.js"><\\/script>\'); document.write("<script src=\\"js/a.js\\"><\\/script><script src=\\"https://cdn.example/x.js\\"><\\/script>");</script>',
				'js/a.js': 'window.a = location.pathname;'
			})
		);
		const written = /src="(data:text\/javascript;base64,[^#"]+)#studio-file=([^"&]+)&as=([^"]+)"/.exec(html);
		expect(written).not.toBeNull();
		expect(decodeURIComponent(written![2]!)).toBe('https://site.invalid/js/a.js');
		expect(decodeURIComponent(written![3]!)).toBe('js/a.js');
		// Compiled as the page's own scripts are: its `location` is the page's.
		expect(Buffer.from(written![1]!.slice('data:text/javascript;base64,'.length), 'base64').toString()).toContain('__studioLocation');
		expect(html).toContain('src=\\"data:text/javascript;base64,');
		expect(html).toContain('src=\\"https://cdn.example/x.js\\"');
		expect(diagnostics).toEqual([]);
	});

	it('a frame of a workspace page shows it compiled, its files resolved from its own folder; a page framing itself is cut', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<h1>Home</h1><iframe src="parts/card.html?x=1" title="card"></iframe><iframe src="https://example.com/"></iframe><iframe srcdoc="<b>own</b>" src="parts/card.html"></iframe><object data="parts/logo.svg"></object>',
				'parts/card.html': '<link rel="stylesheet" href="card.css"><img src="../img/dot.svg" alt=""><script src="card.js"></script><iframe src="card.html"></iframe>',
				'parts/card.css': 'b { color: teal }',
				'parts/card.js': 'window.card = 1;',
				'parts/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
				'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>'
			})
		);
		expect(diagnostics.filter((d) => d.kind === 'missing')).toEqual([]);
		const [, before, compiled] = /<iframe([^>]*) title="card" data-studio-src="parts\/card\.html\?x=1" data-studio-frame="([^"]*)"><\/iframe>/.exec(html)!;
		// No src the browser would ask for; the one written is kept aside, for the frame's `src` to read.
		expect(before).not.toContain(' src=');
		const card = compiled!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
		// Its own URL (with its query) as its base, and a bridge that talks to the page framing it.
		expect(card.startsWith('<base data-studio-base href="https://site.invalid/parts/card.html?x=1"><script data-studio-bridge data-framed')).toBe(true);
		expect(card).toContain('b { color: teal }');
		expect(card).toContain('window.card = 1;');
		expect(card).toMatch(/<img src="data:image\/svg\+xml[^"]*"/);
		// The card framing itself: one level down it is its text as a data: URL, not compiled again.
		expect(card).toMatch(/<iframe src="data:text\/html/);
		// Another site's frame, and a frame with its own srcdoc, stay as written; an <object> of a file gets it.
		expect(html).toMatch(/<iframe[^>]* src="https:\/\/example\.com\/">/);
		expect(html).toMatch(/<iframe[^>]* srcdoc="&lt;b>own&lt;\/b>" src="data:text\/html/);
		expect(html).toMatch(/<object[^>]* data="data:image\/svg\+xml/);
	});

	it('a framed page gets the module bootstrap for its own modules, its line map, its fragment; `dir/` frames its index.html; a missing page is a 404 page', () => {
		const workspace = ws({
			'index.html': '<!doctype html><iframe src="docs/" title="docs"></iframe>',
			'docs/index.html': '<!doctype html>\n<p id="m">m</p>\n<script type="module" src="app.js"></script>\n<script src="classic.js"></script>',
			'docs/app.js': "import './lib.js';",
			'docs/lib.js': 'export {};',
			'docs/classic.js': 'window.classic = 1;'
		});
		const { html } = compile(workspace);
		const docs = /title="docs" data-studio-src="docs\/" data-studio-frame="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
		expect(docs).toContain('<base data-studio-base href="https://site.invalid/docs/index.html">');
		expect(docs).toContain('data-studio-modules');
		expect(docs).toContain('https://workspace.invalid/docs/lib.js');
		// The line map names the framed page's own file, and the storage waits for the parent to fill it in.
		const lines = JSON.parse(/data-lines="([^"]*)"/.exec(docs)![1]!.replace(/&quot;/g, '"')) as { paths: string[] };
		expect(lines.paths).toEqual(expect.arrayContaining(['docs/index.html', 'docs/classic.js']));
		expect(docs).toContain(`data-storage="${FRAME_STORAGE_PLACEHOLDER}"`);
		const framed = compileFramed(workspace, 'docs/index.html', 'docs/index.html', { search: '?a=1', fragment: '#m' });
		expect(framed).toContain('<base data-studio-base href="https://site.invalid/docs/index.html?a=1">');
		expect(framed).toContain('data-host="{&quot;fragment&quot;:&quot;#m&quot;}"');
		// A page's own <base href> still wins, resolved against its URL.
		const based = ws({ 'docs/page.html': '<!doctype html><base href="../"><p>p</p>' });
		const basedDoc = compileFramed(based, 'docs/page.html', 'docs/page.html', {});
		expect(basedDoc).toContain('<base href="https://site.invalid/">');
		// …and its bridge has the page's own URL from its data (its location is still the page's).
		expect(basedDoc).toContain('data-host="{&quot;url&quot;:&quot;https://site.invalid/docs/page.html&quot;}"');
		const missing = compileFramed(workspace, null, 'nowhere.html', {});
		expect(missing).toContain('404');
		expect(missing).toContain('data-framed');
	});

	it('a page the site has no file for shows its own 404.html, as hosts serve it: compiled as that file, at the address asked; without one, the studio’s', () => {
		const site = ws({ 'index.html': '<h1>home</h1>', '404.html': '<!doctype html>\n<link rel="stylesheet" href="/lost.css">\n<h1>Lost?</h1>\n<script>oops(</script>', 'lost.css': 'h1 { color: tomato; }' });
		const lost = compile(site, 'blog/gone.html');
		expect(lost.notFound).toBe('blog/gone.html');
		expect(lost.entry).toBe('404.html');
		expect(lost.html).toMatch(/<h1[^>]*>Lost\?<\/h1>/);
		expect(lost.html).toContain('tomato'); // its own stylesheet, from its root-relative link
		expect(lost.html).not.toContain('is not a page of this site');
		// Its lines are 404.html's: an error in its script names that file.
		const lines = JSON.parse(/data-lines="([^"]*)"/.exec(lost.html)![1]!.replace(/&quot;/g, '"')) as { paths: string[] };
		expect(lines.paths[0]).toBe('404.html');
		// In a frame of the site's page too, at the address the frame asked.
		const framed = compileFramed(site, null, 'old/page.html', { search: '?q=1' });
		expect(framed).toMatch(/<h1[^>]*>Lost\?<\/h1>/);
		expect(framed).toContain('<base data-studio-base href="https://site.invalid/old/page.html?q=1">');
		// A site without one gets the studio's page, which names the path.
		const bare = ws({ 'index.html': '<h1>home</h1>' });
		expect(compile(bare, 'gone.html').html).toContain('is not a page of this site');
		expect(compile(bare, 'gone.html').entry).toBeNull();
		expect(compileFramed(bare, null, 'gone.html', {})).toContain('is not a page of this site');
	});

	it('a page’s own import map resolves its bare specifiers (an exact name, the longest prefix) against the page, before any package', () => {
		const map = '<script type="importmap">{"imports":{"three":"../build/three.js","three/addons/":"./jsm/","three/addons/special/":"./special/","gone":"./nowhere.js","cdn-lib":"https://example.com/lib.js"}}</script>';
		const page = `<!doctype html>${map}<script type="module">import 'three'; import 'three/addons/a.js'; import 'three/addons/special/b.js'; import 'gone'; import 'cdn-lib';</script>`;
		const { html, diagnostics } = compile(ws({ 'demo/index.html': page, 'build/three.js': 'export {};', 'demo/jsm/a.js': "import 'three';", 'demo/special/b.js': 'export {};' }), 'demo/index.html');
		const modules = modulesOf(html);
		expect(Object.keys(modules).sort()).toEqual(['https://workspace.invalid/build/three.js', 'https://workspace.invalid/demo/jsm/a.js', 'https://workspace.invalid/demo/special/b.js']);
		// A module the map sends on uses the page's map too.
		expect(modules['https://workspace.invalid/demo/jsm/a.js']).toContain('https://workspace.invalid/build/three.js');
		expect(diagnostics.map((d) => [d.kind, d.reference])).toEqual([
			['missing', '/demo/nowhere.js'],
			['external', 'https://example.com/lib.js']
		]);
	});

	it('a JSON or CSS module a module imports goes into the graph as it is, made with its own type: the JSON as written, the CSS with its url()s inlined', () => {
		const page = `<!doctype html><script type="module">import c from './config.json' with { type: 'json' }; import s from './css/card.css' with { type: 'css' };</script>`;
		const { html, diagnostics } = compile(ws({ 'index.html': page, 'config.json': '{"a":1}', 'css/card.css': '.b { background: url(../img/dot.svg); }', 'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' }), 'index.html');
		const modules = modulesOf(html);
		expect(modules['https://workspace.invalid/config.json']).toBe('{"a":1}');
		expect(modules['https://workspace.invalid/css/card.css']).toMatch(/^\.b \{ background: url\("data:image\/svg\+xml;base64,[^"]+"\); \}\n\/\*# sourceURL=css\/card\.css \*\/$/);
		// The browser checks each one's type against the import's: the bootstrap makes them so.
		expect(html).toContain('var k={"https://workspace.invalid/config.json":"application/json","https://workspace.invalid/css/card.css":"text/css"}');
		expect(diagnostics).toEqual([]);
	});

	it('a module worker a script starts is found as people and bundlers write it, and its module graph goes into the document', () => {
		expect(moduleWorkers("new Worker(new URL('./w.js', import.meta.url), { type: 'module' })")).toEqual({ workers: [{ reference: './w.js', fromScript: true }], computed: false });
		// Vite's output, a comment before the URL, the page's URL as the base, a plain string, a SharedWorker.
		expect(moduleWorkers('new Worker(new URL(`/assets/worker-Ck.js`,``+import.meta.url),{type:`module`})').workers).toEqual([{ reference: '/assets/worker-Ck.js', fromScript: true }]);
		expect(moduleWorkers('new Worker(new URL(/* @vite-ignore */ "w.js", import.meta.url), {name: "x", type: "module"})').workers).toEqual([{ reference: 'w.js', fromScript: true }]);
		expect(moduleWorkers("new Worker(new URL('w.js', location.href), { type: 'module' })").workers).toEqual([{ reference: 'w.js', fromScript: false }]);
		expect(moduleWorkers("new SharedWorker('w.js', { type: 'module' })").workers).toEqual([{ reference: 'w.js', fromScript: false }]);
		// A classic worker is no module worker, even beside an unrelated `type: 'module'`; a computed URL is said.
		expect(moduleWorkers("new Worker('w.js'); const o = { type: 'module' };")).toEqual({ workers: [], computed: false });
		expect(moduleWorkers("new Worker(url, { type: 'module' })")).toEqual({ workers: [], computed: true });
		expect(moduleWorkers("new Worker(f('a)b'), { type: 'module' })").computed).toBe(true);

		const { html, diagnostics } = compile(
			ws({
				'index.html': '<script type="module" src="js/app.js"></script><script src="js/classic.js"></script>',
				'js/app.js': "new Worker(new URL('../work/sum.js', import.meta.url), { type: 'module' });",
				'js/classic.js': "new Worker('work/page-relative.js', { type: 'module' }); new Worker('work/gone.js', { type: 'module' });",
				'work/sum.js': "import { total } from './math.js';\nself.postMessage(total);",
				'work/math.js': 'export const total = 6;',
				'work/page-relative.js': 'export {};',
				'work/unused.js': 'export {};'
			})
		);
		const modules = modulesOf(html);
		expect(Object.keys(modules).sort()).toEqual(['app.js', 'work/math.js', 'work/page-relative.js', 'work/sum.js'].map((p) => `${VIRTUAL_ORIGIN}${p.replace('app.js', 'js/app.js')}`).sort());
		expect(modules[`${VIRTUAL_ORIGIN}work/sum.js`]).toContain(`${VIRTUAL_ORIGIN}work/math.js`);
		// The frame's worker program builds the worker's modules from the sources, which stay readable.
		expect(html).toContain('window.__studioModuleSources=Object.assign(');
		expect(compile(ws({ 'index.html': '<script type="module" src="a.js"></script>', 'a.js': 'export {};' })).html).not.toContain('window.__studioModuleSources=Object.assign(');
		expect(diagnostics.map((d) => [d.kind, d.path, d.reference])).toEqual([['missing', 'js/classic.js', 'work/gone.js']]);
		// A computed worker URL makes every module of the workspace one the worker may start from.
		expect(Object.keys(modulesOf(compile(ws({ 'index.html': "<script type=\"module\">new Worker(name, { type: 'module' });</script>", 'lone.js': 'export {};' })).html))).toEqual([`${VIRTUAL_ORIGIN}lone.js`]);
	});

	it('an SVG sprite a `<use>` names is carried once and the element waits for its blob: URL (Chromium refuses a data: URL there)', () => {
		const sprite = '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="box"/></svg>';
		const { html, diagnostics } = compile(ws({ 'index.html': '<svg><use href="img/icons.svg#box"/></svg><svg><use xlink:href="img/icons.svg#box"></use></svg><svg><use href="#local"></use></svg>', 'img/icons.svg': sprite }));
		expect(diagnostics).toEqual([]);
		expect(html.match(/data-studio-use="img\/icons\.svg#box"/g)).toHaveLength(2);
		expect(html).not.toMatch(/<use[^>]* (?:xlink:)?href="(?:img|data)/);
		expect(html).toMatch(/<use[^>]* href="#local"/);
		expect(html.split(JSON.stringify(sprite).slice(1, -1)).length - 1).toBe(1);
		expect(html).toContain('<script data-studio-sprites>');
	});

	it('a reference to a file that is not in the workspace names the file and line and never becomes a URL of the studio', () => {
		const page = '<!doctype html>\n<head>\n<link rel="stylesheet" href="missing.css">\n</head>\n<body>\n<img src="gone.png">\n<script src="nope.js"></script>\n<script type="module" src="./lost.js"></script>\n<link rel="stylesheet" href="https://cdn.example/x.css">\n</body>';
		const { html, diagnostics } = compile(ws({ 'index.html': page, 'css.css': '' }));
		expect(diagnostics.filter((d) => d.kind === 'missing').map((d) => [d.reference, d.line])).toEqual([
			['missing.css', 3],
			['gone.png', 6],
			['nope.js', 7],
			['./lost.js', 8]
		]);
		expect(diagnostics.find((d) => d.reference === 'missing.css')!.message).toContain('index.html:3');
		// Nothing relative is left for the frame to resolve against the studio's origin; URLs stay.
		for (const ref of ['missing.css', 'gone.png', 'nope.js', './lost.js']) expect(html).not.toMatch(new RegExp(`(?:href|src)="${ref.replace('.', '\\.')}"`));
		expect(html).toContain('href="https://cdn.example/x.css"');
		expect(html).toContain('<style data-missing="missing.css"></style>');
	});

	it('a classic script sets its own src after its directives, so a `use strict` after a licence banner stays strict, and no line moves', () => {
		const set = 'document.currentScript&&document.currentScript.setAttribute("src","a.js");';
		const cases: [string, string][] = [
			["/*! lib v1 */\n'use strict';\nvar a = 1;", `/*! lib v1 */\n'use strict';${set}\nvar a = 1;`],
			['"use strict"; "use asm";var a=1', `"use strict"; "use asm";${set}var a=1`],
			['// hi\nvar a = 1;', `// hi\n${set}var a = 1;`],
			["'x'.split('')", `${set}'x'.split('')`],
			['var a = 1;', `${set}var a = 1;`]
		];
		for (const [code, inlined] of cases) expect(compile(ws({ 'index.html': '<script src="a.js"></script>', 'a.js': code })).html).toContain(`<script data-source="a.js" data-studio-tag="&lt;script src=&quot;a.js&quot;>">${inlined}\n//# sourceURL=a.js</script>`);
	});

	it('a deferred script waits in its place as data, and a runner per script at the document’s end runs them there, in order; an async one runs at once', () => {
		const page = '<!doctype html><html><head><script src="a.js" defer></script><script src="b.js" defer></script><script src="c.js" async defer></script></head>\n<body><p id="x"></p></body></html>';
		const { html } = compile(ws({ 'index.html': page, 'a.js': 'window.a = 1;', 'b.js': 'window.b = 2;', 'c.js': 'window.c = 3;' }));
		const at = (text: string) => html.indexOf(text);
		expect(at('window.a = 1;')).toBeLessThan(at('window.b = 2;'));
		expect(at('window.b = 2;')).toBeLessThan(at('<body'));
		const waiting = (path: string) => new RegExp(`<script type="${DEFERRED_TYPE}"[^>]* data-source="${path}"[^>]* data-studio-tag="&lt;script src=&quot;${path}&quot;`).test(html);
		expect([waiting('a.js'), waiting('b.js'), waiting('c.js')]).toEqual([true, true, false]);
		expect(html.match(/data-source="a\.js"/g)).toHaveLength(1);
		const runners = html.slice(at('</html>')).match(/<script>\(function\(d,s,a,i\)/g);
		expect(runners).toHaveLength(2);
	});

	it('inlines classic scripts with a sourceURL, escaping </script inside them', () => {
		const { html } = compile(ws({ 'index.html': '<body><script src="js/a.js"></script></body>', 'js/a.js': 'const s = "</script>";' }));
		// It first sets its src attribute as written, on its own first line, for a library that finds its folder from it.
		expect(html).toContain('<script data-source="js/a.js" data-studio-tag="&lt;script src=&quot;js/a.js&quot;>">document.currentScript&&document.currentScript.setAttribute("src","js/a.js");const s = "<\\/script>";\n//# sourceURL=js/a.js</script>');
	});

	it('an inlined script carries the tag it was written with, on one line: the lines after it stay where they were', () => {
		const page = '<!doctype html><html><head>\n<script\n  src="a.js"\n  data-x="1"></script>\n</head><body><p id="x">here</p></body></html>';
		const { html } = compile(ws({ 'index.html': page, 'a.js': 'one();' }));
		expect(html).toContain('data-studio-tag="&lt;script   src=&quot;a.js&quot;   data-x=&quot;1&quot;>"');
	});

	it('resolves an ES module graph through virtual URLs, cycles and dynamic import() included', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<head><script type="module" src="app.js"></script><script type="module">import "./b.js";</script></head>',
				'app.js': "import { b } from './b.js';\nimport * as all from \"./lib/c.js\";\nexport { d } from './lib/d.js';\nconst lazy = () => import('./lib/lazy.js');\nimport 'lodash';",
				'b.js': "import { a } from './app.js'; export const b = 1;",
				'lib/c.js': "import '../b.js';",
				'lib/d.js': 'export const d = 4;',
				'lib/lazy.js': 'export default 1;'
			})
		);
		// The src it was written with goes with it: the frame gives it back once the page is parsed.
		expect(html).toContain(`<script type="module" data-source="app.js" data-studio-src="app.js">import "${VIRTUAL_ORIGIN}app.js";</script>`);
		expect(html).toContain(`<script type="module">import "${VIRTUAL_ORIGIN}b.js";</script>`);
		const modules = modulesOf(html);
		expect(Object.keys(modules).sort()).toEqual(['app.js', 'b.js', 'lib/c.js', 'lib/d.js', 'lib/lazy.js'].map((p) => VIRTUAL_ORIGIN + p));
		const app = modules[`${VIRTUAL_ORIGIN}app.js`]!;
		expect(app).toContain(`from '${VIRTUAL_ORIGIN}b.js'`);
		expect(app).toContain(`from "${VIRTUAL_ORIGIN}lib/c.js"`);
		expect(app).toContain(`from '${VIRTUAL_ORIGIN}lib/d.js'`);
		expect(app).toContain(`import('${VIRTUAL_ORIGIN}lib/lazy.js')`);
		expect(modules[`${VIRTUAL_ORIGIN}b.js`]).toContain(`from '${VIRTUAL_ORIGIN}app.js'`);
		expect(modules[`${VIRTUAL_ORIGIN}lib/c.js`]).toContain(`import '${VIRTUAL_ORIGIN}b.js'`);
		expect(diagnostics).toEqual([expect.objectContaining({ kind: 'bare-specifier', reference: 'lodash' })]);
		expect(html.indexOf('data-studio-modules')).toBeLessThan(html.indexOf('data-source="app.js"'));
	});

	it('a computed import() is resolved when it runs, against its module, and every module is in the map; import.meta names the file on the site', () => {
		const { html } = compile(
			ws({
				'index.html': '<script type="module" src="js/app.js"></script>',
				'js/app.js': 'const name = "about";\nimport(`./pages/${name}.js`);\nimport(name);\nconsole.log(import.meta.url);',
				'js/pages/about.js': 'export default "about";',
				'js/pages/shop.mjs': 'export default "shop";',
				'notes.txt': 'not a module'
			})
		);
		const modules = modulesOf(html);
		expect(Object.keys(modules).sort()).toEqual(['js/app.js', 'js/pages/about.js', 'js/pages/shop.mjs'].map((p) => VIRTUAL_ORIGIN + p));
		const app = modules[`${VIRTUAL_ORIGIN}js/app.js`]!;
		expect(app).toContain('import(__studioImport(`./pages/${name}.js`, "js/app.js"))');
		expect(app).toContain('import(__studioImport(name, "js/app.js"))');
		expect(app).toContain('({ url: "https://site.invalid/js/app.js", resolve:');
		// The resolver, as the frame runs it.
		const resolver = /window\.__studioImport=(function[\s\S]*?\});var s=/.exec(html)![1]!;
		const resolve = new Function(`return ${resolver}`)() as (spec: string, from: string) => string;
		expect(resolve('./pages/about.js', 'js/app.js')).toBe(`${VIRTUAL_ORIGIN}js/pages/about.js`);
		expect(resolve('../x.js', 'js/app.js')).toBe(`${VIRTUAL_ORIGIN}x.js`);
		expect(resolve('/js/pages/shop.mjs', 'js/app.js')).toBe(`${VIRTUAL_ORIGIN}js/pages/shop.mjs`);
		expect(resolve('https://site.invalid/js/pages/about.js', 'js/app.js')).toBe(`${VIRTUAL_ORIGIN}js/pages/about.js`);
		expect(resolve('lodash', 'js/app.js')).toBe('lodash');
		expect(resolve('https://cdn.example/x.js', 'js/app.js')).toBe('https://cdn.example/x.js');
	});

	it('reports missing module files and missing module scripts without throwing', () => {
		const { diagnostics } = compile(ws({ 'index.html': '<script type="module" src="nope.js"></script><script type="module">import "./gone.js"</script>' }));
		expect(diagnostics.map((d) => [d.kind, d.reference])).toEqual([
			['missing', 'nope.js'],
			['missing', './gone.js']
		]);
	});

	it('leaves non-JavaScript script blocks alone', () => {
		const { html } = compile(ws({ 'index.html': '<script type="application/json">{"src":"x.js"}</script><template><p>t</p></template>' }));
		expect(html).toContain('<script type="application/json">{"src":"x.js"}</script>');
	});

	it('rewrites only real imports: one inside a string, a comment or a template is text', () => {
		const { html, diagnostics } = compile(
			ws({
				'index.html': '<script type="module" src="app.js"></script>',
				'app.js': [
					"import { x } from './x.js';",
					"// import './commented.js';",
					"/* import { y } from './block.js'; */",
					"const s = \"import './in-string.js'\";",
					"const t = `from './in-template.js'`;",
					"const lazy = (name) => import(`./pages/${name}.js`);"
				].join('\n'),
				'x.js': 'export const x = 1;'
			})
		);
		const app = modulesOf(html)[`${VIRTUAL_ORIGIN}app.js`]!;
		expect(app).toContain(`from '${VIRTUAL_ORIGIN}x.js'`);
		for (const text of ["// import './commented.js';", "/* import { y } from './block.js'; */", "\"import './in-string.js'\"", "`from './in-template.js'`", 'import(__studioImport(`./pages/${name}.js`, "app.js"))']) expect(app).toContain(text);
		expect(diagnostics).toEqual([]);
	});

	it('ignores tags inside HTML comments and the text of attributes', () => {
		const { html: located, diagnostics } = compile(
			ws({
				'index.html': '<!-- <head></head><script src="old.js"></script><link rel="stylesheet" href="gone.css"> --><html><head><title>t</title></head><body><p title="<script src=x.js></script>">hi</p><script src="a.js"></script></body></html>',
				'a.js': 'window.a = 1;'
			})
		);
		expect(diagnostics).toEqual([]);
		const html = located.replace(/ data-studio-at="\d+:\d+(?::[0-9a-z]+)?"/g, '');
		expect(html).toContain('<!-- <head></head><script src="old.js"></script><link rel="stylesheet" href="gone.css"> -->');
		expect(html).toContain('<p title="<script src=x.js></script>">hi</p>');
		expect(html).toContain('<script data-source="a.js" data-studio-tag="&lt;script src=&quot;a.js&quot;>">document.currentScript&&document.currentScript.setAttribute("src","a.js");window.a = 1;');
		// The bridge comes before everything, the commented tags included.
		expect(html.indexOf('data-studio-bridge')).toBeLessThan(html.indexOf('<!-- <head>'));
	});

	it('a module the lexer cannot read is passed through for the browser to report', () => {
		const { html, diagnostics } = compile(ws({ 'index.html': '<script type="module" src="bad.js"></script>', 'bad.js': "import { from './x.js';\nconst = ;" }));
		expect(diagnostics).toEqual([]);
		expect(modulesOf(html)[`${VIRTUAL_ORIGIN}bad.js`]).toContain("import { from './x.js';");
	});

	it('compiles the starter template without diagnostics', () => {
		const result = compile(starterWorkspace());
		expect(result.diagnostics).toEqual([]);
		expect(result.entry).toBe('index.html');
		expect(Object.keys(modulesOf(result.html))).toEqual([`${VIRTUAL_ORIGIN}app.js`, `${VIRTUAL_ORIGIN}modules/greeting.js`]);
	});
});

describe('preview coordinator', () => {
	it('without a host the outcome is unavailable, at once', async () => {
		const coordinator = new PreviewCoordinator({ send: () => undefined });
		expect(await coordinator.render(ws({ 'index.html': '' }, 3))).toMatchObject({ revision: 3, status: 'unavailable' });
	});

	it('completes on the first matching acknowledgement; other revisions and later acks are ignored', async () => {
		const sent: { renderId: string; revision: number }[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		coordinator.registerHost('b', ws({ 'index.html': '' }, 0));
		const outcome = coordinator.render(ws({ 'index.html': '<h1>x</h1>' }, 5));
		const { renderId } = sent[0]!;
		coordinator.ack('a', renderId, { revision: 4, status: 'ready', durationMs: 1, errors: [] });
		coordinator.ack('b', renderId, { revision: 5, status: 'error', durationMs: 9, errors: [{ message: 'bad', source: 'app.js', line: 3, column: 1, revision: 5 }] });
		coordinator.ack('a', renderId, { revision: 5, status: 'ready', durationMs: 2, errors: [] });
		expect(await outcome).toMatchObject({ revision: 5, status: 'error', code: 'PREVIEW_RUNTIME_ERROR', message: 'bad (app.js:3)' });
		expect(coordinator.status().errors).toEqual([{ message: 'bad', revision: 5, at: 'app.js:3' }]);
	});

	it('an error sent as it happened, again in the acknowledgement and by a second tab is listed once', async () => {
		const sent: { renderId: string }[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		coordinator.registerHost('b', ws({ 'index.html': '' }, 0));
		const outcome = coordinator.render(ws({ 'index.html': '<h1>x</h1>' }, 2));
		const error = { message: 'boom', source: 'app.js', line: 9, column: 4, revision: 2 };
		coordinator.report('a', { console: [], errors: [error] });
		coordinator.report('b', { console: [], errors: [error] });
		coordinator.ack('a', sent[0]!.renderId, { revision: 2, status: 'error', durationMs: 3, errors: [error] });
		await outcome;
		coordinator.report('a', { console: [], errors: [{ ...error, line: 10 }] });
		expect(coordinator.status().errors).toEqual([
			{ message: 'boom', revision: 2, at: 'app.js:9' },
			{ message: 'boom', revision: 2, at: 'app.js:10' }
		]);
	});

	it('a render that waited for what its page needs is not sent after a newer revision\'s: it is superseded, and the newer one stays', async () => {
		const sent: PreviewRender[] = [];
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		// Revision 3's page imports a package, which takes a while to fetch; revision 4's imports nothing.
		const packages = {
			view: () => ({ cdn: DEFAULT_CDN, pins: {}, version: () => undefined, file: () => undefined, problem: () => undefined }),
			prepare: async () => (await held, false),
			changes: 0
		};
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render), packages });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		const older = coordinator.render(ws({ 'index.html': '<script type="module">import confetti from "canvas-confetti"; confetti();</script>' }, 3));
		const newer = coordinator.render(ws({ 'index.html': '<h1>newer</h1>' }, 4));
		await vi.waitFor(() => expect(sent.map((render) => render.revision)).toEqual([4]));
		coordinator.ack('a', sent[0]!.renderId, { revision: 4, status: 'ready', durationMs: 5, errors: [] });
		expect(await newer).toMatchObject({ revision: 4, status: 'ready' });
		release();
		expect(await older).toMatchObject({ revision: 3, status: 'superseded', code: 'PREVIEW_REVISION_SUPERSEDED' });
		expect(sent.map((render) => render.revision)).toEqual([4]);
		expect(coordinator.status().preview).toMatchObject({ revision: 4, status: 'ready' });
	});

	it('compiles a page once per render: the trial compile that found nothing lacking is the one sent, while what it was compiled from holds', async () => {
		// Each compile with packages reads their view once: the count is the number of compiles.
		let compiles = 0;
		const packages = {
			view: () => (compiles++, { cdn: DEFAULT_CDN, pins: {}, version: () => undefined, file: () => undefined, problem: () => undefined }),
			prepare: async () => false,
			changes: 0
		};
		const sent: PreviewRender[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render), packages });
		const first = ws({ 'index.html': '<h1>one</h1>' }, 1);
		await coordinator.prepare(first);
		const registered = coordinator.registerHost('a', first);
		expect(compiles).toBe(1);
		expect(registered.html).toBe(compile(first, null, undefined, packages.view()).html);
		compiles = 0;
		const second = ws({ 'index.html': '<h1>two</h1>' }, 2);
		const rendered = coordinator.render(second);
		await vi.waitFor(() => expect(sent.map((render) => render.revision)).toEqual([2]));
		expect(compiles).toBe(1);
		expect(sent[0]!.html).toContain('>two</h1>');
		coordinator.ack('a', sent[0]!.renderId, { revision: 2, status: 'ready', durationMs: 5, errors: [] });
		await rendered;
		// A page that lacked a package is compiled again once it is there.
		compiles = 0;
		const third = ws({ 'index.html': '<script type="module">import confetti from "canvas-confetti"; confetti();</script>' }, 3);
		void coordinator.render(third);
		await vi.waitFor(() => expect(sent).toHaveLength(2));
		expect(compiles).toBe(2);
		// A trial holds in a later task (a hub compiles its first render before the first tab registers)…
		compiles = 0;
		await coordinator.prepare(first);
		await new Promise((resolve) => setTimeout(resolve, 5));
		// …and a second preparation from the same makes no second compile.
		await coordinator.prepare(first);
		const warm = coordinator.registerHost('b', first);
		expect(compiles).toBe(1);
		expect(warm.html).toBe(registered.html);
		// It is not taken once the packages' view changed, nor for another workspace.
		compiles = 0;
		await coordinator.prepare(first);
		packages.changes++;
		coordinator.registerHost('c', first);
		expect(compiles).toBe(2);
		compiles = 0;
		await coordinator.prepare(first);
		coordinator.registerHost('d', second);
		expect(compiles).toBe(2);
	});

	it('times out with PREVIEW_ACK_TIMEOUT when no host answers, and a removed host no longer counts', async () => {
		const coordinator = new PreviewCoordinator({ send: () => undefined, ackTimeoutMs: 30 });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		expect(await coordinator.render(ws({ 'index.html': '' }, 2))).toMatchObject({ status: 'timeout', code: 'PREVIEW_ACK_TIMEOUT' });
		coordinator.removeHost('a');
		expect((await coordinator.render(ws({ 'index.html': '' }, 3))).status).toBe('unavailable');
	});

	it('a host\'s answer after the hub stopped waiting (a slow page) moves the status from timeout to it; an older one does not', async () => {
		const sent: PreviewRender[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render), ackTimeoutMs: 30 });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		expect(await coordinator.render(ws({ 'index.html': '<p>slow</p>' }, 2))).toMatchObject({ status: 'timeout' });
		const late = sent.at(-1)!;
		coordinator.ack('a', late.renderId, { revision: 2, status: 'ready', durationMs: 4000, errors: [] });
		expect(coordinator.status().preview).toMatchObject({ revision: 2, status: 'ready', durationMs: 4000 });
		// Once a newer revision is the status, an answer for an old render changes nothing.
		expect(await coordinator.render(ws({ 'index.html': '<p>newer</p>' }, 3))).toMatchObject({ status: 'timeout' });
		coordinator.ack('a', late.renderId, { revision: 2, status: 'ready', durationMs: 5000, errors: [] });
		expect(coordinator.status().preview).toMatchObject({ revision: 3, status: 'timeout' });
	});

	it('a revision that compiles to the document a host acknowledged is relabelled, not reloaded; a refresh reloads', async () => {
		const sent: PreviewRender[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		const page = { 'index.html': '<link rel="stylesheet" href="styles.css"><h1>x</h1>', 'styles.css': 'h1{color:red}' };
		const first = coordinator.render(ws({ ...page, 'notes.txt': 'one' }, 5));
		coordinator.ack('a', sent[0]!.renderId, { revision: 5, status: 'ready', durationMs: 80, errors: [] });
		expect(await first).toMatchObject({ revision: 5, status: 'ready' });
		expect(sent[0]!.html).toContain('data-revision="5"');

		// A file the page does not use: same document, so hosts are told to relabel revision 5 as 6.
		const second = coordinator.render(ws({ ...page, 'notes.txt': 'two' }, 6));
		expect(sent[1]).toMatchObject({ revision: 6, html: '', sameAs: 5 });
		coordinator.ack('a', sent[1]!.renderId, { revision: 6, status: 'ready', durationMs: 0, errors: [] });
		expect(await second).toMatchObject({ revision: 6, status: 'ready' });

		// A file it uses: the full document again.
		const third = coordinator.render(ws({ ...page, 'styles.css': 'h1{color:blue}' }, 7));
		expect(sent[2]!.sameAs).toBeUndefined();
		expect(sent[2]!.html).toContain('color:blue');
		coordinator.ack('a', sent[2]!.renderId, { revision: 7, status: 'ready', durationMs: 70, errors: [] });
		await third;

		// preview_refresh asks for a reload even of the same document.
		const refresh = coordinator.render(ws({ ...page, 'styles.css': 'h1{color:blue}' }, 7), undefined, { reload: true });
		expect(sent[3]!.sameAs).toBeUndefined();
		expect(sent[3]!.html).toContain('data-revision="7"');
		coordinator.ack('a', sent[3]!.renderId, { revision: 7, status: 'ready', durationMs: 70, errors: [] });
		expect(await refresh).toMatchObject({ status: 'ready' });
	});

	it('the same document is sent in full when a file its page asked for at run time changed, and relabelled when none did', async () => {
		const sent: PreviewRender[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		const page = { 'index.html': '<p id="n"></p><script>fetch("data.json").then((r) => r.json()).then((d) => { n.textContent = d.n; })</script>' };
		const shown = async (revision: number, files: Record<string, string>) => {
			const done = coordinator.render(ws({ ...page, ...files }, revision));
			const render = sent.at(-1)!;
			coordinator.ack('a', render.renderId, { revision, status: 'ready', durationMs: 1, errors: [] });
			await done;
			return render;
		};
		expect((await shown(5, { 'data.json': '{"n":1}', 'notes.txt': 'a' })).html).not.toBe('');
		expect((await coordinator.file(5, '/data.json')).body).toBe('{"n":1}');
		// A file the page did not ask for: relabelled.
		expect(await shown(6, { 'data.json': '{"n":1}', 'notes.txt': 'b' })).toMatchObject({ html: '', sameAs: 5 });
		// The file it fetched: the page again, in full (its document is the same bytes).
		const fetched = await shown(7, { 'data.json': '{"n":2}', 'notes.txt': 'b' });
		expect(fetched.sameAs).toBeUndefined();
		expect(fetched.html).toContain('data-revision="7"');
		// That page has asked for nothing yet: relabelled again.
		expect(await shown(8, { 'data.json': '{"n":2}', 'notes.txt': 'c' })).toMatchObject({ sameAs: 7 });
		// A file missing when it was asked for, then made, is a change too.
		await coordinator.file(8, '/extra.json');
		expect((await shown(9, { 'data.json': '{"n":2}', 'notes.txt': 'c', 'extra.json': '[]' })).sameAs).toBeUndefined();
		// A module compiled at run time brings files of its own: any change reloads the page.
		await coordinator.file(9, '/js/app.js', 'module');
		expect((await shown(10, { 'data.json': '{"n":2}', 'notes.txt': 'd', 'extra.json': '[]' })).sameAs).toBeUndefined();
	});

	it('a timed-out document is never reused: the next revision is sent in full', async () => {
		const sent: PreviewRender[] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		const page = { 'index.html': '<script>for(;;){}</script>' };
		const first = coordinator.render(ws({ ...page, 'a.txt': '1' }, 2));
		coordinator.ack('a', sent[0]!.renderId, { revision: 2, status: 'timeout', durationMs: 3000, errors: [] });
		await first;
		void coordinator.render(ws({ ...page, 'a.txt': '2' }, 3));
		expect(sent[1]!.sameAs).toBeUndefined();
		expect(sent[1]!.html).not.toBe('');
	});

	it('keeps the last 200 console lines from the reporting host', () => {
		const coordinator = new PreviewCoordinator({ send: () => undefined });
		coordinator.report('a', { console: [...Array(250).keys()].map((i) => ({ level: 'log', text: `l${i}`, revision: 1 })), errors: [] });
		const lines = coordinator.status().console;
		expect(lines).toHaveLength(200);
		expect(lines[0]!.text).toBe('l50');
	});
});

describe('render coalescing', () => {
	it('a burst of revisions renders the first and the newest; the ones between are superseded without being sent', async () => {
		const sent: Parameters<ConstructorParameters<typeof PreviewCoordinator>[0]['send']>[1][] = [];
		const coordinator = new PreviewCoordinator({ send: (_tab, render) => sent.push(render) });
		coordinator.registerHost('a', ws({ 'index.html': '' }, 0));
		const outcomes = [2, 3, 4, 5].map((revision) => coordinator.render(ws({ 'index.html': `<p>${revision}</p>` }, revision)));
		expect(sent.map((r) => r.revision)).toEqual([2]);
		expect(await outcomes[1]).toMatchObject({ revision: 3, status: 'superseded' });
		expect(await outcomes[2]).toMatchObject({ revision: 4, status: 'superseded' });
		coordinator.ack('a', sent[0]!.renderId, { revision: 2, status: 'ready', durationMs: 1, errors: [] });
		expect(await outcomes[0]).toMatchObject({ revision: 2, status: 'ready' });
		expect(sent.map((r) => r.revision)).toEqual([2, 5]);
		coordinator.ack('a', sent[1]!.renderId, { revision: 5, status: 'ready', durationMs: 1, errors: [] });
		expect(await outcomes[3]).toMatchObject({ revision: 5, status: 'ready' });
		expect(coordinator.status().preview).toMatchObject({ revision: 5, status: 'ready' });
	});
});

describe('renders are addressed to hosts', () => {
	it('registering answers the current render; each later render goes to every registered host by tab id', async () => {
		const sent: { tab: string; revision: number; renderId: string }[] = [];
		const coordinator = new PreviewCoordinator({ send: (tab, render) => sent.push({ tab, revision: render.revision, renderId: render.renderId }) });
		const current = coordinator.registerHost('a', ws({ 'index.html': '<h1>now</h1>' }, 7));
		expect(current).toMatchObject({ revision: 7 });
		expect(current.html).toContain('<h1 data-studio-at="1:0:bah8fr">now</h1>');
		expect(sent).toEqual([]); // nothing broadcast: only the registering tab renders it
		coordinator.ack('a', current.renderId, { revision: 7, status: 'ready', durationMs: 3, errors: [] });
		expect(coordinator.status().preview).toMatchObject({ revision: 7, status: 'ready' });
		coordinator.registerHost('b', ws({ 'index.html': '<h1>now</h1>' }, 7));
		const next = coordinator.render(ws({ 'index.html': '<h1>next</h1>' }, 8));
		expect(sent.map((s) => `${s.tab}:${s.revision}`)).toEqual(['a:8', 'b:8']);
		coordinator.ack('b', sent[1]!.renderId, { revision: 8, status: 'ready', durationMs: 1, errors: [] });
		expect(await next).toMatchObject({ revision: 8, status: 'ready' });
	});
});

describe('the HTML parser, not in a hub’s boot', () => {
	it('a hub starts without it: a render, a registration’s preparation and an element’s edit load it before they parse', async () => {
		vi.resetModules();
		const parser = await import('../../src/lib/domain/html-parser');
		const { PreviewCoordinator: Coordinator } = await import('../../src/lib/preview/coordinator');
		expect(parser.htmlParser.ready).toBe(false);
		const coordinator = new Coordinator({ send: () => undefined });
		// No tab shows the preview: the render still compiles, for its diagnostics.
		const outcome = await coordinator.render(ws({ 'index.html': '<img src="missing.png">' }, 1));
		expect(outcome).toMatchObject({ revision: 1, status: 'unavailable' });
		expect((outcome.diagnostics ?? []).map((d) => d.message).join(' ')).toContain('missing.png');
		expect(parser.htmlParser.ready).toBe(true);

		vi.resetModules();
		const fresh = await import('../../src/lib/domain/html-parser');
		const { workspacePlan } = await import('../../src/lib/runtime/handlers/plans');
		expect(fresh.htmlParser.ready).toBe(false);
		const site = ws({ 'index.html': '<h1>Old</h1>' }, 1);
		const plan = workspacePlan('workspace_edit_element', { path: 'index.html', offset: 0, tag: 'h1', text: 'New' }, {} as never, () => null)!;
		const { change } = await plan(site, { undo: [], redo: [] } as never);
		expect(change).toMatchObject({ type: 'write', path: 'index.html', content: '<h1>New</h1>' });
		expect(fresh.htmlParser.ready).toBe(true);
	});
});

describe('the location rewrite’s parser, loaded on first need', () => {
	it('a hub starts without it: a page that never names location renders without it, one that does loads it first and is rewritten', async () => {
		// Fresh modules: the parser not loaded yet, as in a hub that just started.
		vi.resetModules();
		const location = await import('../../src/lib/preview/compiler/location');
		const { PreviewCoordinator: Coordinator } = await import('../../src/lib/preview/coordinator');
		expect(location.locationParserReady()).toBe(false);
		const sent: PreviewRender[] = [];
		const coordinator = new Coordinator({ send: (_tab, render) => sent.push(render) });
		// As the hub's registration does: what a render needs is made available first (the HTML parser).
		await coordinator.prepare(ws({ 'index.html': '<p>x</p>' }, 1));
		coordinator.registerHost('tab-1', ws({ 'index.html': '<p>x</p>' }, 1));
		const first = coordinator.render(ws({ 'index.html': '<script>document.title = "no such name here"</script>' }, 2));
		await expect.poll(() => sent.length).toBe(1);
		coordinator.ack('tab-1', sent[0]!.renderId, { revision: 2, status: 'ready', durationMs: 10, errors: [] });
		expect(await first).toMatchObject({ revision: 2, status: 'ready' });
		expect(location.locationParserReady()).toBe(false);
		void coordinator.render(ws({ 'index.html': '<script>location.href = "about.html"</script>' }, 3));
		await expect.poll(() => sent.length).toBe(2);
		expect(location.locationParserReady()).toBe(true);
		expect(sent[1]!.html).toContain('__studioLocation.href = "about.html"');
	});
});
