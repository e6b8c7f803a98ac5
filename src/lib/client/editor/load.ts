// Loads CodeMirror a package per task. Its code is about 600 kB; evaluated at once it was one task of
// about 100 ms on this machine — four times that on a phone, with no keystroke answered meanwhile.
// Imported bottom up, each import evaluates only its own package (the build makes a chunk of each:
// vite.config.ts), and the page answers between them.
import { nextTask } from '../next-task';
import { onceUntilFailed } from '$lib/core/once';

type CM = typeof import('./with-codemirror');

const PACKAGES: (() => Promise<unknown>)[] = [
	() => import('@codemirror/state'),
	() => import('@lezer/common'),
	() => import('@lezer/highlight'),
	() => import('@lezer/lr'),
	() => import('@codemirror/view'),
	() => import('@codemirror/language'),
	() => import('@codemirror/commands'),
	() => import('@codemirror/search'),
	() => import('@codemirror/autocomplete'),
	() => import('@codemirror/lint'),
	() => import('@codemirror/collab')
];

/** CodeMirror with the studio's setup and what comes with it (once per page; a failed load is tried again on the next call). */
export const loadCodeMirror: () => Promise<CM> = onceUntilFailed(async () => {
	for (const load of PACKAGES) {
		await load();
		await nextTask();
	}
	return import('./with-codemirror');
});
