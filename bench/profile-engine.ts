/**
 * Runs one engine workload alone, for a CPU profile of the built engine:
 *
 *   npm run build:engine
 *   node --cpu-prof --cpu-prof-dir=prof --import tsx bench/profile-engine.ts inc-all [docs] [runs]
 *
 * Open prof/*.cpuprofile in Chrome DevTools (Performance → Load profile). Workload ids:
 * inc-all, array-filters, pipeline, bulk-upsert, update-one-by-id, find-count.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeDocs, makeIdSequence, makeUpserts } from './data.js';
import { engineImplementations, type EngineModule, type WorkloadId } from './implementations.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const id = (process.argv[2] ?? 'inc-all') as WorkloadId;
const docCount = Number(process.argv[3] ?? 100_000);
const runs = Number(process.argv[4] ?? 3);

const mod = (await import(pathToFileURL(`${root}dist/engine.js`).href)) as EngineModule;
const input = {
  docs: makeDocs(docCount),
  upserts: makeUpserts(Math.max(1, Math.floor(docCount / 10)), docCount),
  ids: makeIdSequence(docCount, docCount),
};
const impl = engineImplementations(mod, input)[id];
if (!impl || 'unsupported' in impl) throw new Error(`unknown workload ${id}`);
const runner = impl.runner();
for (let r = 0; r < runs; r++) {
  runner.setup();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await runner.run();
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${id}: wall ${(performance.now() - t0).toFixed(0)} ms, cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms ${JSON.stringify(outcome)}`,
  );
}
