// BASE_PATH, read once for the build (svelte.config.js, vite.config.ts) and the start server: the
// sub-path the studio is served under, as SvelteKit wants it ('' at the root, '/my-studio' below).

/**
 * Normalises BASE_PATH: '', '/' and unset mean the root; 'my-studio', '/my-studio/' mean '/my-studio'.
 * @param {string | undefined} value
 * @returns {string}
 */
export function basePath(value) {
	const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
	if (trimmed === '') return '';
	if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) {
		throw new Error(`BASE_PATH must be a URL path such as /my-studio (letters, digits, . _ ~ - and /), got "${value}".`);
	}
	return `/${trimmed}`;
}
