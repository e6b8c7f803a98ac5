// CPU time the browser's processes spend, read from Linux's /proc: what a start costs the machine
// as a whole (its page, the hub's worker, the service worker, the site's frame, the browser and GPU
// processes), beside how long it takes. On two cores a start that needs more CPU than its wall
// time allows cannot be made faster by reordering it. Elsewhere than Linux: null.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on every Linux this bench runs on). */
const TICKS_PER_SECOND = 100;

/** Whether this machine can say (Linux's /proc). */
export const canReadCpu = existsSync('/proc/self/stat');

/** CPU ms (user + system) so far of every Chromium process, by pid. */
function chromiumCpu(): Map<string, number> {
	const times = new Map<string, number>();
	for (const pid of readdirSync('/proc')) {
		if (!/^\d+$/.test(pid)) continue;
		try {
			if (!/chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
			// Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
			const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
			times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
		} catch {
			// gone meanwhile
		}
	}
	return times;
}

/**
 * Runs `work` and returns its result with the CPU ms Chromium's processes spent meanwhile (null
 * where /proc is missing). Processes that ended meanwhile are not counted: the pages a figure
 * closes are closed after this returns.
 */
export async function withCpu<T>(work: () => Promise<T>): Promise<{ value: T; cpu: number | null }> {
	if (!canReadCpu) return { value: await work(), cpu: null };
	const before = chromiumCpu();
	const value = await work();
	let cpu = 0;
	for (const [pid, ms] of chromiumCpu()) cpu += ms - (before.get(pid) ?? 0);
	return { value, cpu };
}
