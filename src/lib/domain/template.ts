// The starter template (a small landing page that exercises every compile path of the preview)
// and the template edits behind preview_set_theme, preview_update_hero and preview_add_feature.
import { ToolError } from '../core/errors';
import { makeFile, type FileRecord, type Workspace } from './model';
import type { Change } from './transitions';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bright Bakery</title>
    <link rel="icon" href="assets/logo.svg" />
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
    <header class="nav">
      <img src="assets/logo.svg" alt="" width="32" height="32" />
      <span class="brand">Bright Bakery</span>
    </header>
    <main>
      <section class="hero">
        <h1 data-studio="hero-title">Fresh bread, every morning</h1>
        <p data-studio="hero-subtitle">Sourdough, croissants and seasonal cakes, baked before sunrise in the heart of town.</p>
        <button id="cta" type="button">Reserve a loaf</button>
        <p id="cta-note" class="note" aria-live="polite"></p>
      </section>
      <ul class="features" data-studio="features">
        <li class="feature"><span class="icon">🥖</span><h2>Slow dough</h2><p>Forty-eight hours of fermentation for flavour you can taste.</p></li>
        <li class="feature"><span class="icon">🌾</span><h2>Local flour</h2><p>Stone-milled grain from farms within fifty kilometres.</p></li>
        <li class="feature"><span class="icon">☕</span><h2>Good coffee</h2><p>A small roaster next door, a big window to sit at.</p></li>
      </ul>
    </main>
    <footer>Open daily 7–15 · 12 Mill Street</footer>
    <script type="module" src="app.js"></script>
  </body>
</html>
`;

const STYLES_CSS = `/* studio:theme — preview_set_theme edits this block */
:root {
  --accent: #c2410c;
  color-scheme: light;
}
/* /studio:theme */

@import url("typography.css");

* { box-sizing: border-box; }
body {
  margin: 0;
  background: light-dark(#fffaf5, #1c1917);
  color: light-dark(#292524, #f5f5f4);
}
.nav { display: flex; align-items: center; gap: 10px; padding: 16px 24px; }
.brand { font-weight: 700; }
main { max-width: 960px; margin: 0 auto; padding: 24px; }
.hero { padding: 48px 0 32px; }
.hero h1 { font-size: clamp(2rem, 5vw, 3.25rem); line-height: 1.1; margin: 0 0 12px; }
.hero p { font-size: 1.15rem; max-width: 36rem; opacity: 0.85; }
button {
  margin-top: 12px; padding: 12px 20px; border: 0; border-radius: 999px;
  background: var(--accent); color: white; font: inherit; font-weight: 600; cursor: pointer;
}
.note { min-height: 1.5em; }
.features { list-style: none; padding: 0; display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
.feature { padding: 20px; border-radius: 16px; background: light-dark(#ffffff, #292524); box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); }
.feature h2 { font-size: 1.1rem; margin: 8px 0 4px; }
.feature p { margin: 0; opacity: 0.8; }
.icon { font-size: 1.6rem; }
footer { text-align: center; padding: 32px; opacity: 0.7; border-top: 3px solid var(--accent); }
`;

const TYPOGRAPHY_CSS = `body {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
}
h1, h2 { letter-spacing: -0.01em; }
`;

const APP_JS = `import { greeting } from './modules/greeting.js';

const button = document.querySelector('#cta');
const note = document.querySelector('#cta-note');
button?.addEventListener('click', () => {
  note.textContent = greeting(new Date());
});
console.log('Bright Bakery is ready');
`;

const GREETING_JS = `/** A friendly message for the reservation button. */
export function greeting(now) {
  const hour = now.getHours();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return \`Thanks! Your loaf will be waiting this \${part}.\`;
}
`;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#c2410c" />
  <path d="M14 38c0-10 8-18 18-18s18 8 18 18z" fill="#fde68a" />
  <path d="M24 26l3 12M32 24v14M40 26l-3 12" stroke="#c2410c" stroke-width="3" stroke-linecap="round" />
</svg>
`;

const README_MD = `# Bright Bakery

A starter site made in Web Studio. Edit \`index.html\`, \`styles.css\` and \`app.js\`, or ask the agent:
"make the theme teal", "set the hero title to Hello", "add a feature card Delivery".
`;

/** The starter files, in a stable order. */
export const STARTER_FILES: ReadonlyArray<readonly [string, string]> = [
	['index.html', INDEX_HTML],
	['styles.css', STYLES_CSS],
	['typography.css', TYPOGRAPHY_CSS],
	['app.js', APP_JS],
	['modules/greeting.js', GREETING_JS],
	['assets/logo.svg', LOGO_SVG],
	['README.md', README_MD]
];

/** Fresh records of the starter template. */
export function starterFiles(): FileRecord[] {
	return STARTER_FILES.map(([path, content]) => makeFile(path, content));
}

/** A new workspace at revision 1 holding the starter template. */
export function starterWorkspace(id = 'default', name = 'My site'): Workspace {
	const files = starterFiles();
	return { id, name, revision: 1, activePath: 'index.html', files: new Map(files.map((file) => [file.path, file])) };
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function targetMissing(what: string, path: string): ToolError {
	return new ToolError('PREVIEW_TARGET_NOT_FOUND', `The template's ${what} is gone from ${path}, so this template tool cannot edit it. Edit the file directly instead.`, {
		path,
		target: what
	});
}

function textOf(workspace: Workspace, path: string, what: string): string {
	const file = workspace.files.get(path);
	if (!file || file.content === undefined) throw targetMissing(what, path);
	return file.content;
}

/** The change behind preview_set_theme: rewrites the theme block of styles.css. */
export function themeChange(workspace: Workspace, accent: string, scheme?: 'light' | 'dark' | 'auto'): Change {
	const path = 'styles.css';
	const css = textOf(workspace, path, 'theme block');
	const block = /\/\* studio:theme[^*]*\*\/([\s\S]*?)\/\* \/studio:theme \*\//.exec(css);
	if (!block) throw targetMissing('theme block', path);
	let body = block[1]!;
	if (!/--accent:\s*[^;]+;/.test(body)) throw targetMissing('theme block', path);
	body = body.replace(/--accent:\s*[^;]+;/, `--accent: ${accent.toLowerCase()};`);
	if (scheme) {
		const value = scheme === 'auto' ? 'light dark' : scheme;
		body = /color-scheme:\s*[^;]+;/.test(body) ? body.replace(/color-scheme:\s*[^;]+;/, `color-scheme: ${value};`) : body.replace(/\}\s*$/, `  color-scheme: ${value};\n}\n`);
	}
	const next = css.slice(0, block.index) + block[0].replace(block[1]!, body) + css.slice(block.index + block[0].length);
	return { type: 'write', path, content: next };
}

function replaceElementText(html: string, marker: string, text: string): string | null {
	const pattern = new RegExp(`(<([a-z0-9]+)[^>]*data-studio="${marker}"[^>]*>)([\\s\\S]*?)(</\\2>)`, 'i');
	if (!pattern.test(html)) return null;
	return html.replace(pattern, (_all, open: string, _tag: string, _inner: string, close: string) => `${open}${escapeHtml(text)}${close}`);
}

/** The change behind preview_update_hero: replaces the hero title and/or subtitle text on index.html. */
export function heroChange(workspace: Workspace, title?: string, subtitle?: string): Change {
	const path = 'index.html';
	let html = textOf(workspace, path, 'hero');
	if (title === undefined && subtitle === undefined) {
		throw new ToolError('TOOL_VALIDATION_FAILED', 'Give a title, a subtitle, or both.', { issues: [{ path: '', message: 'title or subtitle required' }] });
	}
	if (title !== undefined) html = replaceElementText(html, 'hero-title', title) ?? (() => { throw targetMissing('hero title', path); })();
	if (subtitle !== undefined) html = replaceElementText(html, 'hero-subtitle', subtitle) ?? (() => { throw targetMissing('hero subtitle', path); })();
	return { type: 'write', path, content: html };
}

/** The change behind preview_add_feature: appends a card to the features list on index.html. */
export function featureChange(workspace: Workspace, title: string, body: string, icon?: string): Change {
	const path = 'index.html';
	const html = textOf(workspace, path, 'features list');
	const list = /(<ul[^>]*data-studio="features"[^>]*>)([\s\S]*?)(\n?\s*<\/ul>)/i.exec(html);
	if (!list) throw targetMissing('features list', path);
	const card = `\n        <li class="feature"><span class="icon">${escapeHtml(icon ?? '✨')}</span><h2>${escapeHtml(title)}</h2><p>${escapeHtml(body)}</p></li>`;
	const next = html.slice(0, list.index) + list[1] + list[2] + card + list[3] + html.slice(list.index + list[0].length);
	return { type: 'write', path, content: next };
}
