// Import rules that encode DESIGN.md §3: the folder says the boundary. A violation fails `npm run check`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'views-are-presentation',
			comment: 'Views get data and callbacks only: no runtime, storage, worker, domain, agents or client stores.',
			severity: 'error',
			from: { path: '^src/lib/views/' },
			to: {
				path: '^src/lib/(runtime|storage|worker|domain|agents|client)/',
				dependencyTypesNot: ['type-only']
			}
		},
		{
			name: 'views-never-see-storage',
			comment: 'Not even types: storage shapes are not presentation data.',
			severity: 'error',
			from: { path: '^src/lib/views/' },
			to: { path: '^src/lib/storage/' }
		},
		{
			name: 'runtime-is-framework-neutral',
			comment: 'runtime/, domain/, tools/, storage/, agents/ and the hub side of preview/ run in Node: no Svelte, no page-only modules.',
			severity: 'error',
			from: { path: '^src/lib/(runtime|domain|tools|storage|agents)/|^src/lib/preview/(compile|coordinator|bridge)' },
			to: {
				path: '^src/lib/(client|views)/|^src/lib/preview/host|\\.svelte$|node_modules/(svelte|@sveltejs|codemirror|@codemirror|comlink)/|^\\$app/'
			}
		},
		{
			name: 'domain-is-pure',
			comment: 'The domain depends on nothing but itself (and schema helpers).',
			severity: 'error',
			from: { path: '^src/lib/domain/' },
			to: { path: '^src/lib/(runtime|storage|worker|agents|preview|client|views)/' }
		},
		{
			name: 'only-storage-imports-idb',
			severity: 'error',
			from: { pathNot: '^src/lib/storage/' },
			to: { path: 'node_modules/idb/' }
		},
		{
			name: 'agents-use-the-registry',
			comment: 'Agents reach the workspace only through the registry boundary.',
			severity: 'error',
			from: { path: '^src/lib/agents/' },
			to: { path: '^src/lib/(domain|storage|runtime/handlers)/' }
		},
		{
			name: 'no-circular',
			severity: 'error',
			from: {},
			to: { circular: true, dependencyTypesNot: ['type-only'] }
		},
		{
			name: 'no-unresolvable',
			severity: 'error',
			from: {},
			to: { couldNotResolve: true, pathNot: '^(\\$app|\\$env|virtual:)' }
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(build|\\.svelte-kit)/' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		// SvelteKit's $lib alias, which depcruise's tsconfig-paths lookup does not see without a baseUrl.
		webpackConfig: { fileName: '.dependency-cruiser.alias.cjs' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
			extensions: ['.ts', '.js', '.mjs', '.svelte', '.d.ts'],
			mainFields: ['module', 'main', 'types', 'svelte']
		},
		reporterOptions: { text: { highlightFocused: true } }
	}
};
