// Stops a test's HTTP server without waiting on the browser's kept-alive sockets.
import type { Server } from 'node:http';

/**
 * Closes `server` and every connection to it. `server.close()` alone waits for connections with a
 * request in flight or a socket Chromium opened ahead of use; one such wait hung a test to its
 * 120 s timeout in CI.
 */
export function closeServer(server: Server): Promise<void> {
	return new Promise((resolve) => {
		server.closeAllConnections();
		server.close(() => resolve());
	});
}
