// Port helpers for the start and test scripts: is a port free, and find a free one.
import { createServer } from 'node:net';

/**
 * @param {number} port
 * @param {string} host
 * @returns {Promise<boolean>} true when the port can be bound on that host (or the host does not exist here)
 */
function tryListen(port, host) {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
			resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')
		);
		server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
	});
}

/**
 * True when nothing listens on `port` on the loopback addresses `localhost` may resolve to.
 * @param {number} port
 */
export async function isPortFree(port) {
	return (await tryListen(port, '127.0.0.1')) && (await tryListen(port, '::1'));
}

/**
 * Asks the OS for a free loopback port.
 * @returns {Promise<number>}
 */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = /** @type {import('node:net').AddressInfo} */ (server.address());
			server.close(() => resolve(address.port));
		});
	});
}
