// Path normalisation: examples for every rule, and properties over random input.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizePath, resolveReference } from '../../src/lib/domain/paths';
import { ToolError } from '../../src/lib/core/errors';

function reason(input: unknown): string | null {
	try {
		normalizePath(input);
		return null;
	} catch (error) {
		expect(error).toBeInstanceOf(ToolError);
		expect((error as ToolError).code).toBe('WORKSPACE_PATH_INVALID');
		return (error as ToolError).details.reason as string;
	}
}

describe('normalizePath', () => {
	it('turns backslashes into slashes and drops empty and "." segments', () => {
		expect(normalizePath('css\\site.css')).toBe('css/site.css');
		expect(normalizePath('./a//b/./c.html')).toBe('a/b/c.html');
		expect(normalizePath('a/b/')).toBe('a/b');
	});

	it('refuses every unsafe shape with a reason', () => {
		expect(reason('../secret')).toBe('parent-segment');
		expect(reason('a/../../b')).toBe('parent-segment');
		expect(reason('a\\..\\b')).toBe('parent-segment');
		expect(reason('/etc/passwd')).toBe('absolute');
		expect(reason('\\\\server\\share')).toBe('absolute');
		expect(reason('C:\\Windows')).toBe('drive-letter');
		expect(reason('c:foo')).toBe('drive-letter');
		expect(reason('./C:/x')).toBe('drive-letter'); // pinned: found by the property below
		expect(reason('a\u0000b')).toBe('control-character');
		expect(reason('a\nb')).toBe('control-character');
		expect(reason('')).toBe('empty');
		expect(reason('./.')).toBe('empty');
		expect(reason(`${'x'.repeat(256)}.html`)).toBe('segment-too-long');
		expect(reason(`${'é'.repeat(128)}`)).toBe('segment-too-long');
		expect(reason(`${Array(17).fill('d').join('/')}`)).toBe('too-deep');
		expect(reason(42)).toBe('not-a-string');
		expect(normalizePath(`${Array(16).fill('d').join('/')}`)).toContain('d/d');
	});

	it('a successful normalisation never escapes the root and is idempotent (property)', () => {
		const segment = fc.oneof(fc.constantFrom('.', '..', '', 'a', 'b.html', 'C:', '~', '%2e%2e', ' '), fc.string({ maxLength: 6 }));
		const path = fc.array(segment, { maxLength: 20 }).chain((segments) => fc.constantFrom('/', '\\').map((sep) => segments.join(sep)));
		fc.assert(
			fc.property(fc.oneof(path, fc.string({ maxLength: 40 })), (input) => {
				let out: string;
				try {
					out = normalizePath(input);
				} catch {
					return;
				}
				expect(out.split('/')).not.toContain('..');
				expect(out.split('/')).not.toContain('.');
				expect(out.split('/')).not.toContain('');
				expect(out.startsWith('/')).toBe(false);
				expect(out).not.toMatch(/^[a-zA-Z]:/);
				expect(out).not.toContain('\\');
				expect(normalizePath(out)).toBe(out);
			}),
			{ numRuns: 3000, seed: 11 }
		);
	});
});

describe('resolveReference', () => {
	it('resolves relative, root-relative and parent references inside the workspace only', () => {
		expect(resolveReference('index.html', 'styles.css')).toBe('styles.css');
		expect(resolveReference('pages/about.html', '../styles.css')).toBe('styles.css');
		expect(resolveReference('pages/about.html', './img/a.png?x=1#top')).toBe('pages/img/a.png');
		expect(resolveReference('pages/about.html', '/app.js')).toBe('app.js');
		expect(resolveReference('index.html', '../../outside.css')).toBeNull();
		expect(resolveReference('index.html', 'my%20file.css')).toBe('my file.css');
	});
});
