// What a hub is made of: its identity, and the parts the composition root (compose.ts) builds.
import type { HubPackages } from './hub-packages';
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceService } from '../runtime/workspace-service';
import type { PreviewCoordinator } from '../preview/coordinator';
import type { AgentRunner } from '../agents/runner';
import type { TraceEntry } from '../runtime/types';
import type { HubEvents } from './hub-events';
import type { FolderHolder } from './folder-holder';
import type { HubStorage } from './hub-storage';
import type { TabLeases } from './tabs';
import type { HubWorkspaces } from './hub-workspaces';
import type { HubCollab } from './hub-collab';
import type { RuntimeMode } from './protocol';
import type { HubGit } from './hub-git';

/** Persistence of the trace, when the repository offers it. */
export interface TracePersistence {
	load(): Promise<TraceEntry[]>;
	append(entry: TraceEntry): void;
	clear(): Promise<void>;
}

/** Presentation preferences (panel sizes…), kept apart from tools and history. */
export interface PreferenceStore {
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<void>;
}

/** Who this hub is. */
export interface HubIdentity {
	id: string;
	mode: RuntimeMode;
	build: string;
	builtAt: number;
	startedAt: number;
	now: () => number;
	/** The workspace asked for does not exist: the hub serves an empty, read-only one. */
	missing?: boolean;
}

/** The parts the composition root built (see compose.ts). */
export interface HubParts {
	events: HubEvents;
	preview: PreviewCoordinator;
	folder: FolderHolder;
	storage: HubStorage;
	service: WorkspaceService;
	registry: ToolRegistry;
	agents: AgentRunner;
	leases: TabLeases;
	workspaces: HubWorkspaces;
	collab: HubCollab;
	packages: HubPackages;
	/** The workspace's git link (null where git is not kept: memory mode, Node). */
	git: HubGit | null;
	preferences?: PreferenceStore;
	tracePersistence?: TracePersistence;
}

