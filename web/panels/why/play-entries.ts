/**
 * The step-through's stops over a whole run, in the server's order: statement by statement (the
 * script's order), within a statement its documents in the order the engine updated them (the
 * order the diff lists them), then its upsert, then the statement's error if it stopped.
 */
import type { ScriptRun } from '../../../engine/worker/protocol.js';
import { idText } from '../diff/id-text.js';
import type { WhyTarget } from './use-why-trace.js';

export interface PlayEntry {
  readonly target: WhyTarget;
  /** The script statement (0-based) and its line, for the position label. */
  readonly scriptStatement: number;
  readonly line?: number;
  /** `_id 2`, `upsert`, `the statement`. */
  readonly label: string;
}

/** At most this many stops are loaded (one `why` request each). */
export const MAX_ENTRIES = 100;

export function playEntries(run: ScriptRun): PlayEntry[] {
  const out: PlayEntry[] = [];
  run.commands.forEach((command, ci) => {
    if (command.name !== 'update') return;
    const source = run.statements.find((s) => s.index === command.statement);
    const where = {
      scriptStatement: command.statement ?? 0,
      ...(source === undefined ? {} : { line: source.range.startLine }),
    };
    for (const statement of command.statements) {
      const target = { command: ci, statement: statement.index };
      for (const change of statement.documents) {
        const id = idText(change.before);
        if (id !== undefined) out.push({ target: { ...target, documentId: id }, ...where, label: `_id ${id}` });
      }
      if (statement.upsert !== undefined) out.push({ target, ...where, label: 'upsert' });
      if (statement.documents.length === 0 && statement.upsert === undefined) {
        out.push({ target, ...where, label: 'no document changed' });
      } else if (statement.error !== undefined) out.push({ target, ...where, label: 'where it stopped' });
    }
  });
  return out.slice(0, MAX_ENTRIES);
}

/**
 * What the step-through's traces depend on: the stops and the documents they start from. A new
 * preview of the same script on the same documents keeps the player where it is.
 */
export function runKey(run: ScriptRun, entries: readonly PlayEntry[]): string {
  const befores: unknown[] = [];
  for (const command of run.commands) {
    if (command.name !== 'update') continue;
    for (const statement of command.statements) {
      for (const change of statement.documents) {
        if (befores.length >= MAX_ENTRIES) break;
        befores.push(change.before);
      }
    }
  }
  return JSON.stringify([entries, befores]);
}
