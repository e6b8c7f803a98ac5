// The preview's data as it crosses a boundary, defined once as valibot schemas: a host's render
// outcome and lines (from a page), a navigation, a file path and a storage change (from a frame, via
// its page). The hub guards its methods with them; messages.ts derives the types from them.
import * as v from 'valibot';
import { PREVIEW_LIMITS } from './limits';

/** A console line from inside the preview. */
export const ConsoleLineSchema = v.object({ level: v.pipe(v.string(), v.maxLength(10)), text: v.pipe(v.string(), v.maxLength(PREVIEW_LIMITS.lineChars)), revision: v.number() });

/** A runtime error (or warning) from inside the preview. */
export const ErrorLineSchema = v.object({
	message: v.pipe(v.string(), v.maxLength(PREVIEW_LIMITS.lineChars)),
	source: v.pipe(v.string(), v.maxLength(1000)),
	line: v.number(),
	column: v.number(),
	revision: v.number(),
	/** A warning of a request the network setting refused. */
	network: v.optional(v.literal(true))
});

/** How a host's render ended (it comes from a page, via the preview). */
export const HostOutcomeSchema = v.object({
	revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
	status: v.picklist(['ready', 'error', 'timeout', 'superseded']),
	message: v.optional(v.pipe(v.string(), v.maxLength(4000))),
	durationMs: v.number(),
	errors: v.pipe(v.array(ErrorLineSchema), v.maxLength(PREVIEW_LIMITS.errorsPerRender))
});

/** Console lines, late errors and warnings a host forwards (the same caps as in the page). */
export const PreviewLinesSchema = v.object({
	console: v.pipe(
		v.array(ConsoleLineSchema),
		v.maxLength(PREVIEW_LIMITS.consolePerRender)
	),
	errors: v.pipe(v.array(ErrorLineSchema), v.maxLength(PREVIEW_LIMITS.errorsPerRender)),
	warnings: v.optional(v.pipe(v.array(ErrorLineSchema), v.maxLength(PREVIEW_LIMITS.errorsPerRender)))
});

/** Where a tab's preview asks to go: a site path (and fragment), or back or forward. */
export const SiteNavigationSchema = v.object({
	path: v.optional(v.pipe(v.string(), v.maxLength(4096))),
	search: v.optional(v.pipe(v.string(), v.maxLength(2048))),
	fragment: v.optional(v.pipe(v.string(), v.maxLength(2048))),
	replace: v.optional(v.boolean()),
	/** The page it was asked from, as the next page reads it (`document.referrer`). */
	referrer: v.optional(v.pipe(v.string(), v.maxLength(4096))),
	direction: v.optional(v.picklist(['back', 'forward']))
});

/** A page of the site asked for to show in a frame of the site's own page: its query and fragment. */
export const FramePageSchema = v.object({
	search: v.optional(v.pipe(v.string(), v.maxLength(2048))),
	fragment: v.optional(v.pipe(v.string(), v.maxLength(2048)))
});

/**
 * What a site file is asked for as, when not as it is: a page to show in a frame of the site's own
 * page (compiled for it), a classic script or a module a page runs from script, or a file the page
 * fetched (an HTML page's inline scripts and handlers, which a router runs). Scripts are compiled as
 * the page's own are: their `location` is the page's; a module comes with its graph.
 */
export const SiteFileAsSchema = v.union([FramePageSchema, v.picklist(['script', 'module', 'fetched'])]);

/** A site path a frame asks a file for. */
export const SitePathSchema = v.pipe(v.string(), v.maxLength(2048));

/**
 * A change of the site's storage from a frame (the hub keeps localStorage, IndexedDB as each
 * database's text by name, and cookies as `name; path=/p` → `value[; expires=<ISO time>]`; values as
 * the page set them). A tab keeps its sessionStorage.
 */
export const SiteStorageChangeSchema = v.object({
	area: v.picklist(['local', 'session', 'indexeddb', 'cookie']),
	changes: v.pipe(v.array(v.tuple([v.pipe(v.string(), v.maxLength(10_000)), v.nullable(v.pipe(v.string(), v.maxLength(5 * 1024 * 1024)))])), v.maxLength(10_000)),
	clear: v.optional(v.boolean())
});

/** A box on the page, in CSS pixels of the frame's viewport. */
const BoxSchema = v.object({ x: v.number(), y: v.number(), width: v.number(), height: v.number() });

/**
 * An element the person picked in the preview, as the frame describes it: a selector unique on the
 * page, a short label (`h1.hero-title`), its outer HTML (trimmed), its box and key computed styles,
 * and where its open tag is in the page's file (absent: a script built it). The host adds the file.
 */
export const PickedElementSchema = v.object({
	selector: v.pipe(v.string(), v.maxLength(500)),
	label: v.pipe(v.string(), v.maxLength(120)),
	tag: v.pipe(v.string(), v.maxLength(60)),
	html: v.pipe(v.string(), v.maxLength(1600)),
	text: v.pipe(v.string(), v.maxLength(300)),
	box: BoxSchema,
	styles: v.pipe(v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.string(), v.maxLength(200))), v.maxEntries(30)),
	at: v.nullable(v.object({ line: v.pipe(v.number(), v.integer(), v.minValue(1)), offset: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
	/** The workspace file the element is written in (the page shown). */
	path: v.optional(v.pipe(v.string(), v.maxLength(1024))),
	/** The revision the frame showed when it was picked. */
	revision: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)))
});

/** What the screenshot tool asks a tab's preview for. */
export const CaptureOptionsSchema = v.object({
	width: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(2560)),
	height: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(4000)),
	selector: v.optional(v.pipe(v.string(), v.maxLength(500))),
	fullPage: v.optional(v.boolean()),
	format: v.picklist(['png', 'jpeg'])
});

/** A tab's answer to a capture: the image (base64) of the revision it rendered, or why not. */
export const CaptureResultSchema = v.variant('ok', [
	v.object({
		ok: v.literal(true),
		revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
		page: v.pipe(v.string(), v.maxLength(2048)),
		mimeType: v.picklist(['image/png', 'image/jpeg']),
		data: v.pipe(v.string(), v.maxLength(16 * 1024 * 1024)),
		width: v.number(),
		height: v.number()
	}),
	v.object({ ok: v.literal(false), code: v.picklist(['PREVIEW_UNAVAILABLE', 'PREVIEW_TARGET_NOT_FOUND', 'PREVIEW_ACK_TIMEOUT', 'TOOL_EXECUTION_FAILED']), message: v.pipe(v.string(), v.maxLength(2000)) })
]);
