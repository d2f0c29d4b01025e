/**
 * The step-through's stops over a whole run, in the server's order: statement by statement (the
 * script's order), within a statement its documents in the order the engine updated them (the
 * order the diff lists them), then its upsert, then the statement's error if it stopped.
 */
import type { CardView } from '../../../engine/worker/protocol.js';
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

/** The stops of a run from its diff cards (the first ones, in order: `MAX_CARDS` cover `MAX_ENTRIES`). */
export function playEntries(cards: readonly CardView[]): PlayEntry[] {
  const out: PlayEntry[] = [];
  let open:
    | {
        header: Extract<CardView, { kind: 'header' }>;
        target: WhyTarget;
        where: Pick<PlayEntry, 'scriptStatement' | 'line'>;
      }
    | undefined;
  const close = (): void => {
    if (open === undefined) return;
    const { header, target, where } = open;
    const statement = header.statement;
    if (statement.documentCount === 0 && statement.upsert === undefined) {
      out.push({ target, ...where, label: 'no document changed' });
    } else if (statement.error !== undefined) out.push({ target, ...where, label: 'where it stopped' });
    open = undefined;
  };
  for (const card of cards) {
    if (card.kind === 'header') {
      close();
      if (card.commandName !== 'update') continue;
      const where = {
        scriptStatement: card.source?.index ?? 0,
        ...(card.source === undefined ? {} : { line: card.source.startLine }),
      };
      open = { header: card, target: { command: card.command, statement: card.statement.index }, where };
      continue;
    }
    if (open === undefined) continue;
    if (card.kind === 'change') {
      const id = idText(card.change.before);
      if (id !== undefined) out.push({ target: { ...open.target, documentId: id }, ...open.where, label: `_id ${id}` });
    } else out.push({ target: open.target, ...open.where, label: 'upsert' });
  }
  close();
  return out.slice(0, MAX_ENTRIES);
}

/** Cards read to find the first `MAX_ENTRIES` stops. */
export const MAX_CARDS = 4 * MAX_ENTRIES;

/**
 * What the step-through's traces depend on: the stops and the documents they start from. A new
 * preview of the same script on the same documents keeps the player where it is.
 */
export function runKey(cards: readonly CardView[], entries: readonly PlayEntry[]): string {
  const befores: unknown[] = [];
  for (const card of cards) {
    if (befores.length >= MAX_ENTRIES) break;
    if (card.kind === 'change' && card.commandName === 'update') befores.push(card.change.before);
  }
  return JSON.stringify([entries, befores]);
}
