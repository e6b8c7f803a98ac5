// The two placeholders of the bridge's tag that a host fills per render (this render's nonce, and its
// data), in a module of their own: the page needs them, not the frame programs' source.

/** Replaced by the host with a fresh nonce for each render. */
export const NONCE_PLACEHOLDER = '__STUDIO_PREVIEW_NONCE__';
/** Replaced by the host with its per-render data (fragment, storage), as an attribute value. */
export const HOST_PLACEHOLDER = '__STUDIO_PREVIEW_HOST__';
/**
 * Replaced, in a framed page's bridge tag, by the parent's frame program as it loads the frame: the
 * token the two talk by and the storage the parent has then (`frame/frames.js`).
 */
export const FRAME_STORAGE_PLACEHOLDER = '__STUDIO_FRAME_STORAGE__';
