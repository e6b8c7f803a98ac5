// A vite plugin for the browser tests: `/__held/<id>` answers only once `/__release/<id>` is asked
// for (and at once from then on), so a test can keep a page's subresource — and so its load event —
// waiting as long as it likes.
import type { Plugin } from 'vite';

/** Held answers by id; the answer is a 1×1 SVG, for an <img>. */
export function heldResponses(): Plugin {
	const held = new Map<string, () => void>();
	const released = new Set<string>();
	return {
		name: 'test-held-responses',
		configureServer(server) {
			server.middlewares.use((req, res, next) => {
				const match = /^\/__(held|release)\/([\w-]+)/.exec(req.url ?? '');
				if (!match) return next();
				const [, verb, id] = match as unknown as [string, string, string];
				if (verb === 'release') {
					released.add(id);
					held.get(id)?.();
					held.delete(id);
					return void res.end('released');
				}
				const answer = () => {
					res.setHeader('content-type', 'image/svg+xml');
					res.end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
				};
				if (released.has(id)) answer();
				else held.set(id, answer);
			});
		}
	};
}
