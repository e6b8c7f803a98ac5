// Starter-template tools: theme colour, hero text, feature cards — edits through the same transitions.
import { featureChange, heroChange, themeChange } from '../../domain/template';
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { meta, mutationOutput } from './shared';

/** Handlers for preview_set_theme, preview_update_hero and preview_add_feature. */
export function templateHandlers(service: WorkspaceService) {
	const handlers: {
		preview_set_theme: ToolHandler<'preview_set_theme'>;
		preview_update_hero: ToolHandler<'preview_update_hero'>;
		preview_add_feature: ToolHandler<'preview_add_feature'>;
	} = {
		async preview_set_theme({ accent, scheme, expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('preview_set_theme', ctx, expectedRevision), (ws) => themeChange(ws, accent, scheme)));
		},
		async preview_update_hero({ title, subtitle, expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('preview_update_hero', ctx, expectedRevision), (ws) => heroChange(ws, title, subtitle)));
		},
		async preview_add_feature({ title, body, icon, expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('preview_add_feature', ctx, expectedRevision), (ws) => featureChange(ws, title, body, icon)));
		}
	};
	return handlers;
}
