// The one door through which views see data shapes: types only, re-exported from the protocol
// (wire types) and the tool catalog. Views import nothing else from the studio's layers.
import type { AgentRunInfo, AgentSettingsPatch, AgentSettingsView, ApprovalDecision, FileImpact as FileImpactOf, PendingApproval, RemoteServerInput, RemoteServerView, SessionGrant } from '$lib/worker/protocol';
import type { CommandExample } from '$lib/agents/commands';
import type { PromptImage } from '$lib/agents/attachments';
import type { PickedElement } from '$lib/preview/messages';
import type { ToolOutput } from '$lib/tools/schema';
export type {
	AgentRunInfo,
	AgentSettingsPatch,
	AgentSettingsView,
	ApprovalDecision,
	DiffLine,
	FileImpact,
	FileSummary,
	GitLinkInput,
	GitLinkView,
	HistoryEntry,
	HostRenderOutcome,
	Impact,
	PendingApproval,
	PickedElement,
	PreviewConsoleLine,
	PreviewDiagnostic,
	PreviewErrorLine,
	RemoteServerInput,
	RemoteServerView,
	SessionGrant,
	TraceEntry,
	WorkspaceListing
} from '$lib/worker/protocol';
export type { Catalog, CatalogEntry, JsonSchema } from '$lib/tools/catalog';
export type { CommandExample } from '$lib/agents/commands';
export type { PromptImage } from '$lib/agents/attachments';
export type { AccessoryKey } from '$lib/client/editor/codemirror';

/** A transcript step's diff as the Agent panel holds it: loading, loaded, or no longer in history. */
export type StepDiff = FileImpactOf[] | 'loading' | 'gone';

/** Dock tabs along the bottom of the desktop layout. */
export const DOCK_TABS = ['agent', 'tools', 'trace', 'history', 'packages'] as const;
export type DockTab = (typeof DOCK_TABS)[number];
/** Panels shown one at a time on a phone. */
export const PHONE_TABS = ['files', 'editor', 'preview', ...DOCK_TABS] as const;
export type PhoneTab = (typeof PHONE_TABS)[number];

/** Everything the Agent panel shows and does: one object (the workbench builds it from its stores). */
export interface AgentPanelModel {
	/** The latest run of the conversation shown (counters, stop). */
	run: AgentRunInfo | null;
	/** The runs of the conversation shown, oldest first. */
	conversation: AgentRunInfo[];
	conversations: { id: string; title: string; running: boolean }[];
	selectedConversation: string | null;
	/** Whether the model settings form is open (the page opens it too: "Fix with the agent"). */
	showSettings: boolean;
	onshowsettings: (open: boolean) => void;
	onnew: () => void;
	ondelete: (conversationId: string) => void;
	prompt: string;
	settings: AgentSettingsView | null;
	models: { id: string; name: string; tools: boolean | null }[];
	modelsError: string | null;
	keyDraft: string;
	examples: readonly CommandExample[];
	browserAgents: { available: boolean; registered: number; refused?: { count: number; reason: string } } | null;
	onprompt: (text: string) => void;
	onsend: (text?: string) => void;
	onstop: () => void;
	onselect: (conversationId: string) => void;
	onsettings: (patch: AgentSettingsPatch) => void;
	grants: SessionGrant[];
	onrevoke: (key: string) => void;
	onkeydraft: (text: string) => void;
	onsavekey: () => void;
	onloadmodels: () => void;
	/** The remote MCP servers the agents may use, and their commands. */
	remoteServers: RemoteServerView[];
	remoteBusy: boolean;
	remoteError: string | null;
	/** Adds a server; resolves true when it was added (the form then clears). */
	onaddserver: (input: RemoteServerInput) => Promise<boolean>;
	ontestserver: (id: string) => void;
	onremoveserver: (id: string) => void;
	ontrace: (id: string) => void;
	/** Approvals waiting in this conversation: shown where the agent asked. */
	approvals: PendingApproval[];
	now: number;
	tabId: string | null;
	diffs: Record<number, StepDiff>;
	ondiff: (revision: number) => void;
	ondecide: (id: string, decision: ApprovalDecision) => void;
	/** The element picked in the preview and the images that go with the next prompt. */
	element: PickedElement | null;
	images: PromptImage[];
	onremoveelement: () => void;
	onremoveimage: (index: number) => void;
	/** Pasted or dropped files (the images among them join the prompt). */
	onimages: (files: File[]) => void;
	onsaveimage: (image: PromptImage) => void;
	/** Opens the editor where an element is written. */
	ongotocode: (element: PickedElement) => void;
}

/** What the Packages view lists: the packages_list tool's answer. */
export type PackagesListing = ToolOutput<'packages_list'>;

/** Where packages come from. */
export type { CdnSetting as CdnChoice } from '$lib/domain/packages';

/** The git link's fields while the person types them (linking a workspace, cloning one). */
export interface GitLinkDraft {
	url: string;
	branch: string;
	token: string;
	name: string;
	email: string;
	proxy: string;
	/** Minutes of quiet after which to commit ('' or 0: never). */
	quiet: string;
}

/** A file changed since the last commit, as git_status answers it. */
export type GitChangeView = ToolOutput<'git_status'>['changes'][number];
