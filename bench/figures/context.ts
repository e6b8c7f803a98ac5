// What every figure gets: the browser, the studio's address, and how many samples to take.
import type { Browser } from 'playwright-core';
import type { Row } from '../lib/stats';

export interface BenchContext {
	browser: Browser;
	url: string;
	/** Samples per timing (after warm-up). */
	samples: number;
	warm: number;
	/** Cold starts per figure that opens the app repeatedly (B5, B6). */
	startSamples: number;
	/** Progress lines go to stderr so the table on stdout stays clean. */
	log(line: string): void;
}

/** One figure of the table (B1…B9): it may report several rows. */
export interface Figure {
	id: string;
	title: string;
	run(ctx: BenchContext): Promise<Row[]>;
}
