// Tool definitions: the preview (status, refresh, navigation, the site's storage) and the starter template's theme, hero and feature cards. Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { Revision, PreviewOutcome, MutationOutput, noInput, mutationInput, READ, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';

/** What a tool that renders again answers: the revision and the preview's outcome of it. */
const Rendered = v.looseObject({ revision: Revision, preview: PreviewOutcome });

/** An error or warning line of the preview, with where it happened. */
const Located = v.looseObject({ message: v.string(), revision: Revision, at: v.optional(v.pipe(v.string(), v.description('Where it happened: workspace file and line ("app.js:12"), when known.'))) });

/** The preview tools of the catalog. */
export const PREVIEW_TOOLS = {
	preview_get_status: tool({
		name: 'preview_get_status',
		untrustedContent: true,
		title: 'Preview status',
		group: 'preview',
		description:
			'Returns the last revision the preview acknowledged, its status (ready, error, timeout, unavailable), the page it shows, compile diagnostics (missing files, external references), the latest console lines, runtime errors with the revision and the file:line they came from, and warnings (requests refused because the network is off). Use it after a change to check the page works. Read-only.',
		input: noInput(),
		output: v.looseObject({
			revision: Revision,
			preview: PreviewOutcome,
			page: v.optional(v.pipe(v.string(), v.description('The page the preview shows (index.html, about.html…).'))),
			console: v.array(v.looseObject({ level: v.string(), text: v.string(), revision: Revision })),
			errors: v.array(Located),
			warnings: v.optional(v.array(Located))
		}),
		hints: READ
	}),
	preview_navigate: tool({
		name: 'preview_navigate',
		title: 'Go to a page',
		group: 'preview',
		description:
			'Shows another page of the site in the preview, as a link to it would (about.html, blog/, product.html?id=3, /contact.html#form), or goes back or forward, and waits for the preview to acknowledge it. The page stays shown across later changes. Does not change files. Read-only.',
		input: v.strictObject({
			path: v.optional(v.pipe(v.string(), v.maxLength(2048), v.description('A page of the site: a workspace path, "dir/" for its index.html, optionally with a ?query (the page reads it as location.search) and a #fragment.'), v.examples(['about.html', 'blog/', 'product.html?id=3', 'index.html#pricing']))),
			direction: v.optional(v.pipe(v.picklist(['back', 'forward']), v.description('Go back or forward in the preview instead of to a path.')))
		}),
		output: v.looseObject({ revision: Revision, page: v.string(), preview: PreviewOutcome }),
		hints: { ...READ, idempotentHint: false }
	}),
	preview_get_storage: tool({
		name: 'preview_get_storage',
		untrustedContent: true,
		title: 'Site storage',
		group: 'preview',
		description:
			"Returns the site's localStorage, cookies and IndexedDB databases as the preview keeps them for this workspace: every localStorage key and value, every cookie (`name; path=/` → `value`, with `; expires=<ISO time>` unless it lasts the session), and each database's version and stores (key path, indexes, record count and the first 20 records as JSON). Values over 2,000 characters are cut and say their length. Use it to debug a page that remembers things (why does the todo list come back empty? why does the cookie banner come back?). Read-only.",
		input: noInput(),
		output: v.looseObject({
			local: v.record(v.string(), v.string()),
			keys: v.number(),
			bytes: v.number(),
			cookies: v.optional(v.record(v.string(), v.string())),
			indexedDB: v.optional(v.array(v.looseObject({ name: v.string(), version: v.optional(v.number()), stores: v.optional(v.array(v.looseObject({ name: v.string(), count: v.number(), records: v.array(v.object({ key: v.string(), value: v.string() })) }))), error: v.optional(v.string()) })))
		}),
		hints: READ
	}),
	preview_clear_storage: tool({
		name: 'preview_clear_storage',
		title: 'Clear site storage',
		group: 'preview',
		description:
			"Clears the site's localStorage, sessionStorage, cookies and IndexedDB databases in the preview and reloads the page shown, so the page starts as a first visitor sees it; returns the preview outcome of that reload. The site's storage is the preview's, not the workspace's: no file changes (read-only for the workspace).",
		input: noInput(),
		output: Rendered,
		hints: { ...READ, idempotentHint: true }
	}),
	preview_refresh: tool({
		name: 'preview_refresh',
		title: 'Refresh preview',
		group: 'preview',
		description:
			'Renders the current revision again (for example after a runtime error that depends on timing) and waits for the preview to acknowledge it. Does not change files. Read-only.',
		input: noInput(),
		output: Rendered,
		hints: { ...READ, idempotentHint: false }
	}),
	preview_screenshot: tool({
		name: 'preview_screenshot',
		untrustedContent: true,
		title: 'Screenshot of the page',
		group: 'preview',
		description:
			'Returns a picture of the page the preview shows, as an image, at the width you choose (390 for a phone, 768 for a tablet, 1280 for a desktop), of the revision the preview acknowledged (the answer names it). Give a CSS selector for one element only (its own size), or fullPage for the whole page height instead of the first screen. Use it to see how a layout looks before and after a change ("the header looks cramped on a phone"). Needs the studio open in a browser tab. Read-only.',
		input: v.strictObject({
			width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(2560), v.description('Viewport width in CSS pixels (default 1280): 390 phone, 768 tablet, 1280 desktop.'), v.examples([390, 768, 1280])), 1280),
			height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(4000), v.description('Viewport height in CSS pixels (default: 844 for phone widths, 1024 for tablets, 800 otherwise).'))),
			selector: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description('A CSS selector: the picture is of the first matching element only.'), v.examples(['h1.hero-title', 'header']))),
			fullPage: v.optional(v.pipe(v.boolean(), v.description('The whole page height (at most 8000 px) instead of the first screen.'))),
			format: v.optional(v.pipe(v.picklist(['png', 'jpeg']), v.description('png (default, exact) or jpeg (smaller).')), 'png')
		}),
		output: v.looseObject({
			revision: Revision,
			page: v.pipe(v.string(), v.description('The page drawn (index.html, about.html…).')),
			width: v.number(),
			height: v.number(),
			mimeType: v.string(),
			bytes: v.number(),
			selector: v.optional(v.string())
		}),
		hints: READ
	}),
	preview_set_theme: tool({
		name: 'preview_set_theme',
		title: 'Set theme colour',
		group: 'template',
		description: `Starter template: sets the site's accent colour (a #rrggbb hex value) and optionally its colour scheme, by editing styles.css. Fails with PREVIEW_TARGET_NOT_FOUND if the template's theme block was removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			accent: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/), v.description('Accent colour as #rrggbb.'), v.examples(['#0d9488'])),
			scheme: v.optional(v.pipe(v.picklist(['light', 'dark', 'auto']), v.description('Colour scheme of the site (default: leave as is).')))
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	preview_update_hero: tool({
		name: 'preview_update_hero',
		title: 'Update hero',
		group: 'template',
		description: `Starter template: changes the big headline and/or the sentence under it on index.html. Text is inserted as text (HTML is escaped). Fails with PREVIEW_TARGET_NOT_FOUND if the hero markers were removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			title: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120), v.description('New headline.'), v.examples(['Fresh bread every morning']))),
			subtitle: v.optional(v.pipe(v.string(), v.maxLength(300), v.description('New sentence under the headline.')))
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	preview_add_feature: tool({
		name: 'preview_add_feature',
		title: 'Add feature card',
		group: 'template',
		description: `Starter template: appends a feature card (title, short text, optional emoji icon) to the features section of index.html. Text is escaped. Fails with PREVIEW_TARGET_NOT_FOUND if the features list was removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			title: v.pipe(v.string(), v.minLength(1), v.maxLength(80), v.description('Card title.'), v.examples(['Fast'])),
			body: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('One or two sentences.'), v.examples(['Loads in under a second.'])),
			icon: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(8), v.description('An emoji shown on the card.')))
		}),
		output: MutationOutput,
		hints: WRITE
	})
} as const;
