// Files opened with the installed app (the manifest's `file_handlers`, delivered by `launchQueue`): a
// .zip opens as a new workspace; an .html page becomes a new one-page workspace.

/** What the page does with a launched file. */
export interface LaunchTarget {
	importAsNew(file: File): Promise<void>;
}

interface LaunchParams {
	files: readonly { kind: string; getFile(): Promise<File> }[];
}

/** Listens for launched files where the browser supports it (desktop Chromium). */
export function consumeLaunchedFiles(target: LaunchTarget): void {
	const queue = (window as Window & { launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void } }).launchQueue;
	queue?.setConsumer((params) => {
		void (async () => {
			for (const handle of params.files) {
				if (handle.kind !== 'file') continue;
				const file = await handle.getFile();
				if (/\.zip$/i.test(file.name)) await target.importAsNew(file);
				else if (/\.html?$/i.test(file.name)) await target.importAsNew(await pageAsZip(file));
			}
		})();
	});
}

/** One HTML page as a zip holding index.html, named after the page (the import path does the rest). */
async function pageAsZip(file: File): Promise<File> {
	const { zipSync, strToU8 } = await import('fflate');
	const bytes = zipSync({ 'index.html': strToU8(await file.text()) });
	return new File([bytes as BlobPart], file.name.replace(/\.html?$/i, '.zip'), { type: 'application/zip' });
}
