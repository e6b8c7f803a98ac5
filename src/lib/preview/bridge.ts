// The bridge that runs first inside the preview frame, as source text the compiler injects before
// any byte of the page (compile.ts, prologueEnd). It reads this render's nonce from its own tag and
// removes the tag before the page's first script can run, so no page script ever sees the nonce; it
// posts ready / error / console messages tagged with the revision and nonce, built as fresh object
// literals (a setter a page puts on Object.prototype never receives the nonce), and acknowledges
// only the browser's own load event (a page dispatching a fake one is ignored). It caps and rate-limits what it sends (PREVIEW_LIMITS) and
// turns alert/confirm/prompt into console lines: the frame has no allow-modals, so a looping alert()
// cannot lock the studio. Message shapes: PreviewBridgeMessage in worker/protocol.ts.
import { PREVIEW_LIMITS } from './limits';

/** Replaced by the host with a fresh nonce for each render. */
export const NONCE_PLACEHOLDER = '__STUDIO_PREVIEW_NONCE__';

/** The bridge script (plain browser JavaScript). */
export const BRIDGE_SOURCE = `(function () {
  var me = document.currentScript;
  var nonce = me.getAttribute('data-nonce');
  var revision = Number(me.getAttribute('data-revision'));
  me.remove();
  // The studio is the parent of the preview document that holds this frame (preview/host.ts).
  var target = window.parent.parent;
  var post = target.postMessage.bind(target);
  var L = ${JSON.stringify(PREVIEW_LIMITS)};
  var sent = { console: 0, error: 0, chars: 0 }, dropped = 0, windowStart = 0, inWindow = 0, native = 0;
  // A literal defines its properties: no setter of the page's runs, so the nonce reaches only postMessage.
  function raw(m) {
    var out = { type: m.type, nonce: nonce, revision: revision, level: m.level, args: m.args, message: m.message, source: m.source, line: m.line, column: m.column };
    try { post(out, '*'); } catch (e) {}
  }
  // True when one more message of this kind may go now; otherwise it is counted as dropped. Checked
  // before a message is even described, so a flood costs the page almost nothing.
  function admit(kind) {
    var now = Date.now();
    if (now - windowStart >= 1000) { windowStart = now; inWindow = 0; }
    if (inWindow >= L.messagesPerSecond || sent.chars >= L.charsPerRender || (kind === 'console' ? sent.console >= L.consolePerRender : sent.error >= L.errorsPerRender)) { dropped++; return false; }
    return true;
  }
  function send(message) {
    var kind = message.type;
    if (kind === 'ready') return raw(message);
    if (!admit(kind)) return;
    inWindow++; sent.chars += JSON.stringify(message.args || message.message || '').length; sent[kind === 'console' ? 'console' : 'error']++;
    raw(message);
  }
  setInterval(function () {
    if (!dropped || sent.console >= L.consolePerRender) return;
    var n = dropped; dropped = 0; sent.console++;
    raw({ type: 'console', level: 'warn', args: [n + ' more console messages or errors were not shown (the page sends too many).'] });
  }, 1000);
  var MAX = L.lineChars - 40; // room for the "… (N chars)" suffix within one line
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
      // A reference the compiler could not resolve names the file it wanted and where it was asked for.
      var missing = el.getAttribute && el.getAttribute('data-missing');
      var at = missing ? String(el.getAttribute('data-missing-at') || '').split(':') : [];
      if (missing) send({ type: 'error', message: 'Missing file: ' + missing + ' is not in the workspace', source: at[0] || '', line: Number(at[1]) || 0, column: 0 });
      else send({ type: 'error', message: 'Failed to load ' + (el.currentSrc || el.src || el.href || el.tagName.toLowerCase()), source: '', line: 0, column: 0 });
      return;
    }
    send({ type: 'error', message: String(event.message || 'Script error'), source: where(event.filename), line: event.lineno || 0, column: event.colno || 0 });
  }, true);
  // The preview's policy (connect-src 'none') refused a request: say so, with the line that made it.
  document.addEventListener('securitypolicyviolation', function (event) {
    if (event.effectiveDirective !== 'connect-src') return;
    send({ type: 'error', message: 'Blocked a network request to ' + (event.blockedURI || 'a URL') + ': the preview has no network access (fetch, XHR and WebSocket are off)', source: where(event.sourceFile), line: event.lineNumber || 0, column: event.columnNumber || 0 });
  });
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    send({ type: 'error', message: 'Unhandled rejection: ' + (reason && reason.message ? reason.message : describe(reason, 0, [])), source: '', line: 0, column: 0 });
  });
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      // Past the caps a line is dropped here and also skipped in the devtools console: 10^5 native
      // console calls cost seconds of devtools plumbing, enough to time a render out.
      if (!admit('console')) { if (native++ < 2 * L.consolePerRender) original.apply(console, arguments); return; }
      native++;
      var args = [];
      for (var i = 0; i < arguments.length && i < 20; i++) args.push(describe(arguments[i], 0, []));
      send({ type: 'console', level: level, args: args });
      return original.apply(console, arguments);
    };
  });
  function modal(name, answer) {
    return function (message) { send({ type: 'console', level: 'warn', args: [name + '(): ' + describe(message === undefined ? '' : message, 0, [])] }); return answer; };
  }
  window.alert = modal('alert', undefined);
  window.confirm = modal('confirm', false);
  window.prompt = modal('prompt', null);
  window.print = function () {};
  // Capture, and first: a page's own load listener cannot stop this one, and a synthetic load
  // (dispatchEvent) is not the browser's.
  window.addEventListener('load', function (event) { if (event.isTrusted) send({ type: 'ready' }); }, true);
})();`;
