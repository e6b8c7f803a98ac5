// Port helpers for the start and test scripts: is a port free, and find a free one.
import { createServer } from 'node:net';

function tryListen(port, host) {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', (error) => resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'));
		server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
	});
}

/** True when nothing listens on `port` on the loopback addresses `localhost` may resolve to. */
export async function isPortFree(port) {
	return (await tryListen(port, '127.0.0.1')) && (await tryListen(port, '::1'));
}

/** Asks the OS for a free loopback port. */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}
