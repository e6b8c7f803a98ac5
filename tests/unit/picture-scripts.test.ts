// A picture of a page (the first screen's preview) is its markup and styles: script and noscript
// elements are taken out before its frame, which runs no script, loads it.
import { describe, expect, it } from 'vitest';
import { withoutScripts } from '../../src/lib/preview/picture';
import { compile } from '../../src/lib/preview/compile';
import { makeFile, type Workspace } from '../../src/lib/domain/model';

const ws = (files: Record<string, string>): Workspace => ({ id: 'w', name: 'w', revision: 1, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) });

describe('withoutScripts', () => {
	it('takes out script elements of every form, and keeps what is around them', () => {
		const html = '<!doctype html><html><head><script>var a = 1;</script><link rel="stylesheet" href="s.css"><SCRIPT type="module" src="data:text/javascript,x"></SCRIPT ></head><body><h1>Hi</h1><script\nsrc="app.js" defer></script>\n<p>after</p></body></html>';
		expect(withoutScripts(html)).toBe('<!doctype html><html><head><link rel="stylesheet" href="s.css"></head><body><h1>Hi</h1>\n<p>after</p></body></html>');
	});

	it('takes out noscript elements, which a frame without scripts would show', () => {
		expect(withoutScripts('<body><noscript><p>Enable JavaScript</p></noscript><main>page</main><NoScript>x</noscript></body>')).toBe('<body><main>page</main></body>');
	});

	it('ends an element at its first end tag, as the parser does', () => {
		expect(withoutScripts('<script>const s = "</script>";</script><p>x</p>')).toBe('";</script><p>x</p>');
		expect(withoutScripts('<script>a</script/><p>x</p>')).toBe('<p>x</p>');
	});

	it('keeps custom elements whose names begin like script, and text that only mentions it', () => {
		const html = '<script-card>card</script-card><noscripts>n</noscripts><p>use &lt;script&gt; and script tags</p>';
		expect(withoutScripts(html)).toBe(html);
	});

	it('an element never closed takes the rest of the text; a page without any comes back unchanged', () => {
		expect(withoutScripts('<p>kept</p><script>never closed <p>gone</p>')).toBe('<p>kept</p>');
		expect(withoutScripts('<p>kept</p><script>a</script')).toBe('<p>kept</p>');
		const plain = '<p>no scripts at all</p>';
		expect(withoutScripts(plain)).toBe(plain);
	});

	it('stays linear on the worst inputs: many start tags never closed, many empty elements', () => {
		expect(withoutScripts('<p>a</p>' + '<script '.repeat(100_000))).toBe('<p>a</p>');
		expect(withoutScripts('<script></script>'.repeat(100_000) + '<p>b</p>')).toBe('<p>b</p>');
		expect(withoutScripts('<noscript>' + '</script>'.repeat(100_000))).toBe('');
	});

	it('pictures the site\'s own pages in its frames, without their scripts, two deep', () => {
		const { html } = compile(ws({ 'index.html': '<h1>Home</h1><iframe src="part.html" title="part"></iframe>', 'part.html': '<p>part</p><script>var run = 1;</script><iframe src="inner.html"></iframe>', 'inner.html': '<p>inner</p><script>var deep = 1;</script>' }));
		const picture = withoutScripts(html);
		expect(picture).not.toContain('data-studio-frame');
		const part = /title="part" data-studio-src="part.html" srcdoc="([^"]*)"/.exec(picture)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
		expect(part).toContain('<p>part</p>');
		expect(part).not.toMatch(/<script/i);
		const inner = /srcdoc="([^"]*)"/.exec(part)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
		expect(inner).toContain('<p>inner</p>');
		expect(inner).not.toMatch(/<script/i);
	});
});
