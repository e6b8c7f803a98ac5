// @ts-check
// What the studio sees of the page, and the person's hands on it: the source location of each
// element (the compiler marks every open tag; this program takes the marks off before the page's
// first script runs and keeps them beside the elements), the element picker (outline, tag and size
// under the pointer; a click picks) and editing a text in place (double-click, Enter writes it to the
// file). Pictures for the screenshot tool are pictures.js's. Plain browser JavaScript, type-checked.

/**
 * Installs the inspector.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioInspect(api) {
	var ATTR = 'data-studio-at';
	/** @type {WeakMap<Element, string>} */
	var where = new WeakMap();
	/** The page's elements by the offset of their open tag (the element the conversation follows is found again by it). @type {Record<number, Element>} */
	var byOffset = {};
	/** @param {Node} node */
	function take(node) {
		if (node.nodeType !== 1) return;
		var element = /** @type {Element} */ (node);
		var value = element.getAttribute(ATTR);
		if (value !== null) {
			where.set(element, value);
			byOffset[Number(value.split(':')[1])] = element;
			element.removeAttribute(ATTR);
		}
		var marked = element.querySelectorAll('[' + ATTR + ']');
		for (var i = 0; i < marked.length; i++) take(/** @type {Element} */ (marked[i]));
	}
	// The parser delivers these records before each of the page's scripts runs (a microtask checkpoint
	// comes first), so no script of the page ever reads a mark.
	var observer = new MutationObserver(function (records) {
		for (var r = 0; r < records.length; r++) {
			var added = /** @type {MutationRecord} */ (records[r]).addedNodes;
			for (var n = 0; n < added.length; n++) take(/** @type {Node} */ (added[n]));
		}
	});
	observer.observe(document, { childList: true, subtree: true });
	document.addEventListener('DOMContentLoaded', function () {
		take(document.documentElement);
		observer.disconnect();
	});


	/** @param {Element} element */
	function locationOf(element) {
		var value = where.get(element);
		var match = value ? /^(\d+):(\d+)/.exec(value) : null;
		return match ? { line: Number(match[1]), offset: Number(match[2]) } : null;
	}
	/**
	 * The print of a text as shown — the same as domain/elements.ts textPrint of shownText, which the
	 * compiler puts in the mark of an element whose text is written in the file.
	 * @param {string} text
	 */
	function textPrint(text) {
		var shown = text.replace(/\s+/g, ' ').trim();
		var hash = 0x811c9dc5;
		for (var i = 0; i < shown.length; i++) hash = Math.imul(hash ^ shown.charCodeAt(i), 0x01000193) >>> 0;
		return hash.toString(36);
	}
	/** The text the file holds for this element is the one shown (a script did not write it). @param {Element} element */
	function written(element) {
		var print = String(where.get(element) || '').split(':')[2];
		return !!print && print === textPrint(element.textContent || '');
	}
	/** @param {string} text */
	var css = function (text) {
		return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(text) : text.replace(/[^\w-]/g, '\\$&');
	};
	/** A short name: tag, id or up to two classes (`h1.hero-title`). @param {Element} element */
	function label(element) {
		var tag = element.tagName.toLowerCase();
		if (element.id) return tag + '#' + css(element.id);
		var classes = Array.prototype.slice.call(element.classList, 0, 2).filter(function (/** @type {string} */ c) {
			return c.indexOf('studio-') !== 0;
		});
		return tag + classes.map(function (/** @type {string} */ c) {
			return '.' + css(c);
		}).join('');
	}
	/** A selector that names this element alone on the page. @param {Element} element */
	function selector(element) {
		var parts = [];
		for (var node = /** @type {Element | null} */ (element); node && node.nodeType === 1 && node !== document.documentElement; node = node.parentElement) {
			var part = label(node);
			var parent = node.parentElement;
			if (parent && !node.id) {
				var same = Array.prototype.filter.call(parent.children, function (/** @type {Element} */ c) {
					return c.tagName === /** @type {Element} */ (node).tagName;
				});
				if (same.length > 1) part += ':nth-of-type(' + (same.indexOf(node) + 1) + ')';
			}
			parts.unshift(part);
			var joined = parts.join(' > ');
			try {
				if (document.querySelectorAll(joined).length === 1) return joined;
			} catch {
				/* keep going up */
			}
		}
		return parts.join(' > ');
	}
	var STYLES = ['display', 'position', 'font-family', 'font-size', 'font-weight', 'line-height', 'color', 'background-color', 'text-align', 'margin', 'padding', 'border', 'width', 'height'];
	/** What the agent is told of a picked element. @param {Element} element */
	function describe(element) {
		var box = element.getBoundingClientRect();
		var computed = getComputedStyle(element);
		/** @type {Record<string, string>} */
		var styles = {};
		STYLES.forEach(function (name) {
			styles[name] = computed.getPropertyValue(name).slice(0, 200);
		});
		var html = element.outerHTML;
		return {
			selector: selector(element).slice(0, 500),
			label: label(element).slice(0, 120),
			tag: element.tagName.toLowerCase(),
			html: html.length > 1500 ? html.slice(0, 1500) + '…' : html,
			text: (element.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 300),
			box: { x: Math.round(box.left), y: Math.round(box.top), width: Math.round(box.width), height: Math.round(box.height) },
			styles: styles,
			at: locationOf(element)
		};
	}

	// ---- The picker ----
	var picking = false;
	/** @type {HTMLElement | null} */
	var overlay = null;
	/** @type {HTMLElement | null} */
	var tip = null;
	function ensureOverlay() {
		if (overlay) return;
		overlay = document.createElement('div');
		tip = document.createElement('div');
		overlay.setAttribute('aria-hidden', 'true');
		overlay.style.cssText = 'position:fixed;pointer-events:none;z-index:2147483647;outline:2px solid #2563eb;background:rgba(37,99,235,.12);border-radius:2px;display:none';
		tip.style.cssText = 'position:absolute;left:0;top:-22px;font:12px/18px system-ui,sans-serif;background:#1e3a8a;color:#fff;padding:1px 6px;border-radius:3px;white-space:nowrap';
		overlay.appendChild(tip);
	}
	/** @param {Element} element */
	function outline(element) {
		ensureOverlay();
		if (!overlay || !tip) return;
		if (!overlay.isConnected) document.documentElement.appendChild(overlay);
		var box = element.getBoundingClientRect();
		overlay.style.display = 'block';
		overlay.style.left = box.left + 'px';
		overlay.style.top = box.top + 'px';
		overlay.style.width = box.width + 'px';
		overlay.style.height = box.height + 'px';
		tip.textContent = label(element) + ' · ' + Math.round(box.width) + '×' + Math.round(box.height);
		tip.style.top = box.top < 24 ? box.height + 2 + 'px' : '-22px';
	}
	/** @param {Event} event */
	function target(event) {
		var t = /** @type {Element | null} */ (event.target);
		return t && t.nodeType === 1 && t !== overlay && t !== tip ? t : null;
	}
	/** @param {Event} event */
	function onMove(event) {
		var t = target(event);
		if (t) outline(t);
	}
	/** @param {Event} event */
	function swallow(event) {
		// A touch's default is the tap's click, which picks: touches only stop here.
		if (event.type !== 'touchstart' && event.type !== 'touchend') event.preventDefault();
		event.stopImmediatePropagation();
	}
	/** @param {Event} event */
	function onClick(event) {
		swallow(event);
		var t = target(event);
		if (!t) return;
		setPicking(false);
		api.send({ type: 'picked', element: describe(t) });
	}
	/** @param {KeyboardEvent} event */
	function onKey(event) {
		if (event.key !== 'Escape') return;
		swallow(event);
		setPicking(false);
		api.send({ type: 'picked', element: null });
	}
	var PICK_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'dblclick', 'submit'];
	/** @param {boolean} on */
	function setPicking(on) {
		if (on === picking) return;
		picking = on;
		/** @param {string} name @param {EventListener} fn */
		var toggle = function (name, fn) {
			if (on) window.addEventListener(name, fn, true);
			else window.removeEventListener(name, fn, true);
		};
		toggle('pointermove', onMove);
		toggle('click', onClick);
		toggle('keydown', /** @type {EventListener} */ (onKey));
		PICK_EVENTS.forEach(function (name) {
			toggle(name, swallow);
		});
		if (!on && overlay) overlay.remove();
		document.documentElement.style.cursor = on ? 'crosshair' : '';
	}
	api.on('pick', function (message) {
		setPicking(message.on === true);
	});
	// The element the conversation holds, described again in a new render (its styles and text changed).
	api.on('describe', function (message) {
		var found = byOffset[Number(message.offset)];
		if (found && found.isConnected && found.tagName.toLowerCase() === message.tag) api.send({ type: 'picked', element: describe(found), refresh: true });
	});

	// ---- Editing a text in place ----
	window.addEventListener('dblclick', function (event) {
		if (event.defaultPrevented || picking) return;
		var t = target(event);
		if (!t || /** @type {HTMLElement} */ (t).isContentEditable) return;
		var own = Array.prototype.some.call(t.childNodes, function (/** @type {Node} */ node) {
			return node.nodeType === 3 && /\S/.test(node.nodeValue || '');
		});
		if (!own) return; // a double-click on a box, not on a text
		var at = locationOf(t);
		if (at && t.children.length > 0) return api.send({ type: 'text-edit', refused: 'markup', tag: t.tagName.toLowerCase(), at: at });
		if (!at || !written(t)) return api.send({ type: 'text-edit', refused: 'script', tag: t.tagName.toLowerCase() });
		edit(/** @type {HTMLElement} */ (t), at);
	});
	/** @param {HTMLElement} element @param {{ line: number, offset: number }} at */
	function edit(element, at) {
		var before = element.textContent || '';
		var done = false;
		element.setAttribute('contenteditable', 'plaintext-only');
		element.focus();
		var range = document.createRange();
		range.selectNodeContents(element);
		var selection = getSelection();
		if (selection) {
			selection.removeAllRanges();
			selection.addRange(range);
		}
		/** @param {boolean} keep */
		function finish(keep) {
			if (done) return;
			done = true;
			element.removeEventListener('keydown', onEditKey, true);
			element.removeEventListener('blur', onBlur, true);
			element.removeAttribute('contenteditable');
			var after = (element.textContent || '').replace(/\n/g, ' ');
			if (!keep || after === before) {
				element.textContent = before;
				return;
			}
			api.request({ type: 'text-edit', tag: element.tagName.toLowerCase(), at: at, before: before, after: after }).then(function (answer) {
				if (answer.ok !== true) element.textContent = before; // not written: the page shows the file again
			});
		}
		/** @param {KeyboardEvent} event */
		function onEditKey(event) {
			event.stopPropagation();
			if (event.key === 'Enter' && !event.shiftKey) {
				event.preventDefault();
				finish(true);
				element.blur();
			} else if (event.key === 'Escape') {
				event.preventDefault();
				finish(false);
				element.blur();
			}
		}
		function onBlur() {
			finish(true);
		}
		element.addEventListener('keydown', onEditKey, true);
		element.addEventListener('blur', onBlur, true);
	}
}
