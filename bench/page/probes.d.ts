// Types of the in-page probes (bench/page/probes.js) as the bench calls them through page.evaluate.
interface BenchProbes {
	readRoundTrip(samples: number, warm: number, batch: number): Promise<{ work: number[]; floor: number[]; dedicatedFloor: number[] }>;
	writeRendered(samples: number, warm: number): Promise<{ work: number[]; floor: number[]; statuses: Record<string, number> }>;
	srcdocLoads(samples: number, warm: number): Promise<number[]>;
	prepare(): Promise<void>;
	armKeystroke(): void;
	keystroke(): Promise<number>;
	armRevision(revision: number): void;
	revisionShown(): Promise<number>;
	writeAt(i: number): Promise<{ asked: number; revision: number | undefined }>;
	armPing(): void;
	ping(): Promise<number>;
	putThenPing(i: number): Promise<{ asked: number }>;
	writeCost(samples: number, warm: number, path: string): Promise<number[]>;
	seedFolder(count: number, bytesEach: number): Promise<number>;
	startTimes(): Promise<{ connected: number | null; preview: number | null; status: string | null; firstText: number | null; parts: { script: number | null; hubCreated: number | null; hubStarting: number | null; storageOpened: number | null; hubReady: number | null; previewDocument: number | null } }>;
	startTasks(): Promise<{ longest: number } | null>;
	blocking(afterMs: number): Promise<{ total: number; longest: number } | null>;
	guardedAppends(token: string, count: number): Promise<{ acknowledged: string[]; conflicts: number; ms: number }>;
	calls(count: number, writesEvery: number): Promise<number>;
}

interface Window {
	__bench: BenchProbes;
}
