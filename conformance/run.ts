/**
 * `npm run conformance [-- DIR]`: runs every unified-format JSON file under DIR (default:
 * ../shared/conformance/mongodb-specifications beside the repository) against the engine,
 * advertising MongoDB 8.0.0 on a replica set.
 *
 * Counting (printed on the last line, `conformance: P passed, F failed, S skipped of T`):
 * - T counts only the tests whose runOnRequirements hold at 8.0.0/replicaset; the others are
 *   reported on a separate "not applicable" line and are in none of P, F, S.
 * - S: applicable tests listed in conformance/skip-list.ts. They still run; one that passes is
 *   reported loudly as "unexpectedly passing" (remove it from the list) but does not fail the run.
 * - valid-fail files (a `valid-fail` directory): the runner must reject their tests, so such a
 *   test counts as passed when it fails and as failed when it passes.
 * Exit code 1 when F > 0.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEJSON } from '../engine/bson/ejson.js';
import { isDoc } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { FailPointEngine } from './fail-points.js';
import { ADVERTISED } from './requirements.js';
import { SKIP_LIST } from './skip-list.js';
import type { SkipEntry } from './skip-list.js';
import { runFile, type FileOutcome } from './unified-runner.js';
import { deviationFor } from './driver/deviations.js';
import { runFileWithDriver } from './driver/driver-runner.js';
import { startWireServer, type WireServer } from '../server/wire-server.js';

/**
 * Port of the wire server the driver mode runs against: 0, a free loopback port the system picks,
 * so two runs at once (two checkouts, CI beside a developer) never collide; the driver is given
 * the port the server got.
 */
const DRIVER_PORT = 0;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const defaultDir = resolve(repoRoot, '..', 'shared', 'conformance', 'mongodb-specifications');

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsonFiles(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

function skipEntryFor(file: string, test: string): SkipEntry | undefined {
  const norm = file.split('\\').join('/');
  return SKIP_LIST.find((e) => norm.endsWith(e.file) && (e.test === undefined || e.test === test));
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const driverMode = argv.includes('--driver');
  const arg = argv.find((a) => a !== '--driver');
  const dir = arg !== undefined ? resolve(process.cwd(), arg) : defaultDir;
  if (!existsSync(dir)) {
    if (arg === undefined) {
      console.log(`conformance: skipped (${dir} not found)`);
      return 0;
    }
    console.error(`conformance: ${dir} not found`);
    return 1;
  }
  const files = statSync(dir).isDirectory() ? jsonFiles(dir) : [dir];
  const base = statSync(dir).isDirectory() ? dir : dirname(dir);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let notApplicable = 0;
  const failures: string[] = [];
  const unexpected: string[] = [];
  const usedSkips = new Set<SkipEntry>();
  const started = Date.now();
  let server: WireServer | undefined;
  const driver = { passed: 0, failed: 0, deviations: 0, failures: [] as string[], disagreements: [] as string[] };
  if (driverMode) {
    server = await startWireServer({
      engine: new FailPointEngine(new Engine({ topology: 'replicaset' })),
      port: DRIVER_PORT,
    });
  }
  for (const path of files) {
    const rel = relative(base, path).split('\\').join('/');
    let parsed;
    try {
      parsed = parseEJSON(readFileSync(path, 'utf8'), { relaxed: false });
    } catch (e) {
      failed++;
      failures.push(`FAIL ${rel}: cannot parse (${(e as Error).message})`);
      continue;
    }
    if (!isDoc(parsed)) {
      failed++;
      failures.push(`FAIL ${rel}: not a JSON object`);
      continue;
    }
    const validFail =
      /(^|\/)valid-fail\//.test(relative(repoRoot, path).split('\\').join('/')) || rel.includes('valid-fail/');
    const outcome = runFile(parsed, {
      createEngine: () => new FailPointEngine(new Engine({ topology: 'replicaset' })),
    });
    if (server !== undefined && outcome.fileError === undefined) {
      const wire = server;
      const viaDriver: FileOutcome = await runFileWithDriver(parsed, {
        createEngine: () => new FailPointEngine(new Engine({ topology: 'replicaset' })),
        serve: (engine) => {
          wire.engine = engine;
        },
        uri: `mongodb://127.0.0.1:${wire.port}/`,
      });
      viaDriver.tests.forEach((t, i) => {
        if (t.status === 'not-applicable') return;
        const emulated = outcome.tests[i];
        const ok = validFail ? t.status === 'failed' : t.status === 'passed';
        const deviation = deviationFor(path, t.description);
        if (deviation !== undefined) {
          driver.deviations++;
          if (ok) driver.failures.push(`DRIVER DEVIATION NOW PASSES (remove it): ${rel} :: ${t.description}`);
          else driver.disagreements.push(`DRIVER DEVIATION ${rel} :: ${t.description} — ${deviation.reason}`);
          return;
        }
        if (ok) driver.passed++;
        else {
          driver.failed++;
          driver.failures.push(`DRIVER FAIL ${rel} :: ${t.description} — ${t.reason ?? 'failed'}`);
        }
        if (emulated !== undefined && emulated.status !== t.status && deviation === undefined) {
          driver.disagreements.push(
            `DISAGREE ${rel} :: ${t.description}: emulated ${emulated.status}, driver ${t.status}`,
          );
        }
      });
    }
    if (outcome.fileError !== undefined) {
      failed++;
      failures.push(`FAIL ${rel}: ${outcome.fileError}`);
      continue;
    }
    for (const t of outcome.tests) {
      if (t.status === 'not-applicable') {
        notApplicable++;
        continue;
      }
      const ok = validFail ? t.status === 'failed' : t.status === 'passed';
      const skip = skipEntryFor(path, t.description);
      if (skip !== undefined) {
        usedSkips.add(skip);
        skipped++;
        if (ok) unexpected.push(`UNEXPECTEDLY PASSING (remove from skip list): ${rel} :: ${t.description}`);
        continue;
      }
      if (ok) passed++;
      else {
        failed++;
        const why = validFail ? 'valid-fail test was not rejected by the runner' : (t.reason ?? 'failed');
        failures.push(`FAIL ${rel} :: ${t.description} — ${why}`);
      }
    }
  }
  for (const f of failures) console.log(f);
  for (const u of unexpected) console.log(u);
  const stale = SKIP_LIST.filter((e) => !usedSkips.has(e));
  if (arg === undefined)
    for (const e of stale)
      console.log(
        `STALE SKIP ENTRY (matches no applicable test): ${e.file}${e.test !== undefined ? ` :: ${e.test}` : ''}`,
      );
  console.log(
    `not applicable at ${ADVERTISED.serverVersion}/${ADVERTISED.topology}: ${notApplicable} tests (not counted below); ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  const total = passed + failed + skipped;
  if (server !== undefined) {
    await server.close();
    for (const f of driver.failures) console.log(f);
    for (const d of driver.disagreements) console.log(d);
    console.log(
      `conformance (official driver over the wire): ${driver.passed} passed, ${driver.failed} failed, ${driver.deviations} known driver deviations of ${driver.passed + driver.failed + driver.deviations}; emulated runner: ${passed} passed`,
    );
  }
  console.log(`conformance: ${passed} passed, ${failed} failed, ${skipped} skipped of ${total}`);
  return failed > 0 || driver.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
