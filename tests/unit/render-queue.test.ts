// The hub's render queue: one render in flight, only the newest waits, the ones between are superseded.
import { describe, expect, it } from 'vitest';
import { RenderQueue, type QueuedRender } from '../../src/lib/preview/render-queue';

/** A render that logs what happened to it; `settled` makes publish refuse (it no longer holds a turn). */
function render(log: string[], id: string, settled = false): QueuedRender {
	return {
		publish: () => {
			log.push(`send ${id}`);
			return !settled;
		},
		supersede: () => log.push(`supersede ${id}`)
	};
}

describe('RenderQueue', () => {
	it('sends the first at once, keeps only the newest waiting, and sends it when the first settles', () => {
		const queue = new RenderQueue();
		const log: string[] = [];
		queue.enqueue('a', render(log, 'a'));
		queue.enqueue('b', render(log, 'b'));
		queue.enqueue('c', render(log, 'c'));
		expect(log).toEqual(['send a', 'supersede b']);
		queue.settled('b');
		expect(log).toEqual(['send a', 'supersede b']);
		queue.settled('a');
		expect(log).toEqual(['send a', 'supersede b', 'send c']);
		queue.settled('c');
		queue.enqueue('d', render(log, 'd'));
		expect(log.at(-1)).toBe('send d');
	});

	it('a waiting render that settles (cancelled) leaves the queue: nothing is sent after the one in flight', () => {
		const queue = new RenderQueue();
		const log: string[] = [];
		queue.enqueue('a', render(log, 'a'));
		queue.enqueue('b', render(log, 'b'));
		queue.settled('b');
		queue.settled('a');
		expect(log).toEqual(['send a']);
		queue.enqueue('c', render(log, 'c'));
		expect(log).toEqual(['send a', 'send c']);
	});

	it('a render that had settled before its turn holds no turn: the next one is sent at once', () => {
		const queue = new RenderQueue();
		const log: string[] = [];
		queue.enqueue('a', render(log, 'a', true));
		queue.enqueue('b', render(log, 'b'));
		expect(log).toEqual(['send a', 'send b']);
	});
});
