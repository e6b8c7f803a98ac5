// The page's start in steps, one task each: the shell, then the editor, then what is behind it. A
// phone-class CPU is about four times slower than a laptop, and a mount of the whole workbench at
// once was one task of 150–250 ms here: no tap or keystroke could be answered during it. Each step
// mounts one region, so the page answers between them.
import { nextTask } from './next-task';

/** The steps, in the order they mount (the ones on screen first). */
export const START_STEPS = ['bar', 'status', 'workbench', 'editor', 'preview', 'files', 'rest'] as const;
export type StartStep = (typeof START_STEPS)[number];

/** How far the start has come; regions ask `has(step)` before they mount. */
export class StartStages {
	#reached = $state(0);
	#running = false;

	/** `step` has mounted (or mounts in this task). */
	has(step: StartStep): boolean {
		return this.#reached > START_STEPS.indexOf(step);
	}

	/** Every step is done. */
	get done(): boolean {
		return this.#reached >= START_STEPS.length;
	}

	/** Mounts the steps one task after another (once per page). */
	async run(): Promise<void> {
		if (this.#running) return;
		this.#running = true;
		while (this.#reached < START_STEPS.length) {
			await nextTask();
			this.#reached++;
		}
	}
}
