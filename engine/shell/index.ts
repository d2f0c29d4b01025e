/**
 * Public entry of the mongosh front end: run a script against the engine and print its results.
 *
 *   const results = runShellScript(engine, 'db.c.updateOne({_id: 1}, {$set: {a: 1}})');
 *   for (const r of results) console.log(formatShellResult(r));
 */
import { ShellClient, type CommandEngine, type ShellClientOptions } from './api.js';
import { ShellInterpreter, type InterpreterOptions, type ShellStatementResult } from './interpreter.js';
import { BSON_HELPER_NAMES } from './bson-helpers.js';
import {
  COLLECTION_METHODS,
  CURSOR_METHODS,
  DATABASE_METHODS,
  EXPLAINABLE_METHODS,
  MONGO_METHODS,
  REPLICA_SET_METHODS,
  SESSION_METHODS,
  SHARD_METHODS,
} from './methods.js';
import { parseProgram as parse } from './parser.js';
import { isShellSyntaxError, type ShellSyntaxError } from './shell-errors.js';

export interface RunShellScriptOptions extends InterpreterOptions {
  /** Options for the shell client (command observer, write concern …). */
  readonly client?: ShellClientOptions;
}

/** Runs a mongosh-syntax script in a fresh session; one result per statement that ran. */
export function runShellScript(
  engine: CommandEngine,
  text: string,
  options: RunShellScriptOptions = {},
): ShellStatementResult[] {
  const client = new ShellClient(engine, options.client ?? {});
  return new ShellInterpreter(client, options).run(text);
}

/** A session that keeps bindings and the current database across runs (the playground's REPL). */
export function createShellSession(engine: CommandEngine, options: RunShellScriptOptions = {}): ShellInterpreter {
  return new ShellInterpreter(new ShellClient(engine, options.client ?? {}), options);
}

export { ShellInterpreter } from './interpreter.js';
export type {
  InterpreterOptions,
  ShellErrorInfo,
  ShellMessage,
  ShellOutput,
  ShellStatementResult,
} from './interpreter.js';
export {
  formatShellResult,
  formatShellOutput,
  formatValue,
  formatTopLevel,
  formatShellResultEJSON,
  shellOutputToValue,
  shellResultToDoc,
} from './format.js';
export { parseProgram, MAX_NESTING_DEPTH } from './parser.js';
export { ShellSyntaxError, ShellRuntimeError, isShellSyntaxError, isShellRuntimeError } from './shell-errors.js';
export type { SourceRange } from './ast.js';

/** The names a script can call, per receiver (for editor completions and documentation). */
export const SHELL_NAMES = {
  globals: ['db', 'sh', 'rs', 'print', 'printjson', ...BSON_HELPER_NAMES],
  database: Object.keys(DATABASE_METHODS),
  collection: Object.keys(COLLECTION_METHODS),
  cursor: Object.keys(CURSOR_METHODS),
  explainable: Object.keys(EXPLAINABLE_METHODS),
  mongo: Object.keys(MONGO_METHODS),
  session: Object.keys(SESSION_METHODS),
  shard: Object.keys(SHARD_METHODS),
  replicaSet: Object.keys(REPLICA_SET_METHODS),
  commands: ['use', 'show collections', 'show tables', 'show dbs', 'show databases'],
} as const;

/** The script's syntax error, if any, without running it (for live editor diagnostics). */
export function checkShellSyntax(text: string): ShellSyntaxError | undefined {
  try {
    parse(text);
    return undefined;
  } catch (e) {
    if (isShellSyntaxError(e)) return e;
    throw e;
  }
}
