// Messages of the preview: the render the hub sends a host, the bridge's messages inside the frame,
// and how a host's render ended. Owned here (the worker protocol re-exports them): preview code
// depends on nothing in worker/.

/** A document the hub asks every preview host to render. */
export interface PreviewRender {
	renderId: string;
	revision: number;
	/** The document; empty when `sameAs` is set. */
	html: string;
	diagnostics: PreviewDiagnostic[];
	/**
	 * Set when this revision compiles to exactly the document of revision `sameAs`, which a host
	 * acknowledged: a host showing it relabels and acknowledges without reloading the frame; any
	 * other host asks for the full render.
	 */
	sameAs?: number;
}

/** A compile diagnostic, as tools and the panel show it. */
export interface PreviewDiagnostic {
	kind: string;
	path: string;
	reference: string;
	message?: string;
}

/** How a host's render of one revision ended. */
export interface HostRenderOutcome {
	revision: number;
	status: 'ready' | 'error' | 'timeout' | 'superseded';
	message?: string;
	durationMs: number;
	errors: PreviewErrorLine[];
}

/** A runtime error from inside the preview. */
export interface PreviewErrorLine {
	message: string;
	source: string;
	line: number;
	column: number;
	revision: number;
}

/** A console line from inside the preview. */
export interface PreviewConsoleLine {
	level: string;
	text: string;
	revision: number;
}

/** Messages the bridge inside the preview frame posts to its host (iframe → page). */
export type PreviewBridgeMessage =
	| { type: 'ready'; revision: number; nonce: string }
	| { type: 'error'; revision: number; nonce: string; message: string; source: string; line: number; column: number }
	| { type: 'console'; revision: number; nonce: string; level: string; args: string[] };

