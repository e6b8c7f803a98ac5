// Approval policy: decides allow / deny / pending for each call, owns the approval queue (with
// expiry), and the standing "allow for this session" grants. The UI resolves requests through
// `resolve`; it never executes a tool.
import type { ToolAnnotations } from '../tools/schema';
import type { CallContext, Mode, Source } from './types';

/** A person's answers to an approval request (the one list: the protocol's schema is built from it). */
export const APPROVAL_DECISIONS = ['allow-once', 'allow-session', 'deny'] as const;
/** A person's answer to an approval request. */
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** How a request ended, as the registry sees it. */
export type ApprovalOutcome = 'allowed' | 'denied' | 'cancelled' | 'expired';

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
	/** What the call would change (the dry run's impact), when the runtime can say before running it. */
	impact?: unknown;
	createdAt: number;
	/** When the request settles as expired if nobody answers. */
	expiresAt: number;
	/** True when the card was recomputed because the workspace changed after it was first shown. */
	changed?: boolean;
	/** A remote MCP server's tool: which server, who asked, and what the server claims of it (shown, not trusted). */
	remote?: { server: string; url: string; tool: string; caller: Source; readOnlyHint: boolean; destructiveHint: boolean };
}

/** A standing "allow for this session" rule: one tool, one caller session. */
export interface SessionGrant {
	key: string;
	source: Source;
	sessionId: string;
	name: string;
	title: string;
	/** The tab a page-bound session (WebMCP, console) lives in: the grant ends when the tab does. */
	tabId?: string;
	grantedAt: number;
}

/** The queue and the grants, as tabs show them. */
export interface ApprovalState {
	pending: PendingApproval[];
	grants: SessionGrant[];
}

/** Policy settings. */
export interface PolicyOptions {
	/** Refuse every mutating call (TOOL_POLICY_DENIED): the MCP server's `--read-only`. */
	readOnly?: boolean;
	/** Sources whose agent calls need no approval here because their host asks its user (MCP stdio). */
	preApprovedSources?: readonly Source[];
	/** How long a request waits for a person before it settles as expired. */
	expiryMs?: number;
	now?: () => number;
}

/** The policy's first answer for a call. */
export type PolicyVerdict = { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'pending' };

/** Default time a card waits for an answer. */
export const DEFAULT_APPROVAL_EXPIRY_MS = 10 * 60_000;

type Listener = (state: ApprovalState) => void;

/** How a request ended and who ended it (the transcript says "Allowed once by you in this tab"). */
export interface ApprovalSettled {
	request: PendingApproval;
	outcome: ApprovalOutcome;
	/** The person's answer, when a person answered. */
	decision?: ApprovalDecision;
	/** The tab whose person answered. */
	tabId?: string;
}

interface Waiter {
	request: PendingApproval;
	settle: (outcome: ApprovalOutcome) => void;
}

let approvalCounter = 0;

/** Allow / deny / pending, the queue of pending requests, and session grants. */
export class ApprovalPolicy {
	readonly #options: PolicyOptions;
	readonly #waiting = new Map<string, Waiter>();
	readonly #grants = new Map<string, SessionGrant>();
	readonly #listeners = new Set<Listener>();
	readonly #settledListeners = new Set<(settled: ApprovalSettled) => void>();
	#readOnlyReason: string | null = null;
	#expiryMs: number;

	constructor(options: PolicyOptions = {}) {
		this.#options = options;
		this.#expiryMs = options.expiryMs ?? DEFAULT_APPROVAL_EXPIRY_MS;
	}

	get readOnly(): boolean {
		return this.#options.readOnly === true || this.#readOnlyReason !== null;
	}

	readonly #readOnlyListeners = new Set<() => void>();

	/** Stops every mutation from now on (e.g. a newer build's hub took over). */
	setReadOnly(reason: string): void {
		const changed = this.#readOnlyReason === null;
		this.#readOnlyReason = reason;
		if (changed) this.#readOnlyListeners.forEach((listener) => listener());
	}

	/** Called when the policy turns read-only (the catalog then lists mutating tools as unavailable). */
	onReadOnly(listener: () => void): () => void {
		this.#readOnlyListeners.add(listener);
		return () => this.#readOnlyListeners.delete(listener);
	}

	/** How long new requests wait before expiring. */
	get expiryMs(): number {
		return this.#expiryMs;
	}

	set expiryMs(ms: number) {
		this.#expiryMs = Math.max(1000, ms);
	}

	get #now(): number {
		return (this.#options.now ?? Date.now)();
	}

	/** Read-only tools and direct calls pass; mutating agent calls wait unless a grant matches. */
	decide(name: string, annotations: ToolAnnotations, context: CallContext): PolicyVerdict {
		if (annotations.readOnlyHint) return { kind: 'allow' };
		if (this.readOnly) return { kind: 'deny', reason: this.#readOnlyReason ?? 'This studio is read-only: mutating tools are disabled.' };
		if (context.mode === 'direct') return { kind: 'allow' };
		if (this.#options.preApprovedSources?.includes(context.source)) return { kind: 'allow' };
		if (context.sessionId && this.#grants.has(grantKey(context.source, context.sessionId, name))) return { kind: 'allow' };
		return { kind: 'pending' };
	}

	/**
	 * Queues a request and resolves when a person decides, when it expires, or when `signal` aborts
	 * (settled as `cancelled` and withdrawn from every tab). Passing the `id` of a settled request
	 * asks again on the same card (it updates in place). Nothing stays queued after it settles.
	 */
	request(request: Omit<PendingApproval, 'id' | 'createdAt' | 'expiresAt'>, signal?: AbortSignal, id?: string): Promise<ApprovalOutcome> {
		if (signal?.aborted) return Promise.resolve('cancelled');
		const requestId = id ?? `approval-${(++approvalCounter).toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
		const createdAt = this.#now;
		const pending: PendingApproval = { ...request, id: requestId, createdAt, expiresAt: createdAt + this.#expiryMs };
		return new Promise<ApprovalOutcome>((resolve) => {
			const onAbort = () => this.#settle(requestId, 'cancelled');
			const timer = setTimeout(() => this.#settle(requestId, 'expired'), this.#expiryMs);
			this.#waiting.set(requestId, {
				request: pending,
				settle: (outcome) => {
					clearTimeout(timer);
					signal?.removeEventListener('abort', onAbort);
					resolve(outcome);
				}
			});
			signal?.addEventListener('abort', onAbort, { once: true });
			this.#emit();
		});
	}

	/**
	 * Applies a person's decision (made in tab `decidedIn`, when a tab says so). Returns false when the request
	 * is already settled (another tab won). "Allow for this session" needs a caller session; without
	 * one it allows once.
	 */
	resolve(id: string, decision: ApprovalDecision, decidedIn?: string): boolean {
		const waiter = this.#waiting.get(id);
		if (!waiter) return false;
		const { source, sessionId, name, title, tabId } = waiter.request;
		if (decision === 'allow-session' && sessionId) {
			const key = grantKey(source, sessionId, name);
			this.#grants.set(key, { key, source, sessionId, name, title, tabId, grantedAt: this.#now });
		}
		return this.#settle(id, decision === 'deny' ? 'denied' : 'allowed', { decision, tabId: decidedIn });
	}

	/** Withdraws every pending request of a session (an agent run was cancelled). */
	cancelSession(sessionId: string): number {
		let count = 0;
		if (!sessionId) return count;
		for (const [id, waiter] of this.#waiting) if (waiter.request.sessionId === sessionId && this.#settle(id, 'cancelled')) count++;
		return count;
	}

	/** Ends a session: its grants are forgotten. */
	endSession(sessionId: string): void {
		this.#dropGrants((grant) => grant.sessionId === sessionId);
	}

	/** A tab is gone: the grants of sessions that lived in it (WebMCP, console) end with it. */
	endTab(tabId: string): void {
		this.#dropGrants((grant) => grant.tabId === tabId);
	}

	/** Revokes one grant (the settings' Revoke button). */
	revoke(key: string): boolean {
		return this.#dropGrants((grant) => grant.key === key) > 0;
	}

	#dropGrants(match: (grant: SessionGrant) => boolean): number {
		let count = 0;
		for (const [key, grant] of this.#grants) {
			if (match(grant)) {
				this.#grants.delete(key);
				count++;
			}
		}
		if (count) this.#emit();
		return count;
	}

	/** Pending requests, oldest first. */
	snapshot(): PendingApproval[] {
		return [...this.#waiting.values()].map((waiter) => waiter.request);
	}

	/** Active grants, oldest first. */
	grants(): SessionGrant[] {
		return [...this.#grants.values()];
	}

	/** Subscribes to queue and grant changes; returns the unsubscribe function. */
	subscribe(listener: Listener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Hears how each request ended, before its caller does (a transcript records it in order). */
	onSettled(listener: (settled: ApprovalSettled) => void): () => void {
		this.#settledListeners.add(listener);
		return () => this.#settledListeners.delete(listener);
	}

	#settle(id: string, outcome: ApprovalOutcome, by: { decision?: ApprovalDecision; tabId?: string } = {}): boolean {
		const waiter = this.#waiting.get(id);
		if (!waiter) return false;
		this.#waiting.delete(id);
		const settled: ApprovalSettled = { request: waiter.request, outcome, ...(by.decision ? { decision: by.decision } : {}), ...(by.tabId ? { tabId: by.tabId } : {}) };
		for (const listener of this.#settledListeners) listener(settled);
		waiter.settle(outcome);
		this.#emit();
		return true;
	}

	#emit() {
		const state = { pending: this.snapshot(), grants: this.grants() };
		for (const listener of this.#listeners) listener(state);
	}
}

/** Grants are scoped to source + session + tool: another agent's run never inherits them. */
function grantKey(source: Source, sessionId: string, name: string): string {
	return [source, sessionId, name].join('\u0000');
}
