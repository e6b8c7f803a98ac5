// Static routes of the service worker: the build's hashed files come straight from the precache,
// without waking the worker's fetch handler for each (Service Worker static routing, Chrome 123+).
self.addEventListener('install', (event) => {
	if (typeof event.addRoutes !== 'function') return;
	const immutable = new URL('_app/immutable/', self.registration.scope).pathname;
	event.waitUntil(event.addRoutes([{ condition: { urlPattern: { pathname: `${immutable}*` } }, source: 'cache' }]).catch(() => undefined));
});
