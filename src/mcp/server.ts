// `npm run mcp -- --dir <folder> [--read-only]`: the studio's MCP server (runtime/mcp.ts) over stdio,
// on a workspace that is a local folder.
import { createMcpServer } from '../lib/runtime/mcp';
import { openFolderStudio } from './folder-studio';
import { LineTransport } from './stdio';

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
	const mcp = createMcpServer({
		registry: studio.registry,
		instructions: 'Web Studio workspace tools on a local folder. Read first and pass the revision you read as expectedRevision to every change.',
		call: (name, args, options) => studio.call(name, args, options)
	});
	await mcp.connect(new LineTransport());
	process.stderr.write(`web-studio MCP server on ${studio.repository.root}${readOnly ? ' (read-only)' : ''}\n`);
}

void main().catch((error: unknown) => {
	process.stderr.write(`web-studio MCP server failed: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
