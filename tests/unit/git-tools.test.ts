// The git tools in a hub, against a real git server on 127.0.0.1: the link keeps its token in and
// never out; commit and push need a person's consent for an agent; a pull's card shows its diff, it
// lands as one revision that one Undo reverts; a conflict writes nothing until the person decides.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { IdbRepository } from '../../src/lib/storage/repository';
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
	const root = gitRoot('studio-hubgit-');
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

/** A temporary folder for a device's git objects, removed after the test. */
function gitRoot(prefix: string): string {
	const root = mkdtempSync(join(tmpdir(), prefix));
	cleanup.push(() => rmSync(root, { recursive: true, force: true }));
	return root;
}

/** One browser: its storage, preferences, settings and git objects, behind a hub per workspace (as tabs open them). */
function browserProfile(name: string) {
	const root = gitRoot('studio-clone-');
	const db = { indexedDB: new IDBFactory(), name };
	const preferences = store();
	const settings = store();
	const open = async (workspaceId = 'default') => {
		const h = await composeHub({ mode: 'shared-worker', build: 'b', repository: await IdbRepository.open(db), workspaceId, publish: () => undefined, preferences, settings, gitFs: async () => fs, gitRoot: root, gitRemove: async (gitdir) => rmSync(gitdir, { recursive: true, force: true }) });
		const api = createFacade(h);
		return { h, api, direct: (tool: string, args: Record<string, unknown> = {}) => api.callTool(tool, args, { tabId: `tab-${name}`, source: 'palette' }) };
	};
	return { root, preferences, settings, open };
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

	it('a new workspace clones a remote: the same files, linked with nothing to commit; its edit pushed comes back to the first device; a wrong token creates nothing', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const laptop = await linked(git, 'shop', 'Laptop');
		out(await laptop.direct('workspace_create_file', { path: 'notes.md', content: 'one\ntwo\n' }));
		out(await laptop.direct('git_commit', { message: 'From the laptop' }));
		out(await laptop.direct('git_push'));
		const sent = laptop.h.service.workspace.files;

		// A phone: one browser's storage, preferences, settings and git objects behind two hubs.
		const { root, preferences, settings, open } = browserProfile('clone-phone');
		const first = await open();
		const before = (await first.api.listWorkspaces()).length;
		const refused = first.api.createWorkspace('Nope', { kind: 'git', link: { url: git.repo('shop'), token: 'not-it', author: { name: 'Phone', email: 'phone@example.com' } } });
		await expect(refused).rejects.toMatchObject({ code: 'GIT_AUTH_FAILED' });
		expect((await first.api.listWorkspaces()).length).toBe(before);

		const created = await first.api.createWorkspace('Shop', { kind: 'git', link: { url: git.repo('shop'), token: TOKEN, author: { name: 'Phone', email: 'phone@example.com' } } });
		expect(created).toMatchObject({ name: 'Shop', files: sent.size });
		const phone = await open(created.id);
		const got = phone.h.service.workspace.files;
		expect([...got.keys()].sort()).toEqual([...sent.keys()].sort());
		for (const [path, file] of sent) expect(got.get(path)!.content).toEqual(file.content);
		expect(await phone.api.gitLink()).toMatchObject({ linked: true, url: git.repo('shop'), branch: 'main', hasToken: true, author: { name: 'Phone' } });
		expect(out(await phone.direct('git_status')).changes).toEqual([]);
		expect(out(await phone.direct('git_pull'))).toMatchObject({ upToDate: true });

		out(await phone.direct('workspace_apply_patch', { path: 'notes.md', search: 'two', replace: 'two from the phone' }));
		// What a commit would hold, with its lines, before it is made.
		expect(out(await phone.direct('git_status')).changes).toEqual([{ path: 'notes.md', change: 'modified', diff: [{ kind: ' ', text: 'one' }, { kind: '-', text: 'two' }, { kind: '+', text: 'two from the phone' }] }]);
		out(await phone.direct('git_commit', { message: 'From the phone' }));
		expect(out(await phone.direct('git_push')).pushed).toMatch(/^[0-9a-f]{40}$/);
		expect(git.log('shop').map((e) => [e.subject, e.author])).toEqual([
			['From the phone', 'Phone'],
			['From the laptop', 'Laptop']
		]);
		out(await laptop.direct('git_pull'));
		expect(((await laptop.api.readFile('notes.md')) as { content: string }).content).toBe('one\ntwo from the phone\n');

		// Deleting the workspace forgets its link, its token and its objects on this device.
		expect(fs.existsSync(join(root, `${created.id}.git`))).toBe(true);
		await first.api.deleteWorkspace(created.id);
		expect(fs.existsSync(join(root, `${created.id}.git`))).toBe(false);
		expect(preferences.data.get(`git:${created.id}`)).toBeNull();
		expect(settings.data.get(`git-token:${created.id}`)).toBe('');
	}, 60_000);

	it('a repository without a commit clones into an empty workspace, linked: its first push makes the branch', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const { open } = browserProfile('clone-empty');
		const first = (await open()).api;
		const created = await first.createWorkspace('Fresh', { kind: 'git', link: { url: git.repo('fresh'), token: TOKEN, author: { name: 'New', email: 'new@example.com' } } });
		expect(created.files).toBe(0);
		const call = (await open(created.id)).direct;
		out(await call('workspace_create_file', { path: 'index.html', content: '<h1>Fresh</h1>' }));
		out(await call('git_commit', { message: 'First page' }));
		out(await call('git_push'));
		expect(git.log('fresh').map((e) => e.subject)).toEqual(['First page']);
	}, 60_000);

	it('commit on quiet: with the setting on, the workspace is committed once it has had no change for that long — only a commit (nothing pushed), traced as the person’s own; off, nothing is committed', async () => {
		const git = await startGitServer({ token: TOKEN });
		cleanup.push(() => git.close());
		const root = gitRoot('studio-quiet-');
		// One "minute" is half a second here; the waits keep a margin of a few hundred ms either side.
		const h = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined, preferences: store(), settings: store(), gitFs: async () => fs, gitRoot: root, gitQuietUnitMs: 500 });
		const api = createFacade(h);
		const call = (name: string, args: Record<string, unknown> = {}) => api.callTool(name, args, { tabId: 't', source: 'palette' });
		const head = async () => out(await call('git_status')).head;
		const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
		const link = { url: git.repo('quiet'), token: TOKEN, author: { name: 'Quiet', email: 'quiet@example.com' } };
		await api.setGitLink(link);
		out(await call('workspace_create_file', { path: 'a.md', content: 'a' }));
		await wait(700);
		expect(await head()).toBeNull(); // off: no commit

		expect(await api.setGitLink({ ...link, autoCommitMinutes: 2 })).toMatchObject({ autoCommitMinutes: 2 });
		const started = Date.now();
		out(await call('workspace_create_file', { path: 'b.md', content: 'b' }));
		await wait(500);
		out(await call('workspace_create_file', { path: 'c.md', content: 'c' })); // a change inside the quiet time starts it again
		await wait(1300 - (Date.now() - started)); // past b's 1000 ms, short of c's
		expect(await head()).toBeNull();
		await expect.poll(head, { timeout: 5000 }).toMatch(/^[0-9a-f]{40}$/);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
		expect(out(await call('git_status')).changes).toEqual([]);
		const commits = h.registry.trace.snapshot().filter((e) => e.name === 'git_commit' && e.phase === 'completed');
		expect(commits).toHaveLength(1);
		expect(commits[0]).toMatchObject({ source: 'palette', mode: 'direct' });
		expect(() => git.log('quiet')).toThrow(); // nothing was pushed
	}, 60_000);
});
