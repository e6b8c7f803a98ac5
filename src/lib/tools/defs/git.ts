// Tool definitions: git sync of the workspace with its linked remote — status, commit, push, pull.
// Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { PATH_MAX_CHARS } from '../../core/limits';
import { Revision, mutationOutput, mutationInput, noInput, READ, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';

const Oid = v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/), v.description('A git commit id.'));
const DiffLine = v.object({ kind: v.picklist([' ', '-', '+', '…']), text: v.string() });
const GitChange = v.looseObject({ path: v.string(), change: v.picklist(['added', 'modified', 'deleted']), diff: v.optional(v.pipe(v.array(DiffLine), v.description('The text file\'s line diff since the last commit (none for a binary file).'))) });
const Author = v.strictObject({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)), email: v.pipe(v.string(), v.maxLength(200), v.email()) });
const NOT_LINKED = 'Fails with GIT_NOT_LINKED until the person links the workspace to a git remote (Git settings).';
const NETWORK = 'Fails with GIT_AUTH_FAILED (the token was refused), GIT_NETWORK_UNAVAILABLE (offline: retry later, nothing is lost) or GIT_NOT_A_REPOSITORY (the URL is not a git server).';

/** The git tools of the catalog. */
export const GIT_TOOLS = {
	git_status: tool({
		name: 'git_status',
		title: 'Git status',
		group: 'git',
		description: `Says whether the workspace is linked to a git remote (URL and branch), the last commit on this device and the one last agreed with the remote, and which files changed since the last commit, each text file with its line diff. Read-only; does not reach the network.`,
		input: noInput(),
		output: v.looseObject({ revision: Revision, linked: v.boolean(), url: v.optional(v.string()), branch: v.optional(v.string()), head: v.optional(v.nullable(Oid)), base: v.optional(v.nullable(Oid)), changes: v.array(GitChange) }),
		hints: READ
	}),
	git_commit: tool({
		name: 'git_commit',
		title: 'Git commit',
		group: 'git',
		description: `Turns the current workspace into a git commit on this device (not sent anywhere: git_push sends it). Files .gitignore ignores are left out; files of the repository the studio does not hold (dot files) are kept as they are. Answers commit null when nothing changed since the last commit. ${NOT_LINKED} Does not change the workspace revision. ${REVISION_NOTE}`,
		input: mutationInput({ message: v.pipe(v.string(), v.minLength(1), v.maxLength(2000), v.description('The commit message.')), author: v.optional(Author) }),
		output: v.looseObject({ revision: Revision, commit: v.nullable(Oid), files: v.number(), ignored: v.array(v.string()) }),
		hints: { ...WRITE, openWorldHint: false }
	}),
	git_push: tool({
		name: 'git_push',
		title: 'Git push',
		group: 'git',
		description: `Sends this device's commits of the branch to the remote. Never forced: when the remote has commits this workspace does not, it fails with GIT_NOT_FAST_FORWARD — call git_pull first. ${NOT_LINKED} ${NETWORK} Does not change the workspace revision. ${REVISION_NOTE}`,
		input: mutationInput({}),
		output: v.looseObject({ revision: Revision, pushed: v.nullable(Oid), url: v.string(), branch: v.string() }),
		hints: { ...WRITE, openWorldHint: true }
	}),
	git_pull: tool({
		name: 'git_pull',
		title: 'Git pull',
		group: 'git',
		description: `Fetches the remote branch and merges what changed there since the last sync with this workspace's own edits, line by line, as one revision (one Undo reverts it). When the same lines changed on both sides it fails with GIT_MERGE_CONFLICT listing each file with both versions, and writes nothing; pull again with resolve naming, per file, the side the person chose. ${NOT_LINKED} ${NETWORK} ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			resolve: v.optional(v.pipe(v.record(v.pipe(v.string(), v.maxLength(PATH_MAX_CHARS)), v.picklist(['mine', 'theirs'])), v.description('For files a GIT_MERGE_CONFLICT listed: keep this workspace\'s version (mine) or take the remote\'s (theirs).')))
		}),
		output: mutationOutput({ pulled: v.nullable(Oid), upToDate: v.boolean(), leftOut: v.optional(v.array(v.looseObject({ path: v.string(), reason: v.string() }))) }),
		hints: { ...WRITE, destructiveHint: true, openWorldHint: true }
	})
} as const;
