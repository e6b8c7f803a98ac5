// Zip in and out, and the starters: a round trip keeps every byte (assets included), and hostile entries — zip-slip,
// absolute paths, oversize files, too many entries, bombs — are skipped with a reason while the rest imports.
import { describe, expect, it } from 'vitest';
import { deflateSync, zipSync, type Zippable } from 'fflate';
import { boundedInflate, streamInflate, type Inflated } from '../../src/lib/runtime/zip-entries';
import { readZip, ZIP_IMPORT_LIMITS } from '../../src/lib/runtime/zip-import';
import { zipFiles } from '../../src/lib/runtime/zip';
import { starterWorkspace } from '../../src/lib/domain/template';
import { makeFile } from '../../src/lib/domain/model';
import { TEXT_FILE_MAX_BYTES } from '../../src/lib/core/limits';
import { ARCHIVE_MAX_BYTES, archiveTooLarge } from '../../src/lib/core/archive-limit';
import { errorCode, makeStudio, ok } from './helpers/studio-fixture';
import { STARTER_IDS, starterFilesOf } from '../../src/lib/domain/starters';
import { compile } from '../../src/lib/preview/compile';

const text = (s: string) => new TextEncoder().encode(s);

/** Rewrites the uncompressed size `name` declares, in its local header and its central record. */
function declare(zip: Uint8Array, name: string, size: number): Uint8Array {
	const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
	const at = (i: number, offset: number) => text(name).every((c, k) => zip[i + offset + k] === c);
	for (let i = 0; i < zip.length - 4; i++) {
		const signature = view.getUint32(i, true);
		if (signature === 0x04034b50 && at(i, 30)) view.setUint32(i + 22, size, true);
		if (signature === 0x02014b50 && at(i, 46)) view.setUint32(i + 24, size, true);
	}
	return zip;
}

describe('zip import', () => {
	it('a workspace zipped and read back gives the same files, byte for byte, assets included', async () => {
		const png = new Uint8Array(256).map((_, i) => (i * 37) % 256);
		const files = [...starterWorkspace().files.values(), makeFile('images/noise.png', png)];
		expect(files.some((f) => f.kind === 'asset')).toBe(true);
		const back = await readZip(zipFiles(files));
		expect(back.skipped).toEqual([]);
		expect(back.files.map((f) => [f.path, f.hash, f.size])).toEqual([...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => [f.path, f.hash, f.size]));
		// The same files always give the same bytes.
		expect(zipFiles(files)).toEqual(zipFiles([...files].reverse()));
	});

	it('what real sites carry beside their pages imports (Python and templates a page runs or fills, source a code viewer shows, install scripts, emulators\' ROMs and Flash files, shapefiles, tracker music, wheels, language models, downloads): 3D scenes and their buffers, map shapes and tile archives, models, columnar data, game exports, tile maps, tracks, playlists, shaders, config, sounds, downloads, a licence and the files static hosts read by name', async () => {
		const bytes = new Uint8Array([1, 2, 3]);
		const zip = zipSync({ 'index.html': text('<h1>ok</h1>'), 'models/scene.gltf': text('{"asset":{"version":"2.0"}}'), 'models/scene.bin': bytes, 'models/car.glb': bytes, 'data/world.geojson': text('{"type":"FeatureCollection","features":[]}'), 'shaders/wave.frag': text('void main() {}'), 'config.yml': text('title: x'), 'app.jsx': text('const A = () => <p/>;'), 'sounds/hit.m4a': bytes, 'app.wasm': bytes, 'app.data': bytes, 'brochure.docx': bytes, 'press-kit.zip': bytes, 'tool.exe': bytes, LICENSE: text('MIT'), CNAME: text('example.com'), _redirects: text('/old /new 301'), 'docs/README': text('notes'), Makefile: text('all:'), 'vendor/standard_fonts/FoxitSerif.pfb': bytes, 'vendor/standard_fonts/LICENSE_FOXIT': text('BSD'), 'vendor/cmaps/78-H.bcmap': bytes, 'vendor/iccs/CGATS001Compat-v2-micro.icc': bytes, 'fonts/set.ttc': bytes, 'tiles/world.pmtiles': bytes, 'models/face.onnx': bytes, 'data/trips.parquet': bytes, 'game/index.pck': bytes, 'Build/web.wasm.br': bytes, 'maps/level1.tmj': text('{"layers":[]}'), 'tracks/ride.gpx': text('<gpx/>'), 'video/main.m3u8': text('#EXTM3U'), 'main.py': text('print("hi")'), 'src/app.tsx': text('export const A = () => <p/>;'), 'templates/item.hbs': text('<li>{{name}}</li>'), 'examples/hello.c': text('int main(){}'), 'install.sh': text('#!/bin/sh'), 'me.vcf': text('BEGIN:VCARD'), 'tunes/song.abc': text('X:1'), 'models/duck.dae': text('<COLLADA/>'), 'data/parcels.shp': bytes, 'data/parcels.dbf': bytes, 'data/parcels.prj': text('GEOGCS[]'), 'roms/game.nes': bytes, 'movie.swf': bytes, 'tunes/song.xm': bytes, 'dist/pkg-1.0-py3-none-any.whl': bytes, 'models/tiny.gguf': bytes, 'objects.inv': bytes, 'release.tar.gz': bytes, 'release.tgz': bytes, 'graph_legend.dot': text('digraph G {}') });
		const { files, skipped } = await readZip(zip);
		expect(skipped.map((s) => s.path).sort()).toEqual(['Makefile', 'tool.exe']);
		const kinds = Object.fromEntries(files.map((f) => [f.path, `${f.kind} ${f.mimeType}`]));
		expect(kinds).toMatchObject({ 'models/scene.gltf': 'text model/gltf+json', 'models/scene.bin': 'asset application/octet-stream', 'models/car.glb': 'asset model/gltf-binary', 'data/world.geojson': 'text application/geo+json', 'shaders/wave.frag': 'text text/plain', 'config.yml': 'text application/yaml', 'app.jsx': 'text text/javascript', 'sounds/hit.m4a': 'asset audio/mp4', 'brochure.docx': 'asset application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'press-kit.zip': 'asset application/zip', LICENSE: 'text text/plain', CNAME: 'text text/plain', _redirects: 'text text/plain', 'docs/README': 'text text/plain', 'vendor/standard_fonts/FoxitSerif.pfb': 'asset application/x-font-type1', 'vendor/standard_fonts/LICENSE_FOXIT': 'text text/plain', 'vendor/cmaps/78-H.bcmap': 'asset application/octet-stream', 'vendor/iccs/CGATS001Compat-v2-micro.icc': 'asset application/vnd.iccprofile', 'fonts/set.ttc': 'asset font/collection', 'tiles/world.pmtiles': 'asset application/vnd.pmtiles', 'models/face.onnx': 'asset application/octet-stream', 'data/trips.parquet': 'asset application/vnd.apache.parquet', 'game/index.pck': 'asset application/octet-stream', 'Build/web.wasm.br': 'asset application/octet-stream', 'maps/level1.tmj': 'text application/json', 'tracks/ride.gpx': 'text application/gpx+xml', 'video/main.m3u8': 'text application/vnd.apple.mpegurl' , 'main.py': 'text text/x-python', 'src/app.tsx': 'text text/typescript', 'install.sh': 'text application/x-sh', 'me.vcf': 'text text/vcard', 'models/duck.dae': 'text model/vnd.collada+xml', 'data/parcels.dbf': 'asset application/dbase', 'movie.swf': 'asset application/x-shockwave-flash', 'roms/game.nes': 'asset application/octet-stream', 'tunes/song.xm': 'asset audio/xm', 'dist/pkg-1.0-py3-none-any.whl': 'asset application/zip', 'objects.inv': 'asset application/octet-stream', 'release.tgz': 'asset application/gzip', 'graph_legend.dot': 'text text/vnd.graphviz' });
	});

	it('a static site\'s search index (Pagefind\'s, Stork\'s), translations, dictionaries and older office downloads import, as a host serves them', async () => {
		const bytes = new Uint8Array([0x1f, 0x8b, 0, 0xff]);
		const zip = zipSync({ 'index.html': text('<h1>ok</h1>'), 'pagefind/wasm.en.pagefind': bytes, 'pagefind/pagefind.en_9423f96578.pf_meta': bytes, 'pagefind/index/en_a4c962b.pf_index': bytes, 'pagefind/fragment/en_de1f5b1.pf_fragment': bytes, 'search/index.st': bytes, 'locale/en-US/viewer.ftl': text('pdfjs-previous-button = Previous'), 'locale/fr.po': text('msgid "Bread"\nmsgstr "Pain"'), 'locale/fr.mo': bytes, 'i18n/messages.properties': text('bread=Bread'), 'dict/en_US.dic': text('1\nbread'), 'dict/en_US.aff': text('SET UTF-8'), 'data/shop.sqlite3': bytes, 'menu.doc': bytes, 'prices.xls': bytes, 'flyer.odt': bytes, 'logo.eps': bytes, 'templates/row.jst': text('<li><%= name %></li>'), 'app.coffee': text('alert "hi"') });
		const { files, skipped } = await readZip(zip);
		expect(skipped).toEqual([]);
		const kinds = Object.fromEntries(files.map((f) => [f.path, `${f.kind} ${f.mimeType}`]));
		// A type the studio names no kind for is bytes, as a host serves what it does not know (MaskJS's templates).
		const unknown = await readZip(zipSync({ 'index.html': text('<h1>ok</h1>'), 'js/app.mask': text('h1 > "Todos"'), 'setup.exe': bytes, 'lib/native.dll': bytes, 'page.html~': text('old') }));
		expect(unknown.skipped.map((s) => s.path).sort()).toEqual(['lib/native.dll', 'page.html~', 'setup.exe']);
		expect(unknown.files.find((f) => f.path === 'js/app.mask')).toMatchObject({ kind: 'asset', mimeType: 'application/octet-stream' });
		expect(kinds).toMatchObject({ 'pagefind/wasm.en.pagefind': 'asset application/octet-stream', 'pagefind/fragment/en_de1f5b1.pf_fragment': 'asset application/octet-stream', 'locale/en-US/viewer.ftl': 'text text/plain', 'locale/fr.po': 'text text/x-gettext-translation', 'data/shop.sqlite3': 'asset application/vnd.sqlite3', 'menu.doc': 'asset application/msword', 'logo.eps': 'asset application/postscript', 'templates/row.jst': 'text text/plain', 'app.coffee': 'text text/coffeescript' });
	});

	it('zip-slip, absolute and unmanaged paths are skipped with a reason; the rest imports', async () => {
		const zip = zipSync({ 'index.html': text('<h1>ok</h1>'), '../../escape.html': text('x'), '/etc/passwd.txt': text('x'), 'C:\\win.txt': text('x'), '.env.txt': text('x'), 'node_modules/a.js': text('x'), 'tool.exe': text('x') });
		const { files, skipped } = await readZip(zip);
		expect(files.map((f) => f.path)).toEqual(['index.html']);
		expect(skipped.map((s) => s.path).sort()).toEqual(['../../escape.html', '.env.txt', '/etc/passwd.txt', 'C:\\win.txt', 'node_modules/a.js', 'tool.exe'].sort());
		for (const entry of skipped) expect(entry.reason.length).toBeGreaterThan(5);
	});

	it('an oversize file, too many entries and a bomb are skipped by their declared sizes, before inflating', async () => {
		const big = new Uint8Array(TEXT_FILE_MAX_BYTES + 1).fill(65);
		const many: Zippable = {};
		for (let i = 0; i < ZIP_IMPORT_LIMITS.entries + 3; i++) many[`p/f${i}.txt`] = text(String(i));
		// A bomb: a few hundred compressed bytes that declare almost 4 MB.
		const bombed = declare(zipSync({ 'big.txt': big, 'bomb.png': [new Uint8Array(100_000), { level: 9 }], 'ok.txt': text('ok') }), 'bomb.png', 3_900_000);
		const hostile = await readZip(bombed);
		expect(hostile.files.map((f) => f.path)).toEqual(['ok.txt']);
		expect(hostile.skipped.find((s) => s.path === 'big.txt')?.reason).toMatch(/too large/);
		expect(hostile.skipped.find((s) => s.path === 'bomb.png')?.reason).toMatch(/zip bomb/);
		const { files, skipped } = await readZip(zipSync(many));
		expect(files).toHaveLength(ZIP_IMPORT_LIMITS.entries);
		expect(skipped.filter((s) => /too many entries/.test(s.reason))).toHaveLength(3);
	});

	it('an entry whose data is larger than it declares is skipped; its neighbours still import', async () => {
		// a.txt declares 100 bytes but holds 2,000.
		const zip = declare(zipSync({ 'a.txt': [text('a'.repeat(2000)), { level: 0 }], 'b.txt': text('fine') }), 'a.txt', 100);
		const { files, skipped } = await readZip(zip);
		expect(files.map((f) => f.path)).toEqual(['b.txt']);
		expect(skipped.map((s) => s.path)).toEqual(['a.txt']);
	});

	it('entries that inflate past or short of their declared size, or whose CRC-32 is wrong, are left out with their reason', async () => {
		// The case found by hand: 100 bytes declared over a stream of 400,000 zeros (fflate stops at 100).
		const past = declare(zipSync({ 'zeros.txt': new Uint8Array(400_000), 'ok.txt': text('fine') }), 'zeros.txt', 100);
		const longer = await readZip(past);
		expect(longer.files.map((f) => f.path)).toEqual(['ok.txt']);
		expect(longer.skipped).toEqual([{ path: 'zeros.txt', reason: 'it inflates past the 100 bytes it declares' }]);
		const short = await readZip(declare(zipSync({ 'short.txt': text('b'.repeat(100)), 'ok.txt': text('fine') }), 'short.txt', 150));
		expect(short.files.map((f) => f.path)).toEqual(['ok.txt']);
		expect(short.skipped).toEqual([{ path: 'short.txt', reason: 'it inflates to 100 bytes, short of the 150 it declares' }]);
		// A wrong CRC-32, stored and deflated alike.
		for (const level of [0, 6] as const) {
			const zip = zipSync({ 'bad.txt': [text('checksummed text '.repeat(20)), { level }], 'ok.txt': text('fine') });
			const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
			for (let i = 0; i < zip.length - 4; i++) {
				if (view.getUint32(i, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(i + 46, i + 53)) === 'bad.txt') view.setUint32(i + 16, view.getUint32(i + 16, true) ^ 1, true);
			}
			const corrupt = await readZip(zip);
			expect(corrupt.files.map((f) => f.path)).toEqual(['ok.txt']);
			expect(corrupt.skipped).toEqual([{ path: 'bad.txt', reason: 'its CRC-32 does not match (the entry is corrupt)' }]);
		}
		// Flipped bits inside a deflated stream: corrupt, never imported.
		const zip = zipSync({ 'noise.txt': text('the quick brown fox '.repeat(200)) });
		const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
		const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
		for (let i = start + 5; i < start + 25; i++) zip[i] = zip[i]! ^ 0x5a;
		const broken = await readZip(zip);
		expect(broken.files).toEqual([]);
		expect(broken.skipped[0]?.reason).toMatch(/corrupt|inflates|CRC-32/);
	});

	it("the platform's inflater and fflate's (where a browser has none) read alike: whole, past the bound, cut short, corrupt, and bytes after the end", async () => {
		const body = text('the same line again and again\n'.repeat(20_000));
		const deflated = deflateSync(body);
		for (const inflate of [streamInflate, boundedInflate]) {
			const same = (read: Inflated) => 'bytes' in read && Buffer.from(read.bytes).equals(Buffer.from(body));
			expect(same(await inflate(deflated, body.length + 1))).toBe(true);
			// A bound far below what the entry holds: the output stops just past it.
			const bounded = await inflate(deflated, 1000);
			expect('bytes' in bounded && bounded.bytes.length).toBe(1000);
			expect(await inflate(deflated.subarray(0, deflated.length >> 1), body.length + 1)).toEqual({ reason: 'it cannot be inflated (the entry ends early)' });
			expect(await inflate(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x00, 0x11]), 100)).toEqual({ reason: 'it cannot be inflated (the entry is corrupt)' });
			const trailing = new Uint8Array([...deflated, 1, 2, 3]);
			expect(same(await inflate(trailing, body.length + 1))).toBe(true);
		}
	});

	it('a single top folder (a zip of "site/…") is taken off; bytes that are no zip are refused', async () => {
		expect((await readZip(zipSync({ 'site/index.html': text('x'), 'site/css/a.css': text('y') }))).files.map((f) => f.path)).toEqual(['css/a.css', 'index.html']);
		await expect(readZip(text('not a zip'))).rejects.toThrow(/not a readable \.zip/);
	});
});

describe('workspace_import_zip', () => {
	const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

	it('merges as one undoable revision and reports what it left out; replace makes the workspace the archive', async () => {
		const { service, direct } = await makeStudio();
		const before = [...service.workspace.files.keys()];
		const data = base64(zipSync({ 'index.html': text('<h1>imported</h1>'), 'extra/a.css': text('a{}'), '../evil.html': text('x') }));
		const merged = ok<{ revision: number; imported: string[]; skipped: { path: string }[] }>(await direct('workspace_import_zip', { data }));
		expect(merged.imported).toEqual(['extra/a.css', 'index.html']);
		expect(merged.skipped.map((s) => s.path)).toEqual(['../evil.html']);
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>imported</h1>');
		expect([...service.workspace.files.keys()].sort()).toEqual([...before, 'extra/a.css'].sort());
		ok(await direct('workspace_undo'));
		expect([...service.workspace.files.keys()].sort()).toEqual([...before].sort());
		ok(await direct('workspace_import_zip', { data, mode: 'replace' }));
		expect([...service.workspace.files.keys()].sort()).toEqual(['extra/a.css', 'index.html']);
	});

	it("an archive of a real template's size (10 MB that do not compress) imports whole through the tool; one over 24 MB is named by its size", async () => {
		const { service, direct } = await makeStudio();
		const noise = (n: number, seed: number) => new Uint8Array(n).map((_, i) => (Math.imul(i + seed, 2654435761) >>> 13) & 255);
		const images: Zippable = {};
		for (let i = 0; i < 3; i++) images[`img/photo-${i}.jpg`] = [noise(3_400_000, i), { level: 0 }];
		const data = base64(zipSync({ 'index.html': text('<img src="img/photo-0.jpg">'), ...images }));
		expect(data.length).toBeGreaterThan(13_000_000);
		const imported = ok<{ imported: string[]; skipped: unknown[] }>(await direct('workspace_import_zip', { data }));
		expect(imported.imported).toHaveLength(4);
		expect(imported.skipped).toEqual([]);
		expect(service.workspace.files.get('img/photo-2.jpg')?.size).toBe(3_400_000);
		await expect(readZip(new Uint8Array(ARCHIVE_MAX_BYTES + 1))).rejects.toThrow('The archive is 24 MB; a .zip of at most 24 MB can be imported.');
		expect(archiveTooLarge(30 * 1024 * 1024 + 200_000)).toBe('The archive is 30.2 MB; a .zip of at most 24 MB can be imported.');
		expect(archiveTooLarge(ARCHIVE_MAX_BYTES)).toBeNull();
	});

	it('an archive with nothing importable, or no zip at all, changes nothing', async () => {
		const { service, direct } = await makeStudio();
		const revision = service.revision;
		expect(errorCode(await direct('workspace_import_zip', { data: base64(zipSync({ '../x.html': text('x') })) }))).toBe('TOOL_VALIDATION_FAILED');
		expect(errorCode(await direct('workspace_import_zip', { data: base64(text('plain text')) }))).toBe('TOOL_VALIDATION_FAILED');
		expect(service.revision).toBe(revision);
	});

	it("an agent's import waits for approval, and the card's diff lists the archive's files", async () => {
		const { service, registry } = await makeStudio();
		const data = base64(zipSync({ 'index.html': text('<h1>agent</h1>') }));
		const call = registry.executeModelToolCall({ id: 'z1', name: 'workspace_import_zip', arguments: { data } });
		while (registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		const pending = registry.policy.snapshot()[0]!;
		expect(service.workspace.files.get('index.html')?.content).not.toBe('<h1>agent</h1>');
		expect(JSON.stringify(pending)).toContain('index.html');
		registry.policy.resolve(pending.id, 'allow-once');
		ok(await call);
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>agent</h1>');
	});
});

describe('starters', () => {
	it('each starter resets the workspace to its own files, and compiles with no missing reference', async () => {
		const { service, direct } = await makeStudio();
		for (const starter of STARTER_IDS) {
			ok(await direct('workspace_reset', { starter }));
			expect([...service.workspace.files.keys()].sort()).toEqual(starterFilesOf(starter).map((f) => f.path).sort());
			expect(compile(service.workspace).diagnostics.filter((d) => d.kind !== 'external')).toEqual([]);
		}
		expect(errorCode(await direct('workspace_reset', { starter: 'nope' }))).toBe('TOOL_VALIDATION_FAILED');
	});
});
