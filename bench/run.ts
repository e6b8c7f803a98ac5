// `npm run bench`: the real product path in Chromium (built app, served on a free port), each figure
// beside a platform baseline from the same run, then the Node table. Writes bench/results.json.
// `npm run bench -- --only B2` (or `--only B2,B4`) runs some figures; `--samples N` changes the count.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { launch } from './lib/browser';
import { startStudio } from './lib/server';
import { markdownTable, nodeTable } from './lib/table';
import type { Row } from './lib/stats';
import type { BenchContext, Figure } from './figures/context';
import { B1, B2, B3 } from './figures/calls';
import { B4, B9 } from './figures/tabs';
import { B5, B6 } from './figures/start';
import { B7, B8 } from './figures/resources';
import { B10, B11 } from './figures/coedit';
import { B12 } from './figures/navigation';
import { B13 } from './figures/packages';
import { B14 } from './figures/lighthouse';
import { B15 } from './figures/phone';
import { nodeFigures, type NodeRow } from './node';

const FIGURES: Figure[] = [B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15];

const { values } = parseArgs({
	options: {
		only: { type: 'string' },
		samples: { type: 'string', default: '50' },
		starts: { type: 'string', default: '20' },
		'no-node': { type: 'boolean', default: false }
	}
});
const only = values.only ? new Set(values.only.toUpperCase().split(',').map((id) => id.trim())) : null;
const unknown = only ? [...only].filter((id) => !FIGURES.some((f) => f.id === id) && id !== 'NODE') : [];
if (unknown.length) {
	console.error(`Unknown figure ${unknown.join(', ')}: choose from ${FIGURES.map((f) => f.id).join(', ')}, NODE.`);
	process.exit(2);
}
const chosen = FIGURES.filter((figure) => !only || only.has(figure.id));
const runNode = !values['no-node'] && (!only || only.has('NODE'));
const log = (line: string) => process.stderr.write(`${line}\n`);

const began = Date.now();
const rows: Row[] = [];
const failures: string[] = [];
let chromium = '';
if (chosen.length) {
	log('Starting the studio (building first if the sources changed)…');
	const server = await startStudio();
	const browser = await launch();
	chromium = browser.version();
	const ctx: BenchContext = { browser, url: server.url, samples: Number(values.samples), warm: 5, startSamples: Number(values.starts), log };
	try {
		for (const figure of chosen) {
			const t = Date.now();
			log(`${figure.id} ${figure.title}…`);
			try {
				rows.push(...(await figure.run(ctx)));
			} catch (error) {
				// A figure that cannot be measured is a failure of the run, shown, never a silent gap.
				failures.push(`${figure.id}: ${error instanceof Error ? error.message : String(error)}`);
				rows.push({ id: figure.id, what: `${figure.title} — not measured`, unit: 'ms', median: null, p95: null, n: null, baseline: '—', baselineValue: null, ratio: null, target: '—', met: false, note: 'failed, see below' });
			}
			log(`  ${figure.id} took ${((Date.now() - t) / 1000).toFixed(1)} s`);
		}
	} finally {
		await browser.close();
		await server.stop();
	}
}
const node: NodeRow[] = runNode ? await nodeFigures() : [];

const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', chromium, node: process.version, platform: `${process.platform} ${process.arch}` };
const seconds = (Date.now() - began) / 1000;
console.log(`\nWeb Studio benchmarks — ${new Date().toISOString().slice(0, 10)}, ${machine.cpus} CPUs (${machine.cpuModel}), Chromium ${chromium || '—'}, Node ${machine.node}; ${seconds.toFixed(0)} s\n`);
if (rows.length) console.log(`${markdownTable(rows)}\n`);
if (node.length) console.log(`${nodeTable(node)}\n`);
for (const failure of failures) console.log(`not measured — ${failure}`);
writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, rows, node, failures }, null, '\t')}\n`);
process.exit(failures.length ? 1 : 0);
