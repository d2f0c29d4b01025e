/**
 * Engine workloads: for each of the six workloads, check that every implementation leaves
 * the same documents and counts on fresh data, then time several runs (fresh data for each, built
 * outside the timed region, a full GC before each) and keep the median.
 */
import { makeDocs, makeIdSequence, makeUpserts } from './data.js';
import {
  engineImplementations,
  handImplementations,
  IMPL_NAMES,
  mingoImplementations,
  nedbImplementations,
  type EngineModule,
  type ImplName,
  type Implementation,
  type Outcome,
  type WorkloadId,
  type WorkloadInput,
} from './implementations.js';
import { canonicalDocs, firstDifference, type CanonicalOptions } from './plain.js';
import { fullGcAndSettle, median } from './stats.js';

export interface WorkloadSpec {
  readonly id: WorkloadId;
  readonly number: number;
  readonly title: string;
  readonly canonical: CanonicalOptions;
}

export function workloadSpecs(docCount: number, upsertCount: number, idCount: number): WorkloadSpec[] {
  const n = docCount.toLocaleString('en-US');
  return [
    { id: 'inc-all', number: 1, title: `updateMany {$inc: {n: 1}}, all ${n} docs`, canonical: { sortBy: '_id' } },
    {
      id: 'array-filters',
      number: 2,
      title: `updateMany $and($in, range, $elemMatch) + $set tags.$[t] arrayFilters, ${n} docs`,
      canonical: { sortBy: '_id' },
    },
    {
      id: 'pipeline',
      number: 3,
      title: `updateMany pipeline $set total: {$add: [$a, $b]}, ${n} docs`,
      canonical: { sortBy: '_id' },
    },
    {
      id: 'bulk-upsert',
      number: 4,
      title: `update of ${upsertCount.toLocaleString('en-US')} upserts (half match), unique index, ${n} docs`,
      canonical: { sortBy: 'k', dropId: true },
    },
    {
      id: 'update-one-by-id',
      number: 5,
      title: `updateOne by _id x ${idCount.toLocaleString('en-US')}, ${n} docs`,
      canonical: { sortBy: '_id' },
    },
    {
      id: 'find-count',
      number: 6,
      title: `find with the filter of (2), count only, ${n} docs`,
      canonical: { sortBy: '_id' },
    },
  ];
}

export type ImplResult =
  | {
      readonly status: 'ok';
      /** Wall-clock time of each timed run. */
      readonly runsMs: number[];
      /** CPU time (user + system, every thread of the process, GC included) of each timed run. */
      readonly cpuRunsMs: number[];
      readonly medianMs: number;
      readonly medianCpuMs: number;
      /** The median the table and ratios use (the chosen basis). */
      readonly figureMs: number;
      readonly outcome: Outcome;
      readonly note?: string;
    }
  | { readonly status: 'unsupported'; readonly reason: string }
  | { readonly status: 'mismatch'; readonly reason: string }
  | { readonly status: 'error'; readonly reason: string };

export interface WorkloadResult {
  readonly id: WorkloadId;
  readonly number: number;
  readonly title: string;
  readonly results: Record<ImplName, ImplResult>;
  /** engine median / peer median on the chosen basis (undefined when either is missing). */
  readonly ratios: Partial<Record<Exclude<ImplName, 'engine'>, number>>;
}

export interface EngineBenchOptions {
  readonly docCount: number;
  readonly upsertCount: number;
  readonly idCount: number;
  readonly runs: number;
  readonly only?: readonly WorkloadId[] | undefined;
  /**
   * What the table and ratios compare: 'cpu' (process CPU time; robust on a shared machine where
   * wall-clock time is mostly waiting for a core) or 'wall'.
   */
  readonly basis: TimeBasis;
  readonly log: (line: string) => void;
}

export type TimeBasis = 'cpu' | 'wall';

function sameOutcome(expected: Outcome, actual: Outcome): string | undefined {
  if (expected.matched !== actual.matched) return `matched ${actual.matched}, expected ${expected.matched}`;
  if (expected.modified !== undefined && actual.modified !== undefined && expected.modified !== actual.modified)
    return `modified ${actual.modified}, expected ${expected.modified}`;
  if (expected.upserted !== undefined && actual.upserted !== undefined && expected.upserted !== actual.upserted)
    return `upserted ${actual.upserted}, expected ${expected.upserted}`;
  return undefined;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message.split('\n')[0]!.slice(0, 300) : String(e);
}

export async function runEngineWorkloads(mod: EngineModule, options: EngineBenchOptions): Promise<WorkloadResult[]> {
  const docs = makeDocs(options.docCount);
  const input: WorkloadInput = {
    docs,
    upserts: makeUpserts(options.upsertCount, options.docCount),
    ids: makeIdSequence(options.idCount, options.docCount),
  };
  const impls: Record<ImplName, Record<WorkloadId, Implementation>> = {
    engine: engineImplementations(mod, input),
    mingo: mingoImplementations(input),
    nedb: nedbImplementations(input),
    hand: handImplementations(input),
  };
  const out: WorkloadResult[] = [];
  for (const spec of workloadSpecs(options.docCount, options.upsertCount, options.idCount)) {
    if (options.only && !options.only.includes(spec.id)) continue;
    options.log(`(${spec.number}) ${spec.title}`);
    let reference: { docs: string[]; outcome: Outcome } | undefined;
    const results = {} as Record<ImplName, ImplResult>;
    for (const name of IMPL_NAMES) {
      const impl = impls[name][spec.id];
      if ('unsupported' in impl) {
        results[name] = { status: 'unsupported', reason: impl.unsupported };
        options.log(`    ${name}: unsupported (${impl.unsupported})`);
        continue;
      }
      try {
        const runner = impl.runner();
        // Check run (also the warm-up): the same documents and counts as the engine's.
        await runner.setup();
        const outcome = await runner.run();
        const resultDocs = canonicalDocs(await runner.result(), spec.canonical);
        if (!reference) reference = { docs: resultDocs, outcome };
        else {
          const diff = sameOutcome(reference.outcome, outcome) ?? firstDifference(reference.docs, resultDocs);
          if (diff) {
            results[name] = { status: 'mismatch', reason: diff.slice(0, 400) };
            options.log(`    ${name}: MISMATCH with the engine, not timed: ${diff.slice(0, 400)}`);
            continue;
          }
        }
        const runsMs: number[] = [];
        const cpuRunsMs: number[] = [];
        for (let r = 0; r < options.runs; r++) {
          await runner.setup();
          await fullGcAndSettle();
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          await runner.run();
          runsMs.push(performance.now() - t0);
          const cpu = process.cpuUsage(cpu0);
          cpuRunsMs.push((cpu.user + cpu.system) / 1000);
        }
        const medianMs = median(runsMs);
        const medianCpuMs = median(cpuRunsMs);
        results[name] = {
          status: 'ok',
          runsMs,
          cpuRunsMs,
          medianMs,
          medianCpuMs,
          figureMs: options.basis === 'cpu' ? medianCpuMs : medianMs,
          outcome,
          ...(impl.note !== undefined ? { note: impl.note } : {}),
        };
        const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
        options.log(
          `    ${name}: median wall ${medianMs.toFixed(1)} ms (${list(runsMs)}), cpu ${medianCpuMs.toFixed(1)} ms (${list(cpuRunsMs)}) ${JSON.stringify(outcome)}`,
        );
      } catch (e) {
        results[name] = { status: 'error', reason: message(e) };
        options.log(`    ${name}: ERROR ${message(e)}`);
        if (name === 'engine') reference = undefined;
      }
    }
    const engine = results.engine;
    const ratios: WorkloadResult['ratios'] = {};
    for (const peer of ['mingo', 'nedb', 'hand'] as const) {
      const p = results[peer];
      if (engine.status === 'ok' && p.status === 'ok') ratios[peer] = engine.figureMs / p.figureMs;
    }
    out.push({ id: spec.id, number: spec.number, title: spec.title, results, ratios });
  }
  return out;
}
