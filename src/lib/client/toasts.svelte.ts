// Toasts: short messages for structured errors, with the recovery action the error code implies.
import type { ToolErrorShape } from '$lib/core/errors';

/** One toast. */
export interface Toast {
	id: number;
	tone: 'info' | 'error';
	message: string;
	action?: { label: string; run: () => void };
}

/** Recovery actions the page can offer. */
export interface Recoveries {
	retry?: () => void;
	refreshPreview?: () => void;
	reconnectFolder?: () => void;
}

let counter = 0;

/** The toast stack of this tab. */
export class ToastStore {
	items = $state.raw<Toast[]>([]);

	show(toast: Omit<Toast, 'id'>, ms = 6000): number {
		const id = ++counter;
		this.items = [...this.items.slice(-3), { ...toast, id }];
		setTimeout(() => this.dismiss(id), ms);
		return id;
	}

	dismiss(id: number) {
		this.items = this.items.filter((toast) => toast.id !== id);
	}

	/** A toast for a canonical error; the action follows from the code, never from the message. */
	error(error: ToolErrorShape, recover: Recoveries = {}) {
		let action: Toast['action'];
		if (error.code === 'WORKSPACE_REVISION_CONFLICT' && recover.retry) action = { label: 'Re-read and retry', run: recover.retry };
		else if (error.code.startsWith('WORKSPACE_FOLDER_') && recover.reconnectFolder) action = { label: 'Reconnect folder', run: recover.reconnectFolder };
		else if (error.code.startsWith('PREVIEW_') && recover.refreshPreview) action = { label: 'Refresh preview', run: recover.refreshPreview };
		else if (error.retryable && recover.retry) action = { label: 'Retry', run: recover.retry };
		this.show({ tone: 'error', message: error.message, action }, 8000);
	}
}
