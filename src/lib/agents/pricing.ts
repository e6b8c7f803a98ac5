// What a model run costs: the per-token prices a provider lists in `GET /models` (OpenRouter's
// `pricing.prompt` / `pricing.completion`, US dollars per token), fetched once per base URL and kept.
import type { ProviderSettings } from './provider';
import { request } from './provider';

/** US dollars per token. */
export interface ModelPrice {
	prompt: number;
	completion: number;
}

/** Prices by model id; empty when the provider lists none. */
export type PriceList = ReadonlyMap<string, ModelPrice>;

const perToken = (value: unknown): number | null => {
	const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
	// OpenRouter lists "-1" for routers whose price depends on the model picked per request.
	return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Reads the prices out of a `/models` body (`data[].pricing`). */
export function parsePrices(body: unknown): Map<string, ModelPrice> {
	const prices = new Map<string, ModelPrice>();
	const data = (body as { data?: unknown } | null)?.data;
	if (!Array.isArray(data)) return prices;
	for (const model of data as { id?: unknown; pricing?: { prompt?: unknown; completion?: unknown } }[]) {
		if (typeof model?.id !== 'string' || !model.pricing) continue;
		const prompt = perToken(model.pricing.prompt);
		const completion = perToken(model.pricing.completion);
		if (prompt !== null && completion !== null) prices.set(model.id, { prompt, completion });
	}
	return prices;
}

const cache = new Map<string, Promise<PriceList>>();

/**
 * The provider's price list, fetched once per base URL (a failure is not cached: the next run asks
 * again). Never throws: unknown prices only mean no cost is shown.
 */
export function priceList(settings: ProviderSettings, options: { fetch?: typeof fetch; signal?: AbortSignal } = {}): Promise<PriceList> {
	const key = settings.baseUrl;
	let list = cache.get(key);
	if (!list) {
		// One attempt: prices are a nicety, and a provider without them must not see retries.
		list = request(settings, 'models', { method: 'GET', signal: options.signal }, { fetch: options.fetch, attempts: 1 })
			.then((response) => response.json())
			.then(parsePrices)
			.catch(() => {
				cache.delete(key);
				return new Map<string, ModelPrice>();
			});
		cache.set(key, list);
	}
	return list;
}

/** The cost of a turn's tokens, or null when the model's price is unknown. */
export function costOf(prices: PriceList, model: string, tokensIn: number, tokensOut: number): number | null {
	const price = prices.get(model);
	return price ? tokensIn * price.prompt + tokensOut * price.completion : null;
}

/** Forgets every cached price list (tests, or after the base URL changed). */
export function clearPriceCache(): void {
	cache.clear();
}
