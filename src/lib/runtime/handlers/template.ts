// Starter-template tools: theme colour, hero text, feature cards — edits through the same transitions.
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { changeHandler } from './files';

/** Handlers for preview_set_theme, preview_update_hero and preview_add_feature. */
export function templateHandlers(service: WorkspaceService) {
	return {
		preview_set_theme: changeHandler(service, 'preview_set_theme'),
		preview_update_hero: changeHandler(service, 'preview_update_hero'),
		preview_add_feature: changeHandler(service, 'preview_add_feature')
	} as {
		preview_set_theme: ToolHandler<'preview_set_theme'>;
		preview_update_hero: ToolHandler<'preview_update_hero'>;
		preview_add_feature: ToolHandler<'preview_add_feature'>;
	};
}
