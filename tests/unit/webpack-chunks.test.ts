// The chunks a worker built by webpack 5 loads with importScripts, named ahead (frame/webpack-chunks.js).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

/** webpack-chunks.js is a plain browser script: its function, taken out. */
const chunks = new Function(`${readFileSync(new URL('../../src/lib/preview/frame/webpack-chunks.js', import.meta.url), 'utf8')}\nreturn studioWebpackChunks;`)() as (code: string) => string[];

describe('a webpack worker\'s chunks', () => {
	it('names them as its runtime computes them: one hash, a map of hashes, a function, the public path', () => {
		// Docusaurus 3.10's local search worker, as built (its start loads chunk 68).
		const docusaurus = 't.m=e,t.x=()=>{let e=t.O(void 0,[68],()=>t(8068));return e=t.O(e),e},t.u=e=>"assets/js/"+e+".17ecb192.js",t.miniCssF=e=>{},t.p="/",t.f.i=r=>{e[r]||importScripts(t.p+t.u(r))};';
		expect(chunks(docusaurus)).toEqual(['/assets/js/68.17ecb192.js']);
		const mapped = 'n.u=e=>"static/js/"+e+"."+{12:"ab12cd34",97:"ef56ab78"}[e]+".chunk.js",n.p="/app/",n.e(12).then(n.bind(n,5));importScripts(n.p+n.u(c))';
		expect(chunks(mapped).sort()).toEqual(['/app/static/js/12.ab12cd34.chunk.js', '/app/static/js/97.ef56ab78.chunk.js']);
		const older = 'r.u=function(e){return"js/"+e+".worker.js"},r.e(3),importScripts(r.p+r.u(e))';
		expect(chunks(older)).toEqual(['/js/3.worker.js']);
	});

	it('names none in a worker webpack did not build, or one whose names it cannot complete', () => {
		expect(chunks('importScripts("lunr.js"); self.onmessage = () => {};')).toEqual([]);
		// A chunk the map has no hash for is not guessed.
		expect(chunks('n.u=e=>"js/"+e+"."+{1:"aa"}[e]+".js",n.e(2);importScripts(n.p+n.u(2))')).toEqual(['/js/1.aa.js']);
	});
});
