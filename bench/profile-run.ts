/**
 * Like profile-engine.ts, but the CPU profile covers the timed runs only (not setup):
 *
 *   npm run build:engine
 *   node --import tsx bench/profile-run.ts inc-all [docs] [runs] [out.cpuprofile]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeDocs, makeIdSequence, makeUpserts } from './data.js';
import { engineImplementations, type EngineModule, type WorkloadId } from './implementations.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const id = (process.argv[2] ?? 'inc-all') as WorkloadId;
const docCount = Number(process.argv[3] ?? 100_000);
const runs = Number(process.argv[4] ?? 3);
const out = process.argv[5] ?? `${id}.cpuprofile`;

const mod = (await import(pathToFileURL(`${root}dist/engine.js`).href)) as EngineModule;
const input = {
  docs: makeDocs(docCount),
  upserts: makeUpserts(Math.max(1, Math.floor(docCount / 10)), docCount),
  ids: makeIdSequence(docCount, docCount),
};
const impl = engineImplementations(mod, input)[id];
if (!impl || 'unsupported' in impl) throw new Error(`unknown workload ${id}`);
const runner = impl.runner();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
for (let r = 0; r < runs; r++) {
  await runner.setup();
  (globalThis as { gc?: () => void }).gc?.();
  await session.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const outcome = await runner.run();
  const cpu = process.cpuUsage(cpu0);
  const { profile } = await session.post('Profiler.stop');
  if (r === runs - 1) writeFileSync(out, JSON.stringify(profile));
  console.log(`${id}: cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms ${JSON.stringify(outcome)}`);
}
