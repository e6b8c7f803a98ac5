// The one door through which views see data shapes: types only, re-exported from the protocol
// (wire types) and the tool catalog. Views import nothing else from the studio's layers.
import type { FileImpact as FileImpactOf } from '$lib/worker/protocol';
export type {
	AgentRunInfo,
	AgentSettingsView,
	ApprovalDecision,
	DiffLine,
	FileImpact,
	FileSummary,
	HistoryEntry,
	HostRenderOutcome,
	Impact,
	PendingApproval,
	PreviewConsoleLine,
	PreviewDiagnostic,
	PreviewErrorLine,
	SessionGrant,
	TraceEntry,
	WorkspaceListing
} from '$lib/worker/protocol';
export type { Catalog, CatalogEntry, JsonSchema } from '$lib/tools/catalog';
export type { CommandExample } from '$lib/agents/commands';
export type { AccessoryKey } from '$lib/client/editor/codemirror';

/** A transcript step's diff as the Agent panel holds it: loading, loaded, or no longer in history. */
export type StepDiff = FileImpactOf[] | 'loading' | 'gone';

/** Dock tabs along the bottom of the desktop layout. */
export type DockTab = 'agent' | 'tools' | 'trace' | 'history';
/** Panels shown one at a time on a phone. */
export type PhoneTab = 'files' | 'editor' | 'preview' | DockTab;
