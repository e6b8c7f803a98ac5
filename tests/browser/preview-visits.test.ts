// A tab's preview counts one visit per page load, as a static host does: the same render sent twice
// while it runs (a tab's registration and the hub's own render at a start) runs the page once, a
// first render tried again after a timeout counts as the same visit, and a render that comes while
// the first screen's picture loads runs the page at once, in a frame of its own (the picture's stays,
// hidden, until that frame has loaded) — as does one that replaces a document still loading (whose
// late load must not read as the page leaving).
import { describe, expect, it } from 'vitest';
import { PreviewController } from '../../src/lib/client/preview.svelte';
import type { PreviewLink } from '../../src/lib/client/preview-link';
import { PreviewHost } from '../../src/lib/preview/host';
import { compile } from '../../src/lib/preview/compile';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import type { HostRenderOutcome, PreviewRender } from '../../src/lib/worker/protocol';

function workspace(html: string, revision = 3): Workspace {
	return { id: 'w', name: 'w', revision, activePath: null, files: new Map([['index.html', makeFile('index.html', html)]]) };
}

function renderOf(ws: Workspace, renderId: string): PreviewRender {
	const compiled = compile(ws);
	return { renderId, revision: ws.revision, html: compiled.html, diagnostics: compiled.diagnostics, page: 'index.html', address: '', local: {} };
}

/** A hub side that records the acknowledgements and the console lines it is sent. */
function linkOf(tabId: string, acks: [string, HostRenderOutcome][], lines: string[]): PreviewLink {
	return {
		tabId,
		register: async () => null,
		ack: async (renderId, outcome) => void acks.push([renderId, outcome]),
		report: async (batch) => void lines.push(...batch.console.map((line) => line.text)),
		navigate: async () => ({ revision: 0, status: 'ready', diagnostics: [], page: 'index.html' }),
		location: async () => ({ path: 'index.html', canBack: false, canForward: false }),
		file: async () => ({ status: 404, statusText: 'Not Found', mimeType: 'text/plain' }),
		storage: async () => undefined,
		siteStorage: async () => ({ local: {} }),
		captured: async () => undefined,
		events: () => () => undefined
	};
}

describe('a preview counts one visit per page load', () => {
	it('joins the same render sent twice while it runs: the page runs once, both are acknowledged', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const acks: [string, HostRenderOutcome][] = [];
		const lines: string[] = [];
		// The page counts its visit, then waits for an image the test holds back (its load event with
		// it): the second copy of the render arrives while the page has run and not yet loaded.
		const hold = `${location.origin}/__held/visit-${Math.random().toString(36).slice(2)}`;
		const ws = workspace(`<!doctype html><html><body><script>
sessionStorage.visits = String(Number(sessionStorage.visits || 0) + 1);
console.log('visits ' + sessionStorage.visits);
</script><img src="${hold}" alt=""></body></html>`);
		const first = renderOf(ws, 'r1');
		const link = linkOf('tab-1', acks, lines);
		const preview = new PreviewController();
		const detach = preview.attach(container, link);
		const a = preview.render(first);
		await expect.poll(() => lines).toContain('visits 1');
		const b = preview.render({ ...first, renderId: 'r2' });
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(acks).toEqual([]);
		await fetch(hold.replace('/__held/', '/__release/'));
		await Promise.all([a, b]);
		expect(acks.map(([id, outcome]) => [id, outcome.status, outcome.revision])).toEqual([
			['r1', 'ready', 3],
			['r2', 'ready', 3]
		]);
		await expect.poll(() => lines).toContain('visits 1');
		// A later render of the same revision is a reload, as on a host: the next visit.
		await preview.render({ ...first, renderId: 'r3' });
		await expect.poll(() => lines).toContain('visits 2');
		expect(lines.filter((line) => line.startsWith('visits'))).toEqual(['visits 1', 'visits 2']);
		detach();
	});

	it('a render tried again (after a timeout) is the same visit: what the attempt wrote to sessionStorage is undone', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const lines: string[] = [];
		const ws = workspace(`<!doctype html><html><body><script>
sessionStorage.visits = String(Number(sessionStorage.visits || 0) + 1);
console.log('visits ' + sessionStorage.visits);
</script></body></html>`);
		const host = new PreviewHost(container, { onLines: (batch) => lines.push(...batch.console.map((line) => line.text)) });
		const { html } = renderOf(ws, 'r1');
		const visits = () => lines.filter((line) => line.startsWith('visits'));
		expect((await host.render(ws.revision, html, { page: 'index.html', local: {} })).status).toBe('ready');
		await expect.poll(visits).toEqual(['visits 1']);
		expect((await host.render(ws.revision, html, { page: 'index.html', local: {} }, { again: true })).status).toBe('ready');
		await expect.poll(visits).toEqual(['visits 1', 'visits 1']);
		// Without `again`, a render is the next visit, as a reload on a host is.
		expect((await host.render(ws.revision, html, { page: 'index.html', local: {} })).status).toBe('ready');
		await expect.poll(visits).toEqual(['visits 1', 'visits 1', 'visits 2']);
		host.destroy();
	});

	it('a render asked while the first screen’s picture still loads runs the page at once, once, in a frame with its own flags', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const acks: [string, HostRenderOutcome][] = [];
		const lines: string[] = [];
		// The picture's load is held by its image: the live render comes while it is under way.
		const hold = `${location.origin}/__held/picture-${Math.random().toString(36).slice(2)}`;
		const ws = workspace(`<!doctype html><html><body><script>console.log('ran');</script><img src="${hold}" alt=""></body></html>`);
		const live = renderOf(ws, 'r1');
		const link = linkOf('tab-2', acks, lines);
		const preview = new PreviewController();
		preview.showFirst({ revision: 3, html: live.html, page: 'index.html', local: {}, network: false });
		const detach = preview.attach(container, link);
		// The picture is painted (its image held), then the hub's render comes, as at a start.
		// The site's frame shown (a picture's on its way out is hidden).
		const inner = () => [...(container.querySelector('iframe')?.contentDocument?.querySelectorAll('iframe') ?? [])].find((frame) => getComputedStyle(frame).display !== 'none');
		await expect.poll(() => inner()?.getAttribute('sandbox')).toBe('');
		const picture = inner();
		const rendered = preview.render(live);
		// Not under the picture's flags (no scripts), which a sandbox changed mid-navigation could keep:
		// the page runs now, before the picture's image is let go, and is acknowledged in time.
		await expect.poll(() => lines).toEqual(['ran']);
		expect(inner()).not.toBe(picture);
		// The picture's frame stays, hidden, until the render's has loaded: the sandboxed frames share
		// one renderer process, which removing the picture's mid-load ended (the render's frame then
		// waited for another to launch).
		expect(picture?.isConnected).toBe(true);
		expect(getComputedStyle(picture!).display).toBe('none');
		await fetch(hold.replace('/__held/', '/__release/'));
		await rendered;
		await expect.poll(() => picture?.isConnected).toBe(false);
		expect(container.querySelector('iframe')?.contentDocument?.querySelectorAll('iframe')).toHaveLength(1);
		expect(acks.map(([id, outcome]) => [id, outcome.status])).toEqual([['r1', 'ready']]);
		expect(acks[0]![1].durationMs).toBeLessThan(3000);
		expect(lines).toEqual(['ran']);
		detach();
	});

	it('a picture whose code comes after a render has finished leaves the live page alone', async () => {
		// At a start the picture's code loads while the hub's render runs; on a busy device the render
		// can load and be acknowledged first. The picture must not then take the frame: its page runs
		// no script, and the chip said "ready" over a page without what its script builds.
		const container = document.createElement('div');
		document.body.append(container);
		const ws = workspace(`<!doctype html><html><body><div id="out"></div><script>document.getElementById('out').innerHTML = '<strong>built</strong>';</script></body></html>`);
		const host = new PreviewHost(container, {});
		const { html } = renderOf(ws, 'r1');
		expect((await host.render(ws.revision, html, { page: 'index.html', local: {} })).status).toBe('ready');
		await host.picture(html, { page: 'index.html', local: {} });
		const frames = [...(container.querySelector('iframe')?.contentDocument?.querySelectorAll('iframe') ?? [])];
		expect(frames).toHaveLength(1);
		expect(frames[0]!.getAttribute('sandbox')).not.toBe('');
		expect(frames[0]!.inert).toBe(false);
		expect(host.revision).toBe(ws.revision);
		host.destroy();
	});
});

describe('a preview hears the other previews’ storage changes', () => {
	it('a change that comes while the page loads reaches it once it has loaded, as a storage event', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const lines: string[] = [];
		// The page's load waits for an image the test holds: the change comes mid-load, when a message
		// posted to the frame can reach the document it is leaving.
		const hold = `${location.origin}/__held/storage-${Math.random().toString(36).slice(2)}`;
		const ws = workspace(`<!doctype html><html><body><script>
addEventListener('storage', function (e) { console.log('event ' + e.key + '=' + e.newValue + ', stored ' + localStorage.getItem(e.key)); });
console.log('loaded with ' + localStorage.getItem('todos'));
</script><img src="${hold}" alt=""></body></html>`);
		const host = new PreviewHost(container, { onLines: (batch) => lines.push(...batch.console.map((line) => line.text)) });
		const rendered = host.render(ws.revision, renderOf(ws, 'r1').html, { page: 'index.html', local: { todos: '[]' } });
		host.storageEvent({ area: 'local', changes: [['todos', '["early"]']], clear: false });
		await expect.poll(() => lines).toContain('loaded with []');
		host.storageEvent({ area: 'local', changes: [['todos', '["bread"]']], clear: false });
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(lines).toEqual(['loaded with []']);
		await fetch(hold.replace('/__held/', '/__release/'));
		expect((await rendered).status).toBe('ready');
		await expect.poll(() => lines).toEqual(['loaded with []', 'event todos=["early"], stored ["early"]', 'event todos=["bread"], stored ["bread"]']);
		// Once loaded, a change goes straight to the page.
		host.storageEvent({ area: 'local', changes: [['todos', '[]']], clear: false });
		await expect.poll(() => lines.at(-1)).toBe('event todos=[], stored []');
		// The next render loads with what the hub keeps; a change it already has fires nothing there.
		host.storageEvent({ area: 'local', changes: [['todos', '["milk"]']], clear: false });
		await expect.poll(() => lines.at(-1)).toBe('event todos=["milk"], stored ["milk"]');
		lines.length = 0;
		const again = workspace(ws.files.get('index.html')!.content!.replace(/<img[^>]*>/, ''));
		const next = host.render(again.revision, renderOf(again, 'r2').html, { page: 'index.html', local: { todos: '["milk"]' } });
		host.storageEvent({ area: 'local', changes: [['todos', '["milk"]']], clear: false });
		expect((await next).status).toBe('ready');
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(lines).toEqual(['loaded with ["milk"]']);
		host.destroy();
	});
});

describe('a render that replaces one still loading', () => {
	it('gets a frame of its own: the first document’s late load is not taken for the page leaving', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const lines: string[] = [];
		let left = 0;
		const host = new PreviewHost(container, { onLines: (batch) => lines.push(...batch.console.map((line) => line.text)), onLeave: () => left++ });
		// The first page runs, then waits for an image the test holds back (and its load event with it).
		const hold = `${location.origin}/__held/late-${Math.random().toString(36).slice(2)}`;
		const first = renderOf(workspace(`<!doctype html><script>console.log('first ran')</script><img src="${hold}" alt="">`, 1), 'r1');
		const second = renderOf(workspace(`<!doctype html><script>console.log('second ran')</script><p>second</p>`, 2), 'r2');
		const siteFrames = () => [...(container.querySelector('iframe')?.contentDocument?.querySelectorAll('iframe') ?? [])];
		const a = host.render(first.revision, first.html, { page: 'index.html', local: {} });
		await expect.poll(() => lines).toContain('first ran');
		const loading = siteFrames()[0]!;
		const b = host.render(second.revision, second.html, { page: 'index.html', local: {} });
		await expect.poll(() => siteFrames().some((frame) => frame.srcdoc.includes('second ran'))).toBe(true);
		// The first document's load, late: from the frame it was asked in (replaced, so not heard).
		loading.dispatchEvent(new Event('load'));
		await fetch(hold.replace('/__held/', '/__release/'));
		expect((await a).status).toBe('superseded');
		const outcome = await b;
		expect(outcome).toMatchObject({ status: 'ready', revision: 2 });
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(left).toBe(0);
		expect(siteFrames()).toHaveLength(1);
		expect(siteFrames()[0]).not.toBe(loading);
		expect(lines.filter((line) => line === 'second ran')).toHaveLength(1);
		host.destroy();
		container.remove();
	});
});
