// Commit on quiet: when the person asked for it in the git link, the workspace is committed on this
// device once it has had no change for that many minutes. Only a commit — a push always waits for
// the person — and through the registry like the person's own Commit, so the trace shows it.
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceService } from '../runtime/workspace-service';
import type { HubGit } from './hub-git';

/**
 * Follows the workspace's changes and commits after `minutes` of quiet (the link's setting; off when
 * absent). `unitMs` is one minute (tests shorten it). Answers the way to stop.
 */
export function commitOnQuiet(service: WorkspaceService, git: HubGit, registry: ToolRegistry, unitMs = 60_000): () => void {
	let timer: ReturnType<typeof setTimeout> | null = null;
	const schedule = async () => {
		const minutes = (await git.view()).autoCommitMinutes ?? 0;
		// After the read: a change that came meanwhile may have set a timer already; one timer at most.
		if (timer) clearTimeout(timer);
		timer = null;
		if (minutes <= 0) return;
		timer = setTimeout(() => {
			timer = null;
			// Nothing changed since the last commit: git_commit answers commit null and writes nothing.
			void registry.callTool({ name: 'git_commit', arguments: { message: `Saved after ${minutes} minute${minutes === 1 ? '' : 's'} without changes` } }, { context: { source: 'palette', mode: 'direct' } }).catch(() => undefined);
		}, minutes * unitMs);
	};
	const stop = service.subscribe((event) => {
		if (event.type === 'changed') void schedule();
	});
	return () => {
		stop();
		if (timer) clearTimeout(timer);
	};
}
