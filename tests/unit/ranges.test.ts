// The preview's answer to a request for part of a file (frame/ranges.js), as a static host gives it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';

type Reply = { status: number; statusText: string; body: unknown; headers: Record<string, string> };
type Answered = (answer: Record<string, unknown>, method: string, range: string | null) => Reply;
type Ranges = { answered: Answered; response: (answer: Record<string, unknown>, method: string, range: string | null, url: URL) => Response };

/** ranges.js is a plain browser script: its functions, run on an api object of their own. */
function load(): Ranges {
	const text = readFileSync(new URL('../../src/lib/preview/frame/ranges.js', import.meta.url), 'utf8');
	const api: Partial<Ranges> = {};
	(new Function('api', `${text}\nstudioRanges(api);`) as (api: object) => void)(api);
	return api as Ranges;
}
const ranges = load();
const answered = ranges.answered;
const file = (size: number) => ({ status: 200, statusText: 'OK', mimeType: 'application/octet-stream', body: Uint8Array.from({ length: size }, (_, i) => i % 251).buffer });
const bytes = (body: unknown) => Array.from(new Uint8Array(body as ArrayBuffer));

describe('a file asked for in parts', () => {
	it('a first-last range gets those bytes with 206 and Content-Range; any range inside the file does', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 3000 }), fc.nat(), fc.nat(), (size, a, b) => {
				const first = a % size;
				const last = first + (b % (size - first));
				const reply = answered(file(size), 'GET', `bytes=${first}-${last}`);
				expect(reply.status).toBe(206);
				expect(reply.headers['content-range']).toBe(`bytes ${first}-${last}/${size}`);
				expect(reply.headers['content-length']).toBe(String(last - first + 1));
				expect(bytes(reply.body)).toEqual(bytes(file(size).body).slice(first, last + 1));
			})
		);
	});

	it('an open range, a suffix and one past the end are answered as nginx answers them', () => {
		expect(answered(file(100), 'GET', 'bytes=90-').headers['content-range']).toBe('bytes 90-99/100');
		// A last byte past the end is the file's last byte (PMTiles asks for 16 KiB of a smaller archive).
		expect(answered(file(100), 'GET', 'bytes=0-16383').headers['content-range']).toBe('bytes 0-99/100');
		const suffix = answered(file(100), 'GET', 'bytes=-5');
		expect([suffix.status, suffix.headers['content-range'], bytes(suffix.body)]).toEqual([206, 'bytes 95-99/100', [95, 96, 97, 98, 99]]);
		const past = answered(file(100), 'GET', 'bytes=100-200');
		expect([past.status, past.headers['content-range'], past.headers['content-length']]).toEqual([416, 'bytes */100', '0']);
		expect(answered(file(100), 'GET', 'bytes=-0').status).toBe(416);
	});

	it('no range, several ranges, one a host ignores, a HEAD and a missing file get the whole answer; a text file is cut by its bytes', () => {
		expect(answered(file(10), 'HEAD', 'bytes=0-1').status).toBe(200);
		for (const range of [null, 'bytes=0-1,5-6', 'bytes=5-2', 'items=0-1', 'bytes=-']) {
			const reply = answered(file(10), 'GET', range);
			expect([reply.status, reply.headers['accept-ranges'], reply.headers['content-length'], reply.headers['content-range']]).toEqual([200, 'bytes', '10', undefined]);
		}
		const missing = answered({ status: 404, statusText: 'Not Found', mimeType: 'text/plain', body: 'gone.txt' }, 'GET', 'bytes=0-1');
		expect([missing.status, missing.body, missing.headers['accept-ranges']]).toEqual([404, 'gone.txt', undefined]);
		const text = answered({ status: 200, statusText: 'OK', mimeType: 'text/plain', body: 'héllo' }, 'GET', 'bytes=0-2');
		expect([text.status, new TextDecoder().decode(text.body as ArrayBuffer), text.headers['content-type']]).toEqual([206, 'hé', 'text/plain']);
	});

	it('a response is at the URL asked, or where a host\'s redirect led with the query asked, and says it was redirected', async () => {
		const page = { status: 200, statusText: 'OK', mimeType: 'text/html', body: '<h1>Blog</h1>' };
		const plain = ranges.response(page, 'GET', null, new URL('https://site.invalid/blog/?a=1#top'));
		expect([plain.url, plain.redirected, await plain.text()]).toEqual(['https://site.invalid/blog/?a=1', false, '<h1>Blog</h1>']);
		const moved = ranges.response({ ...page, redirected: '/blog/' }, 'GET', null, new URL('https://site.invalid/blog?a=1#top'));
		expect([moved.url, moved.redirected, moved.status, moved.headers.get('content-length')]).toEqual(['https://site.invalid/blog/?a=1', true, 200, '13']);
		expect(await ranges.response(page, 'HEAD', null, new URL('https://site.invalid/')).text()).toBe('');
	});
});
