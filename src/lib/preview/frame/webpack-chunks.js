// @ts-check
// The chunks a classic worker built by webpack 5 loads with importScripts (Docusaurus's local search
// worker), whose names its runtime computes: a synchronous importScripts cannot wait for the page to
// fetch them, so the page hands them over ahead (workers.js). Pure: unit-tested in Node.

/** webpack 5's chunk file names (`t.u=e=>"assets/js/"+e+".17ecb192.js"`, or `…+"."+{68:"17ecb192"}[e]+".js"`): its parameter, then the sum. */
var WEBPACK_NAME = /\.u\s*=\s*(?:\(?\s*(\w+)\s*\)?\s*=>\s*|function\s*\(\s*(\w+)\s*\)\s*\{\s*return\s*)((?:"[^"]*"|\w+|\{[^{}]*\}\[\w+\])(?:\s*\+\s*(?:"[^"]*"|\w+|\{[^{}]*\}\[\w+\]))*)/;
/**
 * The chunks a worker webpack 5 built loads with importScripts (Docusaurus's local search): its
 * chunk file names are computed at run time (WEBPACK_NAME), for the chunk ids its code names (its
 * start's `t.O(void 0,[68],…)`, `t.e(68)`, a map's keys), under its public path (`t.p="/"`).
 * @param {string} code
 * @returns {string[]} the chunks' URLs as the worker computes them
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWebpackChunks(code) {
	var name = WEBPACK_NAME.exec(code);
	if (!name) return [];
	var param = name[1] || name[2];
	var parts = String(name[3]).split(/\s*\+\s*/);
	/** @type {Record<string, string>} */
	var hashes = {};
	/** @type {Set<string>} */
	var ids = new Set();
	parts.forEach(function (part) {
		if (part.charAt(0) !== '{') return;
		part.replace(/(\d+|"[^"]*")\s*:\s*"([^"]*)"/g, function (entry, key, hash) {
			var id = key.charAt(0) === '"' ? key.slice(1, -1) : key;
			hashes[id] = hash;
			ids.add(id);
			return entry;
		});
	});
	code.replace(/\.e\(\s*(\d+)\s*\)|\.O\(\s*void 0\s*,\s*\[([\d,\s]+)\]/g, function (call, one, some) {
		String(one || some)
			.split(',')
			.forEach(function (id) {
				if (id.trim()) ids.add(id.trim());
			});
		return call;
	});
	var root = (/\.p\s*=\s*"([^"]*)"/.exec(code) || [])[1] || '/';
	/** @type {string[]} */
	var urls = [];
	ids.forEach(function (id) {
		var named = parts.map(function (part) {
			if (part === param) return id;
			if (part.charAt(0) === '"') return part.slice(1, -1);
			return part.charAt(0) === '{' && id in hashes ? hashes[id] : null;
		});
		if (named.every(function (piece) {
			return piece !== null;
		}))
			urls.push(root + named.join(''));
	});
	return urls;
}
