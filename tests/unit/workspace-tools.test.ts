// Every workspace tool through the registry: success and each error code it can return.
import { describe, expect, it } from 'vitest';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import { TOOLS } from '../../src/lib/tools/schema';
import { TEXT_FILE_MAX_BYTES } from '../../src/lib/core/limits';
import { strToU8, zipSync } from 'fflate';

type Mut = { revision: number; changedPaths: string[]; preview: { revision: number; status: string } };

describe('workspace tools', () => {
	it('every tool in the catalog has a handler', async () => {
		const { registry } = await makeStudio();
		for (const name of Object.keys(TOOLS)) expect(registry.has(name), name).toBe(true);
	});

	it('workspace_get_status reports revision, files, bytes against limits, storage mode, folder and quarantine', async () => {
		const { direct } = await makeStudio();
		const status = ok(await direct('workspace_get_status'));
		expect(status).toMatchObject({
			revision: 1,
			fileCount: 7,
			activePath: 'index.html',
			limits: { textFileBytes: 4194304, editorBytes: 524288, assetBytes: 4194304, workspaceBytes: 33554432, files: 2000 },
			storage: { mode: 'memory' },
			folder: { status: 'browser-only' },
			quarantined: []
		});
		expect(status.bytesUsed).toBeGreaterThan(1000);
	});

	it('list and read return the revision; reading an asset is a type conflict with size and MIME', async () => {
		const { direct } = await makeStudio();
		const list = ok<{ revision: number; files: { path: string }[] }>(await direct('workspace_list_files'));
		expect(list.files.map((f) => f.path)).toEqual(['README.md', 'app.js', 'assets/logo.svg', 'index.html', 'modules/greeting.js', 'styles.css', 'typography.css']);
		const read = ok(await direct('workspace_read_file', { path: './index.html' }));
		expect(read).toMatchObject({ revision: 1, path: 'index.html', language: 'html' });
		expect(errorCode(await direct('workspace_read_file', { path: 'nope.html' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
		expect(errorCode(await direct('workspace_read_file', { path: '../etc/passwd' }))).toBe('WORKSPACE_PATH_INVALID');
		ok(await direct('workspace_create_file', { path: 'dot.png', content: 'iVBORw0KGgo=', encoding: 'base64' }));
		const asset = await direct('workspace_read_file', { path: 'dot.png' });
		expect(asset.structuredContent.error).toMatchObject({ code: 'WORKSPACE_FILE_TYPE_CONFLICT', details: { mimeType: 'image/png', size: 8 } });
	});

	it('workspace_search finds literal and regex matches with path, line, column and preview, bounded', async () => {
		const { direct } = await makeStudio();
		const literal = ok<{ matches: { path: string; line: number; column: number; preview: string }[]; truncated: boolean }>(await direct('workspace_search', { query: 'Bright Bakery' }));
		expect(literal.matches[0]).toMatchObject({ path: 'README.md', line: 1, column: 3 });
		expect(literal.matches.some((m) => m.path === 'index.html')).toBe(true);
		const regex = ok<{ matches: unknown[]; truncated: boolean }>(await direct('workspace_search', { query: '<h[12]', regex: true, maxResults: 2 }));
		expect(regex.matches).toHaveLength(2);
		expect(regex.truncated).toBe(true);
		expect(ok<{ matches: unknown[] }>(await direct('workspace_search', { query: 'bright', caseSensitive: true })).matches).toEqual([]);
		expect(ok<{ matches: { path: string }[] }>(await direct('workspace_search', { query: 'export', path: 'modules/' })).matches.every((m) => m.path.startsWith('modules/'))).toBe(true);
		expect(errorCode(await direct('workspace_search', { query: '(', regex: true }))).toBe('TOOL_VALIDATION_FAILED');
	});

	it('create, write, patch, rename and delete return the new revision and changed paths', async () => {
		const { direct, service } = await makeStudio();
		const created = ok<Mut>(await direct('workspace_create_file', { path: 'about.html', content: '<h1>About</h1>', expectedRevision: 1 }));
		expect(created).toMatchObject({ revision: 2, changedPaths: ['about.html'], preview: { revision: 2, status: 'unavailable' } });
		expect(errorCode(await direct('workspace_create_file', { path: 'about.html' }))).toBe('WORKSPACE_FILE_EXISTS');
		const written = ok<Mut>(await direct('workspace_write_file', { path: 'about.html', content: '<h1>Us</h1>', expectedRevision: 2 }));
		expect(written.revision).toBe(3);
		expect(ok<Mut>(await direct('workspace_write_file', { path: 'about.html', content: '<h1>Us</h1>' })).changedPaths).toEqual([]);
		expect(errorCode(await direct('workspace_write_file', { path: 'ghost.html', content: '' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
		const patched = ok<Mut & { replacements: number }>(await direct('workspace_apply_patch', { path: 'about.html', search: 'Us', replace: 'Team', expectedRevision: 3 }));
		expect(patched).toMatchObject({ revision: 4, replacements: 1 });
		expect(errorCode(await direct('workspace_apply_patch', { path: 'about.html', search: 'absent', replace: '' }))).toBe('WORKSPACE_PATCH_NOT_FOUND');
		expect(errorCode(await direct('workspace_apply_patch', { path: 'about.html', search: 'Team', replace: 'x', expectedRevision: 3 }))).toBe('WORKSPACE_REVISION_CONFLICT');
		const renamed = ok<Mut>(await direct('workspace_rename_file', { from: 'about.html', to: 'pages/about.html' }));
		expect(renamed.changedPaths).toEqual(['about.html', 'pages/about.html']);
		expect(errorCode(await direct('workspace_rename_file', { from: 'pages/about.html', to: 'index.html' }))).toBe('WORKSPACE_FILE_EXISTS');
		ok(await direct('workspace_delete_file', { path: 'pages/about.html' }));
		expect(errorCode(await direct('workspace_delete_file', { path: 'index.html' }))).toBe('WORKSPACE_ENTRY_REQUIRED');
		expect(errorCode(await direct('workspace_create_file', { path: 'huge.txt', content: 'x'.repeat(TEXT_FILE_MAX_BYTES + 1) }))).toBe('WORKSPACE_SOURCE_LIMIT');
		expect(errorCode(await direct('workspace_create_file', { path: 'a.png', content: '@@@', encoding: 'base64' }))).toBe('TOOL_VALIDATION_FAILED');
		expect(service.revision).toBe(6);
	});

	it('a stale expectedRevision is refused with a retryable conflict and leaves the file unchanged', async () => {
		const { direct, service } = await makeStudio();
		ok(await direct('workspace_write_file', { path: 'app.js', content: 'one' }));
		const result = await direct('workspace_write_file', { path: 'app.js', content: 'two', expectedRevision: 1 });
		expect(result.structuredContent.error).toMatchObject({ code: 'WORKSPACE_REVISION_CONFLICT', retryable: true, details: { expectedRevision: 1, currentRevision: 2 } });
		expect(service.workspace.files.get('app.js')?.content).toBe('one');
	});

	it('undo and redo walk history as new revisions; empty stacks say so', async () => {
		const { direct, service } = await makeStudio();
		expect(errorCode(await direct('workspace_undo'))).toBe('WORKSPACE_HISTORY_EMPTY');
		expect(errorCode(await direct('workspace_redo'))).toBe('WORKSPACE_HISTORY_EMPTY');
		ok(await direct('workspace_write_file', { path: 'app.js', content: 'A' }));
		ok(await direct('workspace_write_file', { path: 'app.js', content: 'B' }));
		expect(ok<Mut>(await direct('workspace_undo', { expectedRevision: 3 })).revision).toBe(4);
		expect(service.workspace.files.get('app.js')?.content).toBe('A');
		ok(await direct('workspace_undo'));
		expect(service.workspace.files.get('app.js')?.content).toContain("import { greeting }");
		ok(await direct('workspace_redo'));
		expect(service.workspace.files.get('app.js')?.content).toBe('A');
		ok(await direct('workspace_redo'));
		expect(service.workspace.files.get('app.js')?.content).toBe('B');
		expect(errorCode(await direct('workspace_redo'))).toBe('WORKSPACE_HISTORY_EMPTY');
		ok(await direct('workspace_undo'));
		ok(await direct('workspace_write_file', { path: 'app.js', content: 'C' }));
		expect(errorCode(await direct('workspace_redo'))).toBe('WORKSPACE_HISTORY_EMPTY');
		const history = ok<{ entries: { revision: number; kind: string; tool: string; source: string; mode: string }[]; canUndo: boolean }>(await direct('workspace_history', { limit: 3 }));
		expect(history.entries.map((e) => e.kind)).toEqual(['change', 'undo', 'redo']);
		expect(history.entries[0]).toMatchObject({ tool: 'workspace_write_file', source: 'palette', mode: 'direct' });
		expect(history.canUndo).toBe(true);
	});

	it('restore brings back an earlier revision as a new, undoable revision; reset too', async () => {
		const { direct, service } = await makeStudio();
		ok(await direct('workspace_create_file', { path: 'a.css', content: 'a' }));
		ok(await direct('workspace_delete_file', { path: 'app.js' }));
		ok(await direct('workspace_rename_file', { from: 'styles.css', to: 'main.css' }));
		const restored = ok<Mut>(await direct('workspace_restore_revision', { revision: 1 }));
		expect(restored.revision).toBe(5);
		expect([...service.workspace.files.keys()].sort()).toEqual(['README.md', 'app.js', 'assets/logo.svg', 'index.html', 'modules/greeting.js', 'styles.css', 'typography.css']);
		expect(errorCode(await direct('workspace_restore_revision', { revision: 99 }))).toBe('WORKSPACE_HISTORY_EMPTY');
		ok(await direct('workspace_write_file', { path: 'index.html', content: '<p>mine</p>' }));
		ok(await direct('workspace_reset', { expectedRevision: 6 }));
		expect(service.workspace.files.get('index.html')?.content).toContain('Bright Bakery');
		ok(await direct('workspace_undo'));
		expect(service.workspace.files.get('index.html')?.content).toBe('<p>mine</p>');
	});

	it('history records which source, mode and tool produced a revision, and whether a person approved it', async () => {
		const { registry, direct } = await makeStudio();
		const call = registry.executeModelToolCall({ id: 't1', name: 'workspace_apply_patch', arguments: { path: 'index.html', search: 'Fresh', replace: 'Warm', expectedRevision: 1 } });
		while (registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		registry.policy.resolve(registry.policy.snapshot()[0]!.id, 'allow-once');
		ok(await call);
		const history = ok<{ entries: Record<string, unknown>[] }>(await direct('workspace_history'));
		expect(history.entries[0]).toMatchObject({ revision: 2, tool: 'workspace_apply_patch', source: 'model', mode: 'agent', approved: true, changedPaths: ['index.html'] });
	});

	it('open_file moves focus without a revision and emits a focus event', async () => {
		const { direct, service } = await makeStudio();
		const events: unknown[] = [];
		service.subscribe((e) => events.push(e));
		expect(ok(await direct('workspace_open_file', { path: 'styles.css', line: 3 }))).toEqual({ revision: 1, path: 'styles.css', line: 3 });
		expect(service.workspace.activePath).toBe('styles.css');
		expect(events).toEqual([{ type: 'focus', path: 'styles.css', line: 3, revision: 1 }]);
		expect(errorCode(await direct('workspace_open_file', { path: 'x.css' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
	});

	it('a workspace replaced without its open file moves every editor to the new one, and its undo back; a file deleted by hand moves none', async () => {
		const { direct, service } = await makeStudio();
		const focus: unknown[] = [];
		service.subscribe((e) => e.type === 'focus' && focus.push(e));
		ok(await direct('workspace_delete_file', { path: 'styles.css' }));
		ok(await direct('workspace_open_file', { path: 'README.md' }));
		ok(await direct('workspace_delete_file', { path: 'README.md' }));
		expect(focus).toEqual([{ type: 'focus', path: 'README.md', line: undefined, revision: 2 }]);
		focus.length = 0;
		ok(await direct('workspace_open_file', { path: 'index.html' }));
		focus.length = 0;
		const zip = Buffer.from(zipSync({ 'demo/index.html': strToU8('<h1>Demo</h1>'), 'lib.js': strToU8('1') })).toString('base64');
		const imported = ok<Mut>(await direct('workspace_import_zip', { data: zip, mode: 'replace' }));
		ok(await direct('workspace_undo'));
		expect(focus).toEqual([
			{ type: 'focus', path: 'demo/index.html', revision: imported.revision },
			{ type: 'focus', path: 'index.html', revision: imported.revision + 1 }
		]);
	});

	it('folder tools answer truthfully while no folder is connected', async () => {
		const { direct } = await makeStudio();
		expect(ok(await direct('folder_get_status'))).toEqual({ revision: 1, folder: { status: 'browser-only' } });
		for (const name of ['workspace_save_all', 'workspace_reload_folder', 'workspace_disconnect_folder']) {
			const result = await direct(name);
			expect(result.structuredContent.error, name).toMatchObject({ code: 'WORKSPACE_FOLDER_NOT_CONNECTED', retryable: true });
		}
	});

	it('template tools edit the starter through the same transitions, escaping text', async () => {
		const { direct, service } = await makeStudio();
		ok(await direct('preview_set_theme', { accent: '#0D9488', scheme: 'dark', expectedRevision: 1 }));
		const css = service.workspace.files.get('styles.css')!.content!;
		expect(css).toContain('--accent: #0d9488;');
		expect(css).toContain('color-scheme: dark;');
		ok(await direct('preview_update_hero', { title: 'Hello <script>alert(1)</script>', subtitle: 'Tom & Jerry' }));
		const html = service.workspace.files.get('index.html')!.content!;
		expect(html).toContain('data-studio="hero-title">Hello &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
		expect(html).toContain('Tom &amp; Jerry');
		ok(await direct('preview_add_feature', { title: 'Delivery', body: 'To your door by 8.', icon: '🚲' }));
		const withCard = service.workspace.files.get('index.html')!.content!;
		expect(withCard.match(/class="feature"/g)).toHaveLength(4);
		expect(withCard).toContain('<h2>Delivery</h2>');
		ok(await direct('workspace_apply_patch', { path: 'index.html', search: ' data-studio="features"', replace: '' }));
		expect(errorCode(await direct('preview_add_feature', { title: 'x', body: 'y' }))).toBe('PREVIEW_TARGET_NOT_FOUND');
		ok(await direct('workspace_write_file', { path: 'styles.css', content: 'body{}' }));
		expect(errorCode(await direct('preview_set_theme', { accent: '#000000' }))).toBe('PREVIEW_TARGET_NOT_FOUND');
		expect(errorCode(await direct('preview_update_hero', {}))).toBe('TOOL_VALIDATION_FAILED');
	});

	it('preview tools report unavailable when no preview is open', async () => {
		const { direct } = await makeStudio();
		expect(ok(await direct('preview_get_status'))).toMatchObject({ revision: 1, preview: { status: 'unavailable' }, console: [], errors: [] });
		expect(ok(await direct('preview_refresh'))).toMatchObject({ revision: 1, preview: { revision: 1, status: 'unavailable' } });
	});

	it('concurrent mutations from one runtime are serialised: each gets its own revision', async () => {
		const { direct, service } = await makeStudio();
		const results = await Promise.all([...Array(20).keys()].map((i) => direct('workspace_write_file', { path: 'README.md', content: `v${i}` })));
		expect(results.every((r) => !r.isError)).toBe(true);
		expect(new Set(results.map((r) => (r.structuredContent as Mut).revision)).size).toBe(20);
		expect(service.revision).toBe(21);
	});
});
