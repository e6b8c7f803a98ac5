// Starts `npm run mcp` on a fresh folder for a test: over HTTP (resolving with its URL once it
// listens) or as the command a stdio client spawns. Everything it starts goes when the test ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');

/** A folder with one page, removed by `cleanup`. */
export function folder(cleanup: (() => Promise<void> | void)[], html = '<h1>Over HTTP</h1>\n'): string {
	const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-'));
	writeFileSync(join(dir, 'index.html'), html);
	cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}

/** Starts `npm run mcp -- --http --port 0` on a fresh folder; resolves with its URL once it listens. */
export async function serveHttp(cleanup: (() => Promise<void> | void)[], env: Record<string, string>, extra: string[] = [], html?: string): Promise<{ url: string; dir: string; child: ChildProcess }> {
	const dir = folder(cleanup, html);
	// A group of its own: npm, its shell and the server all go when the test ends (killing npm alone left the server listening).
	const child = spawn('npm', ['run', '-s', 'mcp', '--', '--dir', dir, '--http', '--port', '0', ...extra], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
	cleanup.push(async () => {
		try {
			process.kill(-child.pid!, 'SIGTERM');
		} catch {
			// already gone
		}
		await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
	});
	const url = await new Promise<string>((resolve, reject) => {
		let said = '';
		const timer = setTimeout(() => reject(new Error(`the server did not start: ${said}`)), 30_000);
		child.stderr!.on('data', (chunk: Buffer) => {
			said += chunk.toString();
			const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(said);
			if (found) {
				clearTimeout(timer);
				resolve(found[1]!);
			}
		});
		child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${said}`)));
	});
	return { url, dir, child };
}
