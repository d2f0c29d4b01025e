/**
 * Command-line front door.
 *
 *   printf '%s\n' '{"$db":"t","insert":"c","documents":[{"b":1}]}' '{"$db":"t","find":"c"}' | npm run --silent engine
 *
 * Each input line is one Extended JSON command document with a `$db` field, parsed non-relaxed
 * (JSON integers in int32 range → int32, larger → int64, fractional → double). Each line gets
 * exactly one line of canonical Extended JSON v2 back. Empty lines are skipped. State lasts for
 * the process. Invalid Extended JSON gets an error reply (code 9); nothing crashes the loop.
 *
 *   npm run --silent engine -- --shell script.js      runs a mongosh script, printing each statement's
 *                                                     result as relaxed Extended JSON, one block each
 *   --format ejson|shell                              with --shell: relaxed EJSON (default) or the
 *                                                     layout mongosh prints interactively
 *   --topology standalone|replicaset|sharded          the simulated deployment (default replicaset,
 *                                                     3 members, as the conformance suite assumes)
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Int32 } from 'bson';
import { parseEJSON, stringifyEJSON } from '../engine/bson/ejson.js';
import { isDoc, type Doc, type Value } from '../engine/bson/values.js';
import { Engine, errorReply } from '../engine/engine.js';
import { fail, isEngineError } from '../engine/errors.js';
import { formatShellResult, formatShellResultEJSON, runShellScript } from '../engine/shell/index.js';

export interface CliOptions {
  readonly shellFile?: string | undefined;
  readonly format: 'ejson' | 'shell';
  readonly topology: 'standalone' | 'replicaset' | 'sharded';
}

const TOPOLOGIES = ['standalone', 'replicaset', 'sharded'] as const;

export function parseArgs(argv: readonly string[]): CliOptions {
  let shellFile: string | undefined;
  let topology: CliOptions['topology'] = 'replicaset';
  let format: CliOptions['format'] = 'ejson';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--shell') shellFile = value();
    else if (flag === '--format') {
      const f = value();
      if (f !== 'ejson' && f !== 'shell') throw new Error('--format must be one of ejson, shell');
      format = f;
    } else if (flag === '--topology') {
      const t = value();
      if (!(TOPOLOGIES as readonly string[]).includes(t))
        throw new Error(`--topology must be one of ${TOPOLOGIES.join(', ')}`);
      topology = t as CliOptions['topology'];
    } else throw new Error(`unknown option ${arg}`);
  }
  return { shellFile, topology, format };
}

/** The reply to one input line (never throws). */
export function replyToLine(engine: Engine, line: string): Doc {
  let command: Value;
  try {
    command = parseEJSON(line, { relaxed: false });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return errorReply(isEngineError(e) ? e : fail(9, message));
  }
  if (!isDoc(command)) return errorReply(fail(9, 'a command must be an Extended JSON document'));
  const db = command.get('$db');
  if (db === undefined) return errorReply(fail(40571, 'OP_MSG requests require a $db argument'));
  if (typeof db !== 'string') {
    return errorReply(fail(14, `BSON field '$db' is the wrong type '${typeof db}', expected type 'string'`));
  }
  return engine.runCommand(db, command);
}

/** Serves stdin line by line until it closes. */
export async function serveLines(
  engine: Engine,
  input: NodeJS.ReadableStream,
  write: (s: string) => void,
): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const raw of rl) {
    const line = raw.trim();
    if (line === '') continue;
    write(`${answerLine(engine, line)}\n`);
  }
}

/** The error reply for anything thrown while answering (an engine error keeps its code). */
function thrownReply(e: unknown): Doc {
  if (isEngineError(e)) return errorReply(e);
  return new Map<string, Value>([
    ['ok', 0],
    ['errmsg', e instanceof Error ? e.message : String(e)],
    ['code', new Int32(1)],
    ['codeName', 'InternalError'],
  ]);
}

/**
 * The canonical Extended JSON line answering one input line. Never throws: a reply that cannot be
 * written (too deep for Extended JSON, or anything else) becomes an error reply, so one bad line
 * never ends the loop.
 */
export function answerLine(engine: Engine, line: string): string {
  let reply: Doc;
  try {
    reply = replyToLine(engine, line);
  } catch (e) {
    reply = thrownReply(e);
  }
  try {
    return stringifyEJSON(reply, { relaxed: false });
  } catch (e) {
    return stringifyEJSON(thrownReply(e), { relaxed: false });
  }
}

/** Runs a mongosh script file; returns the process exit code (1 when a statement failed). */
export function runShellFile(
  engine: Engine,
  file: string,
  write: (s: string) => void,
  format: CliOptions['format'] = 'ejson',
): number {
  const text = readFileSync(file, 'utf8');
  const results = runShellScript(engine, text);
  let failed = false;
  for (const r of results) {
    if (r.output.kind === 'error') failed = true;
    let out: string;
    try {
      out = format === 'ejson' ? formatShellResultEJSON(r) : formatShellResult(r);
    } catch (e) {
      // A result that cannot be printed is reported like a failed statement; the rest still print.
      failed = true;
      out = `Error: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (out !== '') write(`${out}\n`);
  }
  return failed ? 1 : 0;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
    return;
  }
  const engine = new Engine({ topology: options.topology });
  const write = (s: string): void => {
    process.stdout.write(s);
  };
  if (options.shellFile !== undefined) {
    process.exitCode = runShellFile(engine, options.shellFile, write, options.format);
    return;
  }
  await serveLines(engine, process.stdin, write);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('cli/engine.ts')) {
  void main();
}
