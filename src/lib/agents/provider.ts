// Talking to an OpenAI-compatible provider: error classification by status, retries with backoff
// (honouring Retry-After), and the request itself. The API key goes to the base URL and nowhere else.
import { ToolError } from '../core/errors';

/** Provider settings as the hub stores them. */
export interface ProviderSettings {
	baseUrl: string;
	apiKey: string;
	model: string;
}

/** OpenRouter, unless the person chose another OpenAI-compatible endpoint. */
export const DEFAULT_BASE_URL = 'https://openrouter.ai/api/v1';
export const DEFAULT_MODEL = 'openrouter/auto';

/** Retry schedule for 408, 429, 5xx and network errors. */
export const RETRY = { attempts: 3, baseMs: 400, maxMs: 8000 } as const;

/** Maps an HTTP status to the canonical provider error. */
export function classifyStatus(status: number, message = ''): ToolError {
	const detail = message ? `: ${message.slice(0, 300)}` : '';
	if (status === 401 || status === 403) return new ToolError('PROVIDER_AUTH_FAILED', `The provider refused the API key (HTTP ${status})${detail}. Check the key in Settings.`, { status });
	if (status === 429) return new ToolError('PROVIDER_RATE_LIMITED', `The provider is rate limiting requests (HTTP 429)${detail}.`, { status });
	if (status === 408 || status >= 500) return new ToolError('PROVIDER_UNAVAILABLE', `The provider is unavailable (HTTP ${status})${detail}.`, { status });
	return new ToolError('PROVIDER_INVALID_RESPONSE', `The provider rejected the request (HTTP ${status})${detail}.`, { status });
}

/**
 * Maps an error object sent inside a 200 response (OpenRouter does this mid-stream) to the canonical
 * provider error: a numeric code or status is an HTTP status; known string codes are classified.
 */
export function classifyInBand(error: { code?: string | number; message?: string; status?: number }): ToolError {
	const message = error.message ?? 'unknown error';
	const status = Number(error.status ?? error.code);
	if (Number.isFinite(status) && status >= 400) return classifyStatus(status, message);
	const code = String(error.code ?? '').toLowerCase();
	if (/rate|quota|too_many/.test(code)) return new ToolError('PROVIDER_RATE_LIMITED', `The provider is rate limiting requests: ${message.slice(0, 300)}.`, { inBand: code });
	if (/auth|key|permission|forbidden/.test(code)) return new ToolError('PROVIDER_AUTH_FAILED', `The provider refused the request: ${message.slice(0, 300)}. Check the key in Settings.`, { inBand: code });
	if (/server|overload|unavailable|timeout|disconnect/.test(code) || !code) return new ToolError('PROVIDER_UNAVAILABLE', `The provider reported an error mid-reply: ${message.slice(0, 300)}.`, { inBand: code || true });
	return new ToolError('PROVIDER_INVALID_RESPONSE', `The provider reported an error: ${message.slice(0, 300)}.`, { inBand: code });
}

/** Whether a failed attempt may be retried. */
export function isRetryable(error: ToolError): boolean {
	return error.code === 'PROVIDER_RATE_LIMITED' || error.code === 'PROVIDER_UNAVAILABLE';
}

/** Delay before retry `attempt` (0-based): Retry-After when given, else exponential with jitter. */
export function backoffMs(attempt: number, retryAfter: string | null, random = Math.random): number {
	if (retryAfter) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds)) return Math.min(RETRY.maxMs, Math.max(0, seconds * 1000));
		const at = Date.parse(retryAfter);
		if (Number.isFinite(at)) return Math.min(RETRY.maxMs, Math.max(0, at - Date.now()));
	}
	return Math.min(RETRY.maxMs, RETRY.baseMs * 2 ** attempt * (0.75 + random() * 0.5));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(resolve, ms);
		signal?.addEventListener('abort', () => {
			clearTimeout(timer);
			reject(new ToolError('TOOL_CANCELLED', 'The run was cancelled.'));
		}, { once: true });
	});
}

/** Joins the base URL and a path without doubling slashes. */
export function endpoint(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * POST or GET with retries. Returns the successful response; throws a canonical ToolError.
 * `onRetry` hears about each retry (the transcript shows "rate limited, retrying in 2 s").
 */
export async function request(
	settings: ProviderSettings,
	path: string,
	init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
	options: { fetch?: typeof fetch; onRetry?: (error: ToolError, waitMs: number) => void; attempts?: number } = {}
): Promise<Response> {
	const doFetch = options.fetch ?? fetch;
	const attempts = options.attempts ?? RETRY.attempts;
	for (let attempt = 0; ; attempt++) {
		let response: Response;
		try {
			response = await doFetch(endpoint(settings.baseUrl, path), {
				method: init.method,
				signal: init.signal,
				headers: {
					...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
					...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
					'X-Title': 'Web Studio'
				},
				body: init.body !== undefined ? JSON.stringify(init.body) : undefined
			});
		} catch (error) {
			if (init.signal?.aborted) throw new ToolError('TOOL_CANCELLED', 'The run was cancelled.');
			// Offline (an installed app launched without network): say so at once instead of retrying.
			if (globalThis.navigator?.onLine === false) {
				throw new ToolError('PROVIDER_UNAVAILABLE', 'You are offline, so the model cannot be reached. The conversation is kept; send again when you are back online. The local agent works offline.', { network: true, offline: true });
			}
			const failure = new ToolError('PROVIDER_UNAVAILABLE', `The provider could not be reached (${(error as Error).message ?? 'network error'}).`, { network: true });
			if (attempt + 1 >= attempts) throw failure;
			const wait = backoffMs(attempt, null);
			options.onRetry?.(failure, wait);
			await sleep(wait, init.signal);
			continue;
		}
		if (response.ok) return response;
		const text = await response.text().catch(() => '');
		let message = text;
		try {
			message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
		} catch {
			// not JSON
		}
		const failure = classifyStatus(response.status, message);
		if (!isRetryable(failure) || attempt + 1 >= attempts) throw failure;
		const wait = backoffMs(attempt, response.headers.get('retry-after'));
		options.onRetry?.(failure, wait);
		await sleep(wait, init.signal);
	}
}
