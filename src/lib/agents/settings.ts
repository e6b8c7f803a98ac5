// The agent's settings, kept in the hub's `settings` store: the provider (local or a model), the
// model's base URL, name and API key (never shown to tabs), the run budget and the approval expiry.
import * as v from 'valibot';
import { httpUrl } from '../core/http-url';
import { DEFAULT_BUDGET, type AgentBudget } from './events';
import { DEFAULT_BASE_URL, DEFAULT_MODEL } from './provider';

/** Where settings live (the hub's `settings` store). */
export interface SettingsPort {
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<void>;
}

/** Settings as tabs see them: never the key itself. */
export interface AgentSettingsView {
	provider: 'local' | 'model';
	baseUrl: string;
	model: string;
	hasKey: boolean;
	budget: AgentBudget;
	/** How long an approval card waits for an answer before it expires. */
	approvalExpiryMs: number;
}

const Bound = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000));

/** A change to the agent settings (the API key goes in, never out); the hub guards its method with it. */
export const SettingsPatchSchema = v.strictObject({
	provider: v.optional(v.picklist(['local', 'model'])),
	baseUrl: v.optional(v.pipe(v.string(), v.maxLength(500))),
	model: v.optional(v.pipe(v.string(), v.maxLength(200))),
	apiKey: v.optional(v.pipe(v.string(), v.maxLength(500))),
	budget: v.optional(v.strictObject({ turns: v.optional(Bound), toolCalls: v.optional(Bound), tokens: v.optional(Bound), wallMs: v.optional(Bound), costUsd: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10_000))) })),
	approvalExpiryMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(24 * 3_600_000)))
});

/** A change to the settings; `apiKey: ''` removes the key. */
export type AgentSettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

/** The settings as stored, the key included. */
export interface StoredSettings {
	provider: 'local' | 'model';
	baseUrl: string;
	model: string;
	apiKey: string;
	budget: AgentBudget;
	approvalExpiryMs: number;
}

const SETTINGS_KEY = 'agent';
/** Approval expiry bounds: at least 5 s, at most an hour (tabs wait a little longer than that). */
export const APPROVAL_EXPIRY_BOUNDS = { min: 5_000, max: 60 * 60_000, default: 10 * 60_000 } as const;
const clampExpiry = (ms: unknown) =>
	typeof ms === 'number' && Number.isFinite(ms) ? Math.min(APPROVAL_EXPIRY_BOUNDS.max, Math.max(APPROVAL_EXPIRY_BOUNDS.min, Math.round(ms))) : APPROVAL_EXPIRY_BOUNDS.default;

/** The settings, read once and written through. */
export class AgentSettings {
	#stored: StoredSettings | null = null;

	constructor(
		private readonly port: SettingsPort | null,
		/** The approval expiry changed (the policy applies it). */
		private readonly onExpiry: (ms: number) => void
	) {}

	/** The stored settings (anything malformed replaced by its default). */
	async stored(): Promise<StoredSettings> {
		if (this.#stored) return this.#stored;
		const saved = ((await this.port?.get(SETTINGS_KEY).catch(() => undefined)) ?? {}) as Partial<StoredSettings>;
		this.#stored = {
			provider: saved.provider === 'model' ? 'model' : 'local',
			baseUrl: typeof saved.baseUrl === 'string' && saved.baseUrl ? saved.baseUrl : DEFAULT_BASE_URL,
			model: typeof saved.model === 'string' && saved.model ? saved.model : DEFAULT_MODEL,
			apiKey: typeof saved.apiKey === 'string' ? saved.apiKey : '',
			budget: { ...DEFAULT_BUDGET, ...(saved.budget ?? {}) },
			approvalExpiryMs: clampExpiry(saved.approvalExpiryMs)
		};
		return this.#stored;
	}

	/** Settings without the key. */
	async view(): Promise<AgentSettingsView> {
		const s = await this.stored();
		return { provider: s.provider, baseUrl: s.baseUrl, model: s.model, hasKey: s.apiKey.length > 0, budget: { ...s.budget }, approvalExpiryMs: s.approvalExpiryMs };
	}

	/** Applies a patch (a base URL must be http or https) and stores the result. */
	async update(patch: AgentSettingsPatch): Promise<AgentSettingsView> {
		const s = await this.stored();
		if (patch.baseUrl !== undefined) {
			const url = httpUrl(patch.baseUrl, 'base URL', 'baseUrl');
			s.baseUrl = url.toString().replace(/\/+$/, '');
		}
		if (patch.model !== undefined) s.model = patch.model.trim() || DEFAULT_MODEL;
		if (patch.apiKey !== undefined) s.apiKey = patch.apiKey.trim();
		if (patch.provider !== undefined) s.provider = patch.provider;
		if (patch.budget) s.budget = { ...s.budget, ...patch.budget };
		if (patch.approvalExpiryMs !== undefined) {
			s.approvalExpiryMs = clampExpiry(patch.approvalExpiryMs);
			this.onExpiry(s.approvalExpiryMs);
		}
		await this.port?.set(SETTINGS_KEY, { ...s });
		return this.view();
	}
}
