// Hub methods: the preview's hosts (registering, acknowledging, reporting), its pages, the files and
// storage the site asks for.
import type { PreviewCoordinator } from '../../preview/coordinator';
import type { CaptureResult, PreviewRender, SiteFileAs, SiteNavigation } from '../../preview/messages';
import type { HubBackend } from '../protocol';
import type { HubContext } from './context';
import { databaseRows } from '../../runtime/site-databases';
import { cookieRows } from '../../preview/site-cookies';

/** The preview methods. */
export function previewMethods(hub: HubContext) {
	const { preview, service } = hub.parts;
	return {
		/** This tab hosts a preview: renders are addressed to it; it gets the current one now. */
		async registerPreviewHost(tabId: string): Promise<PreviewRender | null> {
			hub.trackTab(tabId);
			// A new tab's first render needs the page's packages too (from the device: a fresh hub holds none yet).
			await preview.prepare(service.workspace);
			return preview.registerHost(tabId, service.workspace);
		},
		async previewAck(tabId: string, renderId: string, outcome: Parameters<PreviewCoordinator['ack']>[2]): Promise<void> {
			preview.ack(tabId, renderId, outcome);
		},
		async previewReport(tabId: string, lines: Parameters<PreviewCoordinator['report']>[1]): Promise<void> {
			preview.report(tabId, lines);
		},
		previewNavigate(target: SiteNavigation) {
			return preview.navigate(service.workspace, target);
		},
		async previewLocation() {
			return preview.location(service.workspace);
		},
		async previewFile(revision: number, path: string, as?: SiteFileAs) {
			return preview.file(revision, path, as);
		},
		async previewStorage(tabId: string, change: Parameters<PreviewCoordinator['storageChange']>[1]): Promise<void> {
			preview.storageChange(tabId, change);
		},
		async previewCaptured(tabId: string, id: string, result: CaptureResult): Promise<void> {
			preview.captured(tabId, id, result);
		},
		/** The rows of the Site data view: the site's localStorage items, a row per IndexedDB database and one per cookie. */
		async previewSiteStorage() {
			const { local, cookies } = preview.siteStorage();
			return { local: { ...local, ...(await databaseRows(preview.siteDatabases())), ...cookieRows(cookies) } };
		}
	} satisfies Partial<HubBackend>;
}
