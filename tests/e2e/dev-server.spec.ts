// The dev-server verifier: `npm run dev` on a generated port serves the studio document, then stops.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/ports.mjs';

test('the dev server starts on a generated port, serves the studio document and stops', async () => {
	test.setTimeout(90_000);
	const port = await freePort();
	const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'dev', '--host', 'localhost'], {
		env: { ...process.env, PORT: String(port) },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true
	});
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	try {
		let body = '';
		const deadline = Date.now() + 60_000;
		while (Date.now() < deadline) {
			try {
				const response = await fetch(`http://localhost:${port}/`);
				if (response.ok) {
					body = await response.text();
					break;
				}
			} catch {
				// not listening yet
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		expect(body, output).toContain('<title>Web Studio</title>');
		expect(body).toContain('__sveltekit_dev');
	} finally {
		process.kill(-child.pid!, 'SIGTERM');
		await new Promise((resolve) => child.once('exit', resolve));
	}
	await expect(fetch(`http://localhost:${port}/`)).rejects.toThrow();
});
