/**
 * The update's `_id` fast path (id-lookup.ts: the record the `_id` index holds is the match, no
 * matcher compiled or run) never changes an answer. Generated collections (with and without a
 * default collation) hold `_id`s of every type — numbers of each numeric type that compare equal
 * (1, 1.0, int32 1, int64 1, decimal 1.00), -0 and 0, NaN as double and decimal, strings that one
 * collation equates, dates, ObjectIds, booleans, timestamps, binaries, MinKey/MaxKey, null,
 * objects, arrays — and update / findAndModify / bulkWrite / explain statements `{_id: v}` with
 * values of every type, with and without a statement collation, hint, sort, upsert and a
 * positional `$`, run with the fast path and with it off: the same replies (canonical Extended
 * JSON: field order and numeric types), documents, oplog entries and statement details (plan,
 * counts, document changes, errors).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { deployedEngine, ejson } from '../../deploy/testing.js';
import type { Engine } from '../../engine.js';
import { runWriteWithDetails } from '../../worker/write-details.js';
import { runUpdateWithDetails } from './command.js';
import { defaultUpdateDeps, type UpdateDeps } from './deps.js';
import { idLookupShortcut } from './id-lookup.js';
import type { DocumentChange } from './details.js';

const ID = [
  '1',
  '{"$numberDouble": "1.0"}',
  '{"$numberLong": "1"}',
  '{"$numberDecimal": "1.00"}',
  '{"$numberDouble": "1.5"}',
  '{"$numberDecimal": "1.5"}',
  '{"$numberDouble": "-0.0"}',
  '0',
  '{"$numberDecimal": "-0"}',
  '{"$numberDouble": "NaN"}',
  '{"$numberDecimal": "NaN"}',
  '{"$numberDouble": "Infinity"}',
  '{"$numberLong": "9007199254740993"}',
  '{"$numberDouble": "9007199254740992"}',
  '"a"',
  '"A"',
  '"b"',
  '""',
  '"é"',
  '"e"',
  'true',
  'false',
  'null',
  '{"$date": "2024-01-01T00:00:00Z"}',
  '{"$oid": "0123456789abcdef01234567"}',
  '{"$timestamp": {"t": 1, "i": 2}}',
  '{"$binary": {"base64": "AQI=", "subType": "00"}}',
  '{"$binary": {"base64": "AQI=", "subType": "04"}}',
  '{"$minKey": 1}',
  '{"$maxKey": 1}',
  '{"a": 1}',
  '{"a": "A"}',
  '[1]',
  '{"$regularExpression": {"pattern": "a", "options": "i"}}',
  '{"$code": "x"}',
];
const idValue = fc.constantFrom(...ID);

const COLLATIONS = ['', '{"locale": "simple"}', '{"locale": "en", "strength": 2}', '{"locale": "fr"}'];

const UPDATES = [
  '{"$inc": {"n": 1}}',
  '{"$set": {"s": "x"}, "$push": {"t": 1}}',
  '{"$set": {"n": {"$numberLong": "5"}}}',
  '{"$inc": {"n": "x"}}',
  '{"$set": {"_id": 7}}',
  '{"$set": {"t.$": 1}}',
  '{"m": 1}',
  '[{"$set": {"n": {"$add": ["$n", 1]}}}]',
];

const statement = fc.record({
  kind: fc.constantFrom('update', 'update', 'findAndModify', 'bulkWrite', 'explain'),
  id: idValue,
  u: fc.constantFrom(...UPDATES),
  upsert: fc.boolean(),
  collation: fc.constantFrom(...COLLATIONS, '', ''),
  extra: fc.constantFrom('', '', '', '"hint": {"_id": 1}', '"hint": {"$natural": 1}', '"sort": {"_id": 1}'),
  details: fc.boolean(),
});
type Statement = typeof statement extends fc.Arbitrary<infer T> ? T : never;

const scenario = fc.record({
  collation: fc.constantFrom(...COLLATIONS),
  ids: fc.uniqueArray(idValue, { minLength: 1, maxLength: 12 }),
  statements: fc.array(statement, { minLength: 1, maxLength: 10 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function commandText(s: Statement): { db: string; text: string } {
  const collation = s.collation === '' ? '' : `, "collation": ${s.collation}`;
  const sort = s.extra.startsWith('"sort"') && s.kind !== 'bulkWrite' ? `, ${s.extra}` : '';
  const hint = s.extra.startsWith('"hint"') ? `, ${s.extra}` : '';
  const q = `{"_id": ${s.id}}`;
  const stmt = `{"q": ${q}, "u": ${s.u}, "upsert": ${s.upsert}${collation}${hint}${sort}}`;
  switch (s.kind) {
    case 'update':
      return { db: 'test', text: `{"update": "c", "updates": [${stmt}]}` };
    case 'explain':
      return {
        db: 'test',
        text: `{"explain": {"update": "c", "updates": [${stmt}]}, "verbosity": "executionStats"}`,
      };
    case 'findAndModify':
      return {
        db: 'test',
        text: `{"findAndModify": "c", "query": ${q}, "update": ${s.u}, "upsert": ${s.upsert}, "new": true${collation}${hint}${sort}}`,
      };
    case 'bulkWrite':
      return {
        db: 'admin',
        text: `{"bulkWrite": 1, "ops": [{"update": 0, "filter": ${q}, "updateMods": ${s.u}, "upsert": ${s.upsert}${collation}${hint}}], "nsInfo": [{"ns": "test.c"}]}`,
      };
  }
}

/** Everything observable of one statement run: reply, and with details the statement details. */
function runStatementText(engine: Engine, s: Statement): string {
  const { db, text } = commandText(s);
  const command = parseEJSONDoc(text);
  if (s.details && s.kind !== 'explain') {
    const { reply, statements } = runWriteWithDetails(engine, db, command);
    return ejson(scrub(reply)) + JSON.stringify(statements, publicView);
  }
  return ejson(scrub(engine.runCommand(db, command)));
}

/**
 * Details as their readers see them: documents as Extended JSON, and each document change by its
 * public fields (the oplog `o` included) rather than the objects behind them (a change's deferred
 * diff reaches the oplog's record and the process-wide shape table, which differ between engines).
 */
function publicView(_key: string, v: unknown): unknown {
  if (v instanceof Map) return ejson(v);
  if (v !== null && typeof v === 'object' && 'before' in v && 'after' in v && 'modifiedPaths' in v) {
    const c = v as DocumentChange;
    return {
      before: c.before,
      after: c.after,
      noop: c.noop,
      modifiedPaths: c.modifiedPaths,
      arrayTouches: c.arrayTouches,
      oplog: c.oplog,
    };
  }
  return v;
}

function scrub(reply: Doc): Doc {
  reply.delete('$clusterTime');
  reply.delete('operationTime');
  return reply;
}

function runScenario(sc: Scenario): string[] {
  const engine = deployedEngine({ topology: 'replicaset' });
  const collation = sc.collation === '' ? '' : `, "collation": ${sc.collation}`;
  const out = [ejson(engine.runCommand('test', parseEJSONDoc(`{"create": "c"${collation}}`)))];
  const docs = sc.ids.map((id, i) => `{"_id": ${id}, "n": ${i}, "t": [0]}`).join(', ');
  out.push(
    ejson(scrub(engine.runCommand('test', parseEJSONDoc(`{"insert": "c", "documents": [${docs}], "ordered": false}`)))),
  );
  for (const s of sc.statements) out.push(runStatementText(engine, s));
  out.push(
    engine
      .documents('test', 'c')
      .map((d) => ejson(d))
      .join('\n'),
  );
  out.push(
    engine
      .oplogEntries()
      .map((d) => ejson(d as Value))
      .join('\n'),
  );
  return out;
}

afterEach(() => {
  idLookupShortcut.enabled = true;
});

describe('the update _id fast path', () => {
  it('gives the same replies, documents, oplog and details as the planner and matcher', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        idLookupShortcut.enabled = false;
        const general = runScenario(sc);
        idLookupShortcut.enabled = true;
        const fast = runScenario(sc);
        expect(fast).toEqual(general);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('takes the lookup for the workload shape: no query compiled (so the comparison above exercises it)', () => {
    const compiled = (enabled: boolean): number => {
      idLookupShortcut.enabled = enabled;
      const engine = deployedEngine({ topology: 'replicaset' });
      engine.runCommand('test', parseEJSONDoc('{"insert": "c", "documents": [{"_id": 1, "n": 1}]}'));
      let compiles = 0;
      const deps: UpdateDeps = {
        ...defaultUpdateDeps,
        compileQuery: (filter, options) => {
          compiles++;
          return defaultUpdateDeps.compileQuery(filter, options);
        },
      };
      const { reply, statements } = runUpdateWithDetails(
        engine,
        'test',
        parseEJSONDoc('{"update": "c", "updates": [{"q": {"_id": {"$numberLong": "1"}}, "u": {"$inc": {"n": 1}}}]}'),
        { deps },
      );
      expect(ejson(scrub(reply))).toBe(ejson(parseEJSONDoc('{"n": 1, "nModified": 1, "ok": 1.0}')));
      expect(statements[0]!.plan).toEqual({ stage: 'IDHACK', indexName: '_id_', docsExamined: 1, keysExamined: 1 });
      expect(engine.documents('test', 'c').map((d) => ejson(d))).toEqual([ejson(parseEJSONDoc('{"_id": 1, "n": 2}'))]);
      return compiles;
    };
    expect(compiled(true)).toBe(0);
    expect(compiled(false)).toBe(1);
  });
});
