// What one render of a site may send the studio: the same caps in the bridge (inside the frame),
// the host (the page) and the hub's guards, so a chatty or hostile page cannot flood any of them.

/** Per-render and per-second bounds on preview messages. */
export const PREVIEW_LIMITS = {
	/** Console messages forwarded per render; later ones are counted, not sent. */
	consolePerRender: 500,
	/** Errors forwarded per render (an acknowledgement carries at most this many). */
	errorsPerRender: 200,
	/** Characters of message text per render. */
	charsPerRender: 1_000_000,
	/** Messages per second the bridge sends; a burst beyond it is dropped and summarised. */
	messagesPerSecond: 100,
	/** Longest console line or error message, in characters. */
	lineChars: 2000
} as const;

/** The limits' type, as the frame programs read them. */
export type PreviewLimits = typeof PREVIEW_LIMITS;
