// The class SvelteKit's router makes its root component with (`new Root({ target, props })`, then
// `root.$set(props)` on each navigation): Svelte's own `asClassComponent` is a whole Svelte 4
// compatibility layer (events, accessors, hydration) the router's two calls do not use, in every
// first screen's code. Swapped in for SvelteKit's generated root.js by scripts/vite/kit-root.ts.
import { flushSync, mount, type Component } from 'svelte';

type Props = Record<string | symbol, unknown>;

/** One prop's value: its own signal, so a navigation's `$set` re-runs only what reads what changed. */
class Cell {
	value = $state.raw<unknown>();
	constructor(value: unknown) {
		this.value = value;
	}
}

/** What the router passes (its `hydrate` is false in an SPA, where nothing was rendered on a server). */
interface RootOptions {
	target: Element;
	props: Props;
	transformError?: (error: unknown) => unknown;
}

/** The root component as the class SvelteKit's client constructs. */
export function rootClass(component: Component<Props>) {
	return class Root {
		readonly #props: Props;
		constructor({ target, props, transformError }: RootOptions) {
			// Each cell is made here or in a `$set`, never while the component renders: Svelte does not
			// make a reaction depend on state made during its own run.
			const cells = new Map<string | symbol, Cell>(Object.entries(props).map(([key, value]) => [key, new Cell(value)]));
			/** Counts the props set that the first ones lacked: a read of a missing prop follows it. */
			const added = new Cell(0);
			this.#props = new Proxy(
				{ ...props },
				{
					get: (_values, key) => {
						const cell = cells.get(key);
						if (cell) return cell.value;
						void added.value;
						return undefined;
					},
					set: (values, key, value) => {
						const cell = cells.get(key);
						if (cell) cell.value = value;
						else {
							cells.set(key, new Cell(value));
							added.value = (added.value as number) + 1;
						}
						values[key] = value;
						return true;
					}
				}
			);
			mount(component, { target, props: this.#props, intro: false, transformError });
			// Rendered now, as Svelte's wrapper renders it (its check for the router's `sync: false` lets it flush).
			flushSync();
		}
		/** A navigation's new props. */
		$set(next: Props): void {
			Object.assign(this.#props, next);
		}
	};
}
