// Runs one handler under the caller's signal and the registry deadline — and tells the truth about
// a commit: once a handler has begun writing, neither a cancel nor the deadline can report
// TOOL_CANCELLED or TOOL_TIMEOUT over a revision that was written.
import { ToolError } from '../core/errors';

/** What the handler gets to coordinate with the runner. */
export interface RunControls {
	signal: AbortSignal;
	/** Call right before writing: false means the caller already gave up (write nothing then). */
	beginCommit: () => boolean;
}

/** Runs `task` with a deadline of `timeoutMs`; rejects with TOOL_CANCELLED or TOOL_TIMEOUT unless it began committing. */
export async function runWithDeadline<T>(task: (controls: RunControls) => Promise<T>, callerSignal: AbortSignal, timeoutMs: number): Promise<T> {
	const controller = new AbortController();
	let timedOut = false;
	let committing = false;
	let stop!: (error: ToolError) => void;
	const stopped = new Promise<never>((_, reject) => (stop = reject));
	stopped.catch(() => undefined);
	const halt = () => {
		controller.abort();
		// After the commit began, the handler's own outcome (the revision, with its preview status) is the answer.
		if (!committing) {
			stop(
				timedOut
					? new ToolError('TOOL_TIMEOUT', `The tool did not finish within ${timeoutMs} ms.`, { timeoutMs })
					: new ToolError('TOOL_CANCELLED', 'The call was cancelled.')
			);
		}
	};
	const onAbort = () => halt();
	callerSignal.addEventListener('abort', onAbort, { once: true });
	const timer = setTimeout(() => {
		timedOut = true;
		halt();
	}, timeoutMs);
	const controls: RunControls = {
		signal: controller.signal,
		beginCommit: () => {
			if (controller.signal.aborted) return false;
			committing = true;
			return true;
		}
	};
	const running = (async () => task(controls))();
	// A handler that loses the race may still settle later; its outcome is deliberately dropped.
	running.catch(() => undefined);
	try {
		if (callerSignal.aborted) halt();
		return await Promise.race([running, stopped]);
	} finally {
		clearTimeout(timer);
		callerSignal.removeEventListener('abort', onAbort);
	}
}
