// The studio's first paint, before its own code has loaded: what this device last showed of the
// workspace (written by the studio's client/first-screen.ts, which owns the format) drawn as a plain
// outline — the top bar, the file list and the open file's text, editable — so a phone shows text as
// soon as the document arrives. The studio replaces it once its editor shows that text, and takes
// what was typed here with it (client/first-paint.ts). Nothing kept, or anything unexpected: no paint.
// Served as /first-paint.js, minified in the build (scripts/vite/first-paint.ts): a plain script, no module.
(function () {
	// The studio's font sizes the outline lacks (app.html's #studio-fonts, hidden, parsed before this
	// script) are laid out one at a time, each in a task of its own, before the studio's first layout.
	// A renderer asks the browser process for each new size of a font: laid out together with the
	// outline, in the document's first layout, they held the page's thread 50–85 ms of a start while
	// the browser was busy starting too (traced; B6's longest task in `npm run bench`).
	document.querySelectorAll('#studio-fonts i').forEach(function (letter) {
		setTimeout(function () {
			/** @type {HTMLElement} */ (letter).hidden = false;
			// Laid out now, in this task, not with whatever the next frame's layout holds.
			void (/** @type {HTMLElement} */ (letter)).offsetWidth;
		});
	});
	try {
		var script = /** @type {HTMLScriptElement} */ (document.currentScript);
		var base = new URL(script.src).pathname.replace(/\/first-paint\.js$/, '');
		/** @param {string} name */
		var scoped = function (name) {
			return base ? name + '@' + base : name;
		};
		var valid = /^[A-Za-z0-9_-]{1,64}$/;
		var fromUrl = new URL(location.href).searchParams.get('workspace');
		var last = localStorage.getItem(scoped('studio:last-workspace'));
		var id = valid.test(fromUrl || '') ? fromUrl : valid.test(last || '') ? last : 'default';
		// The hub's worker starts now, beside the studio's own scripts, and client/hub-early.ts takes it
		// over: the workspace chosen as client/workspace-choice.ts chooses it, named as
		// worker/protocol-calls.ts names it (the page checks the name before taking it).
		var hub = script.getAttribute('data-hub');
		if (hub && typeof SharedWorker === 'function') {
			try {
				/** @type {{ studioEarlyHub?: unknown }} */ (/** @type {unknown} */ (window)).studioEarlyHub = { name: 'studio:' + id, worker: new SharedWorker(hub, { type: 'module', name: 'studio:' + id }) };
			} catch {
				// refused (a policy, a private mode): the page's layout starts it as before
			}
		}
		// The tab's lease (client/connect.ts) is asked for now too, while this thread is idle: asked for
		// by the page's start, its grant waited for the studio's first mount, and the hub's handshake
		// with it (35–50 ms of a start, B6 in `npm run bench`). client/hub-early.ts takes it over; the
		// lock's name is the one worker/protocol-calls.ts's tabLockName gives (a plain script imports nothing).
		if (navigator.locks && typeof crypto.randomUUID === 'function') {
			var tab = crypto.randomUUID();
			/** @type {{ studioEarlyTab?: unknown }} */ (/** @type {unknown} */ (window)).studioEarlyTab = {
				id: tab,
				lease: new Promise(function (held) {
					// Held for the tab's life; a refusal (no locks here after all) holds nothing, as the page's own ask would.
					navigator.locks
						.request('studio:tab:' + tab, function () {
							held(true);
							return new Promise(function () {});
						})
						.catch(function () {
							held(false);
						});
				})
			};
		}
		var screen = JSON.parse(localStorage.getItem(scoped('studio:first-screen') + ':' + id) || 'null');
		// A browser that never opened the studio gets the starter its hub is about to create.
		var starter = !screen && !fromUrl && last === null && id === 'default';
		if (starter) screen = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('studio-starter-screen')).textContent || 'null');
		if (!screen || screen.v !== 2 || screen.workspaceId !== id || !screen.open || typeof screen.open.text !== 'string' || !Array.isArray(screen.files)) return;
		var layout = screen.layout && typeof screen.layout === 'object' ? screen.layout : {};
		/** @param {unknown} value @param {number} fallback */
		var size = function (value, fallback) {
			return typeof value === 'number' && value > 80 && value < 2000 ? Math.round(value) : fallback;
		};
		/** @param {string} tag @param {string} [className] @param {string} [text] */
		var el = function (tag, className, text) {
			var node = document.createElement(tag);
			if (className) node.className = className;
			if (text) node.textContent = text;
			return node;
		};
		var style = el('style');
		// Sizes follow the workbench's (top bar 44 px, panel headings, tabs, the status bar), and its fonts
		// are the studio's (--font and --mono: the shell's stylesheet, loaded before this script runs), so
		// the studio's own screen replaces this one with little movement. Contained: the studio mounting
		// beneath it (and its stylesheets arriving) never lays this text out again.
		style.textContent =
			'#studio-first-paint{position:fixed;inset:0;z-index:2147483646;contain:strict;display:flex;flex-direction:column;background:Canvas;color:CanvasText;font:14px var(--font)}' +
			'#studio-first-paint>header{height:44px;flex:none;display:flex;align-items:center;gap:8px;padding:0 12px;border-bottom:1px solid #e4e4e7}' +
			'#studio-first-paint>header b{font-size:16px}' +
			'#studio-first-paint .body{flex:1;display:flex;min-height:0}' +
			'#studio-first-paint section{display:flex;flex-direction:column;min-width:0;border-right:1px solid #e4e4e7}' +
			'#studio-first-paint h2{margin:0;height:36px;flex:none;display:flex;align-items:center;padding:0 12px;font-size:12px;letter-spacing:.06em;text-transform:uppercase;border-bottom:1px solid #e4e4e7}' +
			'#studio-first-paint .files div{padding:5px 12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}' +
			'#studio-first-paint .files .on{font-weight:600;color:#4338ca;background:#eef2ff}' +
			'#studio-first-paint .editor,#studio-first-paint .elsewhere{flex:1}' +
			'#studio-first-paint .tab{height:34px;flex:none;display:flex;align-items:center;padding:0 8px;border-bottom:1px solid #e4e4e7}' +
			'#studio-first-paint textarea{flex:1;border:0;margin:0;padding:4px 8px 4px 41px;resize:none;outline:none;background:transparent;color:inherit;font:13px/20px var(--mono);white-space:pre-wrap;tab-size:2}' +
			'#studio-first-paint>footer{height:24px;flex:none;display:flex;align-items:center;padding:0 10px;font-size:12px;border-top:1px solid #e4e4e7}' +
			'@media (max-width:767px){#studio-first-paint .files,#studio-first-paint .preview,#studio-first-paint .editor h2{display:none}#studio-first-paint>footer{height:80px;align-items:flex-end;padding-bottom:4px}}';
		var root = el('div');
		root.id = 'studio-first-paint';
		if (starter) root.dataset.starter = '';
		var header = el('header');
		header.append(el('span', '', 'Web Studio /'), el('b', '', String(screen.name || '')));
		var body = el('div', 'body');
		/** @param {string} className @param {string} title @param {number} [width] */
		var panel = function (className, title, width) {
			var section = el('section', className);
			section.append(el('h2', '', title));
			if (width) section.style.width = width + 'px';
			return section;
		};
		// A phone shows one panel: the one it showed last (client/layout.svelte.ts keeps it with this
		// screen). Not the editor: that panel's name only, no text the studio would then take away.
		// Each panel's name is its tab's, capitalised.
		var elsewhere = /^(files|preview|agent|tools|trace|history|packages)$/.test(layout.phoneTab) ? String(layout.phoneTab) : '';
		if (elsewhere && matchMedia('(max-width: 767px)').matches) {
			body.append(panel('elsewhere', elsewhere.charAt(0).toUpperCase() + elsewhere.slice(1)));
			root.append(style, header, body, el('footer', '', 'Starting…'));
			script.after(root);
			return;
		}
		var files = panel('files', 'Files', size(layout.filesWidth, 200));
		screen.files.slice(0, 200).forEach(/** @param {{ path?: unknown } | null} file */ function (file) {
			if (file && typeof file.path === 'string') files.append(el('div', file.path === screen.open.path ? 'on' : '', file.path));
		});
		// A file picked here opens once the studio shows its own list (client/first-paint.ts takes it
		// with the outline). Meanwhile its name shows, not the other file's text.
		files.onclick = function (event) {
			var row = /** @type {HTMLElement} */ (event.target);
			if (row.parentNode == files && row.tagName == 'DIV') {
				/** @type {HTMLElement} */ (files.querySelector('.on') || row).className = '';
				row.className = 'on';
				root.dataset.open = fileTab.textContent = /** @type {string} */ (row.textContent);
				area.hidden = row.textContent != screen.open.path;
			}
		};
		var editor = panel('editor', 'Editor');
		var fileTab = el('div', 'tab', String(screen.open.path));
		var area = /** @type {HTMLTextAreaElement} */ (el('textarea'));
		// The file's head only (the rest is not kept here: client/first-screen.ts), as its default value:
		// what the person typed is what differs from it.
		area.textContent = screen.open.text;
		area.spellcheck = false;
		area.ariaLabel = 'Code editor';
		area.autocapitalize = 'off';
		// The studio's start may move the focus to the page while it mounts: the person's choice is kept here.
		// Focused, it is the page's autofocus element: the router's start focuses that instead of the
		// body (a key typed meanwhile went nowhere).
		area.addEventListener('focus', function () {
			root.dataset.focused = '';
			area.autofocus = true;
		});
		area.addEventListener('blur', function () {
			area.autofocus = false;
		});
		editor.append(fileTab, area);
		var preview = panel('preview', 'Preview', size(layout.previewWidth, 420) + (innerWidth >= 1024 ? size(layout.chatWidth, 340) : 0));
		body.append(files, editor, preview);
		root.append(style, header, body, el('footer', '', 'Starting…'));
		script.after(root);
		// The open file's text is in the document (devtools, bench B6).
		if (performance.mark) performance.mark('studio:first-paint');
	} catch {
		// storage blocked or a picture this script cannot read: the studio paints itself
	}
})();
