/**
 * Runs shell scripts for the worker: loads engine/shell/ on first use (a separate chunk, so the
 * worker answers `ping` without parsing the shell) and turns its statement results into plain
 * protocol data, since they hold `Map` documents and thrown objects that do not survive
 * structured clone.
 */
import { stringifyEJSON } from '../bson/ejson.js';
import type { ShellStatementResult } from '../shell/index.js';
import type { CommandEngine } from '../shell/api.js';
import { optionNotices } from './option-notices.js';
import type { ShellErrorReply, ShellStatementReply } from './protocol.js';

/**
 * Runs one script against the engine; throws only for failures outside the script itself.
 * `beforeStatement(i)` is called just before statement `i` runs, so the commands the engine
 * receives next can be attributed to that statement.
 */
export type ShellRunner = (
  engine: CommandEngine,
  db: string,
  script: string,
  beforeStatement?: (index: number) => void,
) => ShellStatementReply[];

/** Above this many statements a script runs in one pass (no per-statement attribution). */
const MAX_ATTRIBUTED_STATEMENTS = 300;

/**
 * The runner backed by engine/shell/ (a fresh session per script). With `beforeStatement`, the
 * session runs one statement at a time: each pass sees the script with every other statement
 * blanked out (newlines kept), so offsets, lines and columns stay those of the whole script, and
 * bindings and `use` carry over as the session keeps them.
 */
export async function loadEngineShell(): Promise<ShellRunner> {
  const [shell, format] = await Promise.all([import('../shell/index.js'), import('../shell/format.js')]);
  const reply = (result: ShellStatementResult): ShellStatementReply => {
    const value = format.shellOutputToValue(result.output);
    const replied = toReply(
      result,
      format.formatShellResult(result),
      value === undefined ? undefined : stringifyEJSON(value),
    );
    const notices = optionNotices(shell.parseProgram, result.source);
    return notices.length === 0 ? replied : { ...replied, notices };
  };
  return (engine, db, script, beforeStatement) => {
    const spans = beforeStatement === undefined ? undefined : statementSpans(shell.parseProgram, script);
    if (beforeStatement === undefined || spans === undefined) {
      return shell.runShellScript(engine, script, { database: db }).map(reply);
    }
    const session = shell.createShellSession(engine, { database: db });
    const replies: ShellStatementReply[] = [];
    for (const [index, span] of spans.entries()) {
      beforeStatement(index);
      const results = session.run(blankOutside(script, span.start, span.end));
      for (const result of results) replies.push(reply({ ...result, index }));
      if (results.some((r) => r.output.kind === 'error')) break;
    }
    return replies;
  };
}

/** Offsets of the script's statements, or undefined (syntax error, too many) to run it in one pass. */
function statementSpans(
  parse: (text: string) => { readonly statements: readonly { readonly start: number; readonly end: number }[] },
  script: string,
): { start: number; end: number }[] | undefined {
  try {
    const statements = parse(script).statements;
    if (statements.length === 0 || statements.length > MAX_ATTRIBUTED_STATEMENTS) return undefined;
    return statements.map((s) => ({ start: s.start, end: s.end }));
  } catch {
    return undefined;
  }
}

/** The script with everything outside [start, end) turned into spaces, line breaks kept. */
function blankOutside(script: string, start: number, end: number): string {
  const blank = (text: string): string => text.replace(/[^\n\r]/g, ' ');
  return blank(script.slice(0, start)) + script.slice(start, end) + blank(script.slice(end));
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
