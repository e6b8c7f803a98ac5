// An HTML 4 frameset, as the preview shows it: a grid of iframes. A frameset document's page is its
// frames, and a `<frame>` has no srcdoc for the site's page compiled into it (frame/frames.js fills
// iframes), so the frameset becomes a grid whose tracks are its rows and cols (`200,*`, `25%,75%`,
// `1*,2*`) and whose gap is its border (6 px unless it says otherwise), and each frame an iframe that
// fills its cell. Names, targets and `window.frames` are an iframe's as they were the frame's.
import { openTag, type Edit, type HtmlElement } from '../html';

/** A frameset's rows or cols as grid tracks: pixels, percentages, and `*` shares as fractions. */
export function gridTracks(list: string | undefined): string {
	if (!list?.trim()) return '1fr';
	return list
		.split(',')
		.map((part) => {
			const value = part.trim();
			if (value.endsWith('*')) return `${Number.parseFloat(value) || 1}fr`;
			if (value.endsWith('%')) return `${Number.parseFloat(value) || 0}%`;
			return `${Number.parseFloat(value) || 0}px`;
		})
		.join(' ');
}

/** Chromium's frameset border when the page sets none, in px. */
const DEFAULT_BORDER = 6;
/** The attributes only a frameset has: the grid's style says them. */
const FRAMESET_ONLY = new Set(['rows', 'cols', 'border', 'frameborder', 'framespacing', 'bordercolor']);

/** The frameset's open tag as the grid's (and the page's full height), its close tag as the grid's end. */
export function framesetEdits(source: string, element: HtmlElement): Edit[] {
	const { attribs } = element;
	const off = /^(?:0|no)$/i.test(attribs.frameborder?.trim() ?? '');
	const set = Number.parseInt(attribs.border ?? attribs.framespacing ?? '', 10);
	const gap = off ? 0 : Number.isFinite(set) && set >= 0 ? set : DEFAULT_BORDER;
	const kept = Object.fromEntries(Object.entries(attribs).filter(([key]) => !FRAMESET_ONLY.has(key.toLowerCase())));
	const style = `display:grid;grid-template-columns:${gridTracks(attribs.cols)};grid-template-rows:${gridTracks(attribs.rows)};gap:${gap}px;background:${attribs.bordercolor ?? '#d0d0d0'};width:100%;height:100%;min-width:0;min-height:0;overflow:hidden`;
	const edits: Edit[] = [{ start: element.openStart, end: element.openEnd, text: `<style>html,body{height:100%;margin:0}</style>${openTag('div', { ...kept, 'data-studio-frameset': '', style })}` }];
	const close = closeTag(source, element.openEnd);
	if (close) edits.push({ start: close.start, end: close.end, text: '</div>' });
	return edits;
}

/** Where the frameset opened before `from` closes: its `</frameset>`, past those of the framesets inside it. */
function closeTag(source: string, from: number): { start: number; end: number } | null {
	const tags = /<(\/?)frameset\b[^>]*>/gi;
	tags.lastIndex = from;
	let depth = 0;
	for (let tag = tags.exec(source); tag; tag = tags.exec(source)) {
		if (!tag[1]) depth++;
		else if (depth-- === 0) return { start: tag.index, end: tag.index + tag[0].length };
	}
	return null;
}

/** How an iframe that stands for a frame fills its cell of the grid. */
export const FRAME_STYLE = 'display:block;width:100%;height:100%;border:0;background:Canvas;min-width:0;min-height:0';
