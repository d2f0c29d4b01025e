/**
 * `npm run compare -- --uri mongodb://host:port SCENARIO`: the scenario on the engine and on that
 * server (through the official driver, in a scratch database created and dropped here), with the
 * differences per statement. SCENARIO is a gallery id (public/examples/scenarios.json), a file
 * holding one scenario, or `FILE --scenario-id ID` for a gallery file. Exit code 0 when nothing
 * differs, 1 when something does, 2 for bad arguments or a refusal.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readScenarioFile } from '../server/start-state.js';
import { CompareRefused, compareScenario, formatReport } from './run-compare.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GALLERY = join(root, 'public', 'examples', 'scenarios.json');

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let uri: string | undefined;
  let scratchDb: string | undefined;
  let scenarioId: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--uri') uri = argv[++i];
    else if (a.startsWith('--uri=')) uri = a.slice(6);
    else if (a === '--db') scratchDb = argv[++i];
    else if (a === '--scenario-id') scenarioId = argv[++i];
    else if (a.startsWith('--')) {
      process.stderr.write(`compare: unknown option ${a}\n`);
      return 2;
    } else rest.push(a);
  }
  if (uri === undefined || rest.length !== 1) {
    process.stderr.write(
      'usage: npm run compare -- --uri mongodb://host:port [--db SCRATCH] SCENARIO|FILE [--scenario-id ID]\n',
    );
    return 2;
  }
  const target = rest[0]!;
  try {
    const scenario = existsSync(target) ? readScenarioFile(target, scenarioId) : readScenarioFile(GALLERY, target);
    const report = await compareScenario({ uri, scenario, scratchDb });
    process.stdout.write(`${formatReport(report)}\n`);
    return report.differences === 0 ? 0 : 1;
  } catch (e) {
    process.stderr.write(`compare: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof CompareRefused ? 2 : 2;
  }
}

process.exitCode = await main();
