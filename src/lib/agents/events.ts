// What an agent run reports as it goes: the transcript every tab shows, live.
import type { ApprovalDecision } from '../runtime/policy';
import type { PickedElement } from '../preview/messages';
import type { PromptImage } from './attachments';

/** One transcript item of a run. */
export type AgentEvent =
	/** The prompt, with the element the person picked and the images they attached (kept in the transcript). */
	| { type: 'user'; text: string; element?: PickedElement; images?: PromptImage[] }
	| { type: 'text'; text: string; final?: boolean }
	/** `doing`: the step in words while it runs ("Reading index.html"); absent in transcripts saved before it existed. */
	| { type: 'tool-call'; id: string; name: string; argumentsPreview: string; doing?: string }
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
			/** What the step did, in words ("Changed styles.css — theme colour #0d9488"). */
			done?: string;
			/** The files the step changed (its diff is that revision's). */
			paths?: string[];
			/** The picture the step returned (a screenshot): the person sees what the agent saw. Kept when small. */
			image?: { mimeType: string; data: string };
	  }
	/**
	 * How an approval the step waited for ended, and who ended it: a person in a tab (`tabId`), the
	 * clock (`expired`) or the caller giving up (`cancelled`).
	 */
	| { type: 'approval'; id: string; name: string; outcome: 'allowed' | 'denied' | 'expired' | 'cancelled'; decision?: ApprovalDecision; tabId?: string; reasked?: boolean }
	| { type: 'notice'; text: string }
	/** Reasoning a model streamed beside its answer (merged like text; shown folded). */
	| { type: 'reasoning'; text: string }
	/** `interrupted`: every tab closed while the run was going; it did not finish and is kept as it was. */
	| { type: 'done'; outcome: 'answered' | 'failed' | 'cancelled' | 'budget' | 'interrupted'; code?: string; message?: string };

/** Counters shown beside the transcript. */
export interface AgentCounters {
	turns: number;
	toolCalls: number;
	/** Tokens in plus out, as the provider reported them (`usage`). */
	tokens: number;
	tokensIn: number;
	tokensOut: number;
	/** US dollars, when the provider reports cost or lists the model's pricing; absent when unknown. */
	costUsd?: number;
}

/** A run as tabs list it. */
export interface AgentRunInfo {
	sessionId: string;
	/** Runs of one conversation share it; a follow-up prompt gives the model the earlier turns. */
	conversationId: string;
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
	/** Money cap in US dollars (0: none). Needs a known price: reported cost or the model's listed pricing. */
	costUsd: number;
}

export const DEFAULT_BUDGET: AgentBudget = { turns: 10, toolCalls: 24, tokens: 200_000, wallMs: 5 * 60_000, costUsd: 0 };

/** Fresh counters for a run. */
export const zeroCounters = (turns = 0): AgentCounters => ({ turns, toolCalls: 0, tokens: 0, tokensIn: 0, tokensOut: 0 });

/** A transcript with one more event: streamed text and reasoning merge into the item before, so a transcript stays small. */
export function foldEvent(events: readonly AgentEvent[], event: AgentEvent): AgentEvent[] {
	const last = events.at(-1);
	if (event.type === 'text' && last?.type === 'text' && !last.final) return [...events.slice(0, -1), { ...last, text: last.text + event.text, final: event.final ?? last.final }];
	if (event.type === 'reasoning' && last?.type === 'reasoning') return [...events.slice(0, -1), { ...last, text: last.text + event.text }];
	return [...events, event];
}
