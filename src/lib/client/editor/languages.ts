// The editor's languages, each loaded the first time a file of its kind opens: a start fetches and
// evaluates only the open file's (HTML brings CSS and JavaScript, which it embeds), a task each.
import type { Extension } from '@codemirror/state';
import { nextTask } from '../next-task';

/** Loads a language's support, one package per task (the ones it embeds first). */
const LOADERS: Record<string, () => Promise<Extension>> = {
	html: async () => {
		await loaded('css');
		await loaded('javascript');
		const { html } = await import('@codemirror/lang-html');
		return html();
	},
	css: async () => (await import('@codemirror/lang-css')).css(),
	javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
	typescript: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
	json: async () => (await import('@codemirror/lang-json')).json(),
	markdown: async () => (await import('@codemirror/lang-markdown')).markdown()
};
LOADERS.svg = LOADERS.html!;

const ready = new Map<string, Extension>();
const pending = new Map<string, Promise<Extension>>();

/** `lang`'s support once loaded (a kind with none, or a load that failed: plain text). */
function loaded(lang: string): Promise<Extension> {
	const load = LOADERS[lang];
	if (!load) return Promise.resolve([]);
	let promise = pending.get(lang);
	if (!promise) {
		promise = nextTask()
			.then(load)
			.then(
				(extension) => (ready.set(lang, extension), extension),
				() => (pending.delete(lang), [] as Extension) // offline before it was cached: plain text, tried again next time
			);
		pending.set(lang, promise);
	}
	return promise;
}

/** Loads `lang` (resolves once a state created for it is highlighted). */
export async function loadLanguage(lang: string): Promise<void> {
	await loaded(lang);
}

/** `lang`'s support if it is loaded, else none (the text shows plain). */
export function languageNow(lang: string): Extension {
	return ready.get(lang) ?? [];
}
