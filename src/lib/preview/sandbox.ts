// The sandbox flags of the preview's frames: one definition, imported by the frames' code and by the
// start benchmark's floor (which loads a frame of the same kind); it imports nothing, so Node can load it.

/** The sandbox of every preview frame: scripts, forms, popups, dialogs, downloads — never the studio's origin. */
// allow-modals: a page's dialogs show in answer to the person's click or key in it, and only then
// (frame/reports.js): one at every render's load would take the focus from the editor.
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals allow-downloads';
/**
 * What the browser grants the site's page, as it does a top-level page on a host: copying to the
 * clipboard (a "copy" button) and full screen (galleries, players, games), each in answer to the
 * person, and keeping the screen awake while it is shown (a slide deck's, a recipe's: Slidev asks at
 * its start, and a refusal was its unhandled rejection). Reading the clipboard stays refused: its
 * prompt would name the studio.
 */
export const PREVIEW_ALLOW = 'clipboard-write *; fullscreen *; screen-wake-lock *';
/** The sandbox of a picture of the page (preview/host.ts): its markup and styles, none of its scripts. */
export const PICTURE_SANDBOX = '';
