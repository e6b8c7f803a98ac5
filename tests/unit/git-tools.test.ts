// The git tools in a hub, against a real git server on 127.0.0.1: the link keeps its token in and
// never out; commit and push need a person's consent for an agent; a pull's card shows its diff, it
// lands as one revision that one Undo reverts; a conflict writes nothing until the person decides.
import { afterEach, describe, expect, it } from 'vitest';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { MemoryRepository } from '../../src/lib/storage/memory';
import type { Impact } from '../../src/lib/runtime/prepare';
import type { CallToolResult } from '../../src/lib/runtime/types';
import { startGitServer, type GitServer } from '../e2e/helpers/git-server';

const TOKEN = 'tools-token-5';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

const store = () => {
	const data = new Map<string, unknown>();
	return { data, get: async (key: string) => structuredClone(data.get(key)), set: async (key: string, value: unknown) => void data.set(key, structuredClone(value)) };
};

/** A hub with git, as a browser tab reaches it (its facade), on a device of its own. */
async function hub(who: string) {
	const root = mkdtempSync(join(tmpdir(), 'studio-hubgit-'));
	cleanup.push(() => rmSync(root, { recursive: true, force: true }));
	const settings = store();
	const h = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined, preferences: store(), settings, gitFs: async () => fs, gitRoot: root });
	const api = createFacade(h);
	const tab = { tabId: `tab-${who}`, source: 'palette' as const };
	const direct = (name: string, args: Record<string, unknown> = {}) => api.callTool(name, args, tab);
	const agent = (name: string, args: Record<string, unknown> = {}) => api.executeAgentCall({ id: `call-${Math.random()}`, name, arguments: args }, { tabId: tab.tabId, source: 'webmcp', sessionId: `s-${who}` });
	const pending = async () => {
		for (let i = 0; i < 1000; i++) {
			const found = h.registry.policy.snapshot()[0];
			if (found) return found;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		throw new Error('no card');
	};
	return { h, api, direct, agent, pending, settings, who };
}
const out = (result: CallToolResult) => {
	if (result.isError) throw new Error(JSON.stringify(result.structuredContent.error));
	return result.structuredContent as Record<string, unknown>;
};
const code = (result: CallToolResult) => (result.structuredContent.error as { code?: string } | undefined)?.code;

async function linked(server: GitServer, name: string, who: string) {
	const device = await hub(who);
	const view = await device.api.setGitLink({ url: server.repo(name), branch: 'main', token: TOKEN, author: { name: who, email: `${who.toLowerCase()}@example.com` } });
	expect(view).toMatchObject({ linked: true, hasToken: true, branch: 'main' });
	expect(JSON.stringify(view)).not.toContain(TOKEN);
	return device;
}

describe('git tools in a hub', () => {
	it('unlinked: status says so and commit fails with GIT_NOT_LINKED; linked: an agent’s commit and push each wait for a person', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const lone = await hub('Lone');
		expect(out(await lone.direct('git_status'))).toMatchObject({ linked: false, changes: [] });
		expect(code(await lone.direct('git_commit', { message: 'x' }))).toBe('GIT_NOT_LINKED');

		const laptop = await linked(git, 'site', 'Laptop');
		const status = out(await laptop.direct('git_status'));
		expect(status.linked).toBe(true);
		expect((status.changes as { path: string }[]).length).toBeGreaterThan(0);
		const commit = laptop.agent('git_commit', { message: 'Starter site' });
		const card = await laptop.pending();
		expect(card.name).toBe('git_commit');
		expect((card.impact as Impact).summary).toMatch(/Commits \d+ files on this device/);
		laptop.h.registry.policy.resolve(card.id, 'allow-once');
		expect(out(await commit).commit).toMatch(/^[0-9a-f]{40}$/);
		const push = laptop.agent('git_push');
		const pushCard = await laptop.pending();
		expect((pushCard.impact as Impact).summary).toContain(git.repo('site'));
		laptop.h.registry.policy.resolve(pushCard.id, 'deny');
		expect(code(await push)).toBe('TOOL_APPROVAL_DENIED');
		expect(() => git.log('site')).toThrow(); // nothing reached the server
		expect(out(await laptop.direct('git_push')).pushed).toMatch(/^[0-9a-f]{40}$/);
		expect(git.log('site')).toEqual([{ author: 'Laptop', email: 'laptop@example.com', subject: 'Starter site' }]);
	}, 60_000);

	it('a pull merges the remote’s edit with an unpushed local one into one revision (its card shows the diff; one Undo reverts it); the same line both ways is a conflict until the person picks a side', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const laptop = await linked(git, 'pair', 'Laptop');
		await laptop.direct('workspace_write_file', { path: 'notes.md', content: 'one\ntwo\nthree\n', createIfMissing: true });
		out(await laptop.direct('git_commit', { message: 'Notes' }));
		out(await laptop.direct('git_push'));

		const phone = await linked(git, 'pair', 'Phone');
		const first = out(await phone.direct('git_pull'));
		expect(first.upToDate).toBe(false);
		expect(((await phone.api.readFile('notes.md')) as { content: string }).content).toBe('one\ntwo\nthree\n');
		await phone.direct('workspace_write_file', { path: 'notes.md', content: 'ONE\ntwo\nthree\n' });
		out(await phone.direct('git_commit', { message: 'From the phone' }));
		out(await phone.direct('git_push'));

		await laptop.direct('workspace_write_file', { path: 'notes.md', content: 'one\ntwo\nTHREE\n' });
		const before = laptop.h.service.revision;
		const pull = laptop.agent('git_pull');
		const card = await laptop.pending();
		const impact = card.impact as Impact;
		expect(impact.files.map((f) => [f.path, f.change])).toEqual([['notes.md', 'modified']]);
		expect(impact.files[0]!.diff).toEqual(expect.arrayContaining([{ kind: '-', text: 'one' }, { kind: '+', text: 'ONE' }]));
		laptop.h.registry.policy.resolve(card.id, 'allow-once');
		const pulled = out(await pull);
		expect(pulled.revision).toBe(before + 1);
		expect(((await laptop.api.readFile('notes.md')) as { content: string }).content).toBe('ONE\ntwo\nTHREE\n');
		out(await laptop.direct('workspace_undo'));
		expect(((await laptop.api.readFile('notes.md')) as { content: string }).content).toBe('one\ntwo\nTHREE\n');
		out(await laptop.direct('workspace_redo'));
		out(await laptop.direct('git_commit', { message: 'Both' }));
		out(await laptop.direct('git_push'));
		expect(git.show('pair', 'notes.md')).toBe('ONE\ntwo\nTHREE\n');

		// Now the same line both ways.
		out(await phone.direct('git_pull'));
		await phone.direct('workspace_write_file', { path: 'notes.md', content: 'ONE\ntwo from the phone\nTHREE\n' });
		out(await phone.direct('git_commit', { message: 'Phone line two' }));
		out(await phone.direct('git_push'));
		await laptop.direct('workspace_write_file', { path: 'notes.md', content: 'ONE\ntwo from the laptop\nTHREE\n' });
		const revision = laptop.h.service.revision;
		const clash = await laptop.direct('git_pull');
		expect(code(clash)).toBe('GIT_MERGE_CONFLICT');
		expect((clash.structuredContent.error as { details: { conflicts: unknown[] } }).details.conflicts).toEqual([{ path: 'notes.md', local: 'ONE\ntwo from the laptop\nTHREE\n', remote: 'ONE\ntwo from the phone\nTHREE\n', base: 'ONE\ntwo\nTHREE\n' }]);
		expect(laptop.h.service.revision).toBe(revision); // nothing written
		out(await laptop.direct('git_pull', { resolve: { 'notes.md': 'mine' } }));
		expect(((await laptop.api.readFile('notes.md')) as { content: string }).content).toBe('ONE\ntwo from the laptop\nTHREE\n');
		out(await laptop.direct('git_commit', { message: 'Kept mine' }));
		out(await laptop.direct('git_push'));
		expect(git.show('pair', 'notes.md')).toBe('ONE\ntwo from the laptop\nTHREE\n');
		expect(git.log('pair').map((e) => e.subject)[0]).toBe('Kept mine');
	}, 90_000);

	it('a wrong token is GIT_AUTH_FAILED; the token never comes back out of the hub', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const device = await hub('Wrong');
		await device.api.setGitLink({ url: git.repo('locked'), token: 'not-it', author: { name: 'W', email: 'w@example.com' } });
		out(await device.direct('git_commit', { message: 'Try' }));
		expect(code(await device.direct('git_push'))).toBe('GIT_AUTH_FAILED');
		expect(JSON.stringify(await device.api.gitLink())).not.toContain('not-it');
		expect(JSON.stringify(device.h.registry.trace.snapshot())).not.toContain('not-it');
	}, 60_000);
});
