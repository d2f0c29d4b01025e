/**
 * A script run as the worker records it: the shell's statement replies and every sent command
 * with its reply text, but the written documents and oplog entries as the engine's own values
 * (stored documents are immutable, so they stay as they were). Display trees and texts are made
 * when a page of them is asked for (run-pages.ts), or all at once for `ScriptRun`.
 */
import type { DocumentChange } from '../commands/update/details.js';
import { isDoc, type Doc } from '../bson/values.js';
import type { ChangeView, OplogEntryView, ScriptRun, SentCommand, StatementView, UnchangedView } from './protocol.js';
import { explainOplogEntry, scalarText, toTree, typedEJSON } from './views.js';

/**
 * A document a statement wrote or matched unchanged: the engine's values (`detail`, made into
 * display data on request) with why it was left unchanged, or a card already made (`view`: the
 * few documents a failed multi update never reached).
 */
export interface RecordedChange {
  readonly detail?: DocumentChange;
  readonly view?: ChangeView;
  readonly unchanged?: UnchangedView;
}

export interface RecordedStatement extends Omit<StatementView, 'documents'> {
  readonly changes: readonly RecordedChange[];
}

export interface RecordedCommand extends Omit<SentCommand, 'statements'> {
  readonly statements: readonly RecordedStatement[];
}

/** Entries read by position; an array, or the oplog's own list that builds each when first read. */
export interface RecordedOplog {
  readonly length: number;
  at(i: number): Doc | undefined;
}

export interface RecordedRun extends Omit<ScriptRun, 'commands' | 'oplog'> {
  readonly commands: readonly RecordedCommand[];
  /** The oplog entries the run wrote (none on a standalone), built when a page of them is read. */
  readonly oplog: RecordedOplog;
}

/** One document change for display; a standalone writes no oplog, so its `o` is left out. */
export function changeView(change: RecordedChange, withOplog: boolean): ChangeView {
  const c = change.detail;
  if (c === undefined) return change.view!;
  return {
    before: toTree(c.before),
    after: toTree(c.after),
    noop: c.noop,
    modifiedPaths: [...c.modifiedPaths],
    arrayTouches: c.arrayTouches.map((t) => ({ ...t })),
    ...(c.oplog === null || !withOplog ? {} : { oplog: typedEJSON(c.oplog) }),
    ...(change.unchanged === undefined ? {} : { unchanged: change.unchanged }),
  };
}

/** Whether a recorded change left its document as it was, and the array elements it reached. */
export function changeFacts(change: RecordedChange): Pick<ChangeView, 'noop' | 'arrayTouches'> {
  return change.detail ?? change.view!;
}

/** A recorded statement without its documents (`changes`). */
export function statementHeadOf(s: RecordedStatement): Omit<StatementView, 'documents'> {
  const { changes: _changes, ...head } = s;
  return head;
}

/** The whole run for display, every document and oplog entry made at once. */
export function scriptRunOf(run: RecordedRun): ScriptRun {
  const withOplog = run.noOplog === undefined;
  const { commands, oplog, ...rest } = run;
  return {
    ...rest,
    commands: commands.map((c) => ({
      ...c,
      statements: c.statements.map((s) => ({
        ...statementHeadOf(s),
        documents: s.changes.map((ch) => changeView(ch, withOplog)),
      })),
    })),
    oplog: Array.from({ length: oplog.length }, (_, i) => oplogView(oplog.at(i)!)),
  };
}

/** One oplog entry for display. */
export function oplogView(entry: Doc): OplogEntryView {
  const o = entry.get('o');
  const o2 = entry.get('o2');
  const id = isDoc(o2) ? o2.get('_id') : isDoc(o) ? o.get('_id') : undefined;
  const op = entry.get('op');
  const ns = entry.get('ns');
  return {
    op: typeof op === 'string' ? op : '?',
    ns: typeof ns === 'string' ? ns : '',
    ...(id === undefined ? {} : { id: scalarText(id) }),
    text: typedEJSON(entry),
    explanation: explainOplogEntry(entry),
  };
}
