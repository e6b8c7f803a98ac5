// Pure transitions: every change kind, invariants, limits, and a seeded fuzz of change sequences.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, replay, rewind, type Change } from '../../src/lib/domain/transitions';
import { makeFile, type Diff, type Workspace } from '../../src/lib/domain/model';
import { starterWorkspace } from '../../src/lib/domain/template';
import { ASSET_MAX_BYTES, TEXT_FILE_MAX_BYTES, WORKSPACE_MAX_FILES } from '../../src/lib/core/limits';
import { ToolError } from '../../src/lib/core/errors';

const ws = (): Workspace => starterWorkspace();
function code(fn: () => unknown): string {
	try {
		fn();
	} catch (error) {
		return (error as ToolError).code;
	}
	return 'OK';
}
const text = (w: Workspace, path: string) => w.files.get(path)?.content;

describe('apply', () => {
	it('create adds a file with kind, language, MIME, size and hash, and bumps the revision by one', () => {
		const { workspace, diff } = apply(ws(), { type: 'create', path: 'about.html', content: '<p>é</p>' });
		expect(workspace.revision).toBe(2);
		expect(workspace.files.get('about.html')).toMatchObject({ kind: 'text', language: 'html', mimeType: 'text/html', size: 9 });
		expect(diff).toMatchObject({ fromRevision: 1, toRevision: 2, changes: [{ path: 'about.html', before: null }] });
		expect(code(() => apply(workspace, { type: 'create', path: './about.html', content: '' }))).toBe('WORKSPACE_FILE_EXISTS');
	});

	it('write replaces content; identical content is not a new revision; missing files need createIfMissing', () => {
		const start = ws();
		const { workspace } = apply(start, { type: 'write', path: 'styles.css', content: 'body{}' });
		expect(text(workspace, 'styles.css')).toBe('body{}');
		const same = apply(workspace, { type: 'write', path: 'styles.css', content: 'body{}' });
		expect(same.diff.changes).toEqual([]);
		expect(same.workspace).toBe(workspace);
		expect(code(() => apply(start, { type: 'write', path: 'nope.css', content: '' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
		expect(apply(start, { type: 'write', path: 'new.css', content: 'a', createIfMissing: true }).workspace.files.has('new.css')).toBe(true);
	});

	it('patch replaces the first or every occurrence literally and reports the exact count', () => {
		const base = apply(ws(), { type: 'write', path: 'README.md', content: 'a $& a $1 a' }).workspace;
		const first = apply(base, { type: 'patch', path: 'README.md', search: 'a', replace: '$&b', occurrence: 'first' });
		expect(text(first.workspace, 'README.md')).toBe('$&b $& a $1 a');
		expect(first.replacements).toBe(1);
		const all = apply(base, { type: 'patch', path: 'README.md', search: 'a', replace: 'z', occurrence: 'all' });
		expect(text(all.workspace, 'README.md')).toBe('z $& z $1 z');
		expect(all.replacements).toBe(3);
		expect(code(() => apply(base, { type: 'patch', path: 'README.md', search: 'missing', replace: '', occurrence: 'first' }))).toBe('WORKSPACE_PATCH_NOT_FOUND');
	});

	it('a patch written with \\n breaks applies to a file written with \\r\\n, and the file keeps its \\r\\n', () => {
		const base = apply(ws(), { type: 'write', path: 'styles.css', content: 'a {\r\n  color: red;\r\n}\r\nb {}\r\n' }).workspace;
		const patched = apply(base, { type: 'patch', path: 'styles.css', search: 'a {\n  color: red;\n}', replace: 'a {\n  color: blue;\n  margin: 0;\n}', occurrence: 'first' });
		expect(text(patched.workspace, 'styles.css')).toBe('a {\r\n  color: blue;\r\n  margin: 0;\r\n}\r\nb {}\r\n');
		// An exact match is taken as written; a file with \n breaks is never given \r.
		const exact = apply(base, { type: 'patch', path: 'styles.css', search: '}\r\nb', replace: '}\nb', occurrence: 'first' });
		expect(text(exact.workspace, 'styles.css')).toBe('a {\r\n  color: red;\r\n}\nb {}\r\n');
		const unix = apply(ws(), { type: 'write', path: 'styles.css', content: 'a {\n}\n' }).workspace;
		expect(code(() => apply(unix, { type: 'patch', path: 'styles.css', search: 'a {\r\n}', replace: '', occurrence: 'first' }))).toBe('WORKSPACE_PATCH_NOT_FOUND');
	});

	it('rename moves a file and follows the active path; refuses existing targets', () => {
		const { workspace, diff } = apply(ws(), { type: 'rename', from: 'index.html', to: 'home.html' });
		expect(workspace.files.has('index.html')).toBe(false);
		expect(workspace.files.get('home.html')?.content).toContain('Bright Bakery');
		expect(workspace.activePath).toBe('home.html');
		expect(diff.changes.map((c) => c.path)).toEqual(['index.html', 'home.html']);
		expect(code(() => apply(ws(), { type: 'rename', from: 'app.js', to: 'styles.css' }))).toBe('WORKSPACE_FILE_EXISTS');
		expect(code(() => apply(ws(), { type: 'rename', from: 'index.html', to: 'index.txt' }))).toBe('WORKSPACE_ENTRY_REQUIRED');
	});

	it('delete removes a file but never the last HTML page or the last file', () => {
		expect(apply(ws(), { type: 'delete', path: 'app.js' }).workspace.files.has('app.js')).toBe(false);
		expect(code(() => apply(ws(), { type: 'delete', path: 'index.html' }))).toBe('WORKSPACE_ENTRY_REQUIRED');
		const single: Workspace = { id: 'x', name: 'x', revision: 1, activePath: null, files: new Map([['a.css', makeFile('a.css', '')]]) };
		expect(code(() => apply(single, { type: 'delete', path: 'a.css' }))).toBe('WORKSPACE_ENTRY_REQUIRED');
		expect(code(() => apply(ws(), { type: 'delete', path: 'ghost.js' }))).toBe('WORKSPACE_FILE_NOT_FOUND');
	});

	it('kinds: assets need bytes, text must be UTF-8, unknown extensions are refused', () => {
		expect(code(() => apply(ws(), { type: 'create', path: 'a.png', content: 'not bytes' }))).toBe('WORKSPACE_FILE_TYPE_CONFLICT');
		expect(apply(ws(), { type: 'create', path: 'a.png', content: new Uint8Array([137, 80, 78, 71]) }).workspace.files.get('a.png')).toMatchObject({ kind: 'asset', mimeType: 'image/png', size: 4 });
		expect(code(() => apply(ws(), { type: 'create', path: 'a.txt', content: new Uint8Array([0xff, 0xfe, 0xfd]) }))).toBe('WORKSPACE_FILE_TYPE_CONFLICT');
		expect(code(() => apply(ws(), { type: 'create', path: 'a.exe', content: '' }))).toBe('WORKSPACE_PATH_INVALID');
		expect(code(() => apply(ws(), { type: 'patch', path: 'assets/logo.svg', search: 'circle', replace: 'rect', occurrence: 'first' }))).toBe('OK');
	});

	it('limits refuse with WORKSPACE_SOURCE_LIMIT and the limit in details; nothing changes', () => {
		const start = ws();
		const error = (() => {
			try {
				apply(start, { type: 'create', path: 'big.txt', content: 'x'.repeat(TEXT_FILE_MAX_BYTES + 1) });
			} catch (e) {
				return e as ToolError;
			}
		})()!;
		expect(error.code).toBe('WORKSPACE_SOURCE_LIMIT');
		expect(error.details).toMatchObject({ limit: 'textFileBytes', max: TEXT_FILE_MAX_BYTES, actual: TEXT_FILE_MAX_BYTES + 1 });
		expect(start.files.has('big.txt')).toBe(false);
		expect(code(() => apply(start, { type: 'create', path: 'big.png', content: new Uint8Array(ASSET_MAX_BYTES + 1) }))).toBe('WORKSPACE_SOURCE_LIMIT');
		const many = [...Array(WORKSPACE_MAX_FILES).keys()].map((i) => makeFile(`f${i}.txt`, ''));
		const full = apply(start, { type: 'replace', files: many }).workspace;
		expect(code(() => apply(full, { type: 'create', path: 'one-more.txt', content: '' }))).toBe('WORKSPACE_SOURCE_LIMIT');
		const heavy = [...Array(9).keys()].map((i) => makeFile(`a${i}.png`, new Uint8Array(ASSET_MAX_BYTES - 1)));
		expect(code(() => apply(start, { type: 'replace', files: heavy }))).toBe('WORKSPACE_SOURCE_LIMIT');
	});

	it('paths are normalised and validated by apply itself', () => {
		expect(apply(ws(), { type: 'create', path: '.\\pages\\a.html', content: '' }).workspace.files.has('pages/a.html')).toBe(true);
		expect(code(() => apply(ws(), { type: 'create', path: '../a.html', content: '' }))).toBe('WORKSPACE_PATH_INVALID');
	});
});

describe('fuzz: random change sequences (seeded)', () => {
	const pathArb = fc.constantFrom('index.html', 'b.html', 'styles.css', 'app.js', 'x/y.md', 'img.png', 'assets/logo.svg', 'n.txt', '../bad.css');
	const contentArb = fc.oneof(fc.string({ maxLength: 20 }), fc.constant('Bright'), fc.uint8Array({ maxLength: 8 }));
	const changeArb: fc.Arbitrary<Change> = fc.oneof(
		fc.record({ type: fc.constant('create' as const), path: pathArb, content: contentArb }),
		fc.record({ type: fc.constant('write' as const), path: pathArb, content: contentArb, createIfMissing: fc.boolean() }),
		fc.record({ type: fc.constant('patch' as const), path: pathArb, search: fc.constantFrom('Bright', 'a', '<', 'zz'), replace: fc.string({ maxLength: 5 }), occurrence: fc.constantFrom('first' as const, 'all' as const) }),
		fc.record({ type: fc.constant('rename' as const), from: pathArb, to: pathArb }),
		fc.record({ type: fc.constant('delete' as const), path: pathArb })
	);
	const bytesOf = (w: Workspace) =>
		JSON.stringify([...w.files.values()].sort((a, b) => a.path.localeCompare(b.path)).map((f) => [f.path, f.kind, f.content ?? Array.from(f.bytes!), f.hash, f.size]));

	it('replaying the diffs from the start equals the final state; rewinding every step restores the previous state byte for byte', () => {
		fc.assert(
			fc.property(fc.array(changeArb, { maxLength: 40 }), (changes) => {
				const start = ws();
				let state = start;
				const diffs: Diff[] = [];
				const states: Workspace[] = [start];
				for (const change of changes) {
					let result;
					try {
						result = apply(state, change);
					} catch (error) {
						expect(error).toBeInstanceOf(ToolError);
						continue;
					}
					if (result.diff.changes.length === 0) {
						expect(result.workspace.revision).toBe(state.revision);
						continue;
					}
					expect(result.workspace.revision).toBe(state.revision + 1);
					state = result.workspace;
					diffs.push(result.diff);
					states.push(state);
				}
				let replayed = start;
				for (const diff of diffs) replayed = replay(replayed, diff);
				expect(bytesOf(replayed)).toBe(bytesOf(state));
				expect(replayed.revision).toBe(state.revision);
				let rewound = state;
				for (let i = diffs.length - 1; i >= 0; i--) {
					rewound = rewind(rewound, diffs[i]!);
					expect(bytesOf(rewound)).toBe(bytesOf(states[i]!));
					const reverted = apply(states[i + 1]!, { type: 'revert', diff: diffs[i]! }).workspace;
					expect(bytesOf(reverted)).toBe(bytesOf(states[i]!));
				}
			}),
			{ numRuns: 300, seed: 20261130 }
		);
	});
});
