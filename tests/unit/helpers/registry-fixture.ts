// A registry wired to small in-memory handlers, for testing the registry without the real workspace.
import { ToolRegistry, type RegistryOptions } from '../../../src/lib/runtime/registry';
import { ToolError } from '../../../src/lib/core/errors';

/** A tiny stand-in workspace: path → text, and a revision. */
export interface FakeWorkspace {
	revision: number;
	files: Map<string, string>;
	handlerCalls: { name: string; input: unknown }[];
}

/** Builds a registry with handlers for a few tools over a {@link FakeWorkspace}. */
export function makeRegistry(options: RegistryOptions = {}) {
	const ws: FakeWorkspace = { revision: 1, files: new Map([['index.html', '<h1>Hi</h1>']]), handlerCalls: [] };
	const registry = new ToolRegistry({ getRevision: () => ws.revision, ...options });
	const preview = () => ({ revision: ws.revision, status: 'unavailable' as const });
	registry.registerAll({
		workspace_list_files: async (input) => {
			ws.handlerCalls.push({ name: 'workspace_list_files', input });
			return {
				revision: ws.revision,
				files: [...ws.files].map(([path, text]) => ({ path, kind: 'text' as const, language: 'html', mimeType: 'text/html', size: text.length, hash: 'h' }))
			};
		},
		workspace_read_file: async (input) => {
			ws.handlerCalls.push({ name: 'workspace_read_file', input });
			const content = ws.files.get(input.path);
			if (content === undefined) throw new ToolError('WORKSPACE_FILE_NOT_FOUND', `No file at ${input.path}`, { path: input.path });
			return { revision: ws.revision, path: input.path, content, language: 'html', size: content.length, hash: 'h' };
		},
		workspace_write_file: async (input, ctx) => {
			ws.handlerCalls.push({ name: 'workspace_write_file', input });
			if (input.expectedRevision !== undefined && input.expectedRevision !== ws.revision) {
				throw new ToolError('WORKSPACE_REVISION_CONFLICT', 'The workspace changed.', { expectedRevision: input.expectedRevision, currentRevision: ws.revision });
			}
			if (input.content === 'slow') {
				await new Promise((resolve, reject) => {
					const timer = setTimeout(resolve, 10_000);
					ctx.signal.addEventListener('abort', () => {
						clearTimeout(timer);
						reject(new Error('aborted'));
					});
				});
			}
			if (input.content === 'explode') throw new Error('secret internal detail at /srv/app.js:42');
			ws.files.set(input.path, input.content);
			ws.revision += 1;
			return { revision: ws.revision, changedPaths: [input.path], preview: preview() };
		},
		workspace_delete_file: async () => ({ revision: ws.revision, changedPaths: 'not-an-array' }) as never
	});
	return { registry, ws };
}
