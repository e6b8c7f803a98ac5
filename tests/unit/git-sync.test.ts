// A workspace synced with a real git server (`git http-backend` on 127.0.0.1, a token required):
// commit and push, clone on a second device, edits both sides merged three ways, a conflict left to
// the person, the dot-file and .gitignore rules, and canonical errors for auth, non-fast-forward,
// a host that went away and a URL that is no git server.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { GitRepo, type GitRemote } from '../../src/lib/runtime/git/repo';
import { changesSince, commitFiles, commitWorkspace, finishPull, managedFiles, planPull, pushBranch, type GitLink } from '../../src/lib/runtime/git/sync';
import { mergeFileSets, mergeText } from '../../src/lib/domain/merge3';
import { makeFile, type FileRecord } from '../../src/lib/domain/model';
import { ToolError } from '../../src/lib/core/errors';
import { startGitServer, type GitServer } from '../e2e/helpers/git-server';

const TOKEN = 'git-token-77';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

async function server(): Promise<GitServer> {
	const git = await startGitServer({ token: TOKEN });
	cleanup.push(() => git.close());
	return git;
}

/** One device: its own object store, its workspace's files, its link. */
function device(url: string, who: string) {
	const dir = mkdtempSync(join(tmpdir(), 'studio-gitdir-'));
	cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
	const repo = new GitRepo(fs, join(dir, 'ws.git'));
	const remote: GitRemote = { url, branch: 'main', token: TOKEN };
	const link: GitLink = { url, branch: 'main', author: { name: who, email: `${who.toLowerCase()}@example.com` }, base: null };
	let files = new Map<string, FileRecord>();
	return {
		repo,
		remote,
		link,
		files: () => [...files.values()],
		text: (path: string) => files.get(path)?.content,
		set(path: string, content: string) {
			files = new Map(files).set(path, makeFile(path, content));
		},
		load(entries: Map<string, Uint8Array>) {
			files = new Map([...entries].map(([path, bytes]) => [path, makeFile(path, bytes)]));
		},
		/** A clone: the remote's branch fetched, its files the workspace, the sync base its head. */
		async clone() {
			await repo.ensure(remote);
			const head = (await repo.fetch(remote))!;
			const { files: managed, leftOut } = managedFiles(await repo.files(head));
			this.load(managed);
			await repo.setHead('main', head);
			link.base = head;
			return { head, leftOut };
		}
	};
}

const failure = async (promise: Promise<unknown>) => {
	try {
		await promise;
	} catch (error) {
		return error as ToolError;
	}
	throw new Error('expected a failure');
};

describe('the three-way merge', () => {
	it('keeps both sides’ changes to different lines, and calls the same lines changed both ways a conflict', () => {
		const base = 'one\ntwo\nthree\n';
		expect(mergeText(base, 'ONE\ntwo\nthree\n', 'one\ntwo\nTHREE\n')).toBe('ONE\ntwo\nTHREE\n');
		expect(mergeText(base, 'one\nTWO\nthree\n', 'one\nzwei\nthree\n')).toBeNull();
		expect(mergeText(base, 'one\nsame\nthree\n', 'one\nsame\nthree\n')).toBe('one\nsame\nthree\n');
		const t = (text: string) => ({ text });
		const outcomes = mergeFileSets(
			new Map([['a.html', t(base)], ['gone.css', t('x')], ['kept.js', t('k')]]),
			new Map([['a.html', t('ONE\ntwo\nthree\n')], ['kept.js', t('k2')], ['mine.md', t('m')]]),
			new Map([['a.html', t('one\ntwo\nTHREE\n')], ['kept.js', t('k')], ['theirs.md', t('r')], ['gone.css', t('x')]])
		);
		expect(outcomes.filter((o) => o.kind !== 'unchanged')).toEqual([
			{ path: 'a.html', kind: 'take', content: { text: 'ONE\ntwo\nTHREE\n' }, from: 'merged' },
			{ path: 'theirs.md', kind: 'take', content: { text: 'r' }, from: 'remote' }
		]);
		// Deleted here and changed there: the person decides.
		const both = mergeFileSets(new Map([['p.css', t('a')]]), new Map(), new Map([['p.css', t('b')]]));
		expect(both[0]).toMatchObject({ kind: 'conflict', local: null, remote: { text: 'b' } });
	});

	it('a commit keeps what the studio does not hold, and leaves out what .gitignore ignores', () => {
		const parent = new Map([
			['.gitignore', new TextEncoder().encode('drafts/\n*.txt\n')],
			['.github/workflows/ci.yml', new TextEncoder().encode('on: push\n')],
			['index.html', new TextEncoder().encode('old')]
		]);
		const { files, ignored } = commitFiles([makeFile('index.html', 'new'), makeFile('drafts/a.html', 'd'), makeFile('notes.txt', 'n'), makeFile('app.js', 'j')], parent);
		expect([...files.keys()].sort()).toEqual(['.github/workflows/ci.yml', '.gitignore', 'app.js', 'index.html']);
		expect(new TextDecoder().decode(files.get('index.html'))).toBe('new');
		expect(ignored.sort()).toEqual(['drafts/a.html', 'notes.txt']);
		const { files: kept, leftOut } = managedFiles(files);
		expect([...kept.keys()].sort()).toEqual(['app.js', 'index.html']);
		expect(leftOut.map((e) => e.path).sort()).toEqual(['.github/workflows/ci.yml', '.gitignore']);
	});
});

describe('sync with a real git server', () => {
	it('commit and push; clone elsewhere is identical; edits on both sides merge into one pull; git log shows every commit with its author', async () => {
		const git = await server();
		const url = git.repo('site');
		const laptop = device(url, 'Laptop');
		laptop.set('index.html', '<h1>Hello</h1>\n<p>one</p>\n<p>two</p>\n');
		laptop.set('styles.css', 'body { color: teal; }\n');
		await laptop.repo.ensure(laptop.remote);
		expect((await changesSince(laptop.repo, 'main', laptop.files())).changes).toEqual([
			{ path: 'index.html', change: 'added', diff: [{ kind: '+', text: '<h1>Hello</h1>' }, { kind: '+', text: '<p>one</p>' }, { kind: '+', text: '<p>two</p>' }] },
			{ path: 'styles.css', change: 'added', diff: [{ kind: '+', text: 'body { color: teal; }' }] }
		]);
		expect(await commitWorkspace(laptop.repo, laptop.link, laptop.files(), 'First version', laptop.link.author)).not.toBeNull();
		expect(await commitWorkspace(laptop.repo, laptop.link, laptop.files(), 'Nothing', laptop.link.author)).toBeNull();
		await pushBranch(laptop.repo, laptop.remote, laptop.link);

		const phone = device(url, 'Phone');
		await phone.clone();
		expect(phone.files().map((f) => [f.path, f.content])).toEqual(laptop.files().map((f) => [f.path, f.content]));

		phone.set('index.html', '<h1>Hello from the phone</h1>\n<p>one</p>\n<p>two</p>\n');
		await commitWorkspace(phone.repo, phone.link, phone.files(), 'Edited on the phone', phone.link.author);
		await pushBranch(phone.repo, phone.remote, phone.link);

		// An unpushed, uncommitted edit to another line of the same file on the laptop.
		laptop.set('index.html', '<h1>Hello</h1>\n<p>one</p>\n<p>two, edited on the laptop</p>\n');
		const plan = await planPull(laptop.repo, laptop.remote, laptop.link, laptop.files());
		expect(plan.upToDate).toBe(false);
		expect(plan.outcomes).toEqual([{ path: 'index.html', kind: 'take', from: 'merged', content: { text: '<h1>Hello from the phone</h1>\n<p>one</p>\n<p>two, edited on the laptop</p>\n' } }]);
		for (const outcome of plan.outcomes) if (outcome.kind === 'take' && outcome.content && 'text' in outcome.content) laptop.set(outcome.path, outcome.content.text);
		await finishPull(laptop.repo, laptop.link, plan.remote!, laptop.files());
		await commitWorkspace(laptop.repo, laptop.link, laptop.files(), 'Both edits', laptop.link.author);
		await pushBranch(laptop.repo, laptop.remote, laptop.link);
		expect(git.show('site', 'index.html')).toBe('<h1>Hello from the phone</h1>\n<p>one</p>\n<p>two, edited on the laptop</p>\n');
		expect(git.log('site')).toEqual([
			{ author: 'Laptop', email: 'laptop@example.com', subject: 'Both edits' },
			{ author: 'Phone', email: 'phone@example.com', subject: 'Edited on the phone' },
			{ author: 'Laptop', email: 'laptop@example.com', subject: 'First version' }
		]);
		// Pulled again: nothing new.
		expect((await planPull(laptop.repo, laptop.remote, laptop.link, laptop.files())).upToDate).toBe(true);
	}, 60_000);

	it('the same line changed on both sides is a conflict with both sides, and a push before pulling is refused as not fast-forward', async () => {
		const git = await server();
		const url = git.repo('clash');
		const a = device(url, 'A');
		a.set('index.html', 'title\nbody\n');
		await a.repo.ensure(a.remote);
		await commitWorkspace(a.repo, a.link, a.files(), 'Start', a.link.author);
		await pushBranch(a.repo, a.remote, a.link);
		const b = device(url, 'B');
		await b.clone();
		b.set('index.html', 'title from B\nbody\n');
		await commitWorkspace(b.repo, b.link, b.files(), 'B', b.link.author);
		await pushBranch(b.repo, b.remote, b.link);

		a.set('index.html', 'title from A\nbody\n');
		await commitWorkspace(a.repo, a.link, a.files(), 'A', a.link.author);
		const refused = await failure(pushBranch(a.repo, a.remote, a.link));
		expect(refused).toMatchObject({ code: 'GIT_NOT_FAST_FORWARD' });
		const plan = await planPull(a.repo, a.remote, a.link, a.files());
		expect(plan.outcomes).toEqual([{ path: 'index.html', kind: 'conflict', base: { text: 'title\nbody\n' }, local: { text: 'title from A\nbody\n' }, remote: { text: 'title from B\nbody\n' } }]);
		expect(git.show('clash', 'index.html')).toBe('title from B\nbody\n');
	}, 60_000);

	it('a wrong token is GIT_AUTH_FAILED; a host that went away is GIT_NETWORK_UNAVAILABLE (retryable) and the commit waits; a URL that is no git server says so', async () => {
		const git = await server();
		const url = git.repo('errors');
		const a = device(url, 'A');
		a.set('index.html', 'x\n');
		await a.repo.ensure(a.remote);
		await commitWorkspace(a.repo, a.link, a.files(), 'Offline work', a.link.author);
		expect(await failure(pushBranch(a.repo, { ...a.remote, token: 'wrong' }, a.link))).toMatchObject({ code: 'GIT_AUTH_FAILED', retryable: false });
		expect(await failure(a.repo.fetch({ ...a.remote, token: undefined }))).toMatchObject({ code: 'GIT_AUTH_FAILED' });
		await git.stop();
		const offline = await failure(pushBranch(a.repo, a.remote, a.link));
		expect(offline).toMatchObject({ code: 'GIT_NETWORK_UNAVAILABLE', retryable: true });
		await git.start();
		await pushBranch(a.repo, a.remote, a.link);
		expect(git.log('errors').map((e) => e.subject)).toEqual(['Offline work']);

		const web = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Just a site</h1>'));
		await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
		cleanup.push(() => new Promise<void>((resolve) => (web.closeAllConnections(), web.close(() => resolve()))));
		const site = `http://127.0.0.1:${(web.address() as AddressInfo).port}/site.git`;
		const b = device(site, 'B');
		await b.repo.ensure(b.remote);
		expect(await failure(b.repo.fetch({ ...b.remote, url: site }))).toMatchObject({ code: 'GIT_NOT_A_REPOSITORY' });
	}, 60_000);

	it('a repository made with git itself: its dot files stay in git (left out of the workspace), its .gitignore is honoured on commit', async () => {
		const git = await server();
		const url = git.repo('made-with-git');
		const work = mkdtempSync(join(tmpdir(), 'studio-gitwork-'));
		cleanup.push(() => rmSync(work, { recursive: true, force: true }));
		const sh = (...args: string[]) => execFileSync('git', args, { cwd: work, stdio: 'pipe' });
		sh('init', '-q', '-b', 'main');
		fs.writeFileSync(join(work, 'index.html'), '<h1>From git</h1>\n');
		fs.writeFileSync(join(work, '.gitignore'), 'notes.txt\n');
		fs.mkdirSync(join(work, '.github'));
		fs.writeFileSync(join(work, '.github', 'ci.yml'), 'on: push\n');
		sh('add', '-A');
		sh('-c', 'user.name=Git', '-c', 'user.email=git@example.com', 'commit', '-q', '-m', 'Made with git');
		// Asynchronously: the server answering this push runs in this very process.
		await promisify(execFile)('git', ['-c', `http.extraHeader=Authorization: Basic ${Buffer.from(`u:${TOKEN}`).toString('base64')}`, 'push', '-q', url, 'main'], { cwd: work });

		const a = device(url, 'A');
		const { leftOut } = await a.clone();
		expect(a.files().map((f) => f.path)).toEqual(['index.html']);
		expect(leftOut.map((e) => e.path).sort()).toEqual(['.github/ci.yml', '.gitignore']);
		a.set('notes.txt', 'private\n');
		a.set('about.html', '<h1>About</h1>\n');
		const made = await commitWorkspace(a.repo, a.link, a.files(), 'Add about', a.link.author);
		expect(made?.ignored).toEqual(['notes.txt']);
		await pushBranch(a.repo, a.remote, a.link);
		expect(git.show('made-with-git', '.gitignore')).toBe('notes.txt\n');
		expect(git.show('made-with-git', '.github/ci.yml')).toBe('on: push\n');
		expect(git.show('made-with-git', 'about.html')).toBe('<h1>About</h1>\n');
		expect(() => git.show('made-with-git', 'notes.txt')).toThrow();
	}, 60_000);
});
