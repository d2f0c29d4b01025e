/**
 * Runs a scenario on the engine and, through the official driver, on another server (a real
 * MongoDB, or `npm run serve`), and lists per statement where the answers differ.
 *
 * The engine runs the scenario's mongosh script with its own shell; every command that shell
 * sends is recorded with the engine's reply, statement by statement, and the same command is sent
 * with the driver to the other server, in a scratch database that this run creates and drops (it
 * never touches a database that already exists). After the script, each collection's documents are
 * compared in natural order, with field order and BSON types.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, type ClientSession, type Document } from 'mongodb';
import { stringifyEJSON } from '../engine/bson/ejson.js';
import { isDoc, type Doc, type Value } from '../engine/bson/values.js';
import { createShellSession, runShellScript } from '../engine/shell/index.js';
import { startFromScenario } from '../server/start-state.js';
import type { Scenario } from '../web/scenarios/index.js';
import { scenarioSetupCommands } from '../web/scenarios/setup.js';
import { fromDriver, toDriver } from '../conformance/driver/values.js';
import { comparableReply, diffValues } from './diff.js';

export interface CompareOptions {
  readonly uri: string;
  readonly scenario: Scenario;
  /** Scratch database name on the other server (default `upsert_lab_compare_<random>`). */
  readonly scratchDb?: string | undefined;
}

export interface CommandComparison {
  readonly commandName: string;
  readonly differences: readonly string[];
}

export interface StatementComparison {
  readonly index: number;
  readonly source: string;
  readonly commands: readonly CommandComparison[];
}

export interface CompareReport {
  readonly scratchDb: string;
  readonly statements: readonly StatementComparison[];
  readonly collections: readonly { readonly name: string; readonly differences: readonly string[] }[];
  readonly differences: number;
}

export class CompareRefused extends Error {}

/** Commands that only carry the shell's session and cursor bookkeeping. */
const NOT_REPLAYED = new Set(['getMore', 'killCursors', 'endSessions']);
/** Fields the engine's shell adds for its own session; the driver adds its own. */
const SESSION_FIELDS = [
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  '$clusterTime',
  '$db',
  '$readPreference',
];

interface Recorded {
  readonly db: string;
  readonly command: Doc;
  readonly reply: Doc;
}

const READ_OPTIONS = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

/**
 * The other server's reply, with int32/int64/double kept (promoteValues: false). The driver
 * hands replies over as JS objects, so a field named like an integer ("0") is listed first there.
 */
/** Replies whose numeric types the driver did not keep (a write concern error's `result`). */
const untyped = new WeakSet<Doc>();

async function runOn(client: MongoClient, db: string, command: Doc, session?: ClientSession): Promise<Doc> {
  let reply: unknown;
  let typed = true;
  try {
    reply = await client
      .db(db)
      .command(toDriver(command, true) as Document, { ...READ_OPTIONS, ...(session ? { session } : {}) });
  } catch (e) {
    if (!(e instanceof MongoServerError)) throw e;
    // A write concern error arrives as an exception; its `result` is the whole reply.
    const whole = (e as { result?: unknown }).result;
    typed = !(e.name === 'MongoWriteConcernError' && whole !== undefined);
    reply = typed ? e.errorResponse : whole;
  }
  const d = fromDriver(reply);
  const out = isDoc(d) ? d : new Map<string, Value>();
  if (!typed) untyped.add(out);
  return out;
}

/** Namespaces (`<db>.<collection>` strings, e.g. an oplog query's `ns`) moved to the scratch database. */
function moved(v: Value, from: string, to: string): Value {
  if (typeof v === 'string') return v.startsWith(`${from}.`) ? `${to}.${v.slice(from.length + 1)}` : v;
  if (Array.isArray(v)) return v.map((x) => moved(x, from, to));
  if (isDoc(v)) return new Map([...v].map(([k, x]) => [k, moved(x, from, to)]));
  return v;
}

function replayable(command: Doc, from: string, to: string): Doc {
  const out = moved(command, from, to) as Doc;
  for (const f of SESSION_FIELDS) out.delete(f);
  return out;
}

/**
 * The shell's transactions replayed in driver sessions: a command of the shell's session `lsid`
 * inside a transaction runs in one driver session (the driver adds its own lsid, txnNumber,
 * autocommit and startTransaction); commit and abort are the session's own calls.
 */
class TransactionSessions {
  private readonly byLsid = new Map<string, ClientSession>();
  constructor(private readonly client: MongoClient) {}

  async send(r: Recorded, db: string, command: Doc): Promise<Doc> {
    const lsid = r.command.get('lsid');
    const inTransaction = r.command.get('autocommit') === false;
    if (!isDoc(lsid) || !inTransaction) return runOn(this.client, db, command);
    const key = stringifyEJSON(lsid);
    let session = this.byLsid.get(key);
    if (session === undefined) {
      session = this.client.startSession();
      this.byLsid.set(key, session);
    }
    const name = r.command.keys().next().value;
    if (name === 'commitTransaction' || name === 'abortTransaction') {
      try {
        await (name === 'commitTransaction' ? session.commitTransaction() : session.abortTransaction());
        return new Map<string, Value>([['ok', 1]]);
      } catch (e) {
        if (!(e instanceof MongoServerError)) throw e;
        return docOf(e.errorResponse);
      }
    }
    if (r.command.get('startTransaction') === true) session.startTransaction();
    return runOn(this.client, db, command, session);
  }
}

function docOf(reply: unknown): Doc {
  const d = fromDriver(reply);
  return isDoc(d) ? d : new Map();
}

export async function compareScenario(options: CompareOptions): Promise<CompareReport> {
  const s = options.scenario;
  const scratchDb = options.scratchDb ?? `upsert_lab_compare_${randomBytes(4).toString('hex')}`;
  const dbOn = (db: string): string => (db === s.database ? scratchDb : db);

  // The engine's side, statement by statement.
  const sources = runShellScript(startFromScenario(s).engine, s.script).map((r) => r.source);
  const { engine } = startFromScenario(s);
  let current: Recorded[] = [];
  const recorder = {
    runCommand(db: string, command: Doc): Doc {
      const reply = engine.runCommand(db, command);
      current.push({ db, command, reply });
      return reply;
    },
  };
  const session = createShellSession(recorder);
  const perStatement: Recorded[][] = [];
  for (const source of sources) {
    current = [];
    session.run(source);
    perStatement.push(current);
  }

  const client = new MongoClient(options.uri, { serverSelectionTimeoutMS: 10000 });
  await client.connect();
  try {
    const existing = await client.db('admin').admin().listDatabases({ nameOnly: true });
    if (existing.databases.some((d) => d.name === scratchDb)) {
      throw new CompareRefused(`refusing to touch the existing database '${scratchDb}' on ${options.uri}`);
    }
    try {
      for (const command of scenarioSetupCommands(s)) {
        const reply = await runOn(client, scratchDb, command);
        const writeErrors = reply.get('writeErrors');
        if (Number(String(reply.get('ok'))) !== 1 || (Array.isArray(writeErrors) && writeErrors.length > 0))
          throw new Error(`setup on the server failed: ${stringifyEJSON(reply, { relaxed: true })}`);
      }
      const sessions = new TransactionSessions(client);
      const statements: StatementComparison[] = [];
      for (const [index, recorded] of perStatement.entries()) {
        const commands: CommandComparison[] = [];
        for (const r of recorded) {
          const commandName = r.command.keys().next().value ?? '?';
          if (NOT_REPLAYED.has(commandName)) continue;
          const theirs = await sessions.send(r, dbOn(r.db), replayable(r.command, s.database, scratchDb));
          const differences = diffValues(
            comparableReply(r.reply, scratchDb, s.database),
            comparableReply(theirs, scratchDb, s.database),
            '',
            { looseNumbers: untyped.has(theirs) },
          );
          commands.push({ commandName, differences });
        }
        statements.push({ index, source: sources[index] ?? '', commands });
      }
      const names = new Set([...s.collections.map((c) => c.name), ...engine.collectionNames(s.database)]);
      const collections = [];
      for (const name of names) {
        const mine: Value = engine.documents(s.database, name);
        const found = await runOn(
          client,
          scratchDb,
          new Map<string, Value>([
            ['find', name],
            ['batchSize', 1_000_000],
          ]),
        );
        const cursor = found.get('cursor');
        const theirs: Value =
          isDoc(cursor) && Array.isArray(cursor.get('firstBatch')) ? (cursor.get('firstBatch') as Value) : [];
        collections.push({ name, differences: diffValues(mine, theirs, name) });
      }
      const differences =
        statements.reduce((n, st) => n + st.commands.reduce((m, c) => m + c.differences.length, 0), 0) +
        collections.reduce((n, c) => n + c.differences.length, 0);
      return { scratchDb, statements, collections, differences };
    } finally {
      await client
        .db(scratchDb)
        .dropDatabase()
        .catch(() => undefined);
    }
  } finally {
    await client.close();
  }
}

/** The report as text: every statement, and under it each command's differences. */
export function formatReport(report: CompareReport): string {
  const lines: string[] = [];
  for (const st of report.statements) {
    const differing = st.commands.filter((c) => c.differences.length > 0);
    lines.push(`${differing.length === 0 ? 'same' : 'DIFFERS'}  [${st.index + 1}] ${st.source.split('\n').join(' ')}`);
    for (const c of differing) for (const d of c.differences) lines.push(`    ${c.commandName}: ${d}`);
  }
  for (const c of report.collections) {
    lines.push(`${c.differences.length === 0 ? 'same' : 'DIFFERS'}  documents of ${c.name}`);
    for (const d of c.differences) lines.push(`    ${d}`);
  }
  lines.push(
    report.differences === 0
      ? `compare: no differences (scratch database ${report.scratchDb} dropped)`
      : `compare: ${report.differences} difference(s) (scratch database ${report.scratchDb} dropped)`,
  );
  return lines.join('\n');
}
