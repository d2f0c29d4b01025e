/**
 * A/B of two engine builds in one process, runs interleaved (A, B, A, B, …) so both see the same
 * machine load; each run's CPU time is measured after a forced collection and a wait until the
 * process is idle (`fullGcAndSettle`), as `npm run bench` does:
 *
 *   (cd ../other-checkout && npm run build:engine)
 *   npm run build:engine
 *   node --expose-gc --import tsx bench/ab-engine.ts ../other-checkout/dist/engine.js dist/engine.js update-one-by-id [docs] [rounds]
 *
 * Prints each side's median CPU and the B/A ratio of the medians.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeDocs, makeIdSequence, makeUpserts } from './data.js';
import { engineImplementations, type EngineModule, type Runner, type WorkloadId } from './implementations.js';
import { fullGcAndSettle, median } from './stats.js';

const [pathA, pathB, idArg, docsArg, roundsArg] = process.argv.slice(2);
if (!pathA || !pathB) throw new Error('usage: ab-engine.ts A/dist/engine.js B/dist/engine.js workload [docs] [rounds]');
const id = (idArg ?? 'update-one-by-id') as WorkloadId;
const docCount = Number(docsArg ?? 100_000);
const rounds = Number(roundsArg ?? 7);
const input = {
  docs: makeDocs(docCount),
  upserts: makeUpserts(Math.max(1, Math.floor(docCount / 10)), docCount),
  ids: makeIdSequence(docCount, docCount),
};

async function runnerOf(path: string): Promise<Runner> {
  const mod = (await import(pathToFileURL(resolve(path)).href)) as EngineModule;
  const impl = engineImplementations(mod, input)[id];
  if (!impl || 'unsupported' in impl) throw new Error(`unknown workload ${id}`);
  return impl.runner();
}

const sides = [
  { name: 'A', runner: await runnerOf(pathA), cpu: [] as number[] },
  { name: 'B', runner: await runnerOf(pathB), cpu: [] as number[] },
];
for (let r = 0; r < rounds; r++) {
  for (const side of sides) {
    await side.runner.setup();
    await fullGcAndSettle();
    const cpu0 = process.cpuUsage();
    await side.runner.run();
    const cpu = process.cpuUsage(cpu0);
    side.cpu.push((cpu.user + cpu.system) / 1000);
  }
}
const [a, b] = sides.map((s) => median(s.cpu));
for (const s of sides) console.log(`${s.name}: median ${median(s.cpu).toFixed(0)} ms  [${s.cpu.map((x) => x.toFixed(0)).join(' ')}]`);
console.log(`${id}: B/A ${(b! / a!).toFixed(3)}`);
