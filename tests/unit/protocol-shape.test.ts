// The tab ↔ hub protocol's shape is pinned: the method table (arguments, deadlines, replay rules)
// and every wire type, expanded structurally to full depth by the TypeScript checker (the platform's
// and libraries' types by name only, so a TypeScript upgrade changes nothing here). A change to any of them
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

/** A type the platform or a library declares (Blob, ReadableStream, a valibot type): named, not expanded. */
function isForeign(type: ts.Type): boolean {
	const declarations = (type.aliasSymbol ?? type.getSymbol())?.declarations ?? [];
	return declarations.length > 0 && declarations.every((d) => /[/\\]node_modules[/\\]/.test(d.getSourceFile().fileName));
}

/**
 * A canonical, order-independent description of a type's structure, to full depth: the protocol's own
 * types are expanded wherever they are declared (a type moved between modules describes the same), the
 * platform's and libraries' are named (their internals are not the protocol), recursion is marked.
 */
function describeType(checker: ts.TypeChecker, type: ts.Type, seen: Set<ts.Type>): unknown {
	const name = checker.typeToString(type);
	if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Never | ts.TypeFlags.BigIntLike)) return name;
	if (type.isUnion()) return { union: type.types.map((t) => JSON.stringify(describeType(checker, t, seen))).sort() };
	if (type.isIntersection()) return { all: type.types.map((t) => JSON.stringify(describeType(checker, t, seen))).sort() };
	if (checker.isArrayType(type) || checker.isTupleType(type)) return { items: checker.getTypeArguments(type as ts.TypeReference).map((t) => describeType(checker, t, seen)) };
	if (isForeign(type)) {
		const args = (type as ts.TypeReference).typeArguments ?? type.aliasTypeArguments ?? [];
		return { [(type.aliasSymbol ?? type.getSymbol())!.name]: args.map((t) => describeType(checker, t, seen)) };
	}
	if (seen.has(type)) return '(recursive)';
	seen.add(type);
	const out: Record<string, unknown> = {};
	for (const signature of type.getCallSignatures()) {
		out['()'] = {
			params: signature.parameters.map((p) => describeType(checker, checker.getTypeOfSymbol(p), seen)),
			returns: describeType(checker, signature.getReturnType(), seen)
		};
	}
	for (const property of checker.getPropertiesOfType(type).sort((a, b) => a.name.localeCompare(b.name))) {
		const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
		out[property.name + optional] = describeType(checker, checker.getTypeOfSymbol(property), seen);
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
		types[name] = describeType(checker, checker.getDeclaredTypeOfSymbol(target), new Set());
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
