// The tool schema and everything derived from it: names, annotations, descriptions, JSON Schema parity.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { TOOLS, TOOL_LIST, TOOL_NAME_PATTERN, isToolName } from '../../src/lib/tools/schema';
import { mcpTools, buildCatalog, sampleArguments, toOpenAITools, type JsonSchema } from '../../src/lib/tools/catalog';

const READ_ONLY = ['workspace_get_status', 'workspace_list_files', 'workspace_read_file', 'workspace_search', 'workspace_history', 'workspace_open_file', 'preview_get_status', 'preview_refresh', 'preview_navigate', 'preview_get_storage', 'preview_clear_storage', 'folder_get_status', 'packages_list', 'preview_screenshot', 'git_status'];
const MUTATING = ['workspace_create_file', 'workspace_write_file', 'workspace_apply_patch', 'workspace_rename_file', 'workspace_delete_file', 'workspace_apply_changes', 'workspace_import_zip', 'workspace_undo', 'workspace_redo', 'workspace_restore_revision', 'workspace_reset', 'workspace_save_all', 'workspace_reload_folder', 'workspace_disconnect_folder', 'preview_set_theme', 'preview_update_hero', 'preview_add_feature', 'packages_add', 'packages_remove', 'workspace_edit_element', 'git_commit', 'git_push', 'git_pull'];
const DESTRUCTIVE = ['workspace_save_all', 'workspace_delete_file', 'workspace_apply_changes', 'workspace_import_zip', 'workspace_restore_revision', 'workspace_reset', 'workspace_reload_folder', 'packages_remove', 'git_pull'];

describe('tool schema', () => {
	it('holds exactly the catalog of the design, with valid names', () => {
		expect(Object.keys(TOOLS).sort()).toEqual([...READ_ONLY, ...MUTATING].sort());
		for (const [key, tool] of Object.entries(TOOLS)) {
			expect(tool.name).toBe(key);
			expect(tool.name).toMatch(TOOL_NAME_PATTERN);
			expect(tool.title.length).toBeGreaterThan(2);
		}
		expect(TOOL_LIST).toHaveLength(Object.keys(TOOLS).length);
	});

	it('annotations are true to what each tool does', () => {
		for (const tool of TOOL_LIST) {
			expect(tool.annotations.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
			expect(tool.annotations.destructiveHint, tool.name).toBe(DESTRUCTIVE.includes(tool.name));
			expect(typeof tool.annotations.idempotentHint).toBe('boolean');
			expect(typeof tool.annotations.openWorldHint).toBe('boolean');
			if (tool.annotations.readOnlyHint) expect(tool.annotations.destructiveHint).toBe(false);
		}
	});

	it('every mutation takes an optional non-negative integer expectedRevision and says so to the model', () => {
		for (const name of MUTATING) {
			const mcp = mcpTools().find((tool) => tool.name === name)!;
			expect(mcp.inputSchema.properties?.expectedRevision, name).toMatchObject({ type: 'integer', minimum: 0 });
			expect(mcp.inputSchema.required ?? []).not.toContain('expectedRevision');
			expect(mcp.description).toMatch(/expectedRevision/);
			const schema = TOOLS[name as keyof typeof TOOLS].input;
			const sample = sampleArguments(mcp);
			expect(v.is(schema, { ...sample, expectedRevision: 3 })).toBe(true);
			expect(v.is(schema, { ...sample, expectedRevision: -1 })).toBe(false);
			expect(v.is(schema, { ...sample, expectedRevision: 1.5 })).toBe(false);
		}
	});

	it('descriptions tell a model when to use the tool and what it returns', () => {
		for (const tool of TOOL_LIST) {
			expect(tool.description.length, tool.name).toBeGreaterThan(100);
			expect(tool.description, tool.name).toMatch(/Returns|returns|Lists|Says|Moves|Read-only|Fails/);
		}
	});

	it('prototype names are not tools', () => {
		for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', '']) expect(isToolName(name)).toBe(false);
		expect(isToolName('workspace_read_file')).toBe(true);
	});
});

describe('derived definitions', () => {
	it('MCP input schemas are closed objects; OpenAI parameters carry no $schema at any depth', () => {
		for (const tool of mcpTools()) {
			expect(tool.inputSchema.type).toBe('object');
			expect(tool.inputSchema.additionalProperties).toBe(false);
			expect(tool.outputSchema.type).toBe('object');
			expect(tool.annotations.title).toBe(tool.title);
		}
		const openai = toOpenAITools();
		expect(openai.map((tool) => tool.function.name)).toEqual(mcpTools().map((tool) => tool.name));
		expect(JSON.stringify(openai)).not.toContain('$schema');
		for (const tool of openai) expect(tool).toMatchObject({ type: 'function', function: { parameters: { type: 'object', additionalProperties: false } } });
	});

	it('every sample argument set validates against the valibot schema and the JSON Schema', () => {
		const ajv = new Ajv({ strict: false });
		for (const tool of mcpTools()) {
			const sample = sampleArguments(tool);
			expect(v.safeParse(TOOLS[tool.name as keyof typeof TOOLS].input, sample).success, `${tool.name} ${JSON.stringify(sample)}`).toBe(true);
			expect(ajv.validate(tool.inputSchema, sample), `${tool.name} ${ajv.errorsText()}`).toBe(true);
		}
	});

	it('the JSON Schema accepts exactly what valibot accepts, on generated inputs', () => {
		const ajv = new Ajv({ strict: false });
		const validators = new Map(mcpTools().map((tool) => [tool.name, ajv.compile(tool.inputSchema)]));
		const valueFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
			const options: fc.Arbitrary<unknown>[] = [fc.constant(undefined), fc.constant(null), fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true }), fc.boolean(), fc.string({ maxLength: 12 })];
			if (schema.examples?.length) options.push(fc.constantFrom(...schema.examples));
			if (schema.enum?.length) options.push(fc.constantFrom(...schema.enum));
			if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
			return fc.oneof(...options);
		};
		for (const tool of mcpTools()) {
			const props = tool.inputSchema.properties ?? {};
			const record = fc.record(Object.fromEntries(Object.entries(props).map(([key, schema]) => [key, valueFor(schema)])), { requiredKeys: [] });
			const withExtra = fc.tuple(record, fc.option(fc.constantFrom('extra', 'expected_revision'))).map(([value, extra]) => {
				const out: Record<string, unknown> = {};
				for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item;
				if (extra) out[extra] = 1;
				return out;
			});
			const validate = validators.get(tool.name)!;
			fc.assert(
				fc.property(withExtra, (input) => {
					const byValibot = v.safeParse(TOOLS[tool.name as keyof typeof TOOLS].input, input).success;
					const byJsonSchema = validate(input) as boolean;
					expect(byJsonSchema, `${tool.name} ${JSON.stringify(input)}`).toBe(byValibot);
				}),
				{ numRuns: 150, seed: 20261130 }
			);
		}
	});

	it('the catalog read model groups every tool and filters by words', () => {
		const all = buildCatalog();
		expect(all.size).toBe(mcpTools().length);
		expect(all.groups.flatMap((group) => group.entries.map((entry) => entry.tool.name)).sort()).toEqual(mcpTools().map((tool) => tool.name).sort());
		const patch = buildCatalog(mcpTools(), 'search replace');
		expect(patch.groups.flatMap((group) => group.entries.map((entry) => entry.tool.name))).toContain('workspace_apply_patch');
		expect(buildCatalog(mcpTools(), 'no such words here').size).toBe(0);
	});
});
