// The Agent panel's commands: a prompt sent while a settings change is on its way goes with that change.
import { describe, expect, it } from 'vitest';
import { AgentActions } from '../../src/lib/client/actions/agent.svelte';
import type { StudioClient } from '../../src/lib/client/studio.svelte';
import type { ToastStore } from '../../src/lib/client/toasts.svelte';
import type { AgentSettingsPatch, AgentSettingsView } from '../../src/lib/worker/protocol';

/** A hub that answers settings changes only when told to, and records the runs it is asked for. */
function fakeStudio(initial: AgentSettingsView) {
	let current = initial;
	const answers: (() => void)[] = [];
	const runs: string[] = [];
	const studio = {
		agents: { conversations: [], remoteServers: [] },
		approvals: { pending: [] },
		api: {
			setAgentSettings: (patch: AgentSettingsPatch) =>
				new Promise<AgentSettingsView>((resolve) =>
					answers.push(() => {
						current = { ...current, ...(patch.provider ? { provider: patch.provider } : {}), ...('apiKey' in patch ? { hasKey: !!patch.apiKey } : {}) };
						resolve(current);
					})
				),
			getAgentSettings: () => new Promise<AgentSettingsView>((resolve) => answers.push(() => resolve(current))),
			remoteServers: async () => [],
			startAgent: async (_prompt: string, provider: string) => {
				runs.push(provider);
				return `session-${runs.length}`;
			}
		}
	} as unknown as StudioClient;
	return { studio, answers, runs };
}
const toasts = { show: () => 0 } as unknown as ToastStore;

describe('AgentActions', () => {
	it('sends a prompt with the agent chosen just before it, once the hub has taken the choice', async () => {
		const { studio, answers, runs } = fakeStudio({ provider: 'local', hasKey: true } as AgentSettingsView);
		const actions = new AgentActions(studio, toasts);
		actions.settings = { provider: 'local', hasKey: true } as AgentSettingsView;
		const chosen = actions.update({ provider: 'model' });
		const sent = actions.send('slow please');
		await Promise.resolve();
		expect(runs).toEqual([]); // not sent with the old choice while the new one is on its way
		answers.shift()!();
		await Promise.all([chosen, sent]);
		expect(runs).toEqual(['model']);
		expect(actions.settings?.provider).toBe('model');
	});

	it('sends a prompt made while the saved settings are read with the agent they name (the panel shows before they arrive)', async () => {
		const { studio, answers, runs } = fakeStudio({ provider: 'model', hasKey: true } as AgentSettingsView);
		const actions = new AgentActions(studio, toasts);
		const loaded = actions.load();
		const sent = actions.send('make it teal');
		await Promise.resolve();
		expect(runs).toEqual([]);
		answers.shift()!();
		await Promise.all([loaded, sent]);
		expect(runs).toEqual(['model']);
	});

	it('applies settings changes in the order they were made, a saved key included', async () => {
		const { studio, answers, runs } = fakeStudio({ provider: 'local', hasKey: false } as AgentSettingsView);
		const actions = new AgentActions(studio, toasts);
		actions.keyDraft = 'sk-1';
		const saved = actions.saveKey();
		const chosen = actions.update({ provider: 'model' });
		const sent = actions.send('hello');
		// The second change is asked for only after the first was answered.
		await Promise.resolve();
		expect(answers).toHaveLength(1);
		answers.shift()!();
		await saved;
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(answers).toHaveLength(1);
		answers.shift()!();
		await Promise.all([chosen, sent]);
		expect(actions.settings).toMatchObject({ provider: 'model', hasKey: true });
		expect(runs).toEqual(['model']);
	});
});
