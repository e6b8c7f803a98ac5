// Handlers of the git tools: status and commit on this device, push and pull with the remote. A pull
// is a plan like any workspace change (the approval card shows its diff; one revision, one Undo).
import { ToolError } from '../../core/errors';
import type { GitPort } from '../ports';
import type { ToolHandler } from '../types';
import type { WorkspacePlan, WorkspaceService } from '../workspace-service';
import { meta, mutationOutput } from './shared';

/** The port, or the error that says why there is none. */
export function requireGit(git: () => GitPort | null): GitPort {
	const port = git();
	if (!port) throw new ToolError('GIT_NOT_LINKED', 'Git is not available here: a folder served over MCP keeps its own git (use git in that folder).', { reason: 'no-git' });
	return port;
}

/** The pull's plan: the merged files as one replacement of the workspace (unchanged when up to date). */
export function pullPlan(git: () => GitPort | null, input: unknown): WorkspacePlan {
	return async (workspace) => {
		const pull = await requireGit(git).pullFiles(workspace, undefined, (input as { resolve?: Record<string, 'mine' | 'theirs'> } | undefined)?.resolve);
		return { change: { type: 'replace', files: pull ? pull.files : [...workspace.files.values()], activePath: workspace.activePath } };
	};
}

/** The git handlers. */
export function gitHandlers(service: WorkspaceService, git: () => GitPort | null) {
	// A commit or push guarded by the revision its caller read refuses a workspace that moved since.
	const check = (expectedRevision: number | undefined) => {
		if (expectedRevision !== undefined && expectedRevision !== service.revision) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${service.revision}, not ${expectedRevision}. Read it again, then retry.`, { expectedRevision, currentRevision: service.revision });
		}
	};
	const handlers: {
		git_status: ToolHandler<'git_status'>;
		git_commit: ToolHandler<'git_commit'>;
		git_push: ToolHandler<'git_push'>;
		git_pull: ToolHandler<'git_pull'>;
	} = {
		async git_status() {
			return { revision: service.revision, ...(await requireGit(git).status(service.workspace)) };
		},
		async git_commit({ message, author, expectedRevision }) {
			check(expectedRevision);
			return { revision: service.revision, ...(await requireGit(git).commit(service.workspace, message, author)) };
		},
		async git_push({ expectedRevision }, ctx) {
			check(expectedRevision);
			return { revision: service.revision, ...(await requireGit(git).push(ctx.signal)) };
		},
		async git_pull({ expectedRevision, resolve }, ctx) {
			const port = requireGit(git);
			check(expectedRevision);
			const pull = await port.pullFiles(service.workspace, ctx.signal, resolve);
			if (!pull) return { revision: service.revision, changedPaths: [], preview: service.preview.status().preview, pulled: null, upToDate: true };
			const files = pull.files;
			// The merge was made on the workspace as it is now; the commit refuses it if that moved meanwhile.
			const result = await service.commit(meta('git_pull', ctx, expectedRevision ?? service.revision), async (workspace) => ({ change: { type: 'replace', files, activePath: workspace.activePath } }));
			await port.finishPull(pull.remote, service.workspace);
			return { ...mutationOutput(result), pulled: pull.remote, upToDate: false, ...(pull.leftOut.length ? { leftOut: pull.leftOut } : {}) };
		}
	};
	return handlers;
}
