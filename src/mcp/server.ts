// `npm run mcp -- --dir <folder> [--read-only] [--http [--port N] [--allow-origin O]]`: the studio's
// MCP server (runtime/mcp.ts) on a workspace that is a local folder — over stdio, or with --http
// over Streamable HTTP on 127.0.0.1 (http.ts; a token in WEB_STUDIO_MCP_TOKEN is then required).
import { createMcpServer, mcpServers } from '../lib/runtime/mcp';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { openFolderStudio, type FolderStudio } from './folder-studio';
import { LineTransport } from './stdio';
import { serveMcpHttp } from './http';

/** What the command line asks for. */
export interface McpArgs {
	dir: string;
	readOnly: boolean;
	http: boolean;
	port: number;
	allowedOrigins: string[];
}

const USAGE = 'Usage: npm run mcp -- --dir <folder> [--read-only] [--http [--port N] [--allow-origin <origin>]]\n';

/** Reads the command line (exits with the usage on a mistake). */
export function parseArgs(argv: string[]): McpArgs {
	const args: McpArgs = { dir: '', readOnly: false, http: false, port: 8765, allowedOrigins: [] };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === '--dir') args.dir = argv[++i] ?? '';
		else if (arg.startsWith('--dir=')) args.dir = arg.slice(6);
		else if (arg === '--read-only') args.readOnly = true;
		else if (arg === '--http') args.http = true;
		else if (arg === '--port') args.port = Number(argv[++i]);
		else if (arg.startsWith('--port=')) args.port = Number(arg.slice(7));
		else if (arg === '--allow-origin') args.allowedOrigins.push(argv[++i] ?? '');
	}
	if (!args.dir || !Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
		process.stderr.write(USAGE);
		process.exit(2);
	}
	return args;
}

const INSTRUCTIONS = 'Web Studio workspace tools on a local folder. Read first and pass the revision you read as expectedRevision to every change. Git is the folder’s own: this server never writes .git.';

const options = (studio: FolderStudio) => ({ registry: studio.registry, instructions: INSTRUCTIONS, call: (name: string, args: unknown, call: { id: string; signal: AbortSignal }) => studio.call(name, args, call) });

/** The one server definition, for one client (a 2025 session over HTTP). */
export function folderServer(studio: FolderStudio) {
	return createMcpServer(options(studio));
}

/** The same definition as a factory with its guard, for the entries that make their own instances. */
export function folderServers(studio: FolderStudio) {
	return mcpServers(options(studio));
}

/** Builds and connects the server; resolves once it is listening. */
export async function main(argv = process.argv.slice(2)): Promise<void> {
	const args = parseArgs(argv);
	const studio = await openFolderStudio(args.dir, { readOnly: args.readOnly });
	const where = `${studio.repository.root}${args.readOnly ? ' (read-only)' : ''}`;
	const servers = folderServers(studio);
	if (!args.http) {
		// The SDK's stdio entry picks the era from the opening message: `server/discover` (2026-07-28)
		// or `initialize` (2025), and pins one instance for the connection.
		serveStdio(() => servers.create(), { transport: servers.guard(new LineTransport()) });
		process.stderr.write(`web-studio MCP server on ${where}\n`);
		return;
	}
	const token = process.env.WEB_STUDIO_MCP_TOKEN || undefined;
	// 2026-07-28 requests carry their version in `_meta` and need no session: an instance per request.
	const modern = createMcpHandler(() => servers.create(false), { legacy: 'reject' });
	studio.registry.onCatalogChange(() => modern.notify.toolsChanged());
	const http = await serveMcpHttp({
		port: args.port,
		token,
		allowedOrigins: args.allowedOrigins,
		session: () => {
			const mcp = folderServer(studio);
			return { connect: (transport) => mcp.connect(transport), close: () => mcp.server.close() };
		},
		modern: (request, body) => {
			servers.note(body);
			return modern.fetch(request, { parsedBody: body });
		}
	});
	process.stderr.write(`web-studio MCP server on ${where} at ${http.url}${token ? ' (bearer token required)' : ''}\n`);
}

// Run as the command, not when a test imports it.
if (process.argv[1] && /mcp[\\/]server\.ts$/.test(process.argv[1])) {
	void main().catch((error: unknown) => {
		process.stderr.write(`web-studio MCP server failed: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
