// The order of a desktop start's last two parts: the first preview, then CodeMirror. Loaded beside
// the first render, CodeMirror's packages (about 600 kB, a task each, fetched from the service
// worker) held the preview back on two cores: connected → preview ready took a median 762 ms, and
// 508 ms with CodeMirror after it (bench B6, 20 offline starts); the whole start 1667 and 1168 ms.
// The open file shows as plain text meanwhile (the first paint's outline, then the editor's plain
// text) and keeps what is typed into it.

let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => (settle = resolve));

/** The start's first preview has settled (ready, error or stopped), or cannot come in this page. */
export function firstPreviewSettled(): void {
	settle();
}

/** Why CodeMirror's load went ahead: the preview settled, the text shown was touched, the wait ran out, or nothing showed the file. */
export type EditorGo = 'preview' | 'touched' | 'waited' | 'no-outline';

/**
 * Resolves when CodeMirror may load: at once when nothing shows the file meanwhile (`touched` null),
 * else when the first preview settled, the text shown is touched (`touched`), or `longest` ms passed
 * (a hub that is slow to answer must not keep the editor away).
 */
export function editorMayLoad(longest: number, touched: Promise<void> | null): Promise<EditorGo> {
	if (!touched) return Promise.resolve('no-outline');
	return Promise.race([
		settled.then((): EditorGo => 'preview'),
		touched.then((): EditorGo => 'touched'),
		new Promise<EditorGo>((resolve) => setTimeout(() => resolve('waited'), longest))
	]);
}
