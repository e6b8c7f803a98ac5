// The Agent panel's commands: send a prompt (local agent or model), stop, settings and model list.
import type { AgentSettingsView } from '$lib/agents/runner';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

/** Agent panel state and commands. */
export class AgentActions {
	prompt = $state('');
	selected = $state<string | null>(null);
	settings = $state.raw<AgentSettingsView | null>(null);
	models = $state.raw<{ id: string; name: string; tools: boolean | null }[]>([]);
	modelsError = $state<string | null>(null);
	keyDraft = $state('');

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore
	) {}

	/** The run the transcript shows: the selected one, else the latest. */
	get current() {
		const runs = this.studio.agents.runs;
		return runs.find((run) => run.sessionId === this.selected) ?? runs.at(-1) ?? null;
	}

	async load() {
		this.settings = await this.studio.api.getAgentSettings();
	}

	async send(text = this.prompt) {
		const prompt = text.trim();
		if (!prompt) return;
		try {
			this.selected = await this.studio.api.startAgent(prompt, this.settings?.provider ?? 'local');
			this.prompt = '';
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		}
	}

	async stop() {
		const run = this.current;
		if (run?.running) await this.studio.api.cancelAgent(run.sessionId);
	}

	async update(patch: { provider?: 'local' | 'model'; baseUrl?: string; model?: string; approvalExpiryMs?: number }) {
		try {
			this.settings = await this.studio.api.setAgentSettings(patch);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		}
	}

	async saveKey() {
		this.settings = await this.studio.api.setAgentSettings({ apiKey: this.keyDraft });
		this.keyDraft = '';
		this.toasts.show({ tone: 'info', message: this.settings.hasKey ? 'API key saved in this browser.' : 'API key removed.' }, 3000);
	}

	async loadModels() {
		this.modelsError = null;
		try {
			this.models = await this.studio.api.listModels();
		} catch (error) {
			this.modelsError = error instanceof Error ? error.message : String(error);
		}
	}
}
