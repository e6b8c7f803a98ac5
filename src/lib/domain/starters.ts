// The starters a workspace can begin from (or be reset to): the landing page the template tools
// edit, a blank page, and a multi-page site with a shared stylesheet, a nav and an ES module graph.
import { makeFile, type FileRecord } from './model';
import { STARTER_FILES } from './template';

/** Names of the starters, the landing page first (the default). */
export const STARTER_IDS = ['landing', 'blank', 'multi-page'] as const;
export type StarterId = (typeof STARTER_IDS)[number];

const BLANK: ReadonlyArray<readonly [string, string]> = [
	[
		'index.html',
		`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>New site</title>
  </head>
  <body>
    <h1>Hello</h1>
  </body>
</html>
`
	]
];

const page = (title: string, current: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Northwind Studio</title>
    <link rel="stylesheet" href="css/site.css" />
    <script type="module" src="js/main.js"></script>
  </head>
  <body data-page="${current}">
    <nav class="site-nav" aria-label="Site">
      <a href="index.html">Home</a>
      <a href="about.html">About</a>
      <a href="contact.html">Contact</a>
    </nav>
    <main>
${body}
    </main>
    <footer><p id="year"></p></footer>
  </body>
</html>
`;

const MULTI_PAGE: ReadonlyArray<readonly [string, string]> = [
	['index.html', page('Home', 'home', '      <h1>Northwind Studio</h1>\n      <p>Small websites, made with care.</p>')],
	['about.html', page('About', 'about', '      <h1>About us</h1>\n      <p>Two people, one office, many plants.</p>')],
	['contact.html', page('Contact', 'contact', '      <h1>Contact</h1>\n      <p>Write to <a href="mailto:hello@example.com">hello@example.com</a>.</p>')],
	[
		'css/site.css',
		`:root { --accent: #2563eb; font-family: system-ui, sans-serif; }
body { margin: 0; line-height: 1.5; }
.site-nav { display: flex; gap: 1rem; padding: 1rem; border-bottom: 1px solid #ddd; }
.site-nav a { color: inherit; text-decoration: none; }
.site-nav a[aria-current='page'] { color: var(--accent); font-weight: 600; }
main, footer { padding: 1rem; }
`
	],
	[
		'js/main.js',
		`import { markCurrentPage } from './nav.js';
import { yearLine } from './lib/dates.js';

markCurrentPage(document);
document.querySelector('#year').textContent = yearLine(new Date());
`
	],
	[
		'js/nav.js',
		`/** Marks the nav link of the page being shown. */
export function markCurrentPage(doc) {
  const current = doc.body.dataset.page;
  for (const link of doc.querySelectorAll('.site-nav a')) {
    if (link.getAttribute('href') === (current === 'home' ? 'index.html' : current + '.html')) link.setAttribute('aria-current', 'page');
  }
}
`
	],
	['js/lib/dates.js', `export function yearLine(date) {\n  return '© ' + date.getFullYear() + ' Northwind Studio';\n}\n`],
	['README.md', '# Northwind Studio\n\nThree pages sharing `css/site.css` and the module graph `js/main.js` → `js/nav.js`, `js/lib/dates.js`.\n']
];

/** Each starter: what the person sees when choosing, and its files. */
export const STARTERS: Record<StarterId, { title: string; description: string; files: ReadonlyArray<readonly [string, string]> }> = {
	landing: { title: 'Landing page', description: 'The bakery page the theme, hero and feature tools edit.', files: STARTER_FILES },
	blank: { title: 'Blank', description: 'One empty page.', files: BLANK },
	'multi-page': { title: 'Multi-page site', description: 'Three pages with a shared stylesheet, a nav and ES modules.', files: MULTI_PAGE }
};

/** Fresh records of a starter. */
export function starterFilesOf(id: StarterId): FileRecord[] {
	return STARTERS[id].files.map(([path, content]) => makeFile(path, content));
}
