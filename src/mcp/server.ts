// `npm run mcp -- --dir <folder> [--read-only]`: the studio's registry and handlers over MCP stdio
// (the official SDK's stdio server transport), on a workspace that is a local folder.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { InvalidCursorError } from '../lib/runtime/jsonrpc';
import { isToolName } from '../lib/tools/schema';
import { openFolderStudio } from './folder-studio';

function parseArgs(argv: string[]): { dir: string; readOnly: boolean } {
	let dir = '';
	let readOnly = false;
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--dir') dir = argv[++i] ?? '';
		else if (argv[i]?.startsWith('--dir=')) dir = argv[i]!.slice(6);
		else if (argv[i] === '--read-only') readOnly = true;
	}
	if (!dir) {
		process.stderr.write('Usage: npm run mcp -- --dir <folder> [--read-only]\n');
		process.exit(2);
	}
	return { dir, readOnly };
}

/** Builds and connects the server; resolves once it is listening on stdio. */
export async function main(argv = process.argv.slice(2)): Promise<void> {
	const { dir, readOnly } = parseArgs(argv);
	const studio = await openFolderStudio(dir, { readOnly });
	const context = { source: 'mcp' as const, mode: 'agent' as const };

	const server = new Server(
		{ name: 'web-studio', version: '0.1.0' },
		{ capabilities: { tools: { listChanged: true } }, instructions: 'Web Studio workspace tools on a local folder. Read first and pass the revision you read as expectedRevision to every change.' }
	);
	server.setRequestHandler(ListToolsRequestSchema, async (request) => {
		try {
			return studio.registry.listTools({ cursor: request.params?.cursor }, context) as never;
		} catch (error) {
			if (error instanceof InvalidCursorError) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
			throw error;
		}
	});
	server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
		if (!isToolName(request.params.name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 64)}`);
		return (await studio.call(request.params.name, request.params.arguments ?? {}, { id: String(extra.requestId), signal: extra.signal })) as never;
	});
	await server.connect(new StdioServerTransport());
	process.stderr.write(`web-studio MCP server on ${studio.repository.root}${readOnly ? ' (read-only)' : ''}\n`);
}

void main().catch((error: unknown) => {
	process.stderr.write(`web-studio MCP server failed: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
