// File kinds: which extensions the studio accepts, as text or asset, with language and MIME type.

/** How a file is stored and edited. */
export type FileKind = 'text' | 'asset';

/** What an extension means. */
export interface KindInfo {
	kind: FileKind;
	language: string;
	mimeType: string;
}

const TEXT: Record<string, [string, string]> = {
	html: ['html', 'text/html'],
	htm: ['html', 'text/html'],
	css: ['css', 'text/css'],
	js: ['javascript', 'text/javascript'],
	mjs: ['javascript', 'text/javascript'],
	json: ['json', 'application/json'],
	md: ['markdown', 'text/markdown'],
	txt: ['plaintext', 'text/plain'],
	svg: ['svg', 'image/svg+xml'],
	ts: ['typescript', 'text/typescript'],
	// Harmless text that real sites carry beside their pages.
	webmanifest: ['json', 'application/manifest+json'],
	xml: ['xml', 'application/xml'],
	map: ['json', 'application/json'],
	csv: ['plaintext', 'text/csv'],
	vtt: ['plaintext', 'text/vtt'],
	scss: ['css', 'text/x-scss'],
	less: ['css', 'text/x-less'],
	sass: ['css', 'text/x-sass'],
	// What pages fetch at run time: maps' shapes, 3D scenes and their parts, shaders, data and config,
	// subtitles, feeds, and JSX that an in-page Babel compiles.
	geojson: ['json', 'application/geo+json'],
	topojson: ['json', 'application/json'],
	gltf: ['json', 'model/gltf+json'],
	jsonld: ['json', 'application/ld+json'],
	obj: ['plaintext', 'model/obj'],
	mtl: ['plaintext', 'model/mtl'],
	glsl: ['plaintext', 'text/plain'],
	vert: ['plaintext', 'text/plain'],
	frag: ['plaintext', 'text/plain'],
	wgsl: ['plaintext', 'text/wgsl'],
	yaml: ['plaintext', 'application/yaml'],
	yml: ['plaintext', 'application/yaml'],
	toml: ['plaintext', 'application/toml'],
	tsv: ['plaintext', 'text/tab-separated-values'],
	sql: ['plaintext', 'application/sql'],
	srt: ['plaintext', 'application/x-subrip'],
	ics: ['plaintext', 'text/calendar'],
	rss: ['xml', 'application/rss+xml'],
	atom: ['xml', 'application/atom+xml'],
	cjs: ['javascript', 'text/javascript'],
	jsx: ['javascript', 'text/javascript'],
	// Games' tile maps (Tiled), bitmap fonts and sprite atlases; GPS tracks and map layers; streaming
	// playlists and manifests; line-delimited JSON; XSLT a feed styles itself with.
	tmj: ['json', 'application/json'],
	tsj: ['json', 'application/json'],
	tmx: ['xml', 'application/xml'],
	fnt: ['plaintext', 'text/plain'],
	atlas: ['plaintext', 'text/plain'],
	gpx: ['xml', 'application/gpx+xml'],
	kml: ['xml', 'application/vnd.google-earth.kml+xml'],
	m3u8: ['plaintext', 'application/vnd.apple.mpegurl'],
	mpd: ['xml', 'application/dash+xml'],
	jsonl: ['plaintext', 'application/jsonl'],
	ndjson: ['plaintext', 'application/x-ndjson'],
	xsl: ['xml', 'application/xslt+xml'],
	xslt: ['xml', 'application/xslt+xml']
};

const ASSET: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	avif: 'image/avif',
	ico: 'image/x-icon',
	woff: 'font/woff',
	woff2: 'font/woff2',
	ttf: 'font/ttf',
	otf: 'font/otf',
	eot: 'application/vnd.ms-fontobject',
	ttc: 'font/collection',
	wasm: 'application/wasm',
	mp4: 'video/mp4',
	webm: 'video/webm',
	ogg: 'audio/ogg',
	mp3: 'audio/mpeg',
	wav: 'audio/wav',
	pdf: 'application/pdf',
	// What real sites carry beside those: more image, sound and video formats, 3D models and
	// textures, the data files of WebAssembly apps, and files offered for download.
	bmp: 'image/bmp',
	apng: 'image/apng',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	cur: 'image/x-icon',
	m4a: 'audio/mp4',
	aac: 'audio/aac',
	flac: 'audio/flac',
	oga: 'audio/ogg',
	opus: 'audio/ogg',
	weba: 'audio/webm',
	mid: 'audio/midi',
	midi: 'audio/midi',
	m4v: 'video/mp4',
	ogv: 'video/ogg',
	mov: 'video/quicktime',
	glb: 'model/gltf-binary',
	bin: 'application/octet-stream',
	stl: 'model/stl',
	ply: 'application/octet-stream',
	fbx: 'application/octet-stream',
	drc: 'application/octet-stream',
	hdr: 'image/vnd.radiance',
	ktx2: 'image/ktx2',
	data: 'application/octet-stream',
	sqlite: 'application/vnd.sqlite3',
	db: 'application/vnd.sqlite3',
	pbf: 'application/x-protobuf',
	zip: 'application/zip',
	gz: 'application/gzip',
	epub: 'application/epub+zip',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	// What a PDF viewer (pdf.js) loads beside its pages: Type 1 fonts, character maps, colour profiles.
	pfb: 'application/x-font-type1',
	bcmap: 'application/octet-stream',
	icc: 'application/vnd.iccprofile',
	// Read in parts or whole by pages that run at the edge of the web platform: map tile archives
	// (PMTiles, by byte ranges), models for in-page machine learning, columnar data for DuckDB and
	// Arrow, GPU textures, Gaussian splats, animations (Rive, dotLottie), game exports (Godot's .pck,
	// Unity's compressed builds), video segments and newer image formats.
	pmtiles: 'application/vnd.pmtiles',
	mvt: 'application/vnd.mapbox-vector-tile',
	mbtiles: 'application/vnd.sqlite3',
	kmz: 'application/vnd.google-earth.kmz',
	onnx: 'application/octet-stream',
	ort: 'application/octet-stream',
	tflite: 'application/octet-stream',
	safetensors: 'application/octet-stream',
	parquet: 'application/vnd.apache.parquet',
	arrow: 'application/vnd.apache.arrow.file',
	feather: 'application/vnd.apache.arrow.file',
	npy: 'application/octet-stream',
	npz: 'application/octet-stream',
	ktx: 'image/ktx',
	basis: 'application/octet-stream',
	dds: 'image/vnd.ms-dds',
	exr: 'image/x-exr',
	splat: 'application/octet-stream',
	ksplat: 'application/octet-stream',
	usdz: 'model/vnd.usdz+zip',
	'3mf': 'model/3mf',
	riv: 'application/octet-stream',
	lottie: 'application/zip',
	pck: 'application/octet-stream',
	br: 'application/octet-stream',
	unityweb: 'application/octet-stream',
	mem: 'application/octet-stream',
	m4s: 'video/iso.segment',
	heic: 'image/heic',
	heif: 'image/heif',
	jxl: 'image/jxl'
};

/**
 * Plain-text files real sites carry by name, without an extension: their licence and notes, and what
 * static hosts read (GitHub Pages' CNAME, Netlify's and Cloudflare's _redirects and _headers), so a
 * site brought in goes back out whole.
 */
const NAMED = new Set(['license', 'licence', 'copying', 'notice', 'authors', 'contributors', 'readme', 'changelog', 'cname', '_redirects', '_headers']);
/** A licence of one part, by name (pdf.js carries `LICENSE_FOXIT` and `LICENSE_JBIG2`). */
const NAMED_LICENCE = /^licen[cs]e[-_][\w-]+$/;

/** Every accepted extension, for messages. */
export const SUPPORTED_EXTENSIONS = [...Object.keys(TEXT), ...Object.keys(ASSET)];

/** The extension of a path, lower-cased, without the dot ('' when none). */
export function extensionOf(path: string): string {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind of a path by its extension (or its name, for the few text files sites carry without one), or null when the studio does not accept it. */
export function kindOf(path: string): KindInfo | null {
	const ext = extensionOf(path);
	const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
	if (!ext && (NAMED.has(name) || NAMED_LICENCE.test(name))) return { kind: 'text', language: 'plaintext', mimeType: 'text/plain' };
	if (Object.hasOwn(TEXT, ext)) {
		const [language, mimeType] = TEXT[ext]!;
		return { kind: 'text', language, mimeType };
	}
	if (Object.hasOwn(ASSET, ext)) return { kind: 'asset', language: 'binary', mimeType: ASSET[ext]! };
	return null;
}

/** True for HTML documents (entry candidates). */
export function isHtml(path: string): boolean {
	const ext = extensionOf(path);
	return ext === 'html' || ext === 'htm';
}
