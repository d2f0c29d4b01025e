/**
 * Real mongosh against the playground's shell: a gallery scenario's script runs in mongosh
 * (tools/mongosh, `--quiet --json=relaxed --eval`, against the engine served on the wire) and in
 * the engine's shell interpreter; what each prints for the script (mongosh prints the last
 * statement's value, or the error that stopped the script) is compared after normalising the
 * values each side generates for itself (ObjectIds, dates, timestamps).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatShellOutput, formatShellResultEJSON, runShellScript } from '../engine/shell/index.js';
import type { Scenario } from '../web/scenarios/index.js';
import { startFromScenario } from './start-state.js';
import { startWireServer } from './wire-server.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** mongosh installed by `.ci/run` (`npm ci --prefix tools/mongosh`). */
export const MONGOSH = join(root, 'tools', 'mongosh', 'node_modules', '.bin', 'mongosh');

export function mongoshAvailable(): boolean {
  return existsSync(MONGOSH);
}

/** ObjectIds, dates and timestamps (each side generates its own) replaced by placeholders. */
function placeholders(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(placeholders);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('$oid' in o) return '<ObjectId>';
    if ('$date' in o) return '<Date>';
    if ('$timestamp' in o) return '<Timestamp>';
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, placeholders(x)]));
  }
  return v;
}

/**
 * What a printed result means, independent of layout: JSON values compared as parsed data (so
 * `1.0` and `1` agree, as relaxed EJSON says they print alike), and an error as `Name: message`
 * (mongosh --json prints the error object; our shell prints `MongoServerError[CodeName]: message`).
 */
export function normaliseOutput(text: string): string {
  const trimmed = text.trim();
  const errorAt = trimmed.search(/^Mongo\w*Error(?:\[\w+\])?: /m);
  const ours = errorAt < 0 ? null : /^(Mongo\w*Error)(?:\[\w+\])?: ([\s\S]*)$/.exec(trimmed.slice(errorAt));
  // mongosh's --json error object keeps errInfo apart from the message; our shell appends it.
  if (ours)
    return `error ${ours[1]}: ${ours[2]!
      .replace(/\s+Additional information: [\s\S]*$/, '')
      .replace(/\s+/g, ' ')
      .trim()}`;
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (value !== null && typeof value === 'object' && 'name' in value && 'message' in value && 'stack' in value) {
      const e = value as { name: string; message: string };
      return `error ${e.name}: ${e.message.replace(/\s+/g, ' ').trim()}`;
    }
    return JSON.stringify(placeholders(value));
  } catch {
    return trimmed.replace(/\s+/g, ' ');
  }
}

export interface MongoshComparison {
  readonly id: string;
  readonly mongosh: string;
  readonly ours: string;
  readonly same: boolean;
}

function run(
  file: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolveRun) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, env: { ...process.env, NO_COLOR: '1', MONGOSH_NO_UPDATE_CHECK: '1' } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolveRun({ stdout, stderr, code });
      },
    );
  });
}

/** What mongosh prints for the script: the last value, or the first line of the error. */
function mongoshPrinted(out: { stdout: string; stderr: string; code: number }): string {
  if (out.stdout.trim() !== '') return out.stdout.trim();
  return (
    out.stderr
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? `exit ${out.code}`
  );
}

/** What our shell prints the same way: the last statement's relaxed EJSON, or its error. */
function oursPrinted(s: Scenario): string {
  const results = runShellScript(startFromScenario(s).engine, s.script);
  const last = results[results.length - 1];
  if (last === undefined) return '';
  const messages = results.flatMap((r) => r.messages.map((m) => m.text));
  if (last.output.kind === 'error') return [...messages, formatShellOutput(last.output)].join('\n').trim();
  return formatShellResultEJSON({ ...last, messages: [] }).trim();
}

export async function compareWithMongosh(s: Scenario, port: number): Promise<MongoshComparison> {
  const { engine } = startFromScenario(s);
  const server = await startWireServer({ engine, port });
  try {
    const uri = `mongodb://127.0.0.1:${port}/${s.database}?directConnection=true`;
    const out = await run(MONGOSH, [uri, '--quiet', '--json=relaxed', '--norc', '--eval', s.script], 60000);
    const mongosh = mongoshPrinted(out);
    const ours = oursPrinted(s);
    return { id: s.id, mongosh, ours, same: normaliseOutput(mongosh) === normaliseOutput(ours) };
  } finally {
    await server.close();
  }
}
