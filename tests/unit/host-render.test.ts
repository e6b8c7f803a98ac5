// The preview host's shaping of a frame's console, error and warning messages: each capped per
// render (whatever the page's own code sends), and an error while the render loads counted as its.
// And a render's deadline: a page that still beats gets more time, one that stopped is stopped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameLines, settleRender, startRender, type HostRender } from '../../src/lib/preview/host-render';
import type { HostRenderOutcome } from '../../src/lib/preview/messages';
import { PREVIEW_LIMITS } from '../../src/lib/preview/limits';

function render(): HostRender {
	return { revision: 7, nonce: 'n', page: 'index.html', place: 'index.html', startedAt: 0, errors: [], counts: { console: 0, errors: 0, chars: 0 }, settled: false, ready: false, resolve: () => undefined, timer: setTimeout(() => undefined, 0), aliveAt: 0, listens: false, left: false, restart: () => false };
}
const consoleLine = (args: unknown[]) => ({ type: 'console' as const, revision: 7, nonce: 'n', level: 'log', args: args as string[] });
const errorLine = (type: 'error' | 'warning', message: string) => ({ type, revision: 7, nonce: 'n', message, source: 'app.js', line: 3, column: 9 });

describe('frameLines', () => {
	it('joins a console line, cuts it at the line cap, and labels it with the revision', () => {
		const r = render();
		expect(frameLines(r, consoleLine(['a', 1, null]))).toEqual({ console: [{ level: 'log', text: 'a 1 null', revision: 7 }], errors: [] });
		const long = frameLines(r, consoleLine(['x'.repeat(PREVIEW_LIMITS.lineChars + 50)]));
		expect(long?.console[0]?.text.length).toBe(PREVIEW_LIMITS.lineChars);
	});

	it('drops console lines past the per-render cap, and errors past theirs, each counted apart', () => {
		const r = render();
		for (let i = 0; i < PREVIEW_LIMITS.consolePerRender; i++) expect(frameLines(r, consoleLine([String(i)]))).not.toBeNull();
		expect(frameLines(r, consoleLine(['one too many']))).toBeNull();
		// Errors have their own cap: the console's being full does not stop them.
		expect(frameLines(r, errorLine('error', 'still heard'))?.errors).toHaveLength(1);
		for (let i = 1; i < PREVIEW_LIMITS.errorsPerRender; i++) frameLines(r, errorLine('error', String(i)));
		expect(frameLines(r, errorLine('error', 'past the cap'))).toBeNull();
		expect(r.errors).toHaveLength(PREVIEW_LIMITS.errorsPerRender);
	});

	it('stops everything once the render has sent its characters', () => {
		const r = render();
		r.counts.chars = PREVIEW_LIMITS.charsPerRender - 3;
		expect(frameLines(r, consoleLine(['abc']))).not.toBeNull();
		expect(frameLines(r, consoleLine(['d']))).toBeNull();
		expect(frameLines(r, errorLine('error', 'e'))).toBeNull();
	});

	it('counts an error as the render’s while it loads, not after it settled; a warning is never the site’s error', () => {
		const r = render();
		expect(frameLines(r, errorLine('warning', 'refused: https://cdn.example/x.js'))).toEqual({ console: [], errors: [], warnings: [{ message: 'refused: https://cdn.example/x.js', source: 'app.js', line: 3, column: 9, revision: 7 }] });
		expect(r.errors).toEqual([]);
		frameLines(r, errorLine('error', 'boom'));
		expect(r.errors.map((e) => e.message)).toEqual(['boom']);
		r.settled = true;
		expect(frameLines(r, errorLine('error', 'later'))?.errors[0]?.message).toBe('later');
		expect(r.errors.map((e) => e.message)).toEqual(['boom']);
	});
});

describe('frameLines warnings', () => {
	it('marks a warning of a refused request (the bar offers Allow network) and no other line', () => {
		const r = render();
		expect(frameLines(r, { ...errorLine('warning', 'Blocked a network request'), network: true })?.warnings?.[0]?.network).toBe(true);
		expect(frameLines(r, errorLine('warning', "The page's alert() was not shown"))?.warnings?.[0]).not.toHaveProperty('network');
		expect(frameLines(r, { ...errorLine('error', 'boom'), network: true })?.errors[0]).not.toHaveProperty('network');
	});
});

describe('a render\'s deadline', () => {
	afterEach(() => {
		vi.useRealTimers();
	});
	const start = () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
		const outcomes: HostRenderOutcome[] = [];
		const stuck: number[] = [];
		const ran: boolean[] = [];
		const render = startRender(4, { page: 'about.html', search: '?id=2' }, (outcome) => outcomes.push(outcome), 3000, (waited, started) => {
			stuck.push(waited);
			ran.push(started);
		});
		return { render, outcomes, stuck, ran };
	};

	it('is stopped at its timeout when its page never beat', () => {
		const { render, stuck } = start();
		expect(render.place).toBe('about.html?id=2');
		vi.advanceTimersByTime(2999);
		expect(stuck).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(stuck).toEqual([3000]);
	});

	it('gets more time while its page beats, and is stopped once the beats stop', () => {
		const { render, stuck } = start();
		// Beats every 500 ms, as the bridge sends them while the page loads, up to 6 s.
		for (let at = 500; at <= 6000; at += 500) {
			vi.advanceTimersByTime(500);
			render.aliveAt = performance.now();
		}
		expect(stuck).toEqual([]);
		// No beat for 1.5 s: the page's thread no longer runs.
		vi.advanceTimersByTime(2000);
		expect(stuck).toHaveLength(1);
		expect(stuck[0]).toBeGreaterThan(7000);
	});

	it('says whether its page ever ran, and can be given its deadline once more', () => {
		const { render, stuck, ran } = start();
		vi.advanceTimersByTime(3000);
		// It never beat (the bridge beats first thing): it never ran.
		expect(ran).toEqual([false]);
		expect(render.restart()).toBe(true);
		expect(render.restart()).toBe(false);
		render.aliveAt = performance.now();
		vi.advanceTimersByTime(2999);
		expect(stuck).toEqual([3000]);
		vi.advanceTimersByTime(1);
		// Its waits are counted from the start; this time it had run, and stopped beating.
		expect(stuck).toEqual([3000, 6000]);
		expect(ran).toEqual([false, true]);
	});

	it('stops a page that beats for ever at 30 s', () => {
		const { render, stuck } = start();
		while (stuck.length === 0 && performance.now() < 40_000) {
			vi.advanceTimersByTime(500);
			render.aliveAt = performance.now();
		}
		expect(stuck).toHaveLength(1);
		expect(stuck[0]).toBeGreaterThanOrEqual(30_000);
		expect(stuck[0]).toBeLessThan(31_000);
	});

	it('settled first, is never stopped; its outcome names its first error', () => {
		const { render, outcomes, stuck } = start();
		render.errors.push({ message: 'x is not defined', source: 'app.js', line: 2, column: 1, revision: 4 });
		vi.advanceTimersByTime(1200);
		settleRender(render, 'error');
		vi.advanceTimersByTime(60_000);
		expect(stuck).toEqual([]);
		expect(outcomes).toEqual([{ revision: 4, status: 'error', message: 'x is not defined', durationMs: 1200, errors: [render.errors[0]] }]);
	});
});
