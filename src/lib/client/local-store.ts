// This page's localStorage, as the first screen and the typing journal use it: absent where storage
// is disabled, and a write that reports a full quota instead of throwing.

/** localStorage, or null where it is missing or disabled (a private mode, a policy). */
export function localStore(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
}

/** Writes `value` under `name`; false when the store refused it (its quota is full). */
export function tryWrite(store: Storage, name: string, value: string): boolean {
	try {
		store.setItem(name, value);
		return true;
	} catch {
		return false;
	}
}
