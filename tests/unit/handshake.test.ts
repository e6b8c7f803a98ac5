// The hello handshake: compatibility decisions and the hub's answer.
import { describe, expect, it } from 'vitest';
import { Hub } from '../../src/lib/worker/hub';
import { createFacade } from '../../src/lib/worker/facade';
import { PROTOCOL_VERSION, compareHello } from '../../src/lib/worker/protocol';

describe('hello handshake', () => {
	it('a tab of the same protocol and build is compatible and counted', async () => {
		const hub = new Hub({ mode: 'shared-worker', build: 'b1', now: () => 42 });
		const facade = createFacade(hub);
		const answer = await facade.hello({ protocolVersion: PROTOCOL_VERSION, build: 'b1', tabId: 't1' });
		expect(answer).toEqual({ protocolVersion: PROTOCOL_VERSION, build: 'b1', mode: 'shared-worker', compatible: true, hubStartedAt: 42, tabs: 1 });
		await facade.hello({ protocolVersion: PROTOCOL_VERSION, build: 'b1', tabId: 't2' });
		expect(hub.tabCount).toBe(2);
		hub.forgetTab('t1');
		expect(hub.tabCount).toBe(1);
	});

	it('a tab of another build or protocol is told to reload, naming why', () => {
		expect(compareHello({ protocolVersion: PROTOCOL_VERSION, build: 'old' }, { protocolVersion: PROTOCOL_VERSION, build: 'new' })).toEqual({ compatible: false, reason: 'build-mismatch' });
		expect(compareHello({ protocolVersion: PROTOCOL_VERSION - 1, build: 'x' }, { protocolVersion: PROTOCOL_VERSION, build: 'x' })).toEqual({ compatible: false, reason: 'protocol-mismatch' });
	});

	it('a malformed hello is refused before it reaches the hub', async () => {
		const hub = new Hub({ mode: 'memory', build: 'b' });
		const facade = createFacade(hub);
		await expect(facade.hello({ protocolVersion: 'one', build: 'b', tabId: '' } as never)).rejects.toThrow(/malformed/);
		expect(hub.tabCount).toBe(0);
	});
});
