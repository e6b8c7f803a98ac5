// Runtime guards of the tab → hub protocol: the valibot schema of every argument a tab may send.
// A tab may run another build, so nothing it sends is trusted; worker/protocol.ts builds its method
// table from these.
import * as v from 'valibot';
import { WORKSPACE_ID_PATTERN } from './protocol-calls';
import type { CdnSetting } from '../domain/packages';
import { APPROVAL_DECISIONS } from '../runtime/policy';
import { SOURCES, type Source } from '../runtime/types';
import { PATH_MAX_CHARS } from '../core/limits';
import { STARTER_IDS } from '../domain/starters';
import { GitLinkInputSchema } from '../runtime/git/link';

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/** The tab's half of the handshake. */
export const HelloRequestSchema = v.object({
	protocolVersion: v.pipe(v.number(), v.integer(), v.minValue(0)),
	build: v.pipe(v.string(), v.maxLength(200)),
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100))
});

/** Who calls from a tab, and the id under which it may withdraw the call. */
export const TabContextSchema = v.object({
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	source: v.picklist(SOURCES as unknown as [Source, ...Source[]]),
	mode: v.optional(v.picklist(['agent', 'direct'])),
	sessionId: v.optional(v.pipe(v.string(), v.maxLength(200))),
	requestId: v.optional(v.pipe(v.string(), v.maxLength(200)))
});

/** An agent call from a page (WebMCP, the console). Arguments are checked by the registry. */
export const AgentCallSchema = v.object({
	id: v.optional(v.pipe(v.string(), v.maxLength(256))),
	name: v.pipe(v.string(), v.maxLength(200)),
	arguments: v.optional(v.unknown())
});

export { FramePageSchema, SiteFileAsSchema, HostOutcomeSchema, PreviewLinesSchema, SiteNavigationSchema, SitePathSchema, SiteStorageChangeSchema } from '../preview/schemas';

export { SettingsPatchSchema } from '../agents/settings';

/** A FileSystemDirectoryHandle (it cannot be checked further before it is used). */
export const DirectoryHandleSchema = v.custom<FileSystemDirectoryHandle>((value) => !!value && (value as { kind?: unknown }).kind === 'directory', 'a directory handle is required');

/** Small, plain JSON: preferences are presentation state, never data. */
export const PreferenceValueSchema = v.pipe(
	v.unknown(),
	v.check((value) => {
		try {
			return JSON.stringify(value ?? null).length <= 10_000;
		} catch {
			return false;
		}
	}, 'a preference must be plain JSON of at most 10,000 characters'),
	v.transform((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown)
);

export const PreferenceKeySchema = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
export const PathSchema = v.pipe(v.string(), v.maxLength(PATH_MAX_CHARS));
export const RevisionSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
export const PromptSchema = v.pipe(v.string(), v.maxLength(20_000), v.check((text) => text.trim().length > 0, 'a prompt is required'));
export const IdSchema = Id;
export const DecisionSchema = v.picklist(APPROVAL_DECISIONS);

/** A workspace id: also part of worker, channel and lock names, so a small safe alphabet. */
export const WorkspaceIdSchema = v.pipe(v.string(), v.regex(WORKSPACE_ID_PATTERN, 'a workspace id is 1–64 letters, digits, _ or -'));
/** A workspace name as a person types it. */
export const WorkspaceNameSchema = v.pipe(
	v.string(),
	v.transform((name) => name.trim()),
	v.minLength(1, 'a workspace needs a name'),
	v.maxLength(80, 'a workspace name has at most 80 characters')
);
/** Where a new workspace's files come from: a starter (or nothing), a .zip, or another workspace. */
export const WorkspaceSourceSchema = v.variant('kind', [
	v.object({ kind: v.literal('starter'), starter: v.picklist([...STARTER_IDS, 'empty']) }),
	v.object({ kind: v.literal('zip'), data: v.custom<Uint8Array>((value) => value instanceof Uint8Array, 'the .zip bytes are required') }),
	v.object({ kind: v.literal('duplicate'), workspaceId: WorkspaceIdSchema }),
	v.object({ kind: v.literal('git'), link: GitLinkInputSchema })
]);

/** One collaboration update: who made it and its change set (checked again when it is applied). */
export const CollabUpdatesSchema = v.pipe(
	v.array(v.object({ clientID: v.pipe(v.string(), v.maxLength(100)), changes: v.array(v.unknown()) })),
	v.maxLength(1000)
);
/** A cursor or selection in a shared file. */
export const CollabSelectionSchema = v.nullable(v.object({ anchor: v.pipe(v.number(), v.integer(), v.minValue(0)), head: v.pipe(v.number(), v.integer(), v.minValue(0)) }));

/** Where packages come from: esm.sh, jsDelivr, or an esm.sh-shaped base URL. */
export const CdnSettingSchema = v.variant('kind', [
	v.object({ kind: v.literal('esm.sh') }),
	v.object({ kind: v.literal('jsdelivr') }),
	v.object({ kind: v.literal('custom'), base: v.pipe(v.string(), v.maxLength(500), v.regex(/^https?:\/\/[^/\s]+/, 'a base URL starts with http:// or https://')) })
]) satisfies v.GenericSchema<CdnSetting>;
