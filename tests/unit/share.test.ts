// Share links: a workspace survives the round trip through the URL fragment, and a site too large
// for a link is refused with its length (the .zip is offered instead).
import { describe, expect, it } from 'vitest';
import { readShareFragment, shareLink, SHARE_MAX_CHARS } from '../../src/lib/client/share';
import { zipFiles } from '../../src/lib/runtime/zip';
import { makeFile } from '../../src/lib/domain/model';
import { starterWorkspace } from '../../src/lib/domain/template';

describe('share links', () => {
	it('encodes the workspace into the fragment and decodes the same files', async () => {
		const files = [...starterWorkspace().files.values()];
		const link = shareLink(zipFiles(files), 'https://studio.example/app/#old');
		if (!link.ok) throw new Error('the starter should fit a link');
		expect(link.url.startsWith('https://studio.example/app/#share=')).toBe(true);
		expect(link.url).toMatch(/^[^#]*#share=[A-Za-z0-9_-]+$/);
		const shared = (await readShareFragment(new URL(link.url).hash))!;
		expect(shared.skipped).toEqual([]);
		expect(shared.files.map((f) => [f.path, f.hash])).toEqual([...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => [f.path, f.hash]));
	});

	it('a site over the link size is refused with its length; other fragments are not share links; a damaged one says so', async () => {
		let seed = 0x9e3779b9;
		// Incompressible bytes (xorshift): 40 KB cannot fit a 32,000-character link.
		const noise = new Uint8Array(40_000).map(() => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), seed & 0xff));
		const big = shareLink(zipFiles([makeFile('noise.png', noise)]), 'https://studio.example/');
		expect(big.ok).toBe(false);
		if (!big.ok) expect(big.length).toBeGreaterThan(SHARE_MAX_CHARS);
		expect(await readShareFragment('#files')).toBeNull();
		await expect(readShareFragment('#share=***')).rejects.toThrow(/damaged/);
	});
});
