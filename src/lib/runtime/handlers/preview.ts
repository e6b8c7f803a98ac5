// Preview tools: the last acknowledged status with console lines, errors and warnings, a refresh,
// going to another page, the site's storage, and a picture of the page.
import { ToolError } from '../../core/errors';
import { RESULT_IMAGE, type ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import { describeDatabases } from '../site-databases';

/** Longest value preview_get_storage returns whole. */
const VALUE_CHARS = 2000;

/** Handlers of the preview tools. */
export function previewHandlers(service: WorkspaceService) {
	const unavailable = () => new ToolError('PREVIEW_UNAVAILABLE', 'This runtime has no preview (open the studio in a browser).');
	const handlers: {
		preview_get_status: ToolHandler<'preview_get_status'>;
		preview_refresh: ToolHandler<'preview_refresh'>;
		preview_navigate: ToolHandler<'preview_navigate'>;
		preview_get_storage: ToolHandler<'preview_get_storage'>;
		preview_clear_storage: ToolHandler<'preview_clear_storage'>;
		preview_screenshot: ToolHandler<'preview_screenshot'>;
	} = {
		async preview_screenshot(input, ctx) {
			if (!service.preview.screenshot) throw unavailable();
			const height = input.height ?? (input.width <= 480 ? 844 : input.width <= 1024 ? 1024 : 800);
			const picture = await service.preview.screenshot({ width: input.width, height, format: input.format, ...(input.selector ? { selector: input.selector } : {}), ...(input.fullPage ? { fullPage: true } : {}) }, ctx.signal);
			const output = {
				revision: picture.revision,
				page: picture.page,
				width: picture.width,
				height: picture.height,
				mimeType: picture.mimeType,
				bytes: Math.floor((picture.data.length * 3) / 4),
				...(input.selector ? { selector: input.selector } : {})
			};
			// The bytes travel as the result's image content, not inside its JSON.
			return Object.assign(output, { [RESULT_IMAGE]: { data: picture.data, mimeType: picture.mimeType } });
		},
		async preview_get_status() {
			const { preview, page, console, errors, warnings } = service.preview.status();
			return { revision: service.revision, preview, ...(page ? { page } : {}), console, errors, warnings: warnings ?? [] };
		},
		async preview_navigate(input, ctx) {
			if (!service.preview.navigate) throw unavailable();
			if (!input.path && !input.direction) throw new ToolError('TOOL_VALIDATION_FAILED', 'Give a path (about.html) or a direction (back, forward).', { reason: 'path-or-direction' });
			const hash = input.path?.indexOf('#') ?? -1;
			const target = input.direction ? { direction: input.direction } : { path: hash >= 0 ? input.path!.slice(0, hash) : input.path!, fragment: hash >= 0 ? input.path!.slice(hash) : undefined };
			const { page, ...preview } = await service.preview.navigate(service.workspace, target, ctx.signal);
			return { revision: service.revision, page, preview };
		},
		async preview_get_storage() {
			if (!service.preview.siteStorage) throw unavailable();
			const { local, cookies } = service.preview.siteStorage();
			const entries = Object.entries(local);
			const cut = (area: Record<string, string>) => Object.fromEntries(Object.entries(area).map(([key, value]) => [key, value.length > VALUE_CHARS ? `${value.slice(0, VALUE_CHARS)}… (${value.length} chars)` : value]));
			const indexedDB = await describeDatabases(service.preview.siteDatabases?.() ?? {}, VALUE_CHARS);
			return { local: cut(local), keys: entries.length, bytes: entries.reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0), cookies: cut(cookies), indexedDB };
		},
		async preview_clear_storage(_input, ctx) {
			if (!service.preview.clearStorage) throw unavailable();
			const preview = await service.preview.clearStorage(service.workspace, ctx.signal);
			return { revision: service.revision, preview };
		},
		async preview_refresh(_input, ctx) {
			const preview = await service.preview.render(service.workspace, ctx.signal, { reload: true });
			return { revision: service.revision, preview };
		}
	};
	return handlers;
}
