// The sandbox flags of the preview's frames: one definition, imported by the frames' code and by the
// start benchmark's floor (which loads a frame of the same kind); it imports nothing, so Node can load it.

/** The sandbox of every preview frame: scripts, forms, popups — never the studio's origin, never modal dialogs. */
// No allow-modals: a page's alert() loop would block the whole studio tab (the bridge logs them instead).
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups';
/** The sandbox of a picture of the page (preview/host.ts): its markup and styles, none of its scripts. */
export const PICTURE_SANDBOX = '';
