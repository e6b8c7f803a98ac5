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
	less: ['css', 'text/x-less']
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
	wasm: 'application/wasm',
	mp4: 'video/mp4',
	webm: 'video/webm',
	ogg: 'audio/ogg',
	mp3: 'audio/mpeg',
	wav: 'audio/wav',
	pdf: 'application/pdf'
};

/** Every accepted extension, for messages. */
export const SUPPORTED_EXTENSIONS = [...Object.keys(TEXT), ...Object.keys(ASSET)];

/** The extension of a path, lower-cased, without the dot ('' when none). */
export function extensionOf(path: string): string {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind of a path by its extension, or null when the studio does not accept it. */
export function kindOf(path: string): KindInfo | null {
	const ext = extensionOf(path);
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
