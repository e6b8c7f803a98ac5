// Tool definitions: the workspace's npm packages (pinned in package.json, served from the device once
// fetched) and the CDN files its pages load. Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { Revision, mutationInput, mutationOutput, noInput, READ, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';

const PackageName = v.pipe(
	v.string(),
	v.regex(/^(?:@[a-zA-Z0-9][\w.-]*\/)?[a-zA-Z0-9][\w.-]*$/),
	v.maxLength(214),
	v.description('An npm package name, e.g. "marked" or "@scope/name".'),
	v.examples(['canvas-confetti'])
);

const Stored = { onDevice: v.pipe(v.boolean(), v.description('Every file it needs is on this device: it renders offline.')), files: v.number(), bytes: v.number() };

/** The package tools of the catalog. */
export const PACKAGES_TOOLS = {
	packages_list: tool({
		name: 'packages_list',
		title: 'List packages',
		group: 'packages',
		description:
			'Lists the npm packages the workspace pins (the dependencies of package.json: name and exact version) and the CDN files its pages load (jsDelivr, unpkg, cdnjs, esm.sh, Google Fonts), each with whether it is on this device (then it renders offline), how many files and how many bytes. A page imports a pinned package by its bare name (import { marked } from "marked"). Read-only.',
		input: noInput(),
		output: v.looseObject({
			revision: Revision,
			cdn: v.pipe(v.string(), v.description('Where packages are fetched from (esm.sh, jsDelivr, or a custom base URL).')),
			packages: v.array(v.looseObject({ name: v.string(), version: v.string(), ...Stored })),
			cdnFiles: v.array(v.looseObject({ url: v.string(), ...Stored }))
		}),
		hints: READ
	}),
	packages_add: tool({
		name: 'packages_add',
		title: 'Add package',
		group: 'packages',
		description: `Pins an npm package in package.json so pages can import it by name, and fetches it (with everything it imports) onto the device so it works offline. Without version (or with a range such as "^1.9"), the newest matching release is looked up on the CDN and pinned exactly; calling it again for a pinned package updates it to the newest. Fails with TOOL_EXECUTION_FAILED when the CDN does not know the package or is unreachable. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			name: PackageName,
			version: v.optional(v.pipe(v.string(), v.maxLength(64), v.regex(/^[\w.^~<>=|* -]+$/), v.description('An exact version ("1.9.3") or a range ("^1.9"); default: the newest release.'), v.examples(['1.9.3'])))
		}),
		output: mutationOutput({ name: v.string(), version: v.string() }),
		hints: { ...WRITE, openWorldHint: true }
	}),
	packages_remove: tool({
		name: 'packages_remove',
		title: 'Remove package',
		group: 'packages',
		description: `Removes a package's pin from package.json (pages importing it then report it as unpinned). Its files stay on the device until "Clear unused packages". ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ name: PackageName }),
		output: mutationOutput({ name: v.string() }),
		hints: { ...WRITE, destructiveHint: true }
	})
};
