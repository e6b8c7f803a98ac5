// The local agent's requests about the element the person picked in the preview: "make it bigger",
// "make it teal", "teal background", "bold", "center it", "change the text to …". Each becomes one
// workspace_edit_element call on that element where it is written (its inline style or its text),
// so nothing else of the page changes. Other prompts fall through to the general plan.
import type { PickedElement } from '../preview/messages';
import { COLOUR_WORDS, type Plan } from './local';

/** Elements whose size is their box, not their text. */
const BOXES = new Set(['img', 'video', 'svg', 'iframe', 'canvas', 'picture', 'input', 'button']);

const px = (value: string | undefined) => {
	const n = Number.parseFloat(value ?? '');
	return Number.isFinite(n) && n > 0 ? n : null;
};

/** The colour a prompt names (a colour word or #rrggbb). */
function colourIn(lower: string): string | null {
	const word = Object.keys(COLOUR_WORDS).find((name) => new RegExp(String.raw`\b${name}\b`).test(lower));
	return word ? COLOUR_WORDS[word]! : (lower.match(/#[0-9a-f]{6}\b/)?.[0] ?? null);
}

/** Style properties a prompt asks of the element, or null when it asks none. */
function styleFor(prompt: string, element: PickedElement): Record<string, string> | null {
	const lower = prompt.toLowerCase();
	const grow = /\b(bigger|larger|enlarge|grow|increase)\b/.test(lower) ? 1.25 : /\b(smaller|shrink|reduce|decrease|tinier)\b/.test(lower) ? 0.8 : null;
	if (grow) {
		if (BOXES.has(element.tag) && element.tag !== 'button') return { width: `${Math.max(1, Math.round(element.box.width * grow))}px` };
		const size = px(element.styles['font-size']) ?? 16;
		return { 'font-size': `${Math.max(1, Math.round(size * grow))}px` };
	}
	const colour = colourIn(lower);
	if (colour) return /\b(background|bg|fill)\b/.test(lower) ? { 'background-color': colour } : { color: colour };
	if (/\b(bold|bolder|heavier)\b/.test(lower)) return { 'font-weight': '700' };
	if (/\b(cent(?:er|re)d?|in the middle)\b/.test(lower)) return { 'text-align': 'center' };
	if (/\bitalic\b/.test(lower)) return { 'font-style': 'italic' };
	return null;
}

/** The new text a prompt gives the element ("change the text to Hello", "make it say Hello"), or null. */
function textFor(prompt: string): string | null {
	const match = prompt.trim().match(/^(?:please )?(?:change|set|update|replace|make)\s+(?:the |its |this |it(?:s)? )?(?:text|label|title|heading|words|wording|copy|it)?\s*(?:to|say|read|into)\s+([\s\S]+)$/i);
	if (!match) return null;
	const text = match[1]!.trim().replace(/^["“']|["”'.]$/g, '').replace(/["”']$/, '').trim();
	return text || null;
}

/**
 * The plan for a prompt about the picked element, or null when the prompt is not about it (the
 * general plan reads it then). An element a script built gets a reply: it is written nowhere.
 */
export function planForElement(prompt: string, element: PickedElement): Plan | null {
	// A request about the site as a whole is not about the element (the theme, the hero, a file).
	if (/\b(theme|site|pages?|hero|subtitle|feature cards?|files?|undo|redo|reset|[\w-]+\.(?:html|css|js))\b/i.test(prompt)) return null;
	const text = textFor(prompt);
	const style = text === null ? styleFor(prompt, element) : null;
	if (text === null && !style) return null;
	if (!element.at || !element.path) return { steps: [], reply: `${element.label} is built by a script, not written in the page's HTML, so I cannot edit it in its file. Edit the script that makes it.` };
	const target = { path: element.path, offset: element.at.offset, tag: element.tag };
	// The text shown is cut at 300 characters: only a whole one can be checked against the file.
	const expect = element.text.length < 300 ? { expectText: element.text } : {};
	const edit = text !== null ? { ...target, text, ...expect } : { ...target, style: style! };
	return { steps: [{ name: 'workspace_get_status', arguments: {} }, { name: 'workspace_edit_element', arguments: edit }] };
}
