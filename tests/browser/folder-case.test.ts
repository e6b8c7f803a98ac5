// The browser folder adapter on real OPFS, through a wrapper that folds letter case the way macOS and
// Windows disks do: a case-only rename must keep the file, and a clash must never overwrite.
import { describe, expect, it } from 'vitest';
import { BrowserFolder, type FolderRecord } from '../../src/lib/storage/folder';
import { makeFile, type FileRecord, type Workspace } from '../../src/lib/domain/model';

/**
 * A directory handle over OPFS whose names are case-insensitive but case-preserving: lookups fold
 * case, the stored name is the one first created.
 */
function caseInsensitive(dir: FileSystemDirectoryHandle): FileSystemDirectoryHandle {
	const actual = async (name: string): Promise<string | null> => {
		for await (const [existing] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
			if (existing.toLowerCase() === name.toLowerCase()) return existing;
		}
		return null;
	};
	const wrapper = {
		kind: 'directory' as const,
		name: dir.name,
		async getFileHandle(name: string, options?: { create?: boolean }) {
			return dir.getFileHandle((await actual(name)) ?? name, options);
		},
		async getDirectoryHandle(name: string, options?: { create?: boolean }) {
			return caseInsensitive(await dir.getDirectoryHandle((await actual(name)) ?? name, options));
		},
		async removeEntry(name: string, options?: { recursive?: boolean }) {
			const existing = await actual(name);
			if (!existing) throw new DOMException('Not found', 'NotFoundError');
			return dir.removeEntry(existing, options);
		},
		entries: () => (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries(),
		keys: () => (dir as unknown as { keys(): AsyncIterable<string> }).keys()
	};
	return wrapper as unknown as FileSystemDirectoryHandle;
}

async function fresh(name: string): Promise<FileSystemDirectoryHandle> {
	const root = await navigator.storage.getDirectory();
	await root.removeEntry(name, { recursive: true }).catch(() => undefined);
	return root.getDirectoryHandle(name, { create: true });
}

const workspace = (files: FileRecord[], revision = 1): Workspace => ({ id: 'w', name: 'w', revision, activePath: null, files: new Map(files.map((f) => [f.path, f])) });
const names = async (dir: FileSystemDirectoryHandle) => {
	const out: string[] = [];
	for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) out.push(name);
	return out.sort();
};
const text = async (dir: FileSystemDirectoryHandle, name: string) => (await (await dir.getFileHandle(name)).getFile()).text();

describe('folder sync on a case-insensitive disk', () => {
	it('a case-only rename (Logo.svg → logo.svg) keeps the file', async () => {
		const real = await fresh('case-rename');
		const folder = new BrowserFolder({ workspaceId: 'w', handle: caseInsensitive(real), saved: {} } as FolderRecord, async () => undefined);
		const logo = '<svg xmlns="http://www.w3.org/2000/svg"/>';
		await folder.save(workspace([makeFile('index.html', '<p>x</p>'), makeFile('Logo.svg', logo)]));
		expect(await names(real)).toEqual(['Logo.svg', 'index.html']);

		const renamed = workspace([makeFile('index.html', '<p>x</p>'), makeFile('logo.svg', logo)], 2);
		const plan = await folder.plan(renamed);
		expect(plan.conflicts).toEqual([]);
		await folder.save(renamed);
		expect(await names(real)).toEqual(['index.html', 'logo.svg']);
		expect(await text(real, 'logo.svg')).toBe(logo);
		expect(folder.state(renamed).dirtyPaths).toEqual([]);
	});

	it('a file that differs only in case from one the studio never synced is a conflict, never overwritten', async () => {
		const real = await fresh('case-clash');
		const theirs = await (await real.getFileHandle('README.md', { create: true })).createWritable();
		await theirs.write('theirs');
		await theirs.close();
		const folder = new BrowserFolder({ workspaceId: 'w', handle: caseInsensitive(real), saved: {} } as FolderRecord, async () => undefined);
		const mine = workspace([makeFile('index.html', '<p>x</p>'), makeFile('readme.md', 'mine')]);
		await expect(folder.save(mine)).rejects.toMatchObject({ code: 'WORKSPACE_FOLDER_STALE', details: { conflicts: [{ path: 'readme.md' }] } });
		expect(await names(real)).toEqual(['README.md']);
		expect(await text(real, 'README.md')).toBe('theirs');
	});
});
