/**
 * Runs shell scripts for the worker: loads engine/shell/ on first use (a separate chunk, so the
 * worker answers `ping` without parsing the shell) and turns its statement results into plain
 * protocol data, since they hold `Map` documents and thrown objects that do not survive
 * structured clone.
 */
import { stringifyEJSON } from '../bson/ejson.js';
import type { ShellStatementResult } from '../shell/index.js';
import type { CommandEngine } from '../shell/api.js';
import type { ShellErrorReply, ShellStatementReply } from './protocol.js';

/** Runs one script against the engine; throws only for failures outside the script itself. */
export type ShellRunner = (engine: CommandEngine, db: string, script: string) => ShellStatementReply[];

/** The runner backed by engine/shell/ (`runShellScript`, a fresh session per script). */
export async function loadEngineShell(): Promise<ShellRunner> {
  const [shell, format] = await Promise.all([import('../shell/index.js'), import('../shell/format.js')]);
  return (engine, db, script) =>
    shell.runShellScript(engine, script, { database: db }).map((result) => {
      const value = format.shellOutputToValue(result.output);
      return toReply(result, format.formatShellResult(result), value === undefined ? undefined : stringifyEJSON(value));
    });
}

function toReply(result: ShellStatementResult, printed: string, value: string | undefined): ShellStatementReply {
  const { output } = result;
  const reply: ShellStatementReply = {
    index: result.index,
    range: { ...result.range },
    source: result.source,
    warnings: [...result.warnings],
    kind: output.kind,
    printed,
    ...(result.errorRange === undefined ? {} : { errorRange: { ...result.errorRange } }),
  };
  if (output.kind === 'error') {
    const e = output.error;
    const error: ShellErrorReply = {
      name: e.name,
      message: e.message,
      display: e.display,
      ...(e.code === undefined ? {} : { code: e.code }),
      ...(e.codeName === undefined ? {} : { codeName: e.codeName }),
      ...(e.line === undefined ? {} : { line: e.line }),
      ...(e.column === undefined ? {} : { column: e.column }),
      ...(e.errorResponse === undefined ? {} : { errorResponse: stringifyEJSON(e.errorResponse) }),
    };
    return { ...reply, error };
  }
  return value === undefined ? reply : { ...reply, value };
}
