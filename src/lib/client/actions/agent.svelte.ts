// The Agent panel's commands: send a prompt (local agent or model) in a conversation, start a new
// one or delete it, stop, fix a preview error, settings and model list.
import type { AgentSettingsPatch, AgentSettingsView, RemoteServerInput } from '$lib/worker/protocol';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { FixTarget } from '../fix-prompt';
import type { StepDiff } from '$lib/shared/types';
import type { PickedElement } from '$lib/preview/messages';
import { IMAGES_PER_PROMPT } from '$lib/core/limits';
import type { PromptImage } from '$lib/agents/attachments';

/** What the panel shows when the local agent is asked to fix code (it cannot write code). */
export interface FixHint {
	message: string;
	where: string;
	prompt: string;
}

/** Agent panel state and commands. */
export class AgentActions {
	prompt = $state('');
	/** The conversation shown; null: the newest (or none yet). */
	selected = $state<string | null>(null);
	/** True after "New conversation": the next prompt starts one. */
	fresh = $state(false);
	fixHint = $state.raw<FixHint | null>(null);
	/** The model settings form is open. */
	showSettings = $state(false);
	settings = $state.raw<AgentSettingsView | null>(null);
	models = $state.raw<{ id: string; name: string; tools: boolean | null; images?: boolean | null }[]>([]);
	modelsError = $state<string | null>(null);
	keyDraft = $state('');
	/** The element picked in the preview: it goes with the next prompt (the chip above the prompt). */
	element = $state.raw<PickedElement | null>(null);
	/** Images pasted or dropped into the prompt: they go with the next one. */
	images = $state.raw<PromptImage[]>([]);
	/** Diffs the transcript's steps opened, by revision (a tab serves one workspace for its life). */
	diffs = $state<Record<number, StepDiff>>({});

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore
	) {}

	/** The conversation the transcript shows. */
	get conversation() {
		if (this.fresh) return null;
		const all = this.studio.agents.conversations;
		return all.find((c) => c.id === this.selected) ?? all[0] ?? null;
	}

	/** Approvals waiting in the conversation shown: the transcript shows them where they were asked. */
	get approvals() {
		const runs = new Set(this.conversation?.runs.map((run) => run.sessionId) ?? []);
		return this.studio.approvals.pending.filter((approval) => approval.sessionId !== undefined && runs.has(approval.sessionId));
	}

	/** Loads the diff of the revision a step made (once; history may have dropped it). */
	async loadDiff(revision: number) {
		this.diffs[revision] = 'loading';
		const diff = await this.studio.api.revisionDiff(revision).catch(() => null);
		this.diffs[revision] = diff?.files ?? 'gone';
	}

	/** The conversation's latest run (counters, stop). */
	get current() {
		return this.conversation?.runs.at(-1) ?? null;
	}

	select(conversationId: string) {
		this.selected = conversationId;
		this.fresh = false;
	}

	startNew() {
		this.fresh = true;
		this.selected = null;
		this.fixHint = null;
	}

	async remove(conversationId: string) {
		await this.studio.api.deleteConversation(conversationId);
		if (this.selected === conversationId) this.selected = null;
	}

	/**
	 * "Fix with the agent": a model gets a new conversation opened with the error, its place, the lines
	 * around it and the console tail. The local agent cannot write code: the panel says what a model
	 * would do and how to add one.
	 */
	async fix(target: FixTarget, consoleLines: readonly string[]): Promise<void> {
		const file = target.source ? await this.studio.api.readFile(target.source).catch(() => null) : null;
		// The fix prompt's and the images' code loads the first time it is needed (not with the first screen).
		const { fixPrompt } = await import('../fix-prompt');
		const prompt = fixPrompt(target, file && typeof file.content === 'string' ? file.content : null, consoleLines);
		// An agent chosen just before goes to the hub first: the fix goes to that one, as a prompt does.
		await this.#settling;
		if ((this.settings?.provider ?? 'local') === 'local') {
			this.fixHint = { message: target.message, where: target.source ? `${target.source}:${target.line}` : '', prompt };
			return;
		}
		this.fixHint = null;
		this.startNew();
		await this.send(prompt);
	}

	/** Reads the saved settings: a prompt sent meanwhile waits for them (it goes to the agent they name). */
	async load() {
		const read = this.#settling.then(async () => void (this.settings = await this.studio.api.getAgentSettings()));
		this.#settling = read.catch(() => undefined);
		await read;
		await this.loadRemote();
	}

	/** Adds pasted or dropped image files to the next prompt (shrunk to a bounded size). */
	async addImages(files: readonly File[]) {
		for (const file of files.filter((f) => f.type.startsWith('image/'))) {
			if (this.images.length >= IMAGES_PER_PROMPT) {
				this.toasts.show({ tone: 'info', message: `A prompt takes at most ${IMAGES_PER_PROMPT} images.` });
				break;
			}
			try {
				this.images = [...this.images, await (await import('../prompt-image')).promptImage(file)];
			} catch (error) {
				this.toasts.show({ tone: 'error', message: `${file.name || 'The image'} cannot be read: ${error instanceof Error ? error.message : String(error)}` });
			}
		}
	}

	removeImage(index: number) {
		this.images = this.images.filter((_, i) => i !== index);
	}

	/** Saves an image of the conversation into the workspace as an asset; answers its path (null: not saved). */
	async saveImage(image: PromptImage): Promise<string | null> {
		const extension = image.mimeType.split('/')[1]!.replace('jpeg', 'jpg');
		const base = (image.name.replace(/\.[^.]*$/, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'image').slice(0, 40);
		const taken = new Set(this.studio.workspace.files.map((file) => file.path));
		let path = `assets/${base}.${extension}`;
		for (let n = 2; taken.has(path); n++) path = `assets/${base}-${n}.${extension}`;
		const result = await this.studio.callTool('workspace_create_file', { path, content: image.data, encoding: 'base64', expectedRevision: this.studio.workspace.revision }, 'palette');
		if (result.isError) {
			this.toasts.show({ tone: 'error', message: (result.structuredContent.error as { message?: string }).message ?? 'The image was not saved.' });
			return null;
		}
		this.toasts.show({ tone: 'info', message: `Saved as ${path} — refer to it as ${path} in a page.` }, 5000);
		return path;
	}

	async send(text = this.prompt) {
		const prompt = text.trim();
		if (!prompt) return;
		// Sent right after choosing the agent (or saving a key): the run goes with that choice, not the one before it.
		await this.#settling;
		try {
			const continuing = this.conversation?.id;
			const attachments = { ...(this.element ? { element: $state.snapshot(this.element) } : {}), ...(this.images.length ? { images: $state.snapshot(this.images) } : {}) };
			const sessionId = await this.studio.api.startAgent(prompt, this.settings?.provider ?? 'local', continuing, attachments);
			this.selected = continuing ?? sessionId; // a new conversation is named after its first run
			this.fresh = false;
			// The picked element stays for the next prompt ("make it bigger", then "make it teal"); images go once.
			this.images = [];
			if (text === this.prompt) this.prompt = '';
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		}
	}

	async stop() {
		const run = this.current;
		if (run?.running) await this.studio.api.cancelAgent(run.sessionId);
	}

	/**
	 * The settings changes on their way to the hub, one after another. The select shows a new choice at
	 * once while the page's settings change only when the hub answers: a prompt sent in between went
	 * to the agent chosen before (seen under load: "model" chosen, the local agent answered).
	 */
	#settling: Promise<void> = Promise.resolve();

	#setSettings(patch: AgentSettingsPatch): Promise<AgentSettingsView> {
		const answer = this.#settling.then(() => this.studio.api.setAgentSettings(patch));
		this.#settling = answer.then(
			(settings) => void (this.settings = settings),
			() => undefined
		);
		return answer;
	}

	async update(patch: AgentSettingsPatch) {
		try {
			await this.#setSettings(patch);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		}
	}

	async saveKey() {
		const settings = await this.#setSettings({ apiKey: this.keyDraft });
		this.keyDraft = '';
		this.toasts.show({ tone: 'info', message: settings.hasKey ? 'API key saved in this browser.' : 'API key removed.' }, 3000);
	}

	/** A remote MCP server is being added or tested (the form waits for the connection). */
	remoteBusy = $state(false);
	/** Why the last add was refused (a malformed URL, too many servers). */
	remoteError = $state<string | null>(null);

	/** The remote MCP servers, as the hub has them now. */
	async loadRemote() {
		this.studio.agents.remoteServers = await this.studio.api.remoteServers().catch(() => this.studio.agents.remoteServers);
	}

	/** Adds a server and connects; answers true when it was added (connected or not: its state says). */
	async addServer(input: RemoteServerInput): Promise<boolean> {
		this.remoteBusy = true;
		this.remoteError = null;
		try {
			const server = await this.studio.api.addRemoteServer(input);
			await this.loadRemote();
			this.toasts.show({ tone: server.status === 'connected' ? 'info' : 'error', message: server.status === 'connected' ? `${server.name}: connected, ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}.` : `${server.name} was added but is not connected: ${server.error?.message ?? 'no answer'}` }, 4000);
			return true;
		} catch (error) {
			this.remoteError = error instanceof Error ? error.message : String(error);
			return false;
		} finally {
			this.remoteBusy = false;
		}
	}

	/** Connects to a server again and lists its tools afresh. */
	async testServer(id: string) {
		this.remoteBusy = true;
		try {
			await this.studio.api.reconnectRemoteServer(id);
			await this.loadRemote();
		} finally {
			this.remoteBusy = false;
		}
	}

	async removeServer(id: string) {
		await this.studio.api.removeRemoteServer(id);
		await this.loadRemote();
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
