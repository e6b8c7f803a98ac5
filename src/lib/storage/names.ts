// IndexedDB names and version. Do not change any of these without a migration and a fixture test:
// stored data in every user's browser is keyed by them.

import { scoped } from '../core/base';

/** Database name (a build under a sub-path has its own: core/base.ts). Do not change without a migration. */
export const DB_NAME = scoped('web-studio');
/** Schema version; every bump ships a migration in migrations.ts and a fixture test. */
export const DB_VERSION = 2;

/** Object store names. Do not change without a migration. */
export const STORES = {
	workspaces: 'workspaces',
	files: 'files',
	revisions: 'revisions',
	preferences: 'preferences',
	settings: 'settings',
	trace: 'trace',
	folders: 'folders',
	quarantine: 'quarantine',
	/** Agent runs (transcripts), per workspace: version 2. */
	transcripts: 'transcripts'
} as const;

/** Index names. Do not change without a migration. */
export const INDEXES = {
	filesByWorkspace: 'byWorkspace',
	transcriptsByWorkspace: 'byWorkspace'
} as const;

/** The database the git objects of every workspace live in (lightning-fs: one folder `/<workspace>.git` each). */
export const GIT_DB_NAME = scoped('web-studio-git');
