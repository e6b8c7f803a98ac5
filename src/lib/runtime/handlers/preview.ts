// Preview tools: the last acknowledged status with console lines and errors, and a refresh.
import type { ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';

/** Handlers for preview_get_status and preview_refresh. */
export function previewHandlers(service: WorkspaceService) {
	const handlers: {
		preview_get_status: ToolHandler<'preview_get_status'>;
		preview_refresh: ToolHandler<'preview_refresh'>;
	} = {
		async preview_get_status() {
			const { preview, console, errors } = service.preview.status();
			return { revision: service.revision, preview, console, errors };
		},
		async preview_refresh(_input, ctx) {
			const preview = await service.preview.render(service.workspace, ctx.signal, { reload: true });
			return { revision: service.revision, preview };
		}
	};
	return handlers;
}
