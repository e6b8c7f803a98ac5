// Consent that holds: the approved change is the shown change, cards expire and are withdrawn,
// grants are per session, and the card shows the whole change for every kind of mutation.
import { describe, expect, it } from 'vitest';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import { createPreparer, type Impact } from '../../src/lib/runtime/prepare';
import { MemoryRepository } from '../../src/lib/storage/memory';
import type { ApprovalPolicy, PendingApproval } from '../../src/lib/runtime/policy';
import { ApprovalPolicy as Policy } from '../../src/lib/runtime/policy';
import { TEXT_FILE_MAX_BYTES } from '../../src/lib/core/limits';

async function nextPending(policy: ApprovalPolicy, after?: (p: PendingApproval) => boolean): Promise<PendingApproval> {
	for (let i = 0; i < 500; i++) {
		const found = policy.snapshot().find((p) => !after || after(p));
		if (found) return found;
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
	throw new Error('no pending approval');
}

async function consentStudio(policy?: ApprovalPolicy) {
	const studio = await makeStudio(new MemoryRepository(), policy ? { policy } : {});
	const agent = (name: string, args: Record<string, unknown>, sessionId = 'run-1', signal?: AbortSignal) =>
		studio.registry.executeModelToolCall({ id: `tc-${Math.random()}`, name, arguments: args }, { context: { source: 'webmcp', sessionId }, signal });
	const read = (path: string) => studio.service.workspace.files.get(path)?.content;
	return { ...studio, agent, read };
}

describe('pinned approvals', () => {
	it('an agent write without expectedRevision never replaces a newer edit made while its card waited: the card re-asks with the new diff', async () => {
		const { registry, direct, agent, read } = await consentStudio();
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'v1\n', createIfMissing: true }));
		const call = agent('workspace_write_file', { path: 'notes.txt', content: 'agent\n' });
		const first = await nextPending(registry.policy);
		expect((first.impact as Impact).files[0]!.diff).toEqual([
			{ kind: '-', text: 'v1' },
			{ kind: '+', text: 'agent' }
		]);
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'person typed this\n' }));
		registry.policy.resolve(first.id, 'allow-once');
		const again = await nextPending(registry.policy, (p) => p.changed === true);
		expect(again.id).toBe(first.id); // the same card, updated in place
		expect(read('notes.txt')).toBe('person typed this\n');
		expect((again.impact as Impact).files[0]!.diff).toEqual([
			{ kind: '-', text: 'person typed this' },
			{ kind: '+', text: 'agent' }
		]);
		registry.policy.resolve(again.id, 'deny');
		expect(errorCode(await call)).toBe('TOOL_APPROVAL_DENIED');
		expect(read('notes.txt')).toBe('person typed this\n');
	});

	it('when the workspace moved but the change is the same, approval applies without asking again', async () => {
		const { registry, direct, agent, read } = await consentStudio();
		const call = agent('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Warm bread' });
		const card = await nextPending(registry.policy);
		ok(await direct('workspace_create_file', { path: 'other.txt', content: 'x' }));
		registry.policy.resolve(card.id, 'allow-once');
		ok(await call);
		expect(read('index.html')).toContain('Warm bread');
		expect(read('other.txt')).toBe('x');
	});

	it('the commit itself refuses a diff that differs from the approved fingerprint (nothing written)', async () => {
		const { service, direct } = await consentStudio();
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'a', createIfMissing: true }));
		const before = service.revision;
		await expect(
			service.mutate({ tool: 'workspace_write_file', context: { source: 'webmcp', mode: 'agent' }, approved: true, approvedFingerprint: 'notes.txt:x>y' }, () => ({ type: 'write', path: 'notes.txt', content: 'b' }))
		).rejects.toMatchObject({ code: 'TOOL_APPROVAL_CHANGED' });
		expect(service.revision).toBe(before);
		expect(service.workspace.files.get('notes.txt')?.content).toBe('a');
	});

	it('a stale expectedRevision is refused before anyone is asked; a call that would fail is refused before asking', async () => {
		const { registry, agent, direct } = await consentStudio();
		ok(await direct('workspace_create_file', { path: 'a.txt', content: 'a' }));
		expect(errorCode(await agent('workspace_delete_file', { path: 'a.txt', expectedRevision: 0 }))).toBe('WORKSPACE_REVISION_CONFLICT');
		expect(errorCode(await agent('workspace_delete_file', { path: 'missing.txt' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
		expect(errorCode(await agent('workspace_write_file', { path: 'big.txt', content: 'x'.repeat(TEXT_FILE_MAX_BYTES + 1), createIfMissing: true }))).toBe('WORKSPACE_SOURCE_LIMIT');
		expect(registry.policy.snapshot()).toEqual([]);
	});
});

describe('expiry, withdrawal and sessions', () => {
	it('an unanswered card expires with TOOL_APPROVAL_EXPIRED (retryable) and leaves the queue', async () => {
		const { registry, agent } = await consentStudio(new Policy({ expiryMs: 1000 }));
		const started = Date.now();
		const result = await agent('workspace_create_file', { path: 'late.txt', content: 'x' });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_APPROVAL_EXPIRED', retryable: true });
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
		expect(registry.policy.snapshot()).toEqual([]);
	});

	it('a caller that gives up withdraws its card', async () => {
		const { registry, agent } = await consentStudio();
		const controller = new AbortController();
		const call = agent('workspace_create_file', { path: 'x.txt', content: 'x' }, 'run-1', controller.signal);
		await nextPending(registry.policy);
		controller.abort();
		expect(errorCode(await call)).toBe('TOOL_CANCELLED');
		expect(registry.policy.snapshot()).toEqual([]);
	});

	it('"allow for this session" covers one (source, session, tool), is listed, revocable, and ends with its tab', async () => {
		const { registry } = await consentStudio();
		const call = (sessionId: string, path: string, tabId = 'tab-a') =>
			registry.executeModelToolCall({ name: 'workspace_create_file', arguments: { path, content: 'x' } }, { context: { source: 'webmcp', sessionId, tabId } });
		const first = call('s1', 'one.txt');
		registry.policy.resolve((await nextPending(registry.policy)).id, 'allow-session');
		ok(await first);
		ok(await call('s1', 'two.txt')); // granted: no card
		expect(registry.policy.grants()).toMatchObject([{ source: 'webmcp', sessionId: 's1', name: 'workspace_create_file', tabId: 'tab-a' }]);
		const other = call('s2', 'three.txt', 'tab-b');
		const card = await nextPending(registry.policy);
		expect(card.sessionId).toBe('s2'); // another session is not covered
		registry.policy.resolve(card.id, 'deny');
		expect(errorCode(await other)).toBe('TOOL_APPROVAL_DENIED');
		registry.policy.endTab('tab-a');
		expect(registry.policy.grants()).toEqual([]);
		const afterReload = call('s1', 'four.txt');
		registry.policy.resolve((await nextPending(registry.policy)).id, 'deny');
		expect(errorCode(await afterReload)).toBe('TOOL_APPROVAL_DENIED');
	});

	it('"allow for this session" without a session allows once and grants nothing', async () => {
		const policy = new Policy();
		const waiting = policy.request({ callId: 'c', name: 'workspace_write_file', title: 'Write file', source: 'webmcp', mode: 'agent', argumentsPreview: {} });
		policy.resolve(policy.snapshot()[0]!.id, 'allow-session');
		expect(await waiting).toBe('allowed');
		expect(policy.grants()).toEqual([]);
	});
});

describe('the card shows the whole change', () => {
	it('undo, redo, restore and reset are dry-run with the same plan their handlers commit', async () => {
		const { service, direct } = await consentStudio();
		const prepare = createPreparer(service);
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'one\n', createIfMissing: true }));
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'two\n' }));
		const undo = (await prepare('workspace_undo', {}))!;
		expect(undo.impact.files).toMatchObject([{ path: 'notes.txt', change: 'modified', added: 1, removed: 1 }]);
		expect(undo.impact.files[0]!.diff).toEqual([
			{ kind: '-', text: 'two' },
			{ kind: '+', text: 'one' }
		]);
		const restore = (await prepare('workspace_restore_revision', { revision: 1 }))!;
		expect(restore.impact.files).toMatchObject([{ path: 'notes.txt', change: 'deleted' }]);
		const reset = (await prepare('workspace_reset', {}))!;
		expect(reset.impact.files.map((f) => f.path)).toContain('notes.txt');
		await expect(prepare('workspace_redo', {})).rejects.toMatchObject({ code: 'WORKSPACE_HISTORY_EMPTY' });
		// The fingerprint the card pins is the one the commit produces.
		ok(await direct('workspace_undo', {}));
		expect(service.workspace.files.get('notes.txt')?.content).toBe('one\n');
	});

	it('a 30-file change lists all 30 files with counts', async () => {
		const { service, direct } = await consentStudio();
		const start = service.revision;
		for (let i = 0; i < 30; i++) ok(await direct('workspace_create_file', { path: `pages/p${i}.html`, content: `<p>${i}</p>\n` }));
		const restore = (await createPreparer(service)('workspace_restore_revision', { revision: start }))!;
		expect(restore.impact.files).toHaveLength(30);
		expect(restore.impact.files.every((f) => f.change === 'deleted' && f.removed === 1)).toBe(true);
		expect(restore.impact).toMatchObject({ removed: 30, added: 0 });
	});
});
