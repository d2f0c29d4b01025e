/**
 * Public entry of the mongosh front end: run a script against the engine and print its results.
 *
 *   const results = runShellScript(engine, 'db.c.updateOne({_id: 1}, {$set: {a: 1}})');
 *   for (const r of results) console.log(formatShellResult(r));
 */
import { ShellClient, type CommandEngine, type ShellClientOptions } from './api.js';
import { ShellInterpreter, type InterpreterOptions, type ShellStatementResult } from './interpreter.js';

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
export type { InterpreterOptions, ShellErrorInfo, ShellOutput, ShellStatementResult } from './interpreter.js';
export { formatShellResult, formatShellOutput, formatValue, formatShellResultEJSON } from './format.js';
export { parseProgram, MAX_NESTING_DEPTH } from './parser.js';
export { ShellSyntaxError, ShellRuntimeError, isShellSyntaxError, isShellRuntimeError } from './shell-errors.js';
export type { SourceRange } from './ast.js';
