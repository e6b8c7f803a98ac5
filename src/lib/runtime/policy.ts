// Approval policy: decides allow / deny / pending for each call and owns the approval queue.
// The UI resolves requests through `resolve`; it never executes a tool.
import type { ToolAnnotations } from '../tools/schema';
import type { CallContext, Mode, Source } from './types';

/** A person's answer to an approval request. */
export type ApprovalDecision = 'allow-once' | 'allow-session' | 'deny';

/** How a request ended, as the registry sees it. */
export type ApprovalOutcome = 'allowed' | 'denied' | 'cancelled';

/** A waiting mutating agent call, as every tab shows it. */
export interface PendingApproval {
	id: string;
	callId: string;
	toolCallId?: string;
	sessionId?: string;
	name: string;
	title: string;
	source: Source;
	mode: Mode;
	tabId?: string;
	argumentsPreview: unknown;
	/** What the call would change (e.g. a diff), when the runtime can say before running it. */
	impact?: unknown;
	createdAt: number;
}

/** Policy settings. */
export interface PolicyOptions {
	/** Refuse every mutating call (TOOL_POLICY_DENIED): the MCP server's `--read-only`. */
	readOnly?: boolean;
	/** Sources whose agent calls need no approval here because their host asks its user (MCP stdio). */
	preApprovedSources?: readonly Source[];
	now?: () => number;
}

/** The policy's first answer for a call. */
export type PolicyVerdict = { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'pending' };

type Listener = (pending: readonly PendingApproval[]) => void;

interface Waiter {
	request: PendingApproval;
	settle: (outcome: ApprovalOutcome) => void;
}

let approvalCounter = 0;

/** Allow / deny / pending, the queue of pending requests, and session rules. */
export class ApprovalPolicy {
	readonly #options: PolicyOptions;
	readonly #waiting = new Map<string, Waiter>();
	readonly #sessionRules = new Set<string>();
	readonly #listeners = new Set<Listener>();

	constructor(options: PolicyOptions = {}) {
		this.#options = options;
	}

	#readOnlyReason: string | null = null;

	get readOnly(): boolean {
		return this.#options.readOnly === true || this.#readOnlyReason !== null;
	}

	/** Stops every mutation from now on (e.g. a newer build's hub took over). */
	setReadOnly(reason: string): void {
		this.#readOnlyReason = reason;
	}

	/** Read-only tools and direct calls pass; mutating agent calls wait unless a rule matches. */
	decide(name: string, annotations: ToolAnnotations, context: CallContext): PolicyVerdict {
		if (annotations.readOnlyHint) return { kind: 'allow' };
		if (this.readOnly) return { kind: 'deny', reason: this.#readOnlyReason ?? 'This studio is read-only: mutating tools are disabled.' };
		if (context.mode === 'direct') return { kind: 'allow' };
		if (this.#options.preApprovedSources?.includes(context.source)) return { kind: 'allow' };
		if (this.#sessionRules.has(ruleKey(context, name))) return { kind: 'allow' };
		return { kind: 'pending' };
	}

	/**
	 * Queues a request and resolves when a person decides, or when `signal` aborts (settled as
	 * `cancelled`, removed from the queue). Nothing stays queued after it settles.
	 */
	request(request: Omit<PendingApproval, 'id' | 'createdAt'>, signal?: AbortSignal): Promise<ApprovalOutcome> {
		if (signal?.aborted) return Promise.resolve('cancelled');
		const id = `approval-${(++approvalCounter).toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
		const pending: PendingApproval = { ...request, id, createdAt: (this.#options.now ?? Date.now)() };
		return new Promise<ApprovalOutcome>((resolve) => {
			const onAbort = () => this.#settle(id, 'cancelled');
			this.#waiting.set(id, {
				request: pending,
				settle: (outcome) => {
					signal?.removeEventListener('abort', onAbort);
					resolve(outcome);
				}
			});
			signal?.addEventListener('abort', onAbort, { once: true });
			this.#emit();
		});
	}

	/** Applies a person's decision. Returns false when the request is already settled (another tab won). */
	resolve(id: string, decision: ApprovalDecision): boolean {
		const waiter = this.#waiting.get(id);
		if (!waiter) return false;
		if (decision === 'allow-session') {
			const { source, mode, sessionId, name } = waiter.request;
			this.#sessionRules.add(ruleKey({ source, mode, sessionId }, name));
		}
		return this.#settle(id, decision === 'deny' ? 'denied' : 'allowed');
	}

	/** Denies every pending request of a session (an agent run was cancelled). */
	cancelSession(sessionId: string): number {
		let count = 0;
		if (!sessionId) return count;
		for (const [id, waiter] of this.#waiting) if (waiter.request.sessionId === sessionId && this.#settle(id, 'cancelled')) count++;
		return count;
	}

	/** Forgets the standing "allow for this session" rules of a session. */
	endSession(sessionId: string): void {
		for (const key of this.#sessionRules) if (key.split('\u0000')[1] === sessionId) this.#sessionRules.delete(key);
	}

	/** Pending requests, oldest first. */
	snapshot(): PendingApproval[] {
		return [...this.#waiting.values()].map((waiter) => waiter.request);
	}

	/** Subscribes to queue changes; returns the unsubscribe function. */
	subscribe(listener: Listener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	#settle(id: string, outcome: ApprovalOutcome): boolean {
		const waiter = this.#waiting.get(id);
		if (!waiter) return false;
		this.#waiting.delete(id);
		waiter.settle(outcome);
		this.#emit();
		return true;
	}

	#emit() {
		const snapshot = this.snapshot();
		for (const listener of this.#listeners) listener(snapshot);
	}
}

/** Session rules are scoped to source + session + tool: another agent's run never inherits them. */
function ruleKey(context: Pick<CallContext, 'source' | 'mode' | 'sessionId'>, name: string): string {
	return [context.source, context.sessionId ?? '', name].join('\u0000');
}
