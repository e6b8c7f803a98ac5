// workspace_apply_changes: several file operations as one revision, all or nothing, one history
// entry, one approval card with every file, one undo.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import type { Impact } from '../../src/lib/runtime/prepare';
import { apply, BATCH_MAX_OPERATIONS, type FileOperation } from '../../src/lib/domain/transitions';
import { starterWorkspace } from '../../src/lib/domain/template';

type Mut = { revision: number; changedPaths: string[]; operations: number; replacements: number };

const snapshot = (files: ReadonlyMap<string, { hash: string }>) => [...files].map(([path, file]) => `${path}:${file.hash}`).sort();

describe('workspace_apply_changes', () => {
	it('creates, patches, renames and deletes across files as one revision and one history entry; one undo reverts all of it', async () => {
		const { direct, service } = await makeStudio();
		const before = service.workspace;
		const out = ok<Mut>(
			await direct('workspace_apply_changes', {
				expectedRevision: before.revision,
				operations: [
					{ op: 'create', path: 'about.html', content: '<h1>About</h1>\n' },
					{ op: 'patch', path: 'about.html', search: 'About', replace: 'About us' },
					{ op: 'patch', path: 'index.html', search: 'Fresh bread', replace: 'Warm bread' },
					{ op: 'rename', from: 'typography.css', to: 'css/type.css' },
					{ op: 'delete', path: 'README.md' }
				]
			})
		);
		expect(out.revision).toBe(before.revision + 1);
		expect(out.operations).toBe(5);
		expect(out.replacements).toBe(2);
		// The net change: a created-then-patched file is one created file.
		expect(out.changedPaths).toEqual(['about.html', 'index.html', 'typography.css', 'css/type.css', 'README.md']);
		expect(service.workspace.files.get('about.html')!.content).toBe('<h1>About us</h1>\n');
		const history = await service.history(10);
		expect(history.filter((entry) => entry.revision > before.revision)).toHaveLength(1);
		expect(history[0]).toMatchObject({ tool: 'workspace_apply_changes', changedPaths: out.changedPaths });

		ok(await direct('workspace_undo'));
		expect(snapshot(service.workspace.files)).toEqual(snapshot(before.files));
		ok(await direct('workspace_redo'));
		expect(service.workspace.files.has('css/type.css')).toBe(true);
		expect(service.workspace.files.has('README.md')).toBe(false);
	});

	it('a bad third operation leaves the revision and every file unchanged, and the error names the operation', async () => {
		const { direct, service } = await makeStudio();
		const before = service.workspace;
		const entries = (await service.history(50)).length;
		const result = await direct('workspace_apply_changes', {
			operations: [
				{ op: 'create', path: 'a.html', content: '<p>a</p>' },
				{ op: 'write', path: 'styles.css', content: 'body{}' },
				{ op: 'patch', path: 'index.html', search: 'text that is not there', replace: 'x' },
				{ op: 'create', path: 'b.html', content: '<p>b</p>' }
			]
		});
		expect(errorCode(result)).toBe('WORKSPACE_PATCH_NOT_FOUND');
		const error = result.structuredContent.error as { message: string; details: { operation: number; path: string } };
		expect(error.message).toMatch(/^Operation 3 of 4 \(patch index\.html\)/);
		expect(error.details).toMatchObject({ operation: 2, path: 'index.html' });
		expect(service.workspace).toBe(before);
		expect(await service.history(50)).toHaveLength(entries);
		expect(snapshot(service.workspace.files)).toEqual(snapshot(before.files));

		// Each kind of failure is all or nothing: a taken path, an invalid path, a stale revision.
		expect(errorCode(await direct('workspace_apply_changes', { operations: [{ op: 'create', path: 'x.txt' }, { op: 'create', path: 'index.html' }] }))).toBe('WORKSPACE_FILE_EXISTS');
		expect(errorCode(await direct('workspace_apply_changes', { operations: [{ op: 'create', path: 'x.txt' }, { op: 'create', path: '../x.txt' }] }))).toBe('WORKSPACE_PATH_INVALID');
		expect(errorCode(await direct('workspace_apply_changes', { expectedRevision: 0, operations: [{ op: 'create', path: 'x.txt' }] }))).toBe('WORKSPACE_REVISION_CONFLICT');
		expect(errorCode(await direct('workspace_apply_changes', { operations: [] }))).toBe('TOOL_VALIDATION_FAILED');
		expect(errorCode(await direct('workspace_apply_changes', { operations: [{ op: 'chmod', path: 'x' }] }))).toBe('TOOL_VALIDATION_FAILED');
		expect(service.workspace.revision).toBe(before.revision);
		expect(service.workspace.files.has('x.txt')).toBe(false);
	});

	it('the last-page rule holds on the result, not between steps: replacing the only page in one batch is allowed, removing it is not', async () => {
		const { direct, service } = await makeStudio();
		for (const path of ['about.html']) expect(service.workspace.files.has(path)).toBe(false);
		ok(await direct('workspace_apply_changes', { operations: [{ op: 'delete', path: 'index.html' }, { op: 'create', path: 'home.html', content: '<h1>Home</h1>' }] }));
		expect(service.workspace.files.has('home.html')).toBe(true);
		expect(errorCode(await direct('workspace_apply_changes', { operations: [{ op: 'delete', path: 'home.html' }] }))).toBe('WORKSPACE_ENTRY_REQUIRED');
		// A rename of the open file is followed.
		await service.open('home.html');
		ok(await direct('workspace_apply_changes', { operations: [{ op: 'rename', from: 'home.html', to: 'index.html' }, { op: 'write', path: 'styles.css', content: 'body{}' }] }));
		expect(service.workspace.activePath).toBe('index.html');
	});

	it('a waiting agent gets one approval card listing every file with its diff, and base64 assets are decoded', async () => {
		const { registry, service } = await makeStudio();
		const call = registry.executeModelToolCall(
			{
				id: 'batch-1',
				name: 'workspace_apply_changes',
				arguments: {
					operations: [
						{ op: 'create', path: 'a.html', content: '<p>a</p>\n' },
						{ op: 'create', path: 'b.html', content: '<p>b</p>\n' },
						{ op: 'create', path: 'dot.png', content: 'iVBORw0KGgo=', encoding: 'base64' }
					]
				}
			},
			{ context: { source: 'model', sessionId: 'run-1', mode: 'agent' } }
		);
		let pending = registry.policy.snapshot();
		for (let i = 0; i < 200 && pending.length === 0; i++) {
			await new Promise((resolve) => setTimeout(resolve, 2));
			pending = registry.policy.snapshot();
		}
		expect(pending).toHaveLength(1);
		const impact = pending[0]!.impact as Impact;
		expect(impact.summary).toBe('Changes 3 files in the workspace.');
		expect(impact.files.map((file) => [file.path, file.change])).toEqual([
			['a.html', 'created'],
			['b.html', 'created'],
			['dot.png', 'created']
		]);
		expect(impact.files[0]!.diff).toEqual([{ kind: '+', text: '<p>a</p>' }]);
		expect(impact.files[2]!.binary).toBe('image/png, 8 bytes');
		registry.policy.resolve(pending[0]!.id, 'allow-once');
		const out = ok<Mut>(await call);
		expect(out.changedPaths).toEqual(['a.html', 'b.html', 'dot.png']);
		expect(service.workspace.files.get('dot.png')!.size).toBe(8);
	});

	it('property: a batch either applies as exactly one revision equal to applying its steps one by one, or changes nothing', () => {
		const base = starterWorkspace('p');
		const paths = ['index.html', 'styles.css', 'app.js', 'new.txt', 'b/c.txt'];
		const operation: fc.Arbitrary<FileOperation> = fc.oneof(
			fc.record({ type: fc.constant('create' as const), path: fc.constantFrom(...paths), content: fc.string({ maxLength: 8 }) }),
			fc.record({ type: fc.constant('write' as const), path: fc.constantFrom(...paths), content: fc.string({ maxLength: 8 }), createIfMissing: fc.boolean() }),
			fc.record({ type: fc.constant('patch' as const), path: fc.constantFrom(...paths), search: fc.constantFrom('a', 'body', '<'), replace: fc.string({ maxLength: 4 }), occurrence: fc.constantFrom('first' as const, 'all' as const) }),
			fc.record({ type: fc.constant('rename' as const), from: fc.constantFrom(...paths), to: fc.constantFrom(...paths) }),
			fc.record({ type: fc.constant('delete' as const), path: fc.constantFrom(...paths) })
		);
		fc.assert(
			fc.property(fc.array(operation, { minLength: 1, maxLength: 6 }), (operations) => {
				let stepwise: typeof base | null = base;
				for (const op of operations) {
					try {
						stepwise = apply(stepwise, op).workspace;
					} catch {
						stepwise = null;
						break;
					}
				}
				let batch;
				try {
					batch = apply(base, { type: 'batch', operations });
				} catch {
					// Refused as a whole (the snapshot `base` is never mutated): then some step alone fails too.
					expect(stepwise).toBeNull();
					return;
				}
				if (!stepwise) return; // a step alone may fail only for the last-page rule, which a batch checks at the end
				expect(snapshot(batch.workspace.files)).toEqual(snapshot(stepwise.files));
				expect(batch.workspace.revision).toBe(batch.diff.changes.length ? base.revision + 1 : base.revision);
			}),
			{ numRuns: 300 }
		);
		expect(() => apply(base, { type: 'batch', operations: Array.from({ length: BATCH_MAX_OPERATIONS + 1 }, (_, i) => ({ type: 'create' as const, path: `f${i}.txt`, content: '' })) })).toThrow(/at most/);
	});
});
