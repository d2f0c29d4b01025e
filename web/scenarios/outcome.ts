/**
 * What a script run amounted to, in the gallery's four outcomes:
 * - 'writeError': a statement failed on the server for one document/statement (a `writeErrors`
 *   entry of a command reply, a WriteResult's writeError, or a shell helper that threw it);
 * - 'writeConcernError': the writes happened but the write concern was not satisfied;
 * - 'error': the command as a whole failed (`ok: 0`), or the shell refused the statement
 *   (syntax, argument or client errors, which carry no code);
 * - 'ok': none of these.
 * The first failing statement decides; mongosh stops a script there anyway.
 */
import type { Doc, Value } from '../../engine/bson/values.js';
import { Int32, isDoc, Long } from '../../engine/bson/values.js';
import type { ShellStatementResult } from '../../engine/shell/interpreter.js';
import { shellOutputToValue } from '../../engine/shell/format.js';
import type { ExpectedOutcome } from './types.js';

export interface RunOutcome {
  readonly outcome: ExpectedOutcome;
  readonly code?: number;
  readonly message?: string;
  /** Index of the statement that decided a failing outcome. */
  readonly statement?: number;
  /** The last statement's output as a value (undefined when it printed nothing). */
  readonly lastValue: Value | undefined;
}

function num(v: Value | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof Int32) return v.value;
  if (v instanceof Long) return v.toNumber();
  return undefined;
}

function str(v: Value | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

interface Failure {
  readonly outcome: Exclude<ExpectedOutcome, 'ok'>;
  readonly code?: number;
  readonly message?: string;
}

function fromErrorDoc(outcome: Failure['outcome'], d: Doc): Failure {
  const code = num(d.get('code'));
  const message = str(d.get('errmsg'));
  return { outcome, ...(code !== undefined ? { code } : {}), ...(message !== undefined ? { message } : {}) };
}

/** A command reply (or one of the sub-replies of the playground's upsertRace command). */
function replyFailure(reply: Doc, depth = 0): Failure | undefined {
  if (!reply.has('ok')) return undefined;
  if (num(reply.get('ok')) !== 1) return fromErrorDoc('error', reply);
  const writeErrors = reply.get('writeErrors');
  if (Array.isArray(writeErrors)) {
    const first = writeErrors.find(isDoc);
    if (first !== undefined) return fromErrorDoc('writeError', first);
  }
  const wce = reply.get('writeConcernError');
  if (isDoc(wce)) return fromErrorDoc('writeConcernError', wce);
  if (depth === 0) {
    for (const side of ['first', 'second']) {
      const sub = reply.get(side);
      if (isDoc(sub)) {
        const f = replyFailure(sub, 1);
        if (f !== undefined) return f;
      }
    }
  }
  return undefined;
}

function statementFailure(r: ShellStatementResult): Failure | undefined {
  const o = r.output;
  switch (o.kind) {
    case 'error': {
      const e = o.error;
      const response = e.errorResponse;
      const code = e.code;
      const base = { ...(code !== undefined ? { code } : {}), message: e.message };
      if (response === undefined) return { outcome: 'error', ...base };
      // A helper rethrows a writeErrors entry (it carries the statement index) or the
      // writeConcernError document (its errInfo names the write concern).
      if (e.name === 'MongoBulkWriteError' || response.has('index')) return { outcome: 'writeError', ...base };
      const errInfo = response.get('errInfo');
      if (!response.has('ok') && isDoc(errInfo) && errInfo.has('writeConcern')) {
        return { outcome: 'writeConcernError', ...base };
      }
      return { outcome: 'error', ...base };
    }
    case 'result': {
      const res = o.result;
      if (res.kind === 'WriteResult') {
        if (res.writeError !== undefined) return fromErrorDoc('writeError', res.writeError);
        if (res.writeConcernError !== undefined) return fromErrorDoc('writeConcernError', res.writeConcernError);
      }
      return undefined;
    }
    case 'value':
      return isDoc(o.value) ? replyFailure(o.value) : undefined;
    default:
      return undefined;
  }
}

/** Classifies a script run (the results of `runShellScript`). */
export function classifyRun(results: readonly ShellStatementResult[]): RunOutcome {
  const last = results[results.length - 1];
  const lastValue = last === undefined ? undefined : shellOutputToValue(last.output);
  for (const r of results) {
    const f = statementFailure(r);
    if (f !== undefined) return { ...f, statement: r.index, lastValue };
  }
  return { outcome: 'ok', lastValue };
}
