// `npm run catalog`: prints the full tools/list result (every page joined) as JSON.
import { ToolRegistry } from '../src/lib/runtime/registry';

const registry = new ToolRegistry({ pageSize: 1000 });
process.stdout.write(`${JSON.stringify(registry.listTools({}, { source: 'mcp', mode: 'direct' }), null, 2)}\n`);
