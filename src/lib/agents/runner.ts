// Agent runs inside the hub: a run survives the tab that started it while any tab is open, and every
// tab sees it live. Holds provider settings (the key never leaves the hub) and traces each run as one
// agent.request entry correlated by sessionId with its tools/call entries.
import { ERROR_CODES, isErrorCode, toErrorShape } from '../core/errors';
import type { ToolRegistry } from '../runtime/registry';
import { foldEvent, zeroCounters, type AgentBudget, type AgentEvent, type AgentRunInfo } from './events';
import type { ChatMessage } from './model-loop';
import type { ProviderSettings } from './provider';
import type { PromptAttachments } from './attachments';
import { AgentSettings, type AgentSettingsPatch, type AgentSettingsView, type SettingsPort } from './settings';
export { APPROVAL_EXPIRY_BOUNDS, type AgentSettingsPatch, type AgentSettingsView, type SettingsPort } from './settings';

/** Where transcripts persist (IndexedDB per workspace in browsers; absent in memory mode). */
export interface TranscriptPort {
	load(): Promise<AgentRunInfo[]>;
	/** Queues the run's current state (written within a moment, batched). */
	save(run: AgentRunInfo): void;
	flush(): Promise<void>;
	remove(sessionIds: readonly string[]): Promise<void>;
}

/** What the runner tells tabs; `removed` lists runs of a deleted conversation. */
export type AgentUpdate = { sessionId: string; run: Omit<AgentRunInfo, 'events'>; event?: AgentEvent; removed?: string[] };

const KEEP_RUNS = 100;
const MAX_EVENTS = 400;
/** Earlier runs of a conversation a model sees, and how much of each answer. */
const HISTORY_RUNS = 10;
const HISTORY_CHARS = 6000;
/** How long a model run waits for remote MCP servers still connecting before its first turn. */
const REMOTE_SETTLE_MS = 5000;
/** The loops' code (the local agent, the model loop and its provider client): a hub's boot never runs one. */
const loops = () => import('./loops');

/** Runs agents and keeps their transcripts. */
export class AgentRunner {
	readonly #runs = new Map<string, AgentRunInfo & { controller: AbortController }>();
	readonly #settings: AgentSettings;

	constructor(
		private readonly registry: ToolRegistry,
		private readonly settings: SettingsPort | null,
		private readonly publish: (update: AgentUpdate) => void,
		private readonly fetchImpl?: typeof fetch,
		private readonly transcripts: TranscriptPort | null = null
	) {
		this.#settings = new AgentSettings(settings, (ms) => (registry.policy.expiryMs = ms));
		// The transcript records each decision where the step asked, before the step's result.
		registry.policy.onSettled(({ request, outcome, decision, tabId }) => {
			const run = request.sessionId ? this.#runs.get(request.sessionId) : undefined;
			if (!run?.running || !request.toolCallId) return;
			this.#emit(run, { type: 'approval', id: request.toolCallId, name: request.name, outcome, ...(decision ? { decision } : {}), ...(tabId ? { tabId } : {}), ...(request.changed ? { reasked: true } : {}) });
		});
	}

	/**
	 * Loads the stored transcripts. A run still marked running was cut off when every tab closed (its
	 * hub went away): it is marked interrupted, kept as far as it got, never dropped.
	 */
	async restore(): Promise<void> {
		const runs = await this.transcripts?.load().catch(() => []) ?? [];
		for (const stored of runs) {
			const run = { ...stored, controller: new AbortController() };
			if (run.running) {
				run.running = false;
				run.events.push({ type: 'done', outcome: 'interrupted', code: 'TOOL_INTERRUPTED', message: 'Every studio tab was closed while this run was going; it stopped here.' });
				this.transcripts?.save(run);
			}
			this.#runs.set(run.sessionId, run);
		}
		while (this.#runs.size > KEEP_RUNS) this.#runs.delete(this.#runs.keys().next().value!);
		await this.transcripts?.flush().catch(() => undefined);
	}

	/** Deletes a conversation's runs everywhere (a running one is stopped first). */
	async deleteConversation(conversationId: string): Promise<number> {
		const runs = [...this.#runs.values()].filter((run) => run.conversationId === conversationId);
		for (const run of runs) {
			if (run.running) this.cancel(run.sessionId);
			this.#runs.delete(run.sessionId);
		}
		if (runs.length === 0) return 0;
		await this.transcripts?.remove(runs.map((run) => run.sessionId)).catch(() => undefined);
		const { controller: _c, events: _e, ...info } = runs[0]!;
		this.publish({ sessionId: info.sessionId, run: info, removed: runs.map((run) => run.sessionId) });
		return runs.length;
	}

	/** What a model needs of the earlier runs of a conversation: each prompt and the agent's answer. */
	#history(conversationId: string): ChatMessage[] {
		const earlier = [...this.#runs.values()].filter((run) => run.conversationId === conversationId && !run.running).slice(-HISTORY_RUNS);
		return earlier.flatMap((run): ChatMessage[] => {
			const answer = run.events
				.filter((event) => event.type === 'text' || event.type === 'tool-result')
				.map((event) => (event.type === 'text' ? event.text : `[${event.name}: ${event.summary}]`))
				.join('\n')
				.trim()
				.slice(-HISTORY_CHARS);
			return [
				{ role: 'user', content: run.prompt },
				{ role: 'assistant', content: answer || '(no answer)' }
			];
		});
	}

	/** Applies the stored settings that act outside runs (the approval expiry of the policy). */
	async applyStored(): Promise<void> {
		this.registry.policy.expiryMs = (await this.#settings.stored()).approvalExpiryMs;
	}

	/** Settings without the key. */
	getSettings(): Promise<AgentSettingsView> {
		return this.#settings.view();
	}

	setSettings(patch: AgentSettingsPatch): Promise<AgentSettingsView> {
		return this.#settings.update(patch);
	}

	/** The provider's models (GET /models), with tool support marked. */
	async models() {
		const [s, { listModels }] = await Promise.all([this.#settings.stored(), loops()]);
		return listModels({ baseUrl: s.baseUrl, apiKey: s.apiKey, model: s.model }, { fetch: this.fetchImpl });
	}

	/** Recent runs, oldest first, for a late tab. */
	snapshot(): AgentRunInfo[] {
		return [...this.#runs.values()].map(({ controller: _c, ...run }) => ({ ...run, events: [...run.events], counters: { ...run.counters } }));
	}

	/**
	 * Starts a run and returns its session id at once; progress arrives as updates. With the id of a
	 * known conversation the run continues it (a model sees the earlier prompts and answers).
	 */
	async start(prompt: string, provider?: 'local' | 'model', conversationId?: string, attachments: PromptAttachments = {}): Promise<string> {
		const s = await this.#settings.stored();
		const kind = provider ?? s.provider;
		const sessionId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
		const continues = conversationId !== undefined && [...this.#runs.values()].some((run) => run.conversationId === conversationId);
		const history = continues && kind === 'model' ? this.#history(conversationId) : [];
		const run: AgentRunInfo & { controller: AbortController } = {
			sessionId,
			conversationId: continues ? conversationId : sessionId,
			provider: kind,
			model: kind === 'model' ? s.model : undefined,
			prompt: prompt.slice(0, 4000),
			startedAt: Date.now(),
			running: true,
			counters: zeroCounters(kind === 'local' ? 1 : 0),
			events: [],
			controller: new AbortController()
		};
		this.#runs.set(sessionId, run);
		while (this.#runs.size > KEEP_RUNS) this.#runs.delete(this.#runs.keys().next().value!);
		void this.#execute(run, { baseUrl: s.baseUrl, apiKey: s.apiKey, model: s.model }, { ...s.budget }, history, attachments);
		return sessionId;
	}

	/** Stops a run: the stream is aborted and its pending approvals settle as cancelled. */
	cancel(sessionId: string): boolean {
		const run = this.#runs.get(sessionId);
		if (!run?.running) return false;
		run.controller.abort();
		this.registry.policy.cancelSession(sessionId);
		return true;
	}

	#emit(run: AgentRunInfo, event: AgentEvent) {
		run.events = foldEvent(run.events, event);
		if (run.events.length > MAX_EVENTS) run.events.splice(1, run.events.length - MAX_EVENTS);
		const { controller: _c, events: _e, ...info } = run as AgentRunInfo & { controller: AbortController };
		this.publish({ sessionId: run.sessionId, run: { ...info, counters: { ...run.counters } }, event });
		if (this.transcripts) {
			const { controller: _, ...stored } = run as AgentRunInfo & { controller: AbortController };
			this.transcripts.save(stored);
			if (event.type === 'done') void this.transcripts.flush().catch(() => undefined);
		}
	}

	async #execute(run: AgentRunInfo & { controller: AbortController }, settings: ProviderSettings, budget: AgentBudget, history: ChatMessage[], attachments: PromptAttachments) {
		const trace = this.registry.trace;
		const startedAt = Date.now();
		const base = { method: 'agent.request' as const, source: run.provider === 'local' ? ('local' as const) : ('model' as const), mode: 'agent' as const, sessionId: run.sessionId, startedAt, name: run.provider === 'local' ? 'local-agent' : run.model };
		const provider = run.provider === 'local' ? 'local' : new URL(settings.baseUrl).host;
		trace.append({ ...base, phase: 'started', at: startedAt, details: { provider, model: run.model, prompt: run.prompt.slice(0, 200) } });
		this.#emit(run, { type: 'user', text: run.prompt, ...(attachments.element ? { element: attachments.element } : {}), ...(attachments.images?.length ? { images: attachments.images } : {}) });
		let done: AgentEvent & { type: 'done' };
		try {
			// A remote server still connecting gets a moment: the first turn then lists its tools.
			if (run.provider === 'model') await this.registry.remote?.settle(REMOTE_SETTLE_MS);
			const { runLocalAgent, planForElement, runModelLoop } = await loops();
			done =
				run.provider === 'local'
					? await runLocalAgent(run.prompt, { registry: this.registry, sessionId: run.sessionId, signal: run.controller.signal, emit: (e) => this.#emit(run, e), onToolCall: () => run.counters.toolCalls++, plan: attachments.element ? (planForElement(run.prompt, attachments.element) ?? undefined) : undefined })
					: await runModelLoop(run.prompt, {
							registry: this.registry,
							settings,
							sessionId: run.sessionId,
							signal: run.controller.signal,
							budget,
							counters: run.counters,
							emit: (e) => this.#emit(run, e),
							fetch: this.fetchImpl,
							history,
							attachments
						});
		} catch (error) {
			const shape = toErrorShape(error);
			const outcome = shape.code === 'TOOL_CANCELLED' ? 'cancelled' : shape.code === 'AGENT_BUDGET_EXCEEDED' ? 'budget' : 'failed';
			this.#emit(run, { type: 'text', text: outcome === 'cancelled' ? 'Stopped.' : shape.message, final: true });
			done = { type: 'done', outcome, code: shape.code, message: shape.message };
		}
		if (run.controller.signal.aborted && done.outcome !== 'cancelled') done = { type: 'done', outcome: 'cancelled', code: 'TOOL_CANCELLED' };
		run.running = false;
		this.registry.policy.endSession(run.sessionId);
		this.#emit(run, done);
		const at = Date.now();
		trace.append({
			...base,
			phase: done.outcome === 'answered' ? 'completed' : done.outcome === 'cancelled' ? 'cancelled' : 'failed',
			at,
			durationMs: at - startedAt,
			error: done.code ? { code: done.code as never, retryable: isErrorCode(done.code) && ERROR_CODES[done.code] } : undefined,
			details: {
				provider,
				model: run.model,
				turns: run.counters.turns,
				toolCalls: run.counters.toolCalls,
				tokens: run.counters.tokens,
				tokensIn: run.counters.tokensIn,
				tokensOut: run.counters.tokensOut,
				...(run.counters.costUsd !== undefined ? { costUsd: run.counters.costUsd } : {}),
				outcome: done.outcome
			}
		});
	}
}
