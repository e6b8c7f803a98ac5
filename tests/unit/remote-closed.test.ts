// A co-edited file the hub stops sharing (deleted elsewhere) closes its tab, unless the tab holds
// typing: unconfirmed keys, typing the hub never stored, or a person typing in it right now.
import { describe, expect, it } from 'vitest';
import * as cm from '../../src/lib/client/editor/codemirror';
import { RemoteChanges, type RemoteHost } from '../../src/lib/client/editor/remote';
import { STILL_TYPING_MS } from '../../src/lib/client/editor/timing';

/** One shared file, confirmed by the hub, and what the host was asked to do with it. */
function host(typing: (path: string, ms: number) => boolean) {
	const session = { shared: true, base: 'a {}', state: cm.createState('a {}', 'css', () => undefined, false, { version: 3, clientID: 'tab-a', onSelection: () => undefined }) };
	const done: string[] = [];
	const fake = {
		sessions: { get: (path: string) => (path === 'styles.css' ? session : undefined) },
		dirty: () => false,
		typing,
		keep: (path: string) => done.push(`keep ${path}`),
		drop: (path: string) => done.push(`drop ${path}`),
		conflicts: () => ({ raise: (path: string) => done.push(`raise ${path}`) }),
		revision: () => 7
	} as unknown as RemoteHost;
	return { remote: new RemoteChanges(fake), done, session };
}

describe('a co-edited file deleted elsewhere', () => {
	it('closes when the tab holds nothing the hub lacks and nobody is typing in it', () => {
		const { remote, done } = host(() => false);
		remote.closed('styles.css', false);
		expect(done).toEqual(['drop styles.css']);
	});

	it('stays with the conflict bar while the person is typing in it, though the hub stored every key', () => {
		let asked = 0;
		const { remote, done, session } = host((path, ms) => {
			asked = ms;
			return path === 'styles.css';
		});
		remote.closed('styles.css', false);
		expect(asked).toBe(STILL_TYPING_MS);
		expect(done).toEqual(['keep styles.css', 'raise styles.css']);
		expect(session.shared).toBe(false);
	});

	it('stays when the hub held typing it never stored', () => {
		const { remote, done } = host(() => false);
		remote.closed('styles.css', true);
		expect(done).toEqual(['keep styles.css', 'raise styles.css']);
	});
});
