// Tool steps read as sentences ("Changed styles.css — theme colour #0d9488"), and a run's transcript
// records how each approval ended and who ended it, before the step's result.
import { describe, expect, it } from 'vitest';
import { doingSentence, doneSentence } from '../../src/lib/agents/steps';
import { AgentRunner } from '../../src/lib/agents/runner';
import type { AgentEvent } from '../../src/lib/agents/events';
import type { CallToolResult } from '../../src/lib/runtime/types';
import { makeStudio } from './helpers/studio-fixture';

const success = (out: Record<string, unknown>): CallToolResult => ({ content: [], structuredContent: out, isError: false });
const failure = (message: string): CallToolResult => ({ content: [], structuredContent: { error: { code: 'WORKSPACE_FILE_NOT_FOUND', message } }, isError: true });

describe('step sentences', () => {
	it('say what a running step does and what a finished one did, from its arguments and result', () => {
		expect(doingSentence('preview_set_theme', { accent: '#0d9488' })).toBe('Setting the theme colour to #0d9488');
		expect(doneSentence('preview_set_theme', { accent: '#0d9488' }, success({ revision: 2, changedPaths: ['styles.css'] }))).toBe('Changed styles.css — theme colour #0d9488');
		expect(doneSentence('workspace_rename_file', { from: 'styles.css', to: 'main.css' }, success({ changedPaths: ['main.css', 'index.html'], updatedReferences: [{ path: 'index.html', line: 8, from: 'styles.css', to: 'main.css' }] }))).toBe(
			'Renamed styles.css → main.css — updated 1 link'
		);
		expect(doneSentence('workspace_apply_patch', { path: 'index.html', search: 'every morning', replace: 'all day long' }, success({ changedPaths: ['index.html'], replacements: 1 }))).toBe(
			'Changed index.html — “every morning” → “all day long”'
		);
		expect(doneSentence('workspace_delete_file', { path: 'team.html' }, success({ changedPaths: ['team.html'], danglingReferences: [{ path: 'index.html', line: 3 }, { path: 'about.html', line: 9 }] }))).toBe(
			'Deleted team.html — 2 links still point at it'
		);
		expect(doneSentence('workspace_search', { query: 'hero' }, success({ matches: [{}, {}, {}] }))).toBe('Searched for “hero” — 3 matches');
		expect(doneSentence('workspace_apply_changes', { operations: [{}, {}, {}, {}, {}] }, success({ changedPaths: ['a.html', 'b.html', 'c.html', 'd.html'] }))).toBe(
			'Changed a.html, b.html, c.html and 1 more — 5 operations, one revision'
		);
	});

	it("reads a model's arguments from their JSON text, survives malformed JSON, and names failures", () => {
		expect(doingSentence('workspace_read_file', '{"path":"about.html"}')).toBe('Reading about.html');
		expect(doingSentence('workspace_read_file', '{"path":')).toBe('Reading ');
		expect(doneSentence('workspace_read_file', { path: 'gone.html' }, failure('There is no file gone.html.'))).toBe('Reading gone.html failed: There is no file gone.html.');
		expect(doingSentence('some_future_tool', {})).toBe('Calling some future tool');
		expect(doneSentence('workspace_write_file', { path: 'a.html' }, success({ changedPaths: [] }))).toBe('a.html already had that content');
	});
});

describe('approvals in the transcript', () => {
	async function runUntilCard(prompt: string) {
		const studio = await makeStudio();
		const events: AgentEvent[] = [];
		const runner = new AgentRunner(studio.registry, null, (update) => update.event && events.push(update.event));
		const sessionId = await runner.start(prompt, 'local');
		while (studio.registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		const card = studio.registry.policy.snapshot()[0]!;
		const finished = async () => {
			while (runner.snapshot().find((run) => run.sessionId === sessionId)!.running) await new Promise((r) => setTimeout(r, 1));
			return runner.snapshot().find((run) => run.sessionId === sessionId)!.events;
		};
		return { ...studio, runner, sessionId, card, finished, events };
	}

	it('records who allowed the step, at the step, before its result; the result says what changed in words', async () => {
		const { registry, card, finished } = await runUntilCard('make the theme teal');
		expect(card.toolCallId).toBe('local_2');
		registry.policy.resolve(card.id, 'allow-once', 'tab-a');
		const events = await finished();
		const call = events.findIndex((e) => e.type === 'tool-call' && e.name === 'preview_set_theme');
		expect(events[call]).toMatchObject({ doing: 'Setting the theme colour to #0d9488' });
		expect(events[call + 1]).toEqual({ type: 'approval', id: 'local_2', name: 'preview_set_theme', outcome: 'allowed', decision: 'allow-once', tabId: 'tab-a' });
		expect(events[call + 2]).toMatchObject({ type: 'tool-result', id: 'local_2', done: 'Changed styles.css — theme colour #0d9488', paths: ['styles.css'], revision: 2 });
	});

	it('a denial and a withdrawal are recorded too (who denied; that the run stopped before anyone answered)', async () => {
		const denied = await runUntilCard('make the theme teal');
		denied.registry.policy.resolve(denied.card.id, 'deny', 'tab-b');
		expect((await denied.finished()).find((e) => e.type === 'approval')).toMatchObject({ outcome: 'denied', decision: 'deny', tabId: 'tab-b' });

		const withdrawn = await runUntilCard('make the theme teal');
		withdrawn.runner.cancel(withdrawn.sessionId);
		const events = await withdrawn.finished();
		expect(events.find((e) => e.type === 'approval')).toMatchObject({ outcome: 'cancelled' });
		expect(events.find((e) => e.type === 'approval')).not.toHaveProperty('tabId');
	});
});
