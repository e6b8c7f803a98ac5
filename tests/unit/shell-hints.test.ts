// The app shell's hints, read from a client build: the hub worker's URL under the base path.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellHints } from '../../src/lib/server/shell-hints';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A kit output folder whose client build holds the named worker files (null: no workers folder). */
function kitDir(workers: string[] | null): string {
	const dir = mkdtempSync(join(tmpdir(), 'shell-hints-'));
	dirs.push(dir);
	const client = join(dir, 'output', 'client');
	mkdirSync(client, { recursive: true });
	if (workers) {
		mkdirSync(join(client, '_app', 'immutable', 'workers', 'chunks'), { recursive: true });
		for (const file of workers) writeFileSync(join(client, '_app', 'immutable', 'workers', file), '');
	}
	return dir;
}

describe('shellHints', () => {
	it('names the hub worker (not the per-tab worker, not a compressed copy) under the base path', () => {
		expect(shellHints('/sub', kitDir(['dedicated.worker-X1.js', 'hub.worker-Y2_z.js.br', 'hub.worker-Y2_z.js', 'hub.worker-Y2_z.js.gz'])).hub).toBe('/sub/_app/immutable/workers/hub.worker-Y2_z.js');
		expect(shellHints('', kitDir(['hub.worker-Q.js'])).hub).toBe('/_app/immutable/workers/hub.worker-Q.js');
	});

	it('names nothing without a client build or a hub worker in it: the root layout starts the hub then', () => {
		expect(shellHints('', kitDir(null))).toEqual({ hub: '' });
		expect(shellHints('', kitDir(['dedicated.worker-X1.js']))).toEqual({ hub: '' });
	});
});
