// Real third-party sites, unchanged from their npm packages, for the preview's fidelity tests: each
// one's folder, the files to take (as a person would zip them), and the way to import them.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';

/** A site: where its files are, and which of them a person would put in the zip. */
export interface RealSite {
	name: string;
	root: string;
	/** Paths under root to take (folders whole); default: everything. */
	take?: string[];
}

const modules = join(process.cwd(), 'node_modules');

export const SITES = {
	creative: { name: 'Start Bootstrap Creative (one-page theme)', root: join(modules, 'startbootstrap-creative/dist') },
	sbAdmin: { name: 'Start Bootstrap SB Admin (multi-page admin)', root: join(modules, 'startbootstrap-sb-admin/dist') },
	reveal: {
		name: 'reveal.js demo deck (presentation framework)',
		root: join(modules, 'reveal.js'),
		take: ['index.html', 'dist/reset.css', 'dist/reveal.css', 'dist/theme/black.css', 'dist/plugin/highlight/monokai.css', 'dist/reveal.js', 'dist/plugin/notes.js', 'dist/plugin/markdown.js', 'dist/plugin/highlight.js']
	},
	todomvc: { name: 'TodoMVC, vanilla JS', root: join(modules, 'todomvc/examples/vanillajs'), take: ['index.html', 'js', 'bower_components/todomvc-common'] },
	/** Its views are MaskJS templates (`.mask`, a type the studio names no kind for), fetched by IncludeJS. */
	todomvcAtma: { name: 'TodoMVC, Atma.js', root: join(modules, 'todomvc/examples/atmajs'), take: ['index.html', 'js', 'bower_components'] },
	/** Its views are XML read through XMLHttpRequest's responseXML. */
	todomvcRappid: { name: 'TodoMVC, rAppid.js', root: join(modules, 'todomvc/examples/rappidjs'), take: ['index.html', 'config.json', 'app', 'bower_components'] },
	boilerplate: { name: 'HTML5 Boilerplate', root: join(modules, 'html5-boilerplate/dist'), take: ['index.html', '404.html', 'css', 'js', 'img', 'favicon.ico', 'icon.png', 'icon.svg', 'robots.txt', 'site.webmanifest'] }
} satisfies Record<string, RealSite>;

/**
 * A site as its author's tools lay it out, in a folder of its own: `copied` files from a package
 * (`to` ← `from`, under node_modules) and `written` ones (the page and data the author adds).
 */
export function siteFolder(name: string, copied: Record<string, string>, written: Record<string, string>): RealSite {
	const root = mkdtempSync(join(tmpdir(), 'studio-site-'));
	const put = (path: string) => {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		return join(root, path);
	};
	for (const [to, from] of Object.entries(copied)) copyFileSync(join(modules, from), put(to));
	for (const [path, text] of Object.entries(written)) writeFileSync(put(path), text);
	return { name, root };
}

function walk(dir: string, out: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) walk(path, out);
		else out.push(path);
	}
	return out;
}

/** The site's files as a .zip, base64 (what workspace_import_zip takes). */
export function zipOf(site: RealSite): string {
	const files = (site.take ?? ['.']).flatMap((part) => {
		const path = join(site.root, part);
		return statSync(path).isDirectory() ? walk(path) : [path];
	});
	const entries = Object.fromEntries(files.map((file) => [relative(site.root, file), new Uint8Array(readFileSync(file))]));
	return Buffer.from(zipSync(entries, { level: 6 })).toString('base64');
}

/** Imports the site as the whole workspace, and says what was left out. */
export async function importSite(page: Page, site: RealSite): Promise<{ isError: boolean; structuredContent: { skipped?: { path: string; reason: string }[]; preview?: { status: string } } }> {
	const data = zipOf(site);
	return page.evaluate((zip) => window.studio!.callTool('workspace_import_zip', { data: zip, mode: 'replace' }), data) as never;
}

/** No test reaches the internet: every request to another host fails at once, in every frame. */
export async function offlineExceptLoopback(context: BrowserContext): Promise<void> {
	await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
}

/** The share of pixels that differ between two PNG screenshots of the same size. */
export function pixelDifference(a: Buffer, b: Buffer): number {
	const left = PNG.sync.read(a);
	const right = PNG.sync.read(b);
	if (left.width !== right.width || left.height !== right.height) return 1;
	const differing = pixelmatch(left.data, right.data, undefined, left.width, left.height, { threshold: 0.1 });
	return differing / (left.width * left.height);
}

/** The studio's own files (its page, code, icons, preview document): anything else asked of its server came from a site. */
export function isStudioFile(url: string, origin: string): boolean {
	if (!url.startsWith(origin)) return true;
	const path = new URL(url).pathname;
	return path === '/' || path === '/index.html' || path === '/preview.html' || path === '/first-paint.js' || path === '/manifest.webmanifest' || path === '/sw.js' || /^\/(_app|icons|screenshots)\//.test(path) || /^\/workbox-/.test(path);
}
