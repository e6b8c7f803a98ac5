// Starter-template tools: theme colour, hero text, feature cards — edits through the same transitions.
import type { ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import { planHandler } from './files';

/** Handlers for preview_set_theme, preview_update_hero and preview_add_feature. */
export function templateHandlers(service: WorkspaceService) {
	return {
		preview_set_theme: planHandler(service, 'preview_set_theme'),
		preview_update_hero: planHandler(service, 'preview_update_hero'),
		preview_add_feature: planHandler(service, 'preview_add_feature')
	} as {
		preview_set_theme: ToolHandler<'preview_set_theme'>;
		preview_update_hero: ToolHandler<'preview_update_hero'>;
		preview_add_feature: ToolHandler<'preview_add_feature'>;
	};
}
