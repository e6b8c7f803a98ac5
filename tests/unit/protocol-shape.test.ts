// The tab ↔ hub protocol's shape is pinned: the method table (arguments, deadlines, replay rules)
// and every wire type, expanded structurally by the TypeScript checker. A change to any of them
// without a PROTOCOL_VERSION bump fails here. After bumping, record the new shape:
//   UPDATE_PROTOCOL_SHAPE=1 npx vitest run tests/unit/protocol-shape.test.ts
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { toJsonSchema } from '@valibot/to-json-schema';
import { HUB_METHODS, PROTOCOL_VERSION } from '../../src/lib/worker/protocol';

const FIXTURE = resolve(__dirname, '../fixtures/protocol-shape.json');
const PROTOCOL = resolve(__dirname, '../../src/lib/worker/protocol.ts');
const WIRE_TYPES = ['HubFacade', 'HubEvent', 'HubSnapshot', 'HelloResponse', 'RelayMessage', 'HubAnnouncement', 'PreviewBridgeMessage', 'PreviewRender', 'HostRenderOutcome'];

/** A canonical, order-independent description of a type's structure. */
function describeType(checker: ts.TypeChecker, type: ts.Type, depth: number, seen: Set<ts.Type>): unknown {
	const name = checker.typeToString(type);
	if (depth > 7) return name;
	if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Never | ts.TypeFlags.BigIntLike)) return name;
	if (type.isUnion()) return { union: type.types.map((t) => describeType(checker, t, depth + 1, seen)).map((d) => JSON.stringify(d)).sort() };
	if (type.isIntersection()) return { all: type.types.map((t) => JSON.stringify(describeType(checker, t, depth + 1, seen))).sort() };
	if (checker.isArrayType(type) || checker.isTupleType(type)) return { items: checker.getTypeArguments(type as ts.TypeReference).map((t) => describeType(checker, t, depth + 1, seen)) };
	if (/^(Promise|Uint8Array|AbortSignal|FileSystemDirectoryHandle|Map|Set|Date)\b/.test(name)) {
		const args = (type as ts.TypeReference).typeArguments ?? [];
		return { [name.split('<')[0]!]: args.map((t) => describeType(checker, t, depth + 1, seen)) };
	}
	if (seen.has(type)) return `(recursive ${name})`;
	seen.add(type);
	const out: Record<string, unknown> = {};
	for (const signature of type.getCallSignatures()) {
		out['()'] = {
			params: signature.parameters.map((p) => describeType(checker, checker.getTypeOfSymbol(p), depth + 1, seen)),
			returns: describeType(checker, signature.getReturnType(), depth + 1, seen)
		};
	}
	for (const property of checker.getPropertiesOfType(type).sort((a, b) => a.name.localeCompare(b.name))) {
		const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
		out[property.name + optional] = describeType(checker, checker.getTypeOfSymbol(property), depth + 1, seen);
	}
	seen.delete(type);
	return out;
}

function currentShape() {
	const program = ts.createProgram([PROTOCOL], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'] });
	const checker = program.getTypeChecker();
	const source = program.getSourceFile(PROTOCOL)!;
	const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
	const types: Record<string, unknown> = {};
	for (const name of WIRE_TYPES) {
		const symbol = exports.find((s) => s.name === name);
		if (!symbol) throw new Error(`protocol.ts does not export ${name}`);
		const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
		types[name] = describeType(checker, checker.getDeclaredTypeOfSymbol(target), 0, new Set());
	}
	const methods = Object.fromEntries(
		Object.entries(HUB_METHODS).map(([name, spec]) => [name, { args: toJsonSchema(spec.args, { errorMode: 'ignore' }), deadlineMs: spec.deadlineMs, replay: spec.replay, refuses: 'refuse' in spec }])
	);
	return { methods, types };
}

describe('protocol shape', () => {
	it('changes only with a PROTOCOL_VERSION bump', () => {
		const shape = JSON.parse(JSON.stringify(currentShape()));
		if (process.env.UPDATE_PROTOCOL_SHAPE) writeFileSync(FIXTURE, `${JSON.stringify({ version: PROTOCOL_VERSION, shape }, null, 1)}\n`);
		expect(existsSync(FIXTURE), 'no recorded protocol shape: run with UPDATE_PROTOCOL_SHAPE=1').toBe(true);
		const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { version: number; shape: unknown };
		expect(PROTOCOL_VERSION, 'PROTOCOL_VERSION changed: record the new shape with UPDATE_PROTOCOL_SHAPE=1').toBe(recorded.version);
		expect(shape, 'the protocol changed without a PROTOCOL_VERSION bump: bump it in worker/protocol.ts, then record the shape').toEqual(recorded.shape);
	}, 60_000);
});
