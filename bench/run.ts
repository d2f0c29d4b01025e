/**
 * `npm run bench` — the engine against mingo, nedb and a hand-written loop, and the page's speed.
 *
 *   npm run bench                    all workloads: 100,000 documents, 5 runs each, page workloads
 *   npm run bench -- --quick         10,000 documents, 3 runs (a check in under two minutes)
 *   npm run bench -- --engine-only   skip the page workloads (no browser, no page build)
 *   npm run bench -- --only=inc-all,pipeline   a subset of the engine workloads (`topology` = workload 7)
 *   npm run bench -- --runs=7 --docs=50000     override the run count / document count
 *   npm run bench -- --wall          compare wall-clock medians instead of CPU-time medians
 *
 * Prints a table, writes bench-results.json (gitignored) and ends with the line
 * `bench: engine/mingo <r1>x engine/hand <r2>x (geometric means)`.
 * Absolute times on a shared machine are noise; the ratios within one run are the figure. The table
 * compares CPU time (process.cpuUsage: user + system of every thread, GC included) by default,
 * because on a busy shared machine wall-clock time is mostly time spent waiting for a core; both
 * medians are in bench-results.json.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runEngineWorkloads, type TimeBasis, type WorkloadResult } from './engine-workloads.js';
import type { EngineModule, WorkloadId } from './implementations.js';
import { runPageWorkloads, type PageResults } from './page-workloads.js';
import { geometricMean } from './stats.js';
import { engineTable, pageTable, topologyTable } from './table.js';
import { runTopologyWorkload, type TopologyResult } from './topology-workload.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Args {
  readonly quick: boolean;
  readonly engineOnly: boolean;
  readonly pageOnly: boolean;
  readonly only: (WorkloadId | 'topology')[] | undefined;
  readonly runs: number | undefined;
  readonly docs: number | undefined;
  readonly basis: TimeBasis;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = value('only');
  const runs = value('runs');
  const docs = value('docs');
  return {
    quick: argv.includes('--quick'),
    engineOnly: argv.includes('--engine-only'),
    pageOnly: argv.includes('--page-only'),
    only: only ? (only.split(',') as (WorkloadId | 'topology')[]) : undefined,
    runs: runs ? Number(runs) : undefined,
    docs: docs ? Number(docs) : undefined,
    basis: argv.includes('--wall') ? 'wall' : 'cpu',
  };
}

/** Builds dist/engine.js (about a second) so the benchmark always measures the current sources. */
function buildEngine(): void {
  const r = spawnSync('npm', ['run', 'build:engine'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build:engine failed:\n${r.stdout}\n${r.stderr}`);
}

function machine(): Record<string, string | number> {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

function peerGeomean(results: readonly WorkloadResult[], peer: 'mingo' | 'nedb' | 'hand'): number {
  return geometricMean(results.map((r) => r.ratios[peer]).filter((x): x is number => x !== undefined));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const docCount = args.docs ?? (args.quick ? 10_000 : 100_000);
  const runs = args.runs ?? (args.quick ? 3 : 5);
  const upsertCount = args.quick ? 1_000 : 10_000;
  const idCount = docCount;
  const started = new Date();
  const log = (line: string) => console.log(line);
  log(
    `bench: ${docCount.toLocaleString('en-US')} documents, ${runs} runs per implementation${args.quick ? ' (quick)' : ''}`,
  );

  let engineResults: WorkloadResult[] = [];
  let topology: TopologyResult | undefined;
  if (!args.pageOnly) {
    buildEngine();
    const mod = (await import(pathToFileURL(`${root}dist/engine.js`).href)) as EngineModule;
    engineResults = await runEngineWorkloads(mod, {
      docCount,
      upsertCount,
      idCount,
      runs,
      only: args.only?.filter((w): w is WorkloadId => w !== 'topology'),
      basis: args.basis,
      log,
    });
    if (!args.only || args.only.includes('topology')) {
      topology = runTopologyWorkload(mod, { inserts: docCount + 1, runs: Math.min(runs, 3), basis: args.basis, log });
    }
  }

  let page: PageResults | undefined;
  if (!args.engineOnly) {
    page = await runPageWorkloads({ root, quick: args.quick, log });
  }

  const geo = {
    mingo: peerGeomean(engineResults, 'mingo'),
    nedb: peerGeomean(engineResults, 'nedb'),
    hand: peerGeomean(engineResults, 'hand'),
  };
  const json = {
    date: started.toISOString(),
    machine: machine(),
    options: { quick: args.quick, docCount, runs, upsertCount, idCount, basis: args.basis },
    engine: engineResults,
    topology: topology ?? null,
    geometricMeans: geo,
    page: page ?? null,
  };
  writeFileSync(`${root}bench-results.json`, `${JSON.stringify(json, null, 2)}\n`);

  console.log('');
  if (engineResults.length > 0) console.log(engineTable(engineResults, args.basis));
  if (topology) {
    console.log('');
    console.log(topologyTable(topology, args.basis));
  }
  if (page) {
    console.log('');
    console.log(pageTable(page));
  }
  console.log('');
  console.log(`machine: ${JSON.stringify(json.machine)}; results in bench-results.json`);
  const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
  console.log(`bench: engine/mingo ${fmt(geo.mingo)}x engine/hand ${fmt(geo.hand)}x (geometric means)`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
