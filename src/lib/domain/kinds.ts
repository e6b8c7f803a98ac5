// File kinds: which extensions the studio holds as text or asset, with language and MIME type.

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
	xslt: ['xml', 'application/xslt+xml'],
	// Code a page runs in the browser from its file (PyScript's and Pyodide's Python, Fengari's Lua, the
	// components an in-page loader compiles, TypeScript an in-page compiler takes) and templates a
	// script fetches to fill (Handlebars, Mustache, EJS, Nunjucks, Liquid).
	py: ['plaintext', 'text/x-python'], lua: ['plaintext', 'text/x-lua'], vue: ['html', 'text/plain'], svelte: ['html', 'text/plain'],
	tsx: ['typescript', 'text/typescript'], mts: ['typescript', 'text/typescript'], cts: ['typescript', 'text/typescript'],
	hbs: ['html', 'text/x-handlebars-template'], handlebars: ['html', 'text/x-handlebars-template'], mustache: ['html', 'text/plain'],
	ejs: ['html', 'text/plain'], njk: ['html', 'text/plain'], liquid: ['html', 'text/plain'],
	// Text a page shows or reads: documents (Markdown under its other names, notebooks, reStructuredText,
	// AsciiDoc, LaTeX), source a code viewer highlights, scripts a project's site offers to install with,
	// diffs, logs, data and config (JSON with comments, JSON5, INI, GraphQL, Protocol Buffers, LDtk
	// levels), music notation (ABC, MusicXML, LilyPond, ChordPro), lyrics and subtitles, a contact card,
	// checksums and keys beside downloads, XML vocabularies (a
	// COLLADA scene, an OpenStreetMap extract, RDF, a DTD), an XHTML page, an appcache manifest, the
	// plain-text parts of a shapefile (its projection and code page), fonts' metrics, point clouds and
	// Graphviz graphs (Doxygen's, or what an in-page renderer draws).
	markdown: ['markdown', 'text/markdown'], mdx: ['markdown', 'text/mdx'], ipynb: ['json', 'application/x-ipynb+json'],
	rst: ['plaintext', 'text/x-rst'], adoc: ['plaintext', 'text/asciidoc'], tex: ['plaintext', 'application/x-tex'], bib: ['plaintext', 'text/x-bibtex'],
	c: ['plaintext', 'text/x-c'], h: ['plaintext', 'text/x-c'], cc: ['plaintext', 'text/x-c'], cpp: ['plaintext', 'text/x-c'], hpp: ['plaintext', 'text/x-c'],
	rs: ['plaintext', 'text/x-rust'], go: ['plaintext', 'text/x-go'], java: ['plaintext', 'text/x-java-source'], kt: ['plaintext', 'text/x-kotlin'],
	swift: ['plaintext', 'text/x-swift'], rb: ['plaintext', 'text/x-ruby'], r: ['plaintext', 'text/x-r'], jl: ['plaintext', 'text/x-julia'],
	cs: ['plaintext', 'text/x-csharp'], fs: ['plaintext', 'text/plain'], vs: ['plaintext', 'text/plain'], wat: ['plaintext', 'text/plain'],
	sh: ['plaintext', 'application/x-sh'], ps1: ['plaintext', 'text/plain'], diff: ['plaintext', 'text/x-diff'], patch: ['plaintext', 'text/x-diff'], log: ['plaintext', 'text/plain'],
	jsonc: ['json', 'application/json'], json5: ['json', 'application/json5'], har: ['json', 'application/json'], ldtk: ['json', 'application/json'],
	ini: ['plaintext', 'text/plain'], graphql: ['plaintext', 'application/graphql'], gql: ['plaintext', 'application/graphql'], proto: ['plaintext', 'text/plain'],
	abc: ['plaintext', 'text/vnd.abc'], musicxml: ['xml', 'application/vnd.recordare.musicxml+xml'], ly: ['plaintext', 'text/x-lilypond'],
	chordpro: ['plaintext', 'text/plain'], cho: ['plaintext', 'text/plain'], lrc: ['plaintext', 'text/plain'], ass: ['plaintext', 'text/x-ssa'], ssa: ['plaintext', 'text/x-ssa'], sbv: ['plaintext', 'text/plain'],
	vcf: ['plaintext', 'text/vcard'], sha256: ['plaintext', 'text/plain'], sha512: ['plaintext', 'text/plain'], md5: ['plaintext', 'text/plain'],
	pem: ['plaintext', 'application/x-pem-file'], asc: ['plaintext', 'application/pgp-keys'],
	dae: ['xml', 'model/vnd.collada+xml'], osm: ['xml', 'application/xml'], rdf: ['xml', 'application/rdf+xml'], dtd: ['xml', 'application/xml-dtd'],
	xhtml: ['html', 'application/xhtml+xml'], appcache: ['plaintext', 'text/cache-manifest'],
	dot: ['plaintext', 'text/vnd.graphviz'], gv: ['plaintext', 'text/vnd.graphviz'],
	prj: ['plaintext', 'text/plain'], cpg: ['plaintext', 'text/plain'], afm: ['plaintext', 'application/x-font-afm'], pfa: ['plaintext', 'application/x-font-type1'], xyz: ['plaintext', 'text/plain'],
	// Translations a page's i18n library fetches (gettext catalogs, Fluent's — pdf.js's viewer —, Java
	// properties), spell-check dictionaries (Hunspell's, for typo.js), colour lookup tables, XML
	// schemas, RDF in Turtle and N3, SPARQL queries and shader sources under their engines' names.
	po: ['plaintext', 'text/x-gettext-translation'], pot: ['plaintext', 'text/x-gettext-translation'], ftl: ['plaintext', 'text/plain'], properties: ['plaintext', 'text/plain'],
	dic: ['plaintext', 'text/plain'], aff: ['plaintext', 'text/plain'], cube: ['plaintext', 'text/plain'], xsd: ['xml', 'application/xml'],
	ttl: ['plaintext', 'text/turtle'], n3: ['plaintext', 'text/n3'], rq: ['plaintext', 'application/sparql-query'], sparql: ['plaintext', 'application/sparql-query'],
	hlsl: ['plaintext', 'text/plain'], shader: ['plaintext', 'text/plain'],
	// Templates a Backbone or Underscore app fetches to fill, CoffeeScript an in-page compiler runs
	// (`<script type="text/coffeescript" src>`), Pug an in-page renderer takes, a part's licence by extension.
	tmpl: ['html', 'text/plain'], jst: ['html', 'text/plain'], template: ['html', 'text/plain'], coffee: ['plaintext', 'text/coffeescript'], pug: ['plaintext', 'text/plain'], license: ['plaintext', 'text/plain']
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
	jxl: 'image/jxl',
	// More of what real sites serve: archives offered for download (and the wheels Pyodide installs),
	// 3D models, point clouds and the binary parts of a shapefile, sprites, tracker music and sound
	// fonts, video, GPU textures, books and comics, a Photoshop file, what emulators load (Ruffle's
	// Flash files, console ROMs, disk and tape images, saves, game data), machine-learning weights
	// (Keras, PyTorch, TensorFlow, GGUF for in-page language models), signatures, certificates and
	// Sphinx's inventory of a documentation site.
	tar: 'application/x-tar', tgz: 'application/gzip', xz: 'application/x-xz', bz2: 'application/x-bzip2', zst: 'application/zstd', '7z': 'application/x-7z-compressed', whl: 'application/zip',
	'3ds': 'application/x-3ds', vox: 'application/octet-stream', pcd: 'application/octet-stream', las: 'application/octet-stream', laz: 'application/octet-stream',
	shp: 'application/octet-stream', shx: 'application/octet-stream', dbf: 'application/dbase', skel: 'application/octet-stream', aseprite: 'application/octet-stream',
	mod: 'audio/mod', xm: 'audio/xm', s3m: 'audio/s3m', it: 'audio/it', sf2: 'audio/x-soundfont', sf3: 'audio/x-soundfont', caf: 'audio/x-caf', kar: 'audio/midi',
	mkv: 'video/x-matroska', avi: 'video/x-msvideo', pvr: 'application/octet-stream', astc: 'application/octet-stream',
	mobi: 'application/x-mobipocket-ebook', azw3: 'application/vnd.amazon.ebook', djvu: 'image/vnd.djvu', cbz: 'application/vnd.comicbook+zip', cbr: 'application/vnd.comicbook-rar',
	mxl: 'application/vnd.recordare.musicxml', psd: 'image/vnd.adobe.photoshop', swf: 'application/x-shockwave-flash',
	nes: 'application/octet-stream', gb: 'application/octet-stream', gbc: 'application/octet-stream', gba: 'application/octet-stream', nds: 'application/octet-stream',
	sfc: 'application/octet-stream', smc: 'application/octet-stream', rom: 'application/octet-stream', z64: 'application/octet-stream', n64: 'application/octet-stream',
	iso: 'application/octet-stream', img: 'application/octet-stream', dsk: 'application/octet-stream', adf: 'application/octet-stream', d64: 'application/octet-stream',
	tap: 'application/octet-stream', tzx: 'application/octet-stream', prg: 'application/octet-stream', sav: 'application/octet-stream', pak: 'application/octet-stream',
	unity3d: 'application/octet-stream', bundle: 'application/octet-stream', assetbundle: 'application/octet-stream',
	h5: 'application/x-hdf5', pt: 'application/octet-stream', pb: 'application/octet-stream', gguf: 'application/octet-stream',
	sig: 'application/pgp-signature', crt: 'application/x-x509-ca-cert', inv: 'application/octet-stream',
	// SQLite databases an in-page sql.js opens; JPEGs under their other names; documents offered for
	// download in the older office formats, OpenDocument's and PostScript's; a macOS icon.
	sqlite3: 'application/vnd.sqlite3', jfif: 'image/jpeg', pjpeg: 'image/jpeg',
	doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint', rtf: 'application/rtf',
	odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet', odp: 'application/vnd.oasis.opendocument.presentation',
	eps: 'application/postscript', ps: 'application/postscript', ai: 'application/postscript', icns: 'image/icns'
};

/**
 * Plain-text files real sites carry by name, without an extension: their licence and notes, and what
 * static hosts read (GitHub Pages' CNAME, Netlify's and Cloudflare's _redirects and _headers), so a
 * site brought in goes back out whole.
 */
const NAMED = new Set(['license', 'licence', 'copying', 'notice', 'authors', 'contributors', 'readme', 'changelog', 'cname', '_redirects', '_headers']);
/** A licence of one part, by name (pdf.js carries `LICENSE_FOXIT` and `LICENSE_JBIG2`). */
const NAMED_LICENCE = /^licen[cs]e[-_][\w-]+$/;

/**
 * Programs and installers, refused: the studio holds a website. Any other extension it names no kind
 * for is held as bytes and served as `application/octet-stream`, as a static host serves a type it
 * does not know: a framework's templates (MaskJS's `.mask`, fetched by the TodoMVC of Atma.js), a
 * static site's search index (Pagefind's `.pf_fragment`, `.pf_index`, `.pf_meta` and `.pagefind`,
 * Stork's `.st`), compiled gettext catalogs, a tool's data formats. Left out, such a file broke the
 * site brought in.
 */
const REFUSED = new Set(['exe', 'dll', 'msi', 'msix', 'msp', 'com', 'scr', 'pif', 'cpl', 'bat', 'cmd', 'vbs', 'vbe', 'wsf', 'wsh', 'hta', 'jse', 'lnk', 'reg', 'msc', 'jar', 'apk', 'aab', 'ipa', 'xap', 'appx', 'dmg', 'pkg', 'deb', 'rpm', 'appimage', 'run', 'so', 'dylib', 'sys', 'drv', 'ocx']);
/** What an extension looks like (not a backup's `html~`). */
const EXTENSION = /^[a-z0-9_+-]{1,16}$/;

/** The extension of a path, lower-cased, without the dot ('' when none). */
export function extensionOf(path: string): string {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The kind of a path by its extension (or its name, for the few text files sites carry without one):
 * an unknown extension's file is bytes; null for a program (REFUSED) or a name without extension.
 */
export function kindOf(path: string): KindInfo | null {
	const ext = extensionOf(path);
	const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
	if (!ext && (NAMED.has(name) || NAMED_LICENCE.test(name))) return { kind: 'text', language: 'plaintext', mimeType: 'text/plain' };
	if (Object.hasOwn(TEXT, ext)) {
		const [language, mimeType] = TEXT[ext]!;
		return { kind: 'text', language, mimeType };
	}
	if (Object.hasOwn(ASSET, ext)) return { kind: 'asset', language: 'binary', mimeType: ASSET[ext]! };
	if (EXTENSION.test(ext) && !REFUSED.has(ext)) return { kind: 'asset', language: 'binary', mimeType: 'application/octet-stream' };
	return null;
}

/** True for HTML documents (entry candidates). */
export function isHtml(path: string): boolean {
	const ext = extensionOf(path);
	return ext === 'html' || ext === 'htm';
}
