// In-page probes of `npm run bench`: installed with addInitScript in every studio page of a bench run
// (top frame only). Each probe measures the product path and its platform floor in the same page,
// alternating sample by sample so drift hits both alike. Times are performance.now() milliseconds.
(() => {
	if (window.top !== window) return;
	const SANDBOX = 'allow-scripts allow-forms allow-popups';
	const at = () => performance.timeOrigin + performance.now();

	/** The page's main-thread tasks of 50 ms or more (the Long Tasks API), from its first script on. */
	const longTasks = [];
	try {
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
		}).observe({ type: 'longtask', buffered: true });
	} catch {
		// No Long Tasks API: startTasks reports null.
	}

	/**
	 * The `studio:start-settled` mark (the editor shows the open file) once it is there, waiting at most `ms`; null: not by then.
	 * @param {number} ms
	 */
	const startSettled = async (ms) => {
		const mark = () => performance.getEntriesByName('studio:start-settled')[0] ?? null;
		for (let waited = 0; waited < ms && !mark(); waited += 50) await new Promise((r) => setTimeout(r, 50));
		return mark();
	};

	/** @returns {any} */
	const studio = () => {
		if (!window.studio) throw new Error('window.studio is missing');
		return window.studio;
	};

	/** One object store in a database of the bench's own (never the studio's). */
	let floorDb = null;
	const openFloorDb = () =>
		(floorDb ??= new Promise((resolve, reject) => {
			const request = indexedDB.open('bench-floor', 1);
			request.onupgradeneeded = () => request.result.createObjectStore('files');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		}));
	const put = async (key, value) => {
		const db = await openFloorDb();
		await new Promise((resolve, reject) => {
			const tx = db.transaction('files', 'readwrite');
			tx.objectStore('files').put(value, key);
			tx.oncomplete = resolve;
			tx.onerror = () => reject(tx.error);
		});
	};

	/** A sandboxed frame the size of the preview's, for the srcdoc floor. */
	let floorFrame = null;
	const frame = () => {
		if (floorFrame) return floorFrame;
		const preview = document.querySelector('iframe.preview-frame');
		const rect = preview ? preview.getBoundingClientRect() : { width: 400, height: 300 };
		floorFrame = document.createElement('iframe');
		floorFrame.setAttribute('sandbox', SANDBOX);
		floorFrame.style.cssText = `position:fixed;right:0;bottom:0;border:0;z-index:2147483647;pointer-events:none;width:${Math.max(rect.width, 100)}px;height:${Math.max(rect.height, 100)}px`;
		document.body.append(floorFrame);
		return floorFrame;
	};
	const loadSrcdoc = (html) =>
		new Promise((resolve) => {
			const target = frame();
			target.addEventListener('load', () => resolve(undefined), { once: true });
			target.srcdoc = html;
		});
	/** The site's sandboxed frame, inside the studio's preview document (preview/host.ts). */
	const siteFrame = () => document.querySelector('iframe.preview-frame')?.contentDocument?.querySelector('iframe:not([data-leaving])') ?? null;
	const previewHtml = () => siteFrame()?.srcdoc || '<!doctype html><p>floor</p>';
	const withMarker = (html, i) => html.replace(/<\/body>/i, `<p data-bench>${i}</p></body>`);

	const textOf = (result) => result?.structuredContent?.content ?? '';
	/** Creates `path` when it is missing (writes require an existing file). */
	const ensure = async (path) => {
		if (studio().files.includes(path)) return;
		const result = await studio().callTool('workspace_create_file', { path, content: '' });
		if (result.isError) throw new Error(`could not create ${path}: ${JSON.stringify(result.structuredContent)}`);
	};

	window.__bench = {
		/**
		 * B1: read round trips through the hub, beside a bare postMessage echo to a shared worker (the
		 * same hop the hub sits behind) and to a dedicated worker. A sample is the mean of `batch`
		 * consecutive round trips: the page's clock is coarsened to 0.1 ms, close to one round trip.
		 */
		async readRoundTrip(samples, warm, batch) {
			const source = `const echo = (port) => { port.onmessage = (e) => port.postMessage(e.data); };
				onconnect = (e) => echo(e.ports[0]);
				onmessage = (e) => postMessage(e.data);`;
			const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
			const shared = new SharedWorker(url, { name: `bench-echo-${Math.random()}` }).port;
			const dedicated = new Worker(url);
			const echoVia = (target) => (data) =>
				new Promise((resolve) => {
					target.onmessage = (event) => resolve(event.data);
					target.postMessage(data);
				});
			const echoShared = echoVia(shared);
			const echoDedicated = echoVia(dedicated);
			const payload = await studio().callTool('workspace_read_file', { path: 'index.html' });
			const timeBatch = async (fn) => {
				const t = performance.now();
				for (let j = 0; j < batch; j++) await fn();
				return (performance.now() - t) / batch;
			};
			const work = [];
			const floor = [];
			const dedicatedFloor = [];
			for (let i = 0; i < warm + samples; i++) {
				const read = await timeBatch(async () => {
					const result = await studio().callTool('workspace_read_file', { path: 'index.html' });
					if (result.isError) throw new Error(`read failed: ${JSON.stringify(result.structuredContent)}`);
				});
				const sharedEcho = await timeBatch(() => echoShared(payload));
				const dedicatedEcho = await timeBatch(() => echoDedicated(payload));
				if (i < warm) continue;
				work.push(read);
				floor.push(sharedEcho);
				dedicatedFloor.push(dedicatedEcho);
			}
			shared.close();
			dedicated.terminate();
			return { work, floor, dedicatedFloor };
		},

		/** B2: a write committed, compiled, rendered and acknowledged, beside an IndexedDB put + a srcdoc load. */
		async writeRendered(samples, warm) {
			const base = textOf(await studio().callTool('workspace_read_file', { path: 'index.html' }));
			const work = [];
			const floor = [];
			const statuses = {};
			for (let i = 0; i < warm + samples; i++) {
				const content = withMarker(base, `w${i}`);
				let t = performance.now();
				const result = await studio().callTool('workspace_write_file', { path: 'index.html', content });
				const elapsed = performance.now() - t;
				const status = result.isError ? `error:${result.structuredContent?.error?.code}` : result.structuredContent?.preview?.status;
				statuses[status] = (statuses[status] ?? 0) + 1;
				if (i >= warm) work.push(elapsed);
				const html = withMarker(previewHtml(), `f${i}`);
				t = performance.now();
				await put('index.html', content);
				await loadSrcdoc(html);
				if (i >= warm) floor.push(performance.now() - t);
			}
			await studio().callTool('workspace_write_file', { path: 'index.html', content: base });
			return { work, floor, statuses };
		},

		/** B3 floor: one srcdoc load of the preview's own document. */
		async srcdocLoads(samples, warm) {
			const floor = [];
			for (let i = 0; i < warm + samples; i++) {
				const html = withMarker(previewHtml(), `k${i}`);
				const t = performance.now();
				await loadSrcdoc(html);
				if (i >= warm) floor.push(performance.now() - t);
			}
			return floor;
		},

		/** B3: arms a watch from the next keydown to the preview's `ready` for a newer revision. */
		armKeystroke() {
			const from = studio().revision;
			window.__keystroke = new Promise((resolve) => {
				let down = null;
				const onKey = (event) => {
					down ??= event.timeStamp;
				};
				const onMessage = (event) => {
					const preview = siteFrame();
					const data = event.data;
					if (down === null || !preview || event.source !== preview.contentWindow) return;
					if (!data || data.type !== 'ready' || !(data.revision > from)) return;
					const shown = performance.now();
					document.removeEventListener('keydown', onKey, true);
					window.removeEventListener('message', onMessage);
					resolve(shown - down);
				};
				document.addEventListener('keydown', onKey, true);
				window.addEventListener('message', onMessage);
			});
		},
		keystroke: () => window.__keystroke,

		/** B4 (receiving tab): resolves with the wall time at which this tab's store shows `revision`. */
		armRevision(revision) {
			window.__revision = new Promise((resolve) => {
				const channel = new BroadcastChannel(`studio:events:${studio().build}:${studio().workspace.id}`);
				// Created after the client's own channel, so its message task runs after the store applied the event.
				channel.onmessage = () => {
					if (studio().revision < revision) return;
					const when = at();
					channel.close();
					resolve(when);
				};
			});
		},
		revisionShown: () => window.__revision,
		/** B4 (writing tab): a write; answers the wall time it was asked at and the revision it made. */
		/** Creates the files the figures write to, so creating them is not measured. */
		async prepare() {
			for (const path of ['notes/bench.txt', 'notes/log.txt', 'notes/heap.txt']) await ensure(path);
		},
		async writeAt(i) {
			const asked = at();
			const result = await studio().callTool('workspace_write_file', { path: 'notes/bench.txt', content: `sample ${i}\n` });
			return { asked, revision: result.structuredContent?.revision };
		},
		/** B4 floor (receiving tab): resolves with the wall time the ping arrived. */
		armPing() {
			window.__ping = new Promise((resolve) => {
				const channel = new BroadcastChannel('bench-floor');
				channel.onmessage = () => {
					const when = at();
					channel.close();
					resolve(when);
				};
			});
		},
		ping: () => window.__ping,
		/** B4 floor (writing tab): the same bytes put in IndexedDB, then a BroadcastChannel ping. */
		async putThenPing(i) {
			const asked = at();
			await put('notes/bench.txt', `sample ${i}\n`);
			const channel = new BroadcastChannel('bench-floor');
			channel.postMessage({ i });
			channel.close();
			return { asked };
		},

		/** B5: rewrites `path` (a marker line changes each time) `samples` times; answers each call's time. */
		async writeCost(samples, warm, path) {
			const base = textOf(await studio().callTool('workspace_read_file', { path }));
			const times = [];
			for (let i = 0; i < warm + samples; i++) {
				const t = performance.now();
				const result = await studio().callTool('workspace_write_file', { path, content: withMarker(base, `c${i}`) });
				if (result.isError) throw new Error(`write failed: ${JSON.stringify(result.structuredContent)}`);
				if (i >= warm) times.push(performance.now() - t);
			}
			await studio().callTool('workspace_write_file', { path, content: base });
			return times;
		},
		/** B5: a folder of `count` files (index.html links them all as text), connected and imported. */
		async seedFolder(count, bytesEach) {
			const root = await navigator.storage.getDirectory();
			const name = `bench-${count}`;
			await root.removeEntry(name, { recursive: true }).catch(() => undefined);
			const dir = await root.getDirectoryHandle(name, { create: true });
			const pages = await dir.getDirectoryHandle('pages', { create: true });
			const filler = 'x'.repeat(Math.max(0, bytesEach - 64));
			const write = async (folder, file, text) => {
				const w = await (await folder.getFileHandle(file, { create: true })).createWritable();
				await w.write(text);
				await w.close();
			};
			const links = [];
			// Twenty files at a time: seeding 2,000 one by one took longer than measuring them.
			for (let from = 1; from < count; from += 20) {
				const batch = [];
				for (let i = from; i < Math.min(count, from + 20); i++) batch.push(write(pages, `page-${i}.html`, `<!doctype html><title>Page ${i}</title><p>${filler}</p>\n`));
				await Promise.all(batch);
			}
			for (let i = 1; i < Math.min(count, 51); i++) links.push(`<li><a href="pages/page-${i}.html">Page ${i}</a></li>`);
			await write(dir, 'index.html', `<!doctype html><html><head><title>Bench ${count}</title></head><body><h1>${count} files</h1><ul>${links.join('')}</ul></body></html>\n`);
			// What the Open folder button does: connect, then read the folder in as one revision.
			await studio().connectFolder(dir);
			const imported = await studio().callTool('workspace_reload_folder', {});
			if (imported.isError) throw new Error(`the folder import failed: ${JSON.stringify(imported.structuredContent)}`);
			const files = studio().files.length;
			await studio().callTool('workspace_disconnect_folder', {});
			await root.removeEntry(name, { recursive: true }).catch(() => undefined);
			return files;
		},
		/**
		 * B6: the main thread's tasks of 50 ms or more from navigation until the start is over (the
		 * editor shows the open file: the `studio:start-settled` mark). null: the start never settled.
		 */
		async startTasks() {
			const end = await startSettled(15_000);
			if (!end || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return null;
			// An entry reaches the observer after its task: the task that set the mark has ended by now.
			await new Promise((r) => setTimeout(r, 100));
			const during = longTasks.filter((task) => task.start <= end.startTime);
			return { longest: Math.max(0, ...during.map((task) => task.duration)) };
		},
		/**
		 * B15: the main thread's blocking time (each task's time beyond 50 ms, summed) and its longest
		 * task, from navigation until `afterMs` after the start is over (`studio:start-settled`).
		 * null: the start never settled, or no Long Tasks API.
		 */
		async blocking(afterMs) {
			// A first visit with the CPU slowed four times takes seconds.
			const end = await startSettled(60_000);
			if (!end || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return null;
			await new Promise((r) => setTimeout(r, afterMs));
			const during = longTasks.filter((task) => task.start <= end.startTime + afterMs);
			return { total: during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0), longest: Math.max(0, ...during.map((task) => task.duration)) };
		},
		/** B5/B6: how long this page load took to a connected runtime and a settled first preview. */
		async startTimes() {
			const mark = (name) => performance.getEntriesByName(name)[0] ?? null;
			// Answered as soon as both marks are there (B6 reads the start's CPU time up to this answer), 30 s at most.
			await new Promise((resolve) => {
				const done = () => mark('studio:connected') && mark('studio:preview-settled');
				if (done()) return resolve(undefined);
				const observer = new PerformanceObserver(() => {
					if (!done()) return;
					observer.disconnect();
					resolve(undefined);
				});
				observer.observe({ type: 'mark' });
				setTimeout(() => (observer.disconnect(), resolve(undefined)), 30_000);
			});
			const connected = mark('studio:connected');
			const settled = mark('studio:preview-settled');
			const at = (name) => mark(name)?.startTime ?? null;
			// The parts of the start on the page's clock: its script, the hub's boot and storage (null when the hub was already running).
			const parts = { script: at('studio:script'), hubCreated: at('studio:hub:created'), hubStarting: at('studio:hub:starting'), storageOpened: at('studio:hub:storage-opened'), hubReady: at('studio:hub:ready'), previewDocument: at('studio:preview-document') };
			// The open file's text on screen: the first paint's outline, else the editor (on a first visit, from the hub).
			const firstText = at('studio:first-paint') ?? at('studio:first-text');
			return { connected: connected?.startTime ?? null, preview: settled?.startTime ?? null, status: settled?.detail?.status ?? null, firstText, parts };
		},

		/** B9: `count` guarded appends of `token-i` lines to one file, re-reading and retrying on conflict. */
		async guardedAppends(token, count) {
			await ensure('notes/log.txt');
			let conflicts = 0;
			const acknowledged = [];
			const started = performance.now();
			for (let i = 0; i < count; i++) {
				for (;;) {
					const read = await studio().callTool('workspace_read_file', { path: 'notes/log.txt' });
					const before = read.structuredContent;
					const line = `${token}-${i}`;
					const result = await studio().callTool('workspace_write_file', { path: 'notes/log.txt', content: `${before.content}${line}\n`, expectedRevision: before.revision });
					if (!result.isError) {
						acknowledged.push(line);
						break;
					}
					if (result.structuredContent?.error?.code !== 'WORKSPACE_REVISION_CONFLICT') throw new Error(`write failed: ${JSON.stringify(result.structuredContent)}`);
					conflicts++;
				}
			}
			return { acknowledged, conflicts, ms: performance.now() - started };
		},

		/** B8: `count` tool calls, writes and reads alternating as `writesEvery` says. */
		async calls(count, writesEvery) {
			await ensure('notes/heap.txt');
			for (let i = 0; i < count; i++) {
				const write = i % writesEvery === 0;
				const result = write
					? await studio().callTool('workspace_write_file', { path: 'notes/heap.txt', content: `heap ${i}\n` })
					: await studio().callTool('workspace_read_file', { path: 'index.html' });
				if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.structuredContent)}`);
			}
			return studio().trace.length;
		}
	};
})();
