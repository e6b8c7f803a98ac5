// Deadline for calls across the worker boundary: a hub that never answers must not hang a tab.

/** Error raised when a facade call does not settle in time. */
export class CallTimeoutError extends Error {
	constructor(readonly label: string, readonly ms: number) {
		super(`${label} did not answer within ${ms} ms`);
		this.name = 'CallTimeoutError';
	}
}

/** Resolves or rejects like `promise`, or rejects with {@link CallTimeoutError} after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new CallTimeoutError(label, ms)), ms);
	});
	return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
