// The first screen of a first visit: the starter workspace a new browser's hub is about to create
// (domain/template), as the picture client/first-screen.ts keeps — so a device that has kept nothing
// yet still paints the top bar, the files and index.html's text before any of the studio's code has
// run. Built once, at build time, into the app shell (src/hooks.server.ts); the page reads it back.
import { starterWorkspace } from '$lib/domain/template';
import { summariseAll } from '$lib/worker/hub-events';
import { DEFAULT_WORKSPACE } from '$lib/worker/protocol-calls';
import type { FirstScreen } from './first-screen';
import { storedFirstScreen } from './first-screen-write';

/** The picture of the starter workspace, as a kept first screen (no preview: its render is the hub's). */
export function starterScreen(): FirstScreen {
	const workspace = starterWorkspace(DEFAULT_WORKSPACE);
	const path = workspace.activePath!;
	const file = workspace.files.get(path)!;
	return {
		v: 2,
		workspaceId: workspace.id,
		name: workspace.name,
		revision: workspace.revision,
		files: summariseAll(workspace),
		activePath: path,
		open: { path, text: file.content as string, language: file.language, revision: workspace.revision },
		preview: null,
		layout: null,
		at: 0
	};
}

/** The picture as the content of a `<script type="application/json">`: no `<` can close the element early. */
export function starterScreenJson(): string {
	return JSON.stringify(storedFirstScreen(starterScreen())).replace(/</g, '\\u003c');
}
