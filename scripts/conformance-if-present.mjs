#!/usr/bin/env node
/**
 * `npm run test:conformance`: runs the conformance runner (conformance/run.ts) when the shared
 * MongoDB specification tests exist beside the repository (../shared/conformance), and says that
 * it skipped them otherwise. The runner's own exit code is passed through.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = resolve(root, '..', 'shared', 'conformance');
const runner = join(root, 'conformance', 'run.ts');

if (!existsSync(data)) {
  console.log(`conformance: skipped (${data} not found)`);
  process.exit(0);
}
if (!existsSync(runner)) {
  console.log('conformance: skipped (conformance/run.ts not written yet)');
  process.exit(0);
}

const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const result = spawnSync(tsx, [runner, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (result.error) {
  console.error(`conformance: cannot start the runner: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
