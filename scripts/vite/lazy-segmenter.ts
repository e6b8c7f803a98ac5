// A build-time fix to @codemirror/commands: it makes an Intl.Segmenter for word boundaries when its
// module is evaluated. Making the first one loads the locale's word-break data: about 40 ms on this
// machine (four times that on a phone) inside the editor's start, for subword cursor motion that a
// start never uses. This plugin makes it on first use instead. Each replacement must match exactly:
// a release that changed the code fails the build here, to be looked at again (or dropped if fixed).
import type { Plugin } from 'vite';

const FILE = /[\\/]@codemirror[\\/]commands[\\/]dist[\\/]index\.js$/;

const REPLACEMENTS: [string, string][] = [
	[
		'const segmenter = typeof Intl != "undefined" && Intl.Segmenter ?\n    /*@__PURE__*/new (Intl.Segmenter)(undefined, { granularity: "word" }) : null;',
		'let segmenterMade;\nconst wordSegmenter = () => segmenterMade !== undefined ? segmenterMade : (segmenterMade = typeof Intl != "undefined" && Intl.Segmenter ? new (Intl.Segmenter)(undefined, { granularity: "word" }) : null);'
	],
	['if (segmenter && cat == CharCategory.Word', 'if (wordSegmenter() && cat == CharCategory.Word'],
	['Array.from(segmenter.segment(skipped))', 'Array.from(wordSegmenter().segment(skipped))']
];

/** The plugin (client and server builds alike). */
export function lazySegmenter(): Plugin {
	return {
		name: 'studio:lazy-segmenter',
		transform(code, id) {
			if (!FILE.test(id.split('?')[0]!)) return null;
			let out = code;
			for (const [from, to] of REPLACEMENTS) {
				if (!out.includes(from)) this.error(`@codemirror/commands changed: "${from.slice(0, 60)}…" is gone (scripts/vite/lazy-segmenter.ts)`);
				out = out.replace(from, to);
			}
			if (/\bsegmenter\b/.test(out)) this.error('@codemirror/commands still uses its eager segmenter (scripts/vite/lazy-segmenter.ts)');
			return { code: out, map: null };
		}
	};
}
