/**
 * The benchmark the issue asks for: `[{$set: {total: {$add: ["$a", "$b"]}}}]` applied to
 * 100,000 documents. Pure (uses only `performance.now`), so the bench runner can import it.
 */
import { Int32, Timestamp, type Doc, type Value } from '../bson/values.js';
import type { RuntimeEnv } from '../runtime.js';
import { parsePipelineUpdate } from './pipeline-executor.js';

export interface BenchResult {
  readonly documents: number;
  readonly ms: number;
  readonly modified: number;
}

export function runSetAddBenchmark(documents = 100_000): BenchResult {
  const stage: Doc = new Map([
    ['$set', new Map([['total', new Map([['$add', ['$a', '$b']]])]])],
  ]);
  const executor = parsePipelineUpdate([stage], { collator: null });
  const env: RuntimeEnv = { variables: new Map(), now: new Date(0), clusterTime: new Timestamp({ t: 0, i: 0 }) };
  const docs: Doc[] = [];
  for (let n = 0; n < documents; n++) {
    docs.push(
      new Map<string, Value>([
        ['_id', new Int32(n)],
        ['a', new Int32(n)],
        ['b', new Int32(2 * n)],
        ['name', `document number ${n}`],
      ]),
    );
  }
  const start = performance.now();
  let modified = 0;
  for (const doc of docs) {
    const r = executor.apply(doc, { isUpsertInsert: false, immutablePaths: ['_id'], env });
    if (!r.noop) modified++;
  }
  return { documents, ms: performance.now() - start, modified };
}
