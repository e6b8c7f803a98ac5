// The bridge that runs first inside the preview frame, as source text the compiler injects. It posts
// ready / error / console messages tagged with this render's revision and nonce, then removes itself
// so page scripts cannot read the nonce. Message shapes: PreviewBridgeMessage in worker/protocol.ts.

/** Replaced by the host with a fresh nonce for each render. */
export const NONCE_PLACEHOLDER = '__STUDIO_PREVIEW_NONCE__';

/** The bridge script (plain browser JavaScript). */
export const BRIDGE_SOURCE = `(function () {
  var me = document.currentScript;
  var nonce = me.getAttribute('data-nonce');
  var revision = Number(me.getAttribute('data-revision'));
  me.remove();
  var target = window.parent;
  var post = target.postMessage.bind(target);
  function send(message) { message.nonce = nonce; message.revision = revision; try { post(message, '*'); } catch (e) {} }
  var MAX = 2000;
  function describe(value, depth, seen) {
    var t = typeof value;
    if (value === null || value === undefined) return String(value);
    if (t === 'string') return value.length > MAX ? value.slice(0, MAX) + '… (' + value.length + ' chars)' : value;
    if (t === 'number' || t === 'boolean' || t === 'bigint') return String(value);
    if (t === 'function') return 'ƒ ' + (value.name || 'anonymous') + '()';
    if (t === 'symbol') return value.toString();
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof Node !== 'undefined' && value instanceof Node) return '<' + String(value.nodeName || 'node').toLowerCase() + '>';
    if (seen.indexOf(value) >= 0) return '[circular]';
    if (depth > 3) return Array.isArray(value) ? '[…]' : '{…}';
    seen.push(value);
    try {
      if (Array.isArray(value)) return '[' + value.slice(0, 50).map(function (v) { return describe(v, depth + 1, seen); }).join(', ') + (value.length > 50 ? ', …' : '') + ']';
      var keys = Object.keys(value).slice(0, 50);
      return '{' + keys.map(function (k) { return k + ': ' + describe(value[k], depth + 1, seen); }).join(', ') + '}';
    } catch (e) { return '[unreadable]'; } finally { seen.pop(); }
  }
  function where(url) {
    var map = window.__studioModulePaths || {};
    if (map[url]) return map[url];
    return !url || url.indexOf('about:') === 0 ? '' : url;
  }
  window.addEventListener('error', function (event) {
    var el = event.target;
    if (el && el !== window && el.tagName) {
      send({ type: 'error', message: 'Failed to load ' + (el.currentSrc || el.src || el.href || el.tagName.toLowerCase()), source: '', line: 0, column: 0 });
      return;
    }
    send({ type: 'error', message: String(event.message || 'Script error'), source: where(event.filename), line: event.lineno || 0, column: event.colno || 0 });
  }, true);
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    send({ type: 'error', message: 'Unhandled rejection: ' + (reason && reason.message ? reason.message : describe(reason, 0, [])), source: '', line: 0, column: 0 });
  });
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var args = [];
      for (var i = 0; i < arguments.length && i < 20; i++) args.push(describe(arguments[i], 0, []));
      send({ type: 'console', level: level, args: args });
      return original.apply(console, arguments);
    };
  });
  window.addEventListener('load', function () { send({ type: 'ready' }); });
})();`;
