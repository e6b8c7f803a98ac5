// The page's load: the workbench's stores are made in a task of their own, between the page's code
// evaluating and its first mount, so neither start task is long (client/stages.svelte.ts then mounts
// the regions a task each).
import { StudioApp } from '$lib/client/app.svelte';
import { nextTask } from '$lib/client/next-task';

export const load = async (): Promise<{ app: StudioApp }> => {
	await nextTask();
	const app = new StudioApp();
	await nextTask();
	return { app };
};
