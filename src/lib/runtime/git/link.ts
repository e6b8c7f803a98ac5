// A workspace's git link as the person gives it and as tabs see it: the guard of what goes in (the
// token in, never out) — apart from the git engine, so the protocol table can use it without it.
import * as v from 'valibot';

/** What the person types to link a workspace (the token goes in, never out). */
export const GitLinkInputSchema = v.strictObject({
	url: v.pipe(v.string(), v.trim(), v.maxLength(2000)),
	branch: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._/-]{1,100}$/, 'not a branch name')), 'main'),
	token: v.optional(v.pipe(v.string(), v.maxLength(1000))),
	username: v.optional(v.pipe(v.string(), v.maxLength(200))),
	corsProxy: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000))),
	/** Commit on this device after this many minutes without a change (0 or absent: never). */
	autoCommitMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1440))),
	author: v.strictObject({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)), email: v.pipe(v.string(), v.trim(), v.maxLength(200), v.email()) })
});
export type GitLinkInput = v.InferInput<typeof GitLinkInputSchema>;

/** The link as tabs see it. */
export interface GitLinkView {
	linked: boolean;
	url?: string;
	branch?: string;
	corsProxy?: string;
	author?: { name: string; email: string };
	/** Minutes of quiet after which the workspace is committed (absent: never). */
	autoCommitMinutes?: number;
	hasToken: boolean;
	base?: string | null;
	/** Revisions that are commits made here or pulls that landed (History marks them). */
	marks?: { revision: number; oid: string; kind: 'commit' | 'pull' }[];
}
