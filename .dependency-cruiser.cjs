// Import rules that encode DESIGN.md §3: the folder says the boundary. A violation fails `npm run check`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'views-are-presentation',
			comment: 'Views get data and callbacks only. Not even types from other layers: shared/types.ts is their one door.',
			severity: 'error',
			from: { path: '^src/lib/views/' },
			to: { path: '^src/lib/(?!views/|shared/)' }
		},
		{
			name: 'shared-is-types-only',
			comment: 'The views\' door re-exports types and nothing that runs.',
			severity: 'error',
			from: { path: '^src/lib/shared/' },
			to: { path: '^src/lib/', dependencyTypesNot: ['type-only'] }
		},
		{
			name: 'core-is-the-bottom',
			comment: 'Errors and limits are the bottom layer: they import nothing of the studio.',
			severity: 'error',
			from: { path: '^src/lib/core/' },
			to: { path: '^src/lib/(?!core/)' }
		},
		{
			name: 'preview-is-not-worker',
			comment: 'The preview owns its messages; the worker protocol re-exports them, never the other way.',
			severity: 'error',
			from: { path: '^src/lib/preview/' },
			to: { path: '^src/lib/(worker|client)/' }
		},
		{
			name: 'runtime-is-framework-neutral',
			comment: 'runtime/, domain/, tools/, storage/, agents/ and the hub side of preview/ run in Node: no Svelte, no page-only modules. @codemirror/state and @codemirror/collab need no DOM: the hub is the co-editing authority with them.',
			severity: 'error',
			from: { path: '^src/lib/(runtime|domain|tools|storage|agents)/|^src/lib/preview/(compile|coordinator|bridge)' },
			to: {
				path: '^src/lib/(client|views)/|^src/lib/preview/host|\\.svelte$|node_modules/(svelte|@sveltejs|codemirror|comlink)/|node_modules/@codemirror/(?!state/|collab/)|^\\$app/'
			}
		},
		{
			name: 'domain-is-pure',
			comment: 'The domain depends on nothing but itself and the bottom layer (core).',
			severity: 'error',
			from: { path: '^src/lib/domain/' },
			to: { path: '^src/lib/(?!domain/|core/)' }
		},
		{
			name: 'mcp-sdk-stays-in-node',
			comment: 'The MCP SDK (and zod) belongs to the Node entry (runtime/mcp.ts, src/mcp/) and to the remote servers\' client (runtime/remote/sdk-client.ts), and to nothing else.',
			severity: 'error',
			from: { path: '^src/', pathNot: '^src/lib/runtime/mcp\\.ts$|^src/mcp/|^src/lib/runtime/remote/sdk-client\\.ts$' },
			to: { path: 'node_modules/@modelcontextprotocol/' }
		},
		{
			name: 'mcp-client-loads-on-demand',
			comment: 'The SDK client reaches a hub only by a dynamic import, when a remote server is configured: never with the first load.',
			severity: 'error',
			from: {},
			to: { path: '^src/lib/runtime/remote/sdk-client\\.ts$', dependencyTypesNot: ['dynamic-import'] }
		},
		{
			name: 'agent-loops-load-on-demand',
			comment: 'The agents\' loops (the local agent, the model loop and its provider client) reach a hub through agents/loops.ts, imported with the first run or model list: never with the hub\'s boot.',
			severity: 'error',
			from: { path: '^src/', pathNot: '^src/lib/agents/(loops|local|local-element|model-loop)\\.ts$' },
			to: { path: '^src/lib/agents/(loops|local|local-element|model-loop)\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] }
		},
		{
			name: 'collab-documents-load-on-demand',
			comment: 'The co-editing documents (@codemirror/state and collab, the line diff) reach a hub when a tab first opens a file (HubCollab.load): never with the hub\'s boot.',
			severity: 'error',
			from: { path: '^src/' },
			to: { path: '^src/lib/runtime/collab-doc\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] }
		},
		{
			name: 'zip-code-loads-on-demand',
			comment: 'fflate builds its tables when its module runs: the zip code reaches a hub through runtime/zip-loader.ts, with the first archive read or written, never with the hub\'s boot.',
			severity: 'error',
			from: { path: '^src/lib/(worker|runtime|preview|domain|tools|agents|storage|core)/', pathNot: '^src/lib/runtime/zip(-import|-entries|-loader)?\\.ts$' },
			to: { path: '(^src/lib/runtime/zip(-import|-entries)?\\.ts$)|(^node_modules/fflate/)', dependencyTypesNot: ['dynamic-import', 'type-only'] }
		},
		{
			name: 'html-parser-loads-on-demand',
			comment: 'htmlparser2\'s entity decoder builds its tables when its module runs: the parser is loaded by domain/html-parser.ts once a hub is ready, never with its boot.',
			severity: 'error',
			from: { path: '^src/', pathNot: '^src/lib/domain/html-parser\\.ts$' },
			to: { path: '^node_modules/(htmlparser2|entities)/', dependencyTypesNot: ['dynamic-import', 'type-only'] }
		},
		{
			name: 'leave-handshake-loads-on-demand',
			comment: 'The host loads the leave handshake (preview/host-leave.ts) when a page first says it is to be asked before it is replaced: most pages never do, and the first screen goes without it.',
			severity: 'error',
			from: { path: '^src/' },
			to: { path: '^src/lib/preview/host-leave\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] }
		},
		{
			name: 'remote-client-is-client-only',
			comment: 'The remote servers\' client uses the SDK\'s client side, never its server.',
			severity: 'error',
			from: { path: '^src/lib/runtime/remote/sdk-client\\.ts$' },
			to: { path: 'node_modules/@modelcontextprotocol/(server|sdk)/' }
		},
		{
			name: 'browser-never-loads-the-mcp-server',
			severity: 'error',
			from: { path: '^src/(lib/(client|views|worker|preview|agents)|routes)/' },
			to: { path: '^src/lib/runtime/mcp\\.ts$|^src/mcp/' }
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
			to: { circular: true }
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
