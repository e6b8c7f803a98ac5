// Runs survive: transcripts stored per workspace in IndexedDB, restored by the next hub, grouped as
// conversations (a follow-up gives the model the earlier turns), interrupted runs kept and marked.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { StudioDatabase } from '../../src/lib/storage/database';
import { TranscriptStore, TRANSCRIPTS_KEPT } from '../../src/lib/storage/transcript-store';
import { AgentRunner, type AgentUpdate, type SettingsPort } from '../../src/lib/agents/runner';
import { zeroCounters, type AgentRunInfo } from '../../src/lib/agents/events';
import { makeStudio } from './helpers/studio-fixture';

let counter = 0;
const openDb = async () => (await StudioDatabase.open({ indexedDB: new IDBFactory(), name: `transcripts-${++counter}` })).db;

const memorySettings = (values: Record<string, unknown> = {}): SettingsPort => ({
	get: async (key) => values[key],
	set: async (key, value) => void (values[key] = value)
});

async function until(check: () => boolean) {
	for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
	expect(check()).toBe(true);
}

async function hub(db: Awaited<ReturnType<typeof openDb>>, workspaceId = 'default', fetchImpl?: typeof fetch, settings = memorySettings()) {
	const studio = await makeStudio();
	const updates: AgentUpdate[] = [];
	const store = new TranscriptStore(db, workspaceId, 10);
	const runner = new AgentRunner(studio.registry, settings, (update) => updates.push(update), fetchImpl, store);
	await runner.restore();
	return { runner, store, updates, ...studio };
}

describe('stored transcripts', () => {
	it('a finished run is restored by the next hub exactly as it was shown; another workspace does not see it', async () => {
		const db = await openDb();
		const first = await hub(db);
		const id = await first.runner.start('list files', 'local');
		await until(() => first.runner.snapshot().some((run) => run.sessionId === id && !run.running));
		await first.store.flush();
		const shown = first.runner.snapshot();

		const second = await hub(db);
		expect(second.runner.snapshot()).toEqual(shown);
		expect(shown[0]).toMatchObject({ sessionId: id, conversationId: id, prompt: 'list files', running: false });
		expect(shown[0]!.events.map((event) => event.type)).toEqual(['user', 'tool-call', 'tool-result', 'text', 'done']);

		const other = await hub(db, 'other-workspace');
		expect(other.runner.snapshot()).toEqual([]);
	});

	it('a run still going when every tab closed is marked interrupted, kept as far as it got, and saved so', async () => {
		const db = await openDb();
		const store = new TranscriptStore(db, 'default', 10);
		const cut: AgentRunInfo = {
			sessionId: 'run-cut',
			conversationId: 'run-cut',
			provider: 'model',
			model: 'm',
			prompt: 'build three pages',
			startedAt: Date.now(),
			running: true,
			counters: { ...zeroCounters(1), tokensIn: 100, tokensOut: 20, tokens: 120 },
			events: [
				{ type: 'user', text: 'build three pages' },
				{ type: 'text', text: 'Reading the files first' }
			]
		};
		store.save(cut);
		await store.flush();

		const restored = (await hub(db)).runner.snapshot();
		expect(restored).toHaveLength(1);
		expect(restored[0]).toMatchObject({ running: false, counters: { tokensIn: 100 } });
		expect(restored[0]!.events.slice(0, 2)).toEqual(cut.events);
		expect(restored[0]!.events.at(-1)).toMatchObject({ type: 'done', outcome: 'interrupted', code: 'TOOL_INTERRUPTED' });
		// Saved as interrupted: a third hub does not mark it twice.
		const again = (await hub(db)).runner.snapshot();
		expect(again[0]!.events.filter((event) => event.type === 'done')).toHaveLength(1);
	});

	it('a follow-up in a conversation gives the model the earlier prompt and answer; deleting the conversation removes it everywhere', async () => {
		const db = await openDb();
		const requests: { messages: { role: string; content: string | null }[] }[] = [];
		const fetchImpl = (async (url: string, init: RequestInit) => {
			if (url.endsWith('/models')) return new Response('{"data":[]}');
			requests.push(JSON.parse(String(init.body)));
			const text = requests.length === 1 ? 'The hero says Fresh bread.' : 'Changed it.';
			return new Response(`data: ${JSON.stringify({ choices: [{ delta: { content: text }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`, { headers: { 'content-type': 'text/event-stream' } });
		}) as unknown as typeof fetch;
		const h = await hub(db, 'default', fetchImpl, memorySettings({ agent: { provider: 'model', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k' } }));
		const first = await h.runner.start('What does the hero say?', 'model');
		await until(() => h.runner.snapshot().every((run) => !run.running));
		const second = await h.runner.start('Make it say Warm bread', 'model', first);
		await until(() => h.runner.snapshot().length === 2 && h.runner.snapshot().every((run) => !run.running));
		expect(h.runner.snapshot().map((run) => run.conversationId)).toEqual([first, first]);
		expect(second).not.toBe(first);
		expect(requests[1]!.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
			['user', 'What does the hero say?'],
			['assistant', 'The hero says Fresh bread.'],
			['user', 'Make it say Warm bread']
		]);
		// An unknown conversation id starts a new conversation rather than failing.
		const third = await h.runner.start('status', 'local', 'no-such-conversation');
		await until(() => h.runner.snapshot().every((run) => !run.running));
		expect(h.runner.snapshot().find((run) => run.sessionId === third)!.conversationId).toBe(third);

		expect(await h.runner.deleteConversation(first)).toBe(2);
		expect(h.updates.at(-1)!.removed).toEqual([first, second]);
		expect((await hub(db)).runner.snapshot().map((run) => run.sessionId)).toEqual([third]);
	});

	it(`keeps the newest ${TRANSCRIPTS_KEPT} runs per workspace`, async () => {
		const db = await openDb();
		const store = new TranscriptStore(db, 'default', 10);
		for (let i = 0; i < TRANSCRIPTS_KEPT + 5; i++) {
			store.save({ sessionId: `r${i}`, conversationId: `r${i}`, provider: 'local', prompt: `p${i}`, startedAt: i, running: false, counters: zeroCounters(1), events: [] });
		}
		await store.flush();
		const loaded = await store.load();
		expect(loaded).toHaveLength(TRANSCRIPTS_KEPT);
		expect(loaded[0]!.sessionId).toBe('r5');
	});
});
