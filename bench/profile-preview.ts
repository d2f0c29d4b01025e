/**
 * The live preview's worker side alone, for `node --cpu-prof`: the worker handler (imported
 * directly, no Worker, no page) on a replica set (the page's default deployment) holding the bench
 * documents, then a typing session of dry runs as the page sends them (`runScript`, `dryRun`,
 * `keep`), each answer structured-cloned as `postMessage` would.
 *
 *   node --import tsx bench/profile-preview.ts [docs=10000] [keystrokes=20]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-preview.ts 10000 20
 *
 * Prints per keystroke the handler's time and the size of its answer, then the median.
 */
import { makeDocs } from './data.js';
import { EngineHandler } from '../engine/worker/handler.js';
import type { WorkerResponse } from '../engine/worker/protocol.js';
import { median, percentile } from './stats.js';

const docCount = Number(process.argv[2] ?? 10_000);
const keystrokes = Number(process.argv[3] ?? 20);
const handler = new EngineHandler();
let id = 0;

async function send(body: Record<string, unknown>): Promise<WorkerResponse> {
  const response = await handler.handle({ id: ++id, ...body });
  if (!response.ok) throw new Error(`${String(body['type'])}: ${response.error.errmsg}`);
  return response;
}

await send({
  type: 'setup',
  db: 'admin',
  reset: false,
  commands: ['{"configureDeployment":1,"topology":"replicaset"}'],
});
const docs = makeDocs(docCount);
const BATCH = 1000;
for (let i = 0; i < docs.length; i += BATCH) {
  const insert = JSON.stringify({ insert: 'bench', documents: docs.slice(i, i + BATCH) });
  await send({ type: 'setup', db: 'test', reset: i === 0, commands: [insert] });
}

const texts: string[] = [];
let value = '1';
for (let k = 0; k < keystrokes; k++) {
  value = k % 10 < 5 ? value + String((k % 5) + 2) : value.slice(0, -1);
  texts.push(`db.bench.updateMany({}, {$set: {x: ${value}}})`);
}

const times: number[] = [];
const cpuTimes: number[] = [];
let keep: number | undefined;
for (const script of ['db.bench.updateMany({}, {$set: {x: 1}})', ...texts]) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const response = await send({
    type: 'runScript',
    db: 'test',
    script,
    dryRun: true,
    ...(keep === undefined ? {} : { keep }),
  });
  const handled = performance.now() - t0;
  const cloned = structuredClone(response);
  const total = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  const head = (cloned as { result: { runId: number; counts: unknown } }).result;
  keep = head.runId;
  const bytes = JSON.stringify(cloned).length;
  times.push(total);
  console.log(
    `${script.slice(-12)}  handler ${handled.toFixed(1)} ms  +clone ${total.toFixed(1)} ms  ~${(bytes / 1024).toFixed(0)} KiB  ${JSON.stringify(head.counts)}`,
  );
}
times.shift();
cpuTimes.shift();
console.log(
  `CPU (every thread, GC included) median ${median(cpuTimes).toFixed(1)} ms, p95 ${percentile(cpuTimes, 95).toFixed(1)} ms; wall median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${times.length} (${docCount} docs)`,
);
