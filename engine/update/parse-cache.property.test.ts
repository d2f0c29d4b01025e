/**
 * The modifier-executor cache (parse-cache.ts) never changes an answer. Guard: generated scripts
 * of update, findAndModify and bulkWrite commands that repeat a few statement shapes with varied
 * constants (of every numeric type, strings, nulls, arrays, dates; valid and invalid: a `$inc` of
 * a string, an unused or missing array filter, a bad `$slice`, conflicting paths) are run on a
 * replica set with the cache on and on one with it off; every reply, the final documents and
 * every oplog entry are bitwise equal. Also: the key tells apart values that differ only in type.
 */
import fc from 'fast-check';
import { Int32, Long } from 'bson';
import { afterEach, describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { parseEJSONDoc } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { deployedEngine } from '../deploy/testing.js';
import type { Engine } from '../engine.js';
import { modifierExecutorCache, modifierUpdateKey } from './parse-cache.js';

const constant = fc.constantFrom(
  '1',
  '-2',
  '{"$numberInt": "3"}',
  '{"$numberLong": "4"}',
  '{"$numberDouble": "-0.0"}',
  '{"$numberDouble": "0.5"}',
  '{"$numberDouble": "1"}',
  '{"$numberDouble": "3"}',
  '{"$numberDecimal": "1.50"}',
  '"blue"',
  '"x"',
  'null',
  'true',
  '[1, "blue"]',
  '{"$date": "2024-01-01T00:00:00Z"}',
);
const field = fc.constantFrom('n', 'a.b', 'tags', 'items.0.q', 'score');

interface UpdateText {
  readonly u: string;
  readonly arrayFilters?: string;
}

/** One statement's `u` (and arrayFilters) as EJSON text; shapes repeat, constants vary. */
const update: fc.Arbitrary<UpdateText> = fc.oneof(
  fc.tuple(field, constant).map(([f, c]) => ({ u: `{"$inc": {"${f}": ${c}}}` })),
  fc.tuple(field, constant).map(([f, c]) => ({ u: `{"$set": {"${f}": ${c}}, "$min": {"score": ${c}}}` })),
  fc.tuple(constant, constant).map(([c, t]) => ({ u: `{"$set": {"tags.$[t]": ${c}}}`, arrayFilters: `[{"t": ${t}}]` })),
  fc.tuple(constant, fc.constantFrom('t', 'u')).map(([c, id]) => ({
    u: `{"$set": {"tags.$[${id}]": ${c}}}`,
    arrayFilters: `[{"t": ${c}}]`,
  })),
  constant.map((c) => ({ u: `{"$set": {"items.$.s": ${c}}}` })),
  fc.tuple(constant, constant).map(([c, s]) => ({ u: `{"$push": {"tags": {"$each": [${c}], "$slice": ${s}}}}` })),
  fc.tuple(constant, constant).map(([c, d]) => ({ u: `{"$mul": {"n": ${c}}, "$bit": {"k": {"and": ${d}}}}` })),
  constant.map((c) => ({ u: `{"$set": {"a": ${c}}, "$inc": {"a.b": 1}}` })),
  constant.map((c) => ({ u: `{"$currentDate": {"d": ${c}}, "$unset": {"x": ""}}` })),
  fc.constantFrom(
    { u: '{"$rename": {"a": "r"}}' },
    { u: '{"$pull": {"tags": "blue"}}' },
    { u: '{"$bogus": {"a": 1}}' },
  ),
);

const query = fc.oneof(
  fc.integer({ min: 1, max: 4 }).map((id) => `{"_id": ${id}}`),
  fc.constant('{"items.q": {"$gt": 1}}'),
  fc.constant('{}'),
);

const step = fc.record({
  kind: fc.constantFrom('update', 'findAndModify', 'bulkWrite'),
  q: query,
  update,
  multi: fc.boolean(),
  upsert: fc.boolean(),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function command(s: Step): { db: string; text: string } {
  const af = s.update.arrayFilters === undefined ? '' : `, "arrayFilters": ${s.update.arrayFilters}`;
  switch (s.kind) {
    case 'update':
      return {
        db: 'test',
        text: `{"update": "c", "updates": [{"q": ${s.q}, "u": ${s.update.u}, "multi": ${s.multi}, "upsert": ${s.upsert}${af}}]}`,
      };
    case 'findAndModify':
      return {
        db: 'test',
        text: `{"findAndModify": "c", "query": ${s.q}, "update": ${s.update.u}, "upsert": ${s.upsert}, "new": true${af}}`,
      };
    case 'bulkWrite':
      return {
        db: 'admin',
        text: `{"bulkWrite": 1, "ops": [{"update": 0, "filter": ${s.q}, "updateMods": ${s.update.u}, "multi": ${s.multi}, "upsert": ${s.upsert}${af}}], "nsInfo": [{"ns": "test.c"}]}`,
      };
  }
}

const SEED =
  '{"insert": "c", "documents": [' +
  '{"_id": 1, "n": 1, "k": 6, "score": 5, "tags": ["red", "blue", "green"], "items": [{"q": 1, "s": "a"}, {"q": 7, "s": "b"}]},' +
  '{"_id": 2, "n": 2.5, "a": {"b": 1}, "tags": ["blue"], "items": [{"q": 3}]},' +
  '{"_id": 3, "n": "text", "tags": [], "items": []}]}';

function runAll(engine: Engine, steps: readonly Step[]): Doc[] {
  engine.runCommand('test', parseEJSONDoc(SEED));
  return steps.map((s) => {
    const { db, text } = command(s);
    const reply = engine.runCommand(db, parseEJSONDoc(text));
    reply.delete('$clusterTime');
    reply.delete('operationTime');
    return reply;
  });
}

function equalLists(a: readonly Value[], b: readonly Value[]): void {
  expect(b.length).toBe(a.length);
  a.forEach((x, i) => expect(binaryEqual(x, b[i]!)).toBe(true));
}

afterEach(() => {
  modifierExecutorCache.enabled = true;
});

describe('modifier executor cache', () => {
  it('gives the same replies, documents and oplog as parsing every statement', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        modifierExecutorCache.enabled = false;
        const parsed = deployedEngine({ topology: 'replicaset' });
        const parsedReplies = runAll(parsed, steps);
        modifierExecutorCache.enabled = true;
        const cached = deployedEngine({ topology: 'replicaset' });
        const cachedReplies = runAll(cached, steps);
        equalLists(parsedReplies, cachedReplies);
        equalLists(parsed.documents('test', 'c'), cached.documents('test', 'c'));
        equalLists(parsed.oplogEntries(), cached.oplogEntries());
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('keys tell apart values of different types and field orders', () => {
    const key = (d: Doc) => modifierUpdateKey(d, undefined);
    const inc = (v: Value) => new Map([['$inc', new Map([['n', v]])]]) as Doc;
    const keys = [
      inc(1),
      inc(new Int32(1)),
      inc(Long.fromNumber(1)),
      inc(-0),
      inc(0),
      inc('1'),
      inc(null),
      inc([1]),
    ].map(key);
    expect(new Set(keys).size).toBe(keys.length);
    const ab = new Map([
      [
        '$set',
        new Map<string, Value>([
          ['a', 1],
          ['b', 2],
        ]),
      ],
    ]) as Doc;
    const ba = new Map([
      [
        '$set',
        new Map<string, Value>([
          ['b', 2],
          ['a', 1],
        ]),
      ],
    ]) as Doc;
    expect(key(ab)).not.toBe(key(ba));
    expect(modifierUpdateKey(ab, [new Map([['t', 1]])])).not.toBe(key(ab));
  });
});
