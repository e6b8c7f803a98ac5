// `window.studio`: a small console and automation API over the same direct boundary the UI uses.
import type { CdnSetting } from '$lib/domain/packages';
import type { ApprovalDecision } from '$lib/worker/protocol';
import type { StudioClient } from './studio.svelte';
import type { GitLinkInput } from '$lib/worker/protocol';

/** What `window.studio` offers (in devtools, and to end-to-end tests). */
export interface ConsoleApi {
	callTool(name: string, args?: Record<string, unknown>): Promise<unknown>;
	executeAgentCall(name: string, args?: Record<string, unknown>): Promise<unknown>;
	readonly revision: number;
	/** The workspace this tab is pinned to. */
	readonly workspace: { id: string; name: string };
	/** Every workspace this browser keeps. */
	listWorkspaces(): Promise<{ id: string; name: string; files: number; revision: number; current: boolean }[]>;
	readonly files: string[];
	readonly trace: unknown[];
	readonly approvals: unknown[];
	readonly mode: string | null;
	readonly state: string;
	/** This tab's build id (names its hub's channels). */
	readonly build: string;
	/** How many times this tab re-read the hub's snapshot. */
	readonly resyncs: number;
	resolveApproval(id: string, decision: ApprovalDecision): Promise<boolean>;
	readFile(path: string): Promise<unknown>;
	/** Where packages come from (the Packages view's choice). */
	setPackagesCdn(setting: CdnSetting): Promise<unknown>;
	connectFolder(handle: FileSystemDirectoryHandle): Promise<unknown>;
	readonly folder: unknown;
	/** Changes settings (e.g. `{ approvalExpiryMs }`); the API key goes in, never out. */
	setSettings(patch: Record<string, unknown>): Promise<unknown>;
	/** The whole text this tab's editor holds for `path` (the screen shows only the visible lines). */
	editorText(path: string): string | null;
	/** Links this workspace to a git remote (the token goes in, never out); answers the link without it. */
	setGitLink(input: GitLinkInput): Promise<unknown>;
}

declare global {
	interface Window {
		studio?: ConsoleApi;
	}
}

/** Installs `window.studio` for this tab. Calls are palette-sourced direct commands. */
export function exposeConsoleApi(client: StudioClient, editor: { textOf(path: string): string | null } = { textOf: () => null }): void {
	// The console is an agent caller of its own: one session per page load.
	const sessionId = `console-${crypto.randomUUID()}`;
	window.studio = {
		callTool: (name, args = {}) => client.callTool(name, args, 'palette'),
		executeAgentCall: (name, args = {}) => client.executeAgentCall({ id: `console-${Date.now()}`, name, arguments: args }, 'webmcp', sessionId),
		get revision() {
			return client.workspace.revision;
		},
		get workspace() {
			return { id: client.workspaceId, name: client.workspace.name };
		},
		listWorkspaces: () => client.api.listWorkspaces(),
		get files() {
			return client.workspace.files.map((file) => file.path);
		},
		get trace() {
			client.trace.flush();
			return client.trace.entries;
		},
		get approvals() {
			return client.approvals.pending;
		},
		get mode() {
			return client.hub.mode;
		},
		get state() {
			return client.hub.state;
		},
		get build() {
			return client.hub.build;
		},
		get resyncs() {
			return client.hub.resyncs;
		},
		resolveApproval: (id, decision) => client.api.resolveApproval(id, decision, client.tabId ?? undefined),
		readFile: (path) => client.api.readFile(path),
		setPackagesCdn: (setting) => client.api.setPackagesCdn(setting),
		connectFolder: (handle) => client.api.connectFolder(handle),
		get folder() {
			return client.workspace.folder;
		},
		setSettings: (patch) => client.api.setAgentSettings(patch as never),
		editorText: (path) => editor.textOf(path),
		setGitLink: (input) => client.api.setGitLink(input)
	};
}
