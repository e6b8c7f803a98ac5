// What a browser shows for a site file that is not a page, opened by a link or the address field
// (`cv.txt`, `images/photo.jpg`, `clip.mp4`, `menu.pdf`), as the document the preview compiles in
// its place: the browser's own plain-text, image and media documents, an SVG drawn alone, and for
// what a browser would hand to a viewer or download (a PDF, a font) a page that downloads it (the
// sandbox runs no viewer). Pure: runs in the hub with the compiler.
import type { FileRecord } from '../domain/model';
import { extensionOf } from '../domain/kinds';
import { dataUrl, escapeAttr } from './compiler/compiler';

const page = (name: string, head: string, body: string) =>
	`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeAttr(name)}</title>${head}</head>${body}</html>`;

/** A file size as a browser's download list says it. */
function sizeOf(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The document the preview shows for `path`, a workspace file that is not HTML. Text is shown as
 * Chromium shows text/plain (a wrapped <pre>), an image as its image document does (centred on dark,
 * scaled down to fit), audio and video in the media element with controls, an SVG as its own
 * document draws it (its own size, else the whole window). The rest gets a page with a download link
 * of the file (the preview's download program serves its bytes).
 */
export function filePage(path: string, file: FileRecord): string {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const type = file.mimeType;
	if (type === 'image/svg+xml' && file.content !== undefined) {
		const markup = file.content.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?/i, '');
		return page(name, '<style>html,body{margin:0;height:100%}body>svg:not([width]){width:100%}body>svg:not([height]){height:100%}</style>', `<body>${markup}</body>`);
	}
	if (file.kind === 'text') return page(name, '<meta name="color-scheme" content="light dark">', `<body><pre style="word-wrap: break-word; white-space: pre-wrap;">${escapeAttr(file.content ?? '')}</pre></body>`);
	const source = escapeAttr(dataUrl(file));
	if (type.startsWith('image/'))
		return page(
			name,
			'<style>body{margin:0;height:100vh;display:flex;background:#0e0e0e}img{display:block;margin:auto;max-width:100%;max-height:100%;background:hsl(0,0%,90%);user-select:none}</style>',
			`<body><img src="${source}" alt="${escapeAttr(name)}"></body>`
		);
	if (type.startsWith('video/') || type.startsWith('audio/'))
		return page(
			name,
			'<style>body{margin:0;height:100vh;display:flex;background:#000}video{margin:auto;max-width:100%;max-height:100%}</style>',
			`<body><video controls autoplay name="media"><source src="${source}" type="${escapeAttr(type)}"></video></body>`
		);
	const what = extensionOf(path) === 'pdf' ? 'A PDF document' : `A file of type ${type}`;
	return page(
		name,
		'<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#444}main{max-width:28rem;text-align:center}</style>',
		`<body><main><h1>${escapeAttr(name)}</h1><p>${escapeAttr(what)}, ${sizeOf(file.size)}. A browser opens it in a viewer or downloads it; the preview cannot show it here.</p><p><a href="${escapeAttr(name)}" download="${escapeAttr(name)}">Download ${escapeAttr(name)}</a></p></main></body>`
	);
}
