// The official MCP conformance suite's server scenarios that apply to a tools-only server, run against
// `npm run mcp -- --http`: the handshake, ping, tools/list, SSE (polling and several streams at once)
// and DNS-rebinding protection. The suite is pinned at 0.1.13, the newest that runs on Node 20 (later
// releases need fs.globSync). The scenarios that call the suite's own test tools (tools-call-*,
// resources, prompts, sampling, elicitation) do not apply to this catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '../..');
const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const run = promisify(execFile);
let child: ChildProcess;
let url = '';
let dir = '';

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'studio-mcp-conformance-'));
	child = spawn('npm', ['run', '-s', 'mcp', '--', '--dir', dir, '--http', '--port', '0'], { cwd: ROOT, env: { ...process.env, WEB_STUDIO_MCP_TOKEN: '' }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
	url = await new Promise<string>((done, failed) => {
		let said = '';
		child.stderr!.on('data', (chunk: Buffer) => {
			said += chunk.toString();
			const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(said);
			if (found) done(found[1]!);
		});
		child.on('exit', (code) => failed(new Error(`the server exited (${code}): ${said}`)));
	});
}, 60_000);

afterAll(async () => {
	try {
		process.kill(-child.pid!, 'SIGTERM');
	} catch {
		// gone already
	}
	if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
	rmSync(dir, { recursive: true, force: true });
});

/** One scenario's tally, as the suite prints it ("Passed: 2/2, 0 failed, 0 warnings"). */
async function scenario(name: string): Promise<{ passed: number; total: number; failed: number; output: string }> {
	const { stdout, stderr } = await run(process.execPath, [SUITE, 'server', '--url', url, '--scenario', name], { cwd: ROOT, timeout: 60_000 }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
	const output = `${stdout}${stderr}`;
	const tally = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
	if (!tally) throw new Error(`no result from scenario ${name}:\n${output}`);
	return { passed: Number(tally[1]), total: Number(tally[2]), failed: Number(tally[3]), output };
}

describe('the MCP conformance suite against --http', () => {
	it.each([
		['server-initialize', 1],
		['ping', 1],
		['tools-list', 1],
		['server-sse-multiple-streams', 2],
		['dns-rebinding-protection', 2]
	] as const)('%s passes', async (name, checks) => {
		const result = await scenario(name);
		expect(result.failed, result.output).toBe(0);
		expect(result.passed, result.output).toBe(checks);
		expect(result.total).toBe(checks);
	}, 90_000);

	it('server-sse-polling has no failure (its checks are SHOULDs: it asks as protocol 2025-03-26, to which no priming event is due, and calls a test tool of its own)', async () => {
		const result = await scenario('server-sse-polling');
		expect(result.failed, result.output).toBe(0);
	}, 90_000);
});
