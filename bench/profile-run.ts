/**
 * Like profile-engine.ts, but the CPU profile covers the timed runs only (not setup):
 *
 *   npm run build:engine
 *   node --import tsx bench/profile-run.ts inc-all [docs] [runs] [out.cpuprofile]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { profiledWorkload } from './profile-workload.js';
import { fullGcAndSettle } from './stats.js';

const { id, runs, runner } = await profiledWorkload(process.argv.slice(2));
const out = process.argv[5] ?? `${id}.cpuprofile`;
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
for (let r = 0; r < runs; r++) {
  await runner.setup();
  await fullGcAndSettle();
  await session.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const outcome = await runner.run();
  const cpu = process.cpuUsage(cpu0);
  const { profile } = await session.post('Profiler.stop');
  if (r === runs - 1) writeFileSync(out, JSON.stringify(profile));
  console.log(`${id}: cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms ${JSON.stringify(outcome)}`);
}
