// The fragment key of share links, apart from the zip code so the page can test for it cheaply.

/** A share link's fragment: `#share=<base64url of a .zip>`. */
export const SHARE_PREFIX = '#share=';
