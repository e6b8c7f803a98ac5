// What the provider's model list says of a model: what a run costs — the per-token prices in
// `GET /models` (OpenRouter's `pricing.prompt` / `pricing.completion`, US dollars per token) — and
// whether it accepts images. Fetched once per base URL and kept.
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

/**
 * Whether a `/models` entry says the model reads images: OpenRouter's `architecture.input_modalities`
 * (or its `modality` "text+image->text"), a top-level `input_modalities` or `modalities.input`, or
 * `capabilities` naming vision. Null when the entry does not say.
 */
export function entryAcceptsImages(entry: unknown): boolean | null {
	if (!entry || typeof entry !== 'object') return null;
	const model = entry as { architecture?: { input_modalities?: unknown; modality?: unknown }; input_modalities?: unknown; modalities?: { input?: unknown }; capabilities?: unknown };
	const lists = [model.architecture?.input_modalities, model.input_modalities, model.modalities?.input].filter(Array.isArray) as unknown[][];
	if (lists.length) return lists.some((list) => list.includes('image'));
	if (typeof model.architecture?.modality === 'string') return /image.*->/.test(model.architecture.modality);
	const capabilities = model.capabilities;
	if (Array.isArray(capabilities)) return capabilities.includes('vision') || capabilities.includes('image');
	if (capabilities && typeof capabilities === 'object') {
		const flags = capabilities as Record<string, unknown>;
		if (typeof flags.vision === 'boolean') return flags.vision;
	}
	return null;
}

/** Which models read images, by id (models whose entry does not say are absent). */
export function parseVision(body: unknown): Map<string, boolean> {
	const vision = new Map<string, boolean>();
	const data = (body as { data?: unknown } | null)?.data;
	if (!Array.isArray(data)) return vision;
	for (const model of data as { id?: unknown }[]) {
		const accepts = entryAcceptsImages(model);
		if (typeof model?.id === 'string' && accepts !== null) vision.set(model.id, accepts);
	}
	return vision;
}

const cache = new Map<string, Promise<unknown>>();

/**
 * The provider's model list, fetched once per base URL (a failure is not cached: the next run asks
 * again). Never throws: an unknown list means no cost is shown and no image is sent.
 */
function modelList(settings: ProviderSettings, options: { fetch?: typeof fetch; signal?: AbortSignal }): Promise<unknown> {
	const key = settings.baseUrl;
	let list = cache.get(key);
	if (!list) {
		// One attempt: prices are a nicety, and a provider without them must not see retries.
		list = request(settings, 'models', { method: 'GET', signal: options.signal }, { fetch: options.fetch, attempts: 1 })
			.then((response) => response.json())
			.catch(() => {
				cache.delete(key);
				return null;
			});
		cache.set(key, list);
	}
	return list;
}

/** The provider's price list (empty when it lists none). */
export function priceList(settings: ProviderSettings, options: { fetch?: typeof fetch; signal?: AbortSignal } = {}): Promise<PriceList> {
	return modelList(settings, options).then(parsePrices);
}

/**
 * Model families that read images, for a provider whose list does not say (an OpenAI-compatible
 * server often lists ids only): GPT-4o/4.1/5, o3/o4, Claude 3 and 4, Gemini, Llama 3.2 Vision and 4,
 * Pixtral, Qwen-VL, LLaVA and anything named vision or -vl.
 */
const VISION_FAMILIES = /(?:^|\/)(?:gpt-4o|gpt-4\.1|gpt-5|o3|o4|chatgpt-4o)|claude-(?:3|sonnet-4|opus-4|haiku-4|4)|gemini|llama-?3\.2-.*vision|llama-?4|pixtral|qwen[\d.]*-?vl|llava|vision|-vl\b/i;

/**
 * Whether `settings.model` reads images: what the provider's list says of it, else whether it is of
 * a family known to read them. Unknown models get no images (never sent blind).
 */
export async function acceptsImages(settings: ProviderSettings, options: { fetch?: typeof fetch; signal?: AbortSignal } = {}): Promise<boolean> {
	const listed = parseVision(await modelList(settings, options)).get(settings.model);
	return listed ?? VISION_FAMILIES.test(settings.model);
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
