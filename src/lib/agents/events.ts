// What an agent run reports as it goes: the transcript every tab shows, live.

/** One transcript item of a run. */
export type AgentEvent =
	| { type: 'user'; text: string }
	| { type: 'text'; text: string; final?: boolean }
	| { type: 'tool-call'; id: string; name: string; argumentsPreview: string }
	| {
			type: 'tool-result';
			id: string;
			name: string;
			isError: boolean;
			code?: string;
			retryable?: boolean;
			revision?: number;
			preview?: { revision: number; status: string };
			summary: string;
	  }
	| { type: 'notice'; text: string }
	| { type: 'done'; outcome: 'answered' | 'failed' | 'cancelled' | 'budget'; code?: string; message?: string };

/** Counters shown beside the transcript. */
export interface AgentCounters {
	turns: number;
	toolCalls: number;
	tokens: number;
}

/** A run as tabs list it. */
export interface AgentRunInfo {
	sessionId: string;
	provider: 'local' | 'model';
	model?: string;
	prompt: string;
	startedAt: number;
	running: boolean;
	counters: AgentCounters;
	events: AgentEvent[];
}

/** Budget of a model run; going past any bound ends it with AGENT_BUDGET_EXCEEDED. */
export interface AgentBudget {
	turns: number;
	toolCalls: number;
	tokens: number;
	wallMs: number;
}

export const DEFAULT_BUDGET: AgentBudget = { turns: 10, toolCalls: 24, tokens: 200_000, wallMs: 5 * 60_000 };
