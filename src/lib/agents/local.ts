// The deterministic local agent (the embedded default: offline, no key). It turns a prompt into a
// bounded plan of tool calls, then runs them through the registry's agent boundary, adding the
// observed revision to every mutation and stopping at the first error.
import type { ToolRegistry } from '../runtime/registry';
import { resultImage, type CallToolResult } from '../runtime/types';
import type { ToolErrorShape } from '../core/errors';
import type { AgentEvent } from './events';
import { doingSentence, doneSentence } from './steps';

/** A step's picture is kept in the transcript up to this many base64 characters (a screenshot is usually far less). */
const TRANSCRIPT_IMAGE_CHARS = 600_000;

/** Most calls one plan may make. */
export const MAX_PLAN_STEPS = 12;

/** One planned call (without expectedRevision: the executor adds the revision it observed). */
export interface PlannedCall {
	name: string;
	arguments: Record<string, unknown>;
}

/** A plan, or a reply when the prompt is not understood. */
export interface Plan {
	steps: PlannedCall[];
	reply?: string;
}

/** Colour words the agent knows, as #rrggbb. */
export const COLOUR_WORDS: Record<string, string> = {
	red: '#dc2626',
	orange: '#ea580c',
	amber: '#d97706',
	yellow: '#ca8a04',
	lime: '#65a30d',
	green: '#16a34a',
	emerald: '#059669',
	teal: '#0d9488',
	cyan: '#0891b2',
	sky: '#0284c7',
	blue: '#2563eb',
	indigo: '#4f46e5',
	violet: '#7c3aed',
	purple: '#9333ea',
	pink: '#db2777',
	rose: '#e11d48',
	brown: '#92400e',
	gray: '#4b5563',
	grey: '#4b5563',
	black: '#111827'
};

/** What the agent understands, for the help reply and the panel. */
export const LOCAL_ABILITIES = [
	'"status" or "list files"',
	'"read index.html" / "open styles.css"',
	'"create about.html with <h1>About</h1>"',
	'"rename about.html to team.html" / "delete team.html"',
	'several file changes in one prompt ("create a.html with … and create b.html with …"): one approval, one revision',
	'"replace \\"Fresh\\" with \\"Warm\\" in index.html"',
	'"undo" / "redo" / "reset the site"',
	'"make the theme teal" (or any colour word, "dark mode")',
	'"set the hero title to Hello" / "set the subtitle to …"',
	'"add a feature card Delivery: To your door by 8"',
	'"refresh the preview" / "save to folder" / "search for hero"'
];

const PATH = String.raw`([\w./\\-]+\.[a-z0-9]+)`;
const QUOTED = String.raw`["“']([^"”']*)["”']`;
const VERBS = 'make|set|add|create|rename|delete|remove|replace|undo|redo|refresh|open|read|list|show|save|reset|change|search|find|use|switch';

const unquote = (text: string) => text.trim().replace(/^["“']|["”']$/g, '').trim();

/** Splits a prompt into clauses: ";", "then", or "and" before a known verb. */
export function clauses(prompt: string): string[] {
	return prompt
		.split(/\s*(?:;|\n|,?\s*\bthen\b)\s*/i)
		.flatMap((part) => part.split(new RegExp(String.raw`\s*,?\s*\band\b\s+(?=(?:${VERBS})\b)`, 'i')))
		.map((part) => part.trim().replace(/[.!]+$/, ''))
		.filter(Boolean);
}

/** Plans one clause; null when not understood. */
function planClause(clause: string): PlannedCall[] | null {
	const text = clause.trim();
	const lower = text.toLowerCase();
	let m: RegExpMatchArray | null;

	if (/^(?:what(?:'s| is) the )?status\b|^how (?:is|are) (?:things|the workspace)/i.test(text)) return [{ name: 'workspace_get_status', arguments: {} }];
	if (/^(?:list|show)(?: me)?(?: all)?(?: the)? files\b|^what files\b/i.test(text)) return [{ name: 'workspace_list_files', arguments: {} }];
	if (/^(?:show(?: me)?(?: the)? )?history\b/i.test(text)) return [{ name: 'workspace_history', arguments: {} }];
	if (/^undo\b/i.test(text)) return [{ name: 'workspace_undo', arguments: {} }];
	if (/^redo\b/i.test(text)) return [{ name: 'workspace_redo', arguments: {} }];
	if (/^reset\b/i.test(text)) return [{ name: 'workspace_reset', arguments: {} }];
	if (/^(?:refresh|reload|re-?render)(?: the)? preview\b/i.test(text)) return [{ name: 'preview_refresh', arguments: {} }];
	if (/^(?:check|show)(?: the)? preview\b/i.test(text)) return [{ name: 'preview_get_status', arguments: {} }];
	if (/^save\b/i.test(text)) return [{ name: 'workspace_save_all', arguments: {} }];
	if ((m = text.match(new RegExp(String.raw`^(?:search|find)(?: for)? (?:${QUOTED}|(.+))$`, 'i')))) {
		return [{ name: 'workspace_search', arguments: { query: (m[1] ?? m[2] ?? '').trim() } }];
	}
	if ((m = text.match(new RegExp(String.raw`^replace (?:all )?${QUOTED} with ${QUOTED} in ${PATH}$`, 'i')))) {
		const all = /^replace all\b/i.test(text) || /\beverywhere\b/i.test(text);
		return [
			{ name: 'workspace_read_file', arguments: { path: m[3]! } },
			{ name: 'workspace_apply_patch', arguments: { path: m[3]!, search: m[1]!, replace: m[2]!, occurrence: all ? 'all' : 'first' } }
		];
	}
	if ((m = text.match(new RegExp(String.raw`^(?:read|show|cat)(?: me)?(?: the)?(?: file)? ${PATH}$`, 'i')))) return [{ name: 'workspace_read_file', arguments: { path: m[1]! } }];
	if ((m = text.match(new RegExp(String.raw`^open(?: the)?(?: file)? ${PATH}(?: at line (\d+))?$`, 'i')))) {
		return [{ name: 'workspace_open_file', arguments: m[2] ? { path: m[1]!, line: Number(m[2]) } : { path: m[1]! } }];
	}
	if ((m = text.match(new RegExp(String.raw`^(?:create|make|add|new)(?: a)?(?: new)?(?: file)? ${PATH}(?: (?:with|containing|saying)(?: content)? ([\s\S]+))?$`, 'i')))) {
		return [{ name: 'workspace_create_file', arguments: { path: m[1]!, content: m[2] ? unquote(m[2]) : '' } }];
	}
	if ((m = text.match(new RegExp(String.raw`^(?:rename|move) ${PATH} to ${PATH}$`, 'i')))) return [{ name: 'workspace_rename_file', arguments: { from: m[1]!, to: m[2]! } }];
	if ((m = text.match(new RegExp(String.raw`^(?:delete|remove) (?:the )?(?:file )?${PATH}$`, 'i')))) return [{ name: 'workspace_delete_file', arguments: { path: m[1]! } }];

	if ((m = text.match(/^(?:set|change|make|update) the (?:hero )?(title|headline|heading|subtitle|tagline)(?: text)? (?:to|say|read) ([\s\S]+)$/i))) {
		const key = /subtitle|tagline/i.test(m[1]!) ? 'subtitle' : 'title';
		return [{ name: 'preview_update_hero', arguments: { [key]: unquote(m[2]!) } }];
	}
	if ((m = text.match(/^add (?:a )?(?:new )?feature(?: card)?(?: called| named)? ([^:]+?)(?:(?::| saying| with text| — | - )\s*([\s\S]+))?$/i))) {
		const title = unquote(m[1]!);
		return [{ name: 'preview_add_feature', arguments: { title, body: m[2] ? unquote(m[2]) : `${title} is something we care about.` } }];
	}
	const scheme = /\bdark(?: mode| theme)?\b/.test(lower) ? 'dark' : /\blight(?: mode| theme)?\b/.test(lower) ? 'light' : undefined;
	const colour = Object.keys(COLOUR_WORDS).find((word) => new RegExp(String.raw`\b${word}\b`).test(lower)) ?? lower.match(/#[0-9a-f]{6}\b/)?.[0];
	if (/\b(?:theme|accent|colou?r|dark mode|light mode)\b/.test(lower) && (colour || scheme)) {
		const accent = colour ? (colour.startsWith('#') ? colour : COLOUR_WORDS[colour]!) : undefined;
		if (!accent) return null; // a scheme alone needs an accent: the tool sets both
		return [{ name: 'preview_set_theme', arguments: scheme ? { accent, scheme } : { accent } }];
	}
	return null;
}

/** Plans a whole prompt; an unknown clause yields a helpful reply instead of a guess. */
export function plan(prompt: string): Plan {
	const parts = clauses(prompt);
	// "help", "what can you do?" are questions about the agent, not requests it failed to read.
	if (parts.length === 0 || /^\s*(help|what can you do|what do you (do|understand)|how (do i|does this) work)\b/i.test(prompt)) return { steps: [], reply: helpText() };
	const steps: PlannedCall[] = [];
	for (const part of parts) {
		const planned = planClause(part);
		if (!planned) return { steps: [], reply: `I did not understand “${part}”. ${helpText()}` };
		steps.push(...planned);
	}
	return { steps: steps.slice(0, MAX_PLAN_STEPS) };
}

/** Single-file tools whose call maps onto one operation of workspace_apply_changes. */
const FILE_OPERATIONS: Record<string, (args: Record<string, unknown>) => Record<string, unknown>> = {
	workspace_create_file: (args) => ({ op: 'create', ...args }),
	workspace_write_file: (args) => ({ op: 'write', ...args }),
	workspace_apply_patch: (args) => ({ op: 'patch', ...args }),
	workspace_rename_file: (args) => ({ op: 'rename', ...args }),
	workspace_delete_file: (args) => ({ op: 'delete', ...args })
};

/**
 * Folds two or more consecutive file changes into one workspace_apply_changes call: one approval,
 * one revision, one render, one undo. Reads between them (the read before a patch) move ahead of the
 * batch; they observe the same revision either way.
 */
export function batchFileChanges(steps: readonly PlannedCall[]): PlannedCall[] {
	const out: PlannedCall[] = [];
	let group: PlannedCall[] = [];
	let reads: PlannedCall[] = [];
	const close = () => {
		out.push(...reads);
		if (group.length > 1) out.push({ name: 'workspace_apply_changes', arguments: { operations: group.map((step) => FILE_OPERATIONS[step.name]!(step.arguments)) } });
		else out.push(...group);
		group = [];
		reads = [];
	};
	for (const step of steps) {
		if (Object.hasOwn(FILE_OPERATIONS, step.name)) group.push(step);
		else if (step.name === 'workspace_read_file') reads.push(step);
		else {
			close();
			out.push(step);
		}
	}
	close();
	return out;
}

/** Reads that show the revision; a plan that mutates starts with one of them. */
const OBSERVING = ['workspace_get_status', 'workspace_read_file', 'workspace_list_files'];

/**
 * The full chain of calls for a prompt: the plan, preceded by workspace_get_status when it mutates
 * without reading first (so every mutation carries an observed revision). Bounded to 12 calls.
 */
export function planChain(prompt: string, isReadOnly: (name: string) => boolean): Plan {
	const planned = plan(prompt);
	if (planned.reply) return planned;
	const steps = batchFileChanges(planned.steps);
	if (steps.some((step) => !isReadOnly(step.name)) && !OBSERVING.includes(steps[0]!.name)) steps.unshift({ name: 'workspace_get_status', arguments: {} });
	return { steps: steps.slice(0, MAX_PLAN_STEPS) };
}

function helpText(): string {
	return `I am the local agent: I work offline and understand simple requests such as ${LOCAL_ABILITIES.join('; ')}. For anything else, add a model in Model settings (an OpenRouter key or any OpenAI-compatible URL).`;
}

/** A one-line summary of a tool result for the transcript. */
export function summarise(name: string, result: CallToolResult): string {
	if (result.isError) return (result.structuredContent.error as ToolErrorShape).message;
	const out = result.structuredContent as Record<string, unknown>;
	if (name === 'workspace_list_files') return `${(out.files as unknown[]).length} files: ${(out.files as { path: string }[]).map((f) => f.path).join(', ')}`;
	if (name === 'workspace_read_file') return `${out.path} (${out.size} bytes)`;
	if (name === 'workspace_get_status') return `revision ${out.revision}, ${out.fileCount} files, ${out.bytesUsed} bytes`;
	if (name === 'workspace_search') return `${(out.matches as unknown[]).length} matches`;
	if (Array.isArray(out.changedPaths)) return out.changedPaths.length ? `changed ${out.changedPaths.join(', ')}` : 'nothing to change';
	if (out.untrusted === true && typeof out.server === 'string') {
		const resources = Array.isArray(out.resources) ? (out.resources as { uri?: unknown }[]).map((r) => String(r.uri)).slice(0, 3) : [];
		return `${out.server}: ${String(out.text ?? '').slice(0, 160) || (out.images ? 'an image' : 'no text')}${resources.length ? ` (resources: ${resources.join(', ')})` : ''}`;
	}
	return 'done';
}

/** The transcript item for a tool result (shared by the local agent and the model loop). */
export function resultEvent(id: string, name: string, result: CallToolResult, args: unknown): AgentEvent & { type: 'tool-result' } {
	const out = result.structuredContent as { revision?: number; preview?: { revision: number; status: string }; changedPaths?: unknown };
	const error = result.isError ? (result.structuredContent.error as ToolErrorShape) : undefined;
	const image = resultImage(result);
	return {
		type: 'tool-result',
		id,
		name,
		isError: result.isError,
		code: error?.code,
		retryable: error?.retryable,
		revision: typeof out.revision === 'number' ? out.revision : undefined,
		preview: out.preview ? { revision: out.preview.revision, status: out.preview.status } : undefined,
		summary: summarise(name, result),
		done: doneSentence(name, args, result),
		...(Array.isArray(out.changedPaths) && out.changedPaths.length ? { paths: out.changedPaths.filter((path): path is string => typeof path === 'string') } : {}),
		...(image && image.data.length <= TRANSCRIPT_IMAGE_CHARS ? { image: { mimeType: image.mimeType, data: image.data } } : {})
	};
}

/** How the executor reports and whom it calls. */
export interface LocalRunOptions {
	registry: ToolRegistry;
	sessionId: string;
	signal: AbortSignal;
	emit(event: AgentEvent): void;
	onToolCall?(): void;
	/** A plan made already (a request about the element the person picked): used instead of reading the prompt. */
	plan?: Plan;
}

/**
 * Runs a prompt: discovers the catalog (tools/list), plans, observes the revision when the plan
 * mutates, then executes each call through executeModelToolCall (source local, mode agent — so
 * approvals apply), advancing the revision after each result. Stops at the first error.
 */
export async function runLocalAgent(prompt: string, options: LocalRunOptions): Promise<AgentEvent & { type: 'done' }> {
	const { registry, sessionId, signal, emit } = options;
	const context = { source: 'local' as const, mode: 'agent' as const, sessionId };
	const catalog = new Map(registry.listAllTools(context).map((tool) => [tool.name, tool]));
	const planned = options.plan ?? planChain(prompt, (name) => catalog.get(name)?.annotations.readOnlyHint !== false);
	if (planned.reply) {
		emit({ type: 'text', text: planned.reply, final: true });
		return { type: 'done', outcome: 'answered' };
	}
	const steps = planned.steps.filter((step) => catalog.has(step.name));
	let revision: number | undefined;
	let counter = 0;
	for (const step of steps) {
		if (signal.aborted) return { type: 'done', outcome: 'cancelled', code: 'TOOL_CANCELLED' };
		const isMutation = !catalog.get(step.name)!.annotations.readOnlyHint;
		const args = isMutation && revision !== undefined ? { ...step.arguments, expectedRevision: revision } : step.arguments;
		const id = `local_${++counter}`;
		emit({ type: 'tool-call', id, name: step.name, argumentsPreview: JSON.stringify(args).slice(0, 300), doing: doingSentence(step.name, args) });
		options.onToolCall?.();
		const result = await registry.executeModelToolCall({ id, name: step.name, arguments: args }, { context, signal });
		const event = resultEvent(id, step.name, result, args);
		const error = result.isError ? (result.structuredContent.error as ToolErrorShape) : undefined;
		if (event.revision !== undefined) revision = event.revision;
		emit(event);
		if (error) {
			const retry = error.retryable ? 'It is safe to try again.' : 'Retrying unchanged would fail the same way.';
			emit({ type: 'text', text: `Stopped: ${step.name} failed with ${error.code} — ${error.message} ${retry}`, final: true });
			return { type: 'done', outcome: error.code === 'TOOL_CANCELLED' ? 'cancelled' : 'failed', code: error.code, message: error.message };
		}
	}
	emit({ type: 'text', text: `Done: ${steps.map((s) => s.name).join(' → ')}${revision !== undefined ? ` (now at revision ${revision})` : ''}.`, final: true });
	return { type: 'done', outcome: 'answered' };
}
