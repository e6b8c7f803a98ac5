// Starts the hub's SharedWorker as soon as the app's first module runs (the root layout), while the
// page's own code is still loading and mounting: a worker asked for later waits for the page's main
// thread to yield, and its boot then followed the mount instead of overlapping it (B6 in
// `npm run bench`). connect() takes this worker over; it never starts a second one.
import { chosenWorkspace } from './workspace-choice';
import { hubWorkerName } from '$lib/worker/protocol-calls';

let early: { name: string; worker: SharedWorker } | null = null;

/** Creates the tab's hub worker now (once; nothing where SharedWorker is missing or refused). */
export function startHubEarly(): void {
	if (early || typeof SharedWorker !== 'function') return;
	try {
		const name = hubWorkerName(chosenWorkspace());
		early = { name, worker: new SharedWorker(new URL('../worker/hub.worker.ts', import.meta.url), { type: 'module', name }) };
	} catch {
		early = null; // connect() walks its ladder as before
	}
}

/** The worker started early for `name`, handed over once (null: none, or another workspace's). */
export function takeEarlyHub(name: string): SharedWorker | null {
	if (early?.name !== name) return null;
	const { worker } = early;
	early = null;
	return worker;
}
