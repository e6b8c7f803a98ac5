// The sandbox flags of the preview's frames: one definition, imported by the frames' code and by the
// start benchmark's floor (which loads a frame of the same kind); it imports nothing, so Node can load it.

/** The sandbox of every preview frame: scripts, forms, popups, dialogs — never the studio's origin. */
// allow-modals: a page's dialogs show in answer to the person's click or key in it, and only then
// (frame/reports.js): one at every render's load would take the focus from the editor.
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';
/** The sandbox of a picture of the page (preview/host.ts): its markup and styles, none of its scripts. */
export const PICTURE_SANDBOX = '';
