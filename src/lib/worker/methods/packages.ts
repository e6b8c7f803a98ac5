// Hub methods: the device's packages — where they come from, fetching a workspace's now, and
// clearing what no workspace uses. The pins themselves change through the package tools.
import type { CdnSetting } from '../../domain/packages';
import type { HubBackend } from '../protocol';
import type { HubContext } from './context';

/** The package methods. */
export function packageMethods(hub: HubContext) {
	const { packages, service, workspaces } = hub.parts;
	return {
		async packagesCdn(): Promise<CdnSetting> {
			return packages.service.cdn;
		},
		/** Where packages come from, for every workspace of this browser; the page renders again. */
		async setPackagesCdn(setting: CdnSetting): Promise<CdnSetting> {
			const chosen = await packages.setCdn(setting);
			void service.preview.render(service.workspace).catch(() => undefined);
			return chosen;
		},
		/** Make available offline: fetches every pinned package and CDN file now; names what could not be. */
		packagesFetchAll(): Promise<{ missing: string[] }> {
			return packages.fetchAll(service.workspace);
		},
		/** Frees the files no workspace of this browser uses. */
		packagesClearUnused(): Promise<{ files: number; bytes: number }> {
			return packages.clearUnused(workspaces.catalog, service.workspace);
		}
	} satisfies Partial<HubBackend>;
}
