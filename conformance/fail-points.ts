/**
 * Test-harness emulation of the server machinery the retryable-writes tests rely on, wrapped
 * around the engine (the engine itself stays free of test-only commands):
 * - `configureFailPoint` (admin) for the `failCommand` and `onPrimaryTransactionalWrite` fail
 *   points, with modes `{times: n}`, `{skip: n}`, `"alwaysOn"` and `"off"`;
 * - the server's retryable-write replay: a write command carrying `lsid` + `txnNumber` (outside a
 *   transaction) executes statement by statement, each statement's outcome is remembered under
 *   (lsid, txnNumber, statement index), and a retry of the same statement returns the remembered
 *   outcome instead of executing again (what `config.transactions` gives a real server).
 * A dropped connection is thrown as a MongoNetworkError (see engine/shell/client-errors.ts).
 *
 * Server behaviour reproduced (src/mongo/db/commands/fail_point_cmd.cpp, failCommand docs):
 * failCommand fails the named commands before they run with `{ok: 0, errmsg: "Failing command
 * via 'failCommand' failpoint", code, codeName, errorLabels}`, or runs them and attaches
 * `writeConcernError`; without explicit `errorLabels` the server labels retryable errors of
 * retryable writes `RetryableWriteError`. onPrimaryTransactionalWrite fires per write statement
 * (after the statement commits, or instead of it with `failBeforeCommitExceptionCode`) and then
 * closes the connection unless `closeConnection: false`.
 */
import { Int32 } from 'bson';
import { codeNameOf } from '../engine/errors.js';
import type { Doc, Value } from '../engine/bson/values.js';
import { isArray, isDoc } from '../engine/bson/values.js';
import type { CommandEngine } from '../engine/shell/api.js';
import { MongoNetworkError, toNumber } from '../engine/shell/api.js';
import { errorLabelsFor } from '../engine/deploy/error-labels.js';
import { show } from './matcher.js';

interface FailPoint {
  name: string;
  mode: { kind: 'times'; left: number } | { kind: 'skip'; skip: number } | { kind: 'always' };
  data: Doc;
}

const FAIL_COMMAND_MESSAGE = "Failing command via 'failCommand' failpoint";
const STATEMENT_FIELD: Readonly<Record<string, string>> = { insert: 'documents', update: 'updates', delete: 'deletes' };

function int(n: number): Int32 {
  return new Int32(n);
}

/** The labels the server's ErrorLabelBuilder gives a failed command (used when the fail point names none). */
function serverLabels(command: Doc, codes: { code?: number; wcCode?: number }): Value[] {
  return errorLabelsFor({
    commandName: command.keys().next().value ?? '',
    txnNumber: command.has('txnNumber'),
    autocommit: command.has('autocommit'),
    ...codes,
  });
}

function lsidKey(cmd: Doc): string | undefined {
  const lsid = cmd.get('lsid');
  const txn = cmd.get('txnNumber');
  if (!isDoc(lsid) || txn === undefined || cmd.get('autocommit') === false) return undefined;
  return `${show(lsid.get('id'))}#${toNumber(txn)}`;
}

export class FailPointEngine implements CommandEngine {
  private readonly failPoints = new Map<string, FailPoint>();
  /** (lsid, txnNumber) → statement index → remembered statement reply. */
  private readonly executed = new Map<string, Map<number, Doc>>();

  constructor(private readonly inner: CommandEngine) {}

  runCommand(dbName: string, command: Doc): Doc {
    const name = command.keys().next().value ?? '';
    if (name === 'configureFailPoint') return this.configure(command);
    const fc = this.failPoints.get('failCommand');
    const failCommands = fc?.data.get('failCommands');
    if (fc !== undefined && isArray(failCommands) && failCommands.includes(name) && this.fire(fc)) {
      return this.failCommand(dbName, command, fc.data);
    }
    return this.execute(dbName, command);
  }

  private configure(command: Doc): Doc {
    const name = command.get('configureFailPoint');
    const mode = command.get('mode');
    const data = command.get('data');
    if (typeof name !== 'string') return errorReply(9, 'configureFailPoint needs a fail point name');
    if (mode === 'off') {
      this.failPoints.delete(name);
      return new Map([['ok', 1]]);
    }
    let m: FailPoint['mode'];
    if (mode === 'alwaysOn') m = { kind: 'always' };
    else if (isDoc(mode) && mode.has('times')) m = { kind: 'times', left: toNumber(mode.get('times')) };
    else if (isDoc(mode) && mode.has('skip')) m = { kind: 'skip', skip: toNumber(mode.get('skip')) };
    else return errorReply(9, `unsupported fail point mode ${show(mode)}`);
    this.failPoints.set(name, { name, mode: m, data: isDoc(data) ? data : new Map() });
    return new Map([['ok', 1]]);
  }

  /** Whether the fail point fires on this activation (and counts it). */
  private fire(fp: FailPoint): boolean {
    switch (fp.mode.kind) {
      case 'always':
        return true;
      case 'times':
        if (fp.mode.left <= 0) return false;
        fp.mode.left -= 1;
        if (fp.mode.left === 0) this.failPoints.delete(fp.name);
        return true;
      case 'skip':
        if (fp.mode.skip > 0) {
          fp.mode.skip -= 1;
          return false;
        }
        return true;
    }
  }

  private failCommand(dbName: string, command: Doc, data: Doc): Doc {
    if (data.get('closeConnection') === true)
      throw new MongoNetworkError('connection closed by failCommand fail point');
    const labelsGiven = data.get('errorLabels');
    const code = data.get('errorCode');
    if (code !== undefined) {
      const c = toNumber(code);
      const reply: Doc = new Map<string, Value>([
        ['ok', 0],
        ['errmsg', FAIL_COMMAND_MESSAGE],
        ['code', int(c)],
        ['codeName', codeNameOf(c) ?? 'UnknownError'],
      ]);
      const labels = isArray(labelsGiven) ? labelsGiven : serverLabels(command, { code: c });
      if (labels.length > 0) reply.set('errorLabels', labels);
      return reply;
    }
    const wce = data.get('writeConcernError');
    const reply = new Map(this.execute(dbName, command));
    if (isDoc(wce)) {
      const w: Doc = new Map(wce);
      const c = toNumber(w.get('code'));
      if (!w.has('codeName') && codeNameOf(c) !== undefined) w.set('codeName', codeNameOf(c) as string);
      reply.set('writeConcernError', w);
      const labels = isArray(labelsGiven) ? labelsGiven : serverLabels(command, { wcCode: c });
      if (labels.length > 0) reply.set('errorLabels', labels);
    }
    return reply;
  }

  /** Runs a command; retryable writes go statement by statement with replay of executed ones. */
  private execute(dbName: string, command: Doc): Doc {
    const key = lsidKey(command);
    const name = command.keys().next().value ?? '';
    if (key === undefined) return this.inner.runCommand(dbName, command);
    const done = this.executed.get(key) ?? new Map<number, Doc>();
    this.executed.set(key, done);
    const field = STATEMENT_FIELD[name];
    // Statement-level execution only matters while onPrimaryTransactionalWrite is set; otherwise
    // the whole command runs once and is replayed as a whole.
    if (!this.failPoints.has('onPrimaryTransactionalWrite') && !done.has(0)) {
      const whole = done.get(-1);
      if (whole !== undefined) return whole;
      const reply = this.inner.runCommand(dbName, command);
      if (toNumber(reply.get('ok')) === 1) done.set(-1, reply);
      return reply;
    }
    const whole = done.get(-1);
    if (whole !== undefined) return whole;
    if (field === undefined) {
      // findAndModify, admin bulkWrite: one statement.
      return this.statement(dbName, command, done, 0);
    }
    const statements = command.get(field);
    if (!isArray(statements)) return this.inner.runCommand(dbName, command);
    const ordered = command.get('ordered') !== false;
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors: Doc[] = [];
    for (let i = 0; i < statements.length; i++) {
      const single = new Map(command);
      single.set(field, [statements[i] as Value]);
      const reply = this.statement(dbName, single, done, i);
      if (toNumber(reply.get('ok')) !== 1) return reply;
      n += toNumber(reply.get('n'));
      nModified += toNumber(reply.get('nModified'));
      const up = reply.get('upserted');
      if (isArray(up)) {
        for (const u of up)
          if (isDoc(u))
            upserted.push(
              new Map<string, Value>([
                ['index', int(i)],
                ['_id', u.get('_id') ?? null],
              ]),
            );
      }
      const we = reply.get('writeErrors');
      if (isArray(we) && we.length > 0) {
        for (const w of we) {
          if (!isDoc(w)) continue;
          const m = new Map(w);
          m.set('index', int(i));
          writeErrors.push(m);
        }
        if (ordered) break;
      }
    }
    const out: Doc = new Map<string, Value>([['n', int(n)]]);
    if (name === 'update') out.set('nModified', int(nModified));
    if (upserted.length > 0) out.set('upserted', upserted);
    if (writeErrors.length > 0) out.set('writeErrors', writeErrors);
    out.set('ok', 1);
    return out;
  }

  private statement(dbName: string, command: Doc, done: Map<number, Doc>, index: number): Doc {
    const remembered = done.get(index);
    if (remembered !== undefined) return remembered;
    const fp = this.failPoints.get('onPrimaryTransactionalWrite');
    const fires = fp !== undefined && this.fire(fp);
    const before = fp?.data.get('failBeforeCommitExceptionCode');
    const close = fp?.data.get('closeConnection') !== false;
    if (fires && before !== undefined) {
      if (close) throw new MongoNetworkError('connection closed by onPrimaryTransactionalWrite fail point');
      const c = toNumber(before);
      return errorReply(c, 'Failing write via onPrimaryTransactionalWrite fail point');
    }
    const reply = this.inner.runCommand(dbName, command);
    if (toNumber(reply.get('ok')) === 1) done.set(index, reply);
    if (fires && close) throw new MongoNetworkError('connection closed by onPrimaryTransactionalWrite fail point');
    return reply;
  }
}

function errorReply(code: number, errmsg: string): Doc {
  return new Map<string, Value>([
    ['ok', 0],
    ['errmsg', errmsg],
    ['code', int(code)],
    ['codeName', codeNameOf(code) ?? 'UnknownError'],
  ]);
}
