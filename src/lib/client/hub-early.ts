// Starts the hub's SharedWorker as early as the page can: the app shell's first paint starts it
// (src/first-paint.js, before any of the studio's modules has run), else the root layout's module
// does, while the page's own code is still loading and mounting. A worker asked for later waits for
// the page's main thread to yield, and its boot then followed the mount instead of overlapping it
// (B6 in `npm run bench`). connect() takes this worker over; it never starts a second one. The
// first paint holds the tab's lease from the start as well: the tab takes its id and lease over.
import { chosenWorkspace } from './workspace-choice';
import { hubWorkerName } from '$lib/worker/protocol-calls';

let early: { name: string; worker: SharedWorker } | null = null;

/** Creates the tab's hub worker now (once; nothing where SharedWorker is missing or refused). */
export function startHubEarly(): void {
	if (early || typeof SharedWorker !== 'function') return;
	try {
		const name = hubWorkerName(chosenWorkspace());
		const painted = takePaintedHub();
		if (painted?.name === name) return void (early = painted);
		// Another name cannot come from the same rule; if it ever does, that worker is let go.
		painted?.worker.port.close();
		early = { name, worker: new SharedWorker(new URL('../worker/hub.worker.ts', import.meta.url), { type: 'module', name }) };
	} catch {
		early = null; // connect() walks its ladder as before
	}
}

/** The worker the first paint started, handed over once. */
function takePaintedHub(): { name: string; worker: SharedWorker } | null {
	const shell = globalThis as { studioEarlyHub?: { name?: unknown; worker?: unknown } };
	const painted = shell.studioEarlyHub;
	delete shell.studioEarlyHub;
	return painted && typeof painted.name === 'string' && painted.worker instanceof SharedWorker ? { name: painted.name, worker: painted.worker } : null;
}

/** The tab's id and the lease the first paint asked for under it (held: the lock was granted). */
export interface EarlyTab {
	id: string;
	lease: Promise<void>;
}

/** The tab the first paint leased, handed over once (null: none, or not in the shape it writes). */
export function takeEarlyTab(): EarlyTab | null {
	const shell = globalThis as { studioEarlyTab?: { id?: unknown; lease?: unknown } };
	const painted = shell.studioEarlyTab;
	delete shell.studioEarlyTab;
	if (!painted || typeof painted.id !== 'string' || !/^[0-9a-f-]{36}$/.test(painted.id) || !(painted.lease instanceof Promise)) return null;
	return { id: painted.id, lease: painted.lease.then(() => undefined) };
}

/** The worker started early for `name`, handed over once (null: none, or another workspace's). */
export function takeEarlyHub(name: string): SharedWorker | null {
	if (early?.name !== name) return null;
	const { worker } = early;
	early = null;
	return worker;
}
