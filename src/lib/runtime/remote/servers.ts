// The remote MCP servers a hub reaches: their stored list, one connection each (opened on first use,
// reopened when it broke), their tools under the studio's names, and each call with canonical errors.
import * as v from 'valibot';
import { ToolError } from '../../core/errors';
import type { McpTool } from '../../tools/catalog-model';
import { MAX_REMOTE_SERVERS, RemoteServerInputSchema, checkServerUrl, readStoredServers, remoteTools, uniqueSlug, type RemoteServerConfig, type RemoteServerInput, type RemoteTool } from './config';
import { asFailure, callError, RemoteFailure, remoteError, type RemoteConnection, type RemoteConnector } from './connection';
import type { RemoteResult } from './result';


/** A server as tabs see it: never the header values. */
export interface RemoteServerView {
	id: string;
	name: string;
	slug: string;
	url: string;
	headerNames: string[];
	status: 'idle' | 'connecting' | 'connected' | 'failed';
	error?: { code: string; message: string };
	/** What the server said it is, and on which protocol revision. */
	serverInfo?: { name: string; version: string; protocolVersion: string | null };
	tools: McpTool[];
}

/** Where the list is kept (the hub's settings store). */
export interface RemoteStore {
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<void>;
}

const STORE_KEY = 'mcp-servers';
const CONNECT_TIMEOUT_MS = 15_000;
const CALL_TIMEOUT_MS = 60_000;

interface Entry {
	config: RemoteServerConfig;
	status: RemoteServerView['status'];
	error?: RemoteServerView['error'];
	connection?: RemoteConnection;
	opening?: Promise<void>;
	serverInfo?: RemoteServerView['serverInfo'];
	tools: RemoteTool[];
}

/** Options of the server list. */
export interface RemoteToolsOptions {
	store: RemoteStore | null;
	/** Loads the client library (a dynamic import: only a hub with a server configured pays for it). */
	connector: () => Promise<RemoteConnector>;
	now?: () => number;
	callTimeoutMs?: number;
}

/** The remote MCP servers of one hub. */
export class RemoteTools {
	readonly #entries = new Map<string, Entry>();
	readonly #listeners = new Set<() => void>();
	readonly #byName = new Map<string, RemoteTool>();
	#loaded: Promise<void> | null = null;

	constructor(private readonly options: RemoteToolsOptions) {}

	/** Reads the stored list and opens each server's connection in the background. */
	load(): Promise<void> {
		this.#loaded ??= (async () => {
			const stored = readStoredServers(await this.options.store?.get(STORE_KEY).catch(() => undefined));
			for (const config of stored) this.#entries.set(config.id, { config, status: 'idle', tools: [] });
			for (const entry of this.#entries.values()) void this.#open(entry);
		})();
		return this.#loaded;
	}

	/**
	 * Follows the stored list (another workspace's hub may have added or removed a server since this
	 * one read it): new servers are opened, removed ones closed.
	 */
	async sync(): Promise<void> {
		await this.load();
		const stored = readStoredServers(await this.options.store?.get(STORE_KEY).catch(() => undefined));
		if (!this.options.store) return;
		const ids = new Set(stored.map((config) => config.id));
		let changed = false;
		for (const [id, entry] of this.#entries) {
			if (ids.has(id)) continue;
			this.#entries.delete(id);
			void entry.connection?.close().catch(() => undefined);
			changed = true;
		}
		for (const config of stored) {
			if (this.#entries.has(config.id)) continue;
			const entry: Entry = { config, status: 'idle', tools: [] };
			this.#entries.set(config.id, entry);
			void this.#open(entry);
		}
		if (changed) {
			this.#reindex();
			this.#changed();
		}
	}

	/** Waits (at most `ms`) for connections still opening: a run's first turn then lists their tools. */
	async settle(ms: number): Promise<void> {
		await this.sync();
		const opening = [...this.#entries.values()].map((entry) => entry.opening).filter(Boolean);
		if (opening.length) await Promise.race([Promise.allSettled(opening), new Promise((resolve) => setTimeout(resolve, ms))]);
	}

	/** Every server, as tabs show it. */
	view(): RemoteServerView[] {
		return [...this.#entries.values()].map((entry) => this.#view(entry));
	}

	/** The tools of the connected servers, as the model and the catalog list them. */
	definitions(): McpTool[] {
		return [...this.#byName.values()].map((tool) => tool.definition);
	}

	/** The remote tool a name stands for (null: not a remote tool). */
	lookup(name: string): RemoteTool | null {
		return this.#byName.get(name) ?? null;
	}

	/** Hears every change of a server's state or tools. */
	onChange(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Adds a server, stores it and connects; answers its state (connected with its tools, or why not). */
	async add(input: RemoteServerInput): Promise<RemoteServerView> {
		await this.load();
		const parsed = v.safeParse(RemoteServerInputSchema, input);
		if (!parsed.success) throw new ToolError('TOOL_VALIDATION_FAILED', `The server is not valid: ${parsed.issues.map((issue) => issue.message).join('; ')}`, {});
		if (this.#entries.size >= MAX_REMOTE_SERVERS) throw new ToolError('TOOL_VALIDATION_FAILED', `At most ${MAX_REMOTE_SERVERS} MCP servers can be added.`, {});
		const headers = parsed.output.headers;
		const url = checkServerUrl(parsed.output.url, Object.keys(headers).length > 0);
		const slug = uniqueSlug(parsed.output.name, new Set([...this.#entries.values()].map((entry) => entry.config.slug)));
		const config: RemoteServerConfig = { id: `mcp-${(this.options.now ?? Date.now)().toString(36)}-${Math.random().toString(36).slice(2, 6)}`, name: parsed.output.name, slug, url, headers, addedAt: (this.options.now ?? Date.now)() };
		const entry: Entry = { config, status: 'idle', tools: [] };
		this.#entries.set(config.id, entry);
		await this.#save();
		await this.#open(entry);
		return this.#view(entry);
	}

	/** Removes a server: its connection closes and its tools leave the catalog. */
	async remove(id: string): Promise<boolean> {
		await this.load();
		const entry = this.#entries.get(id);
		if (!entry) return false;
		this.#entries.delete(id);
		void entry.connection?.close().catch(() => undefined);
		this.#reindex();
		await this.#save();
		this.#changed();
		return true;
	}

	/** Connects again (the settings' Test button): a fresh connection and a fresh tool list. */
	async reconnect(id: string): Promise<RemoteServerView | null> {
		await this.load();
		const entry = this.#entries.get(id);
		if (!entry) return null;
		const old = entry.connection;
		entry.connection = undefined;
		void old?.close().catch(() => undefined);
		await this.#open(entry);
		return this.#view(entry);
	}

	/**
	 * Calls a remote tool. A connection that is gone is opened again first; a session the server
	 * forgot (it restarted) is opened again and the call sent once more — the server never ran it.
	 */
	async call(tool: RemoteTool, args: Record<string, unknown>, signal: AbortSignal): Promise<RemoteResult> {
		const entry = this.#entries.get(tool.server.id);
		if (!entry) throw new ToolError('MCP_SERVER_UNAVAILABLE', `The MCP server "${tool.server.name}" was removed.`, { server: tool.server.name });
		for (let attempt = 0; ; attempt++) {
			if (!entry.connection) await this.#open(entry);
			const connection = entry.connection;
			if (!connection) throw new ToolError('MCP_SERVER_UNAVAILABLE', `The MCP server "${entry.config.name}" cannot be reached: ${entry.error?.message ?? 'not connected'}.`, { server: entry.config.name, url: entry.config.url });
			try {
				return await connection.callTool(tool.tool, args, { signal, timeoutMs: this.options.callTimeoutMs ?? CALL_TIMEOUT_MS });
			} catch (error) {
				const failure = asFailure(error, 'protocol');
				const refused = callError(entry.config, tool.tool, failure, signal.aborted);
				if (refused) throw refused;
				// The connection is no good: drop it, so the next call (or Test) opens a fresh one.
				entry.connection = undefined;
				void connection.close().catch(() => undefined);
				if (failure.kind === 'session-gone' && attempt === 0) continue;
				this.#fail(entry, failure);
				throw remoteError(entry.config, failure);
			}
		}
	}

	async #open(entry: Entry): Promise<void> {
		if (entry.opening) return entry.opening;
		entry.status = 'connecting';
		entry.error = undefined;
		this.#changed();
		entry.opening = (async () => {
			const controller = new AbortController();
			const timer = setTimeout(() => controller.abort(), CONNECT_TIMEOUT_MS);
			try {
				const connect = await this.options.connector();
				// The connection's events may come before `connect` answers: they read it from here.
				const opened: { connection?: RemoteConnection } = {};
				const connection = await connect({ url: entry.config.url, headers: entry.config.headers }, {
					toolsChanged: () => void (opened.connection && this.#refresh(entry, opened.connection)),
					closed: () => {
						if (opened.connection && entry.connection === opened.connection) entry.connection = undefined; // reopened on the next call
					}
				}, controller.signal);
				opened.connection = connection;
				const listings = await connection.listTools(controller.signal);
				if (!this.#entries.has(entry.config.id)) return void connection.close().catch(() => undefined);
				entry.connection = connection;
				entry.status = 'connected';
				entry.serverInfo = connection.serverInfo ? { ...connection.serverInfo, protocolVersion: connection.protocolVersion } : undefined;
				entry.tools = remoteTools(entry.config, listings);
			} catch (error) {
				this.#fail(entry, asFailure(error, controller.signal.aborted ? 'timeout' : 'unreachable'));
			} finally {
				clearTimeout(timer);
				entry.opening = undefined;
				this.#reindex();
				this.#changed();
			}
		})();
		return entry.opening;
	}

	/** The server changed its tools: list them again (a failing list keeps the old one). */
	async #refresh(entry: Entry, connection: RemoteConnection) {
		try {
			const listings = await connection.listTools();
			if (entry.connection !== connection) return;
			entry.tools = remoteTools(entry.config, listings);
			this.#reindex();
			this.#changed();
		} catch {
			/* the next call or Test tells */
		}
	}

	#reindex() {
		this.#byName.clear();
		for (const entry of this.#entries.values()) for (const tool of entry.status === 'connected' || entry.connection ? entry.tools : []) this.#byName.set(tool.definition.name, tool);
	}

	#fail(entry: Entry, failure: RemoteFailure) {
		const error = remoteError(entry.config, failure);
		entry.status = 'failed';
		entry.error = { code: error.code, message: error.message };
		this.#reindex();
		this.#changed();
	}

	#view(entry: Entry): RemoteServerView {
		return {
			id: entry.config.id,
			name: entry.config.name,
			slug: entry.config.slug,
			url: entry.config.url,
			headerNames: Object.keys(entry.config.headers),
			status: entry.status,
			...(entry.error ? { error: { ...entry.error } } : {}),
			...(entry.serverInfo ? { serverInfo: { ...entry.serverInfo } } : {}),
			tools: entry.status === 'failed' ? [] : entry.tools.map((tool) => tool.definition)
		};
	}

	async #save() {
		await this.options.store?.set(STORE_KEY, [...this.#entries.values()].map((entry) => entry.config));
	}

	#changed() {
		for (const listener of this.#listeners) listener();
	}
}
