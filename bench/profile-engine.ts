/**
 * Runs one engine workload alone, for a CPU profile of the built engine:
 *
 *   npm run build:engine
 *   node --cpu-prof --cpu-prof-dir=prof --import tsx bench/profile-engine.ts inc-all [docs] [runs]
 *
 * Open prof/*.cpuprofile in Chrome DevTools (Performance → Load profile). Workload ids:
 * inc-all, array-filters, pipeline, bulk-upsert, update-one-by-id, find-count.
 */
import { profiledWorkload } from './profile-workload.js';

const { id, runs, runner } = await profiledWorkload(process.argv.slice(2));
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
