// The package tools: pins in package.json are written by a plan (the approval card shows the same
// change the commit writes), the list reads the pins, the CDN files the pages name, and what the
// device holds of each.
import { ToolError } from '../../core/errors';
import { CDN_HOSTS, DEFAULT_CDN, LOCK_FILE, PIN_FILE, lockedVersion, moduleUrl, packageOfUrl, readPins, withPin, withScheme } from '../../domain/packages';
import type { Workspace } from '../../domain/model';
import type { ToolInput } from '../../tools/schema';
import type { HandlerContext } from '../types';
import type { PackageService } from '../packages';
import type { WorkspacePlan, WorkspaceService } from '../workspace-service';
import type { StoredPackageFile } from '../ports';
import { meta, mutationOutput } from './shared';

function packagesOf(service: WorkspaceService): PackageService {
	if (!service.packages) throw new ToolError('TOOL_EXECUTION_FAILED', 'This runtime has no package store.', { reason: 'no-package-store' });
	return service.packages;
}

const pinText = (workspace: Workspace) => workspace.files.get(PIN_FILE)?.content;

/** The release packages_add pins: the one given, else the newest matching one on the CDN. */
async function releaseFor(packages: PackageService, name: string, version: string | undefined): Promise<string> {
	const resolved = await packages.resolve(name, version, true);
	if ('problem' in resolved) {
		const why = resolved.problem.kind === 'not-found' ? `the CDN has no package ${name}${version ? `@${version}` : ''}` : resolved.problem.kind === 'not-on-device' ? 'the CDN cannot be reached (offline?)' : (resolved.problem.detail ?? resolved.problem.kind);
		throw new ToolError('TOOL_EXECUTION_FAILED', `Could not find a release of ${name}: ${why}.`, { reason: resolved.problem.kind, name });
	}
	return resolved.version;
}

/** The plan of packages_add (`version` is filled in by the plan, for the answer). */
export function addPlan(service: WorkspaceService, input: ToolInput<'packages_add'>, chosen: { version?: string } = {}): WorkspacePlan {
	return async (workspace) => {
		const version = await releaseFor(packagesOf(service), input.name, input.version);
		chosen.version = version;
		return { change: { type: 'write', path: PIN_FILE, content: withPinOrFail(pinText(workspace), input.name, version), createIfMissing: true } };
	};
}

/** The plan of packages_remove. */
export function removePlan(input: ToolInput<'packages_remove'>): WorkspacePlan {
	return (workspace) => {
		const text = pinText(workspace);
		if (!(input.name in readPins(text).pins)) throw new ToolError('TOOL_VALIDATION_FAILED', `${input.name} is not pinned in ${PIN_FILE}.`, { reason: 'not-pinned', name: input.name });
		return { change: { type: 'write', path: PIN_FILE, content: withPinOrFail(text, input.name, null) } };
	};
}

function withPinOrFail(text: string | undefined, name: string, version: string | null): string {
	try {
		return withPin(text, name, version);
	} catch (error) {
		throw new ToolError('TOOL_VALIDATION_FAILED', `${PIN_FILE} cannot be updated: ${error instanceof Error ? error.message : String(error)} Fix it first.`, { reason: 'pin-file-invalid' });
	}
}

/** CDN file URLs the workspace's text files name (pages, stylesheets, scripts). */
export function cdnUrlsIn(workspace: Workspace): string[] {
	const hosts = CDN_HOSTS.map((host) => host.replace(/\./g, '\\.')).join('|');
	// Tailwind's Play CDN is a file at its host's root (`<script src="https://cdn.tailwindcss.com">`,
	// `?plugins=forms`); other hosts' roots are no file (a preconnect names fonts.googleapis.com).
	// Protocol-relative too (`//cdn.jsdelivr.net/…`): the page's scheme, https on a host.
	const pattern = new RegExp(`(?<![\\w:])(?:https:)?//(?:(?:${hosts})/[^\\s"'()<>\`]+|cdn\\.tailwindcss\\.com(?:\\?[^\\s"'()<>\`]*)?(?![\\w./-]))`, 'g');
	const urls = new Set<string>();
	for (const file of workspace.files.values()) if (file.content !== undefined && file.path !== PIN_FILE) for (const match of file.content.matchAll(pattern)) urls.add(withScheme(match[0]));
	return [...urls].sort();
}

/**
 * What the device holds of one package release or CDN file. A release is on the device when its
 * entry module is, or any of its files (a page that names its files in node_modules/ uses those).
 */
function onDevice(stored: StoredPackageFile[], entry: string, release?: { name: string; version: string }) {
	const files = stored.filter((file) => file.url === entry || (release && packageOfUrl(file.url)?.name === release.name && packageOfUrl(file.url)?.version === release.version));
	return { onDevice: release ? files.length > 0 : files.some((file) => file.url === entry), files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
}

/** Handlers of the package tools. */
export function packageHandlers(service: WorkspaceService) {
	return {
		packages_list: async () => {
			const workspace = service.workspace;
			const packages = service.packages;
			const stored = packages ? await packages.stored() : [];
			const cdn = packages?.cdn ?? DEFAULT_CDN;
			const pins = readPins(pinText(workspace)).pins;
			return {
				revision: workspace.revision,
				cdn: cdn.kind === 'custom' ? cdn.base : cdn.kind,
				packages: Object.entries(pins).map(([name, version]) => {
					// A range counts the release the lock file installed, else the one it resolved to.
					const release = lockedVersion(workspace.files.get(LOCK_FILE)?.content, name) ?? packages?.view(pins).version(name, version) ?? version;
					return { name, version, ...onDevice(stored, moduleUrl(cdn, name, release), { name, version: release }) };
				}),
				cdnFiles: cdnUrlsIn(workspace).map((url) => ({ url, ...onDevice(stored, url) }))
			};
		},
		packages_add: async (input: ToolInput<'packages_add'>, ctx: HandlerContext) => {
			const chosen: { version?: string } = {};
			const result = await service.commit(meta('packages_add', ctx, input.expectedRevision), addPlan(service, input, chosen));
			// Available offline from now on, whether or not a page imports it yet.
			const packages = service.packages;
			if (packages && chosen.version) await packages.ensure([{ url: moduleUrl(packages.cdn, input.name, chosen.version), module: true }]).catch(() => undefined);
			return { ...mutationOutput(result), name: input.name, version: chosen.version ?? input.version ?? '' };
		},
		packages_remove: async (input: ToolInput<'packages_remove'>, ctx: HandlerContext) => {
			const result = await service.commit(meta('packages_remove', ctx, input.expectedRevision), removePlan(input));
			return { ...mutationOutput(result), name: input.name };
		}
	};
}
