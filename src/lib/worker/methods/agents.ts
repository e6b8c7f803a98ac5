// Hub methods: agent runs (start, cancel, conversations), their settings and the model list.
import type { AgentSettingsPatch } from '../../agents/settings';
import type { HubBackend } from '../protocol';
import type { PromptAttachments } from '../../agents/attachments';
import type { HubContext } from './context';

/** The agent methods. */
export function agentMethods({ parts: { agents } }: HubContext) {
	return {
		startAgent(prompt: string, provider?: 'local' | 'model', conversationId?: string, attachments?: PromptAttachments): Promise<string> {
			return agents.start(prompt, provider, conversationId, attachments);
		},
		deleteConversation(conversationId: string): Promise<number> {
			return agents.deleteConversation(conversationId);
		},
		async cancelAgent(sessionId: string): Promise<boolean> {
			return agents.cancel(sessionId);
		},
		getAgentSettings() {
			return agents.getSettings();
		},
		setAgentSettings(patch: AgentSettingsPatch) {
			return agents.setSettings(patch);
		},
		listModels() {
			return agents.models();
		}
	} satisfies Partial<HubBackend>;
}
