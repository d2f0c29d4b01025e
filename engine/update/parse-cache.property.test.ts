/**
 * The modifier-executor cache (parse-cache.ts: parsed once per shape, constants bound afterwards)
 * never changes an answer. Guard: generated scripts of update, findAndModify and bulkWrite
 * commands that repeat a few statement shapes with varied constants (of every numeric type,
 * strings, nulls, booleans, ObjectIds, arrays, dates; valid and invalid: a `$inc` of a string, an
 * unused or missing array filter, a bad `$slice`, conflicting paths) are run on a replica set with
 * the cache on and on one with it off; every reply, the final documents and every oplog entry are
 * bitwise equal. Also: the key tells apart values that differ only in type, and binds exactly the
 * constants whose parse looks at their type only.
 */
import fc from 'fast-check';
import { Int32, Long } from 'bson';
import { afterEach, describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { parseEJSONDoc } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { deployedEngine } from '../deploy/testing.js';
import type { Engine } from '../engine.js';
import { modifierExecutorCache, modifierUpdateShape } from './parse-cache.js';
import { sameUpdateShape } from './parse-cache-key.js';

const constant = fc.constantFrom(
  '1',
  '-2',
  '{"$numberInt": "3"}',
  '{"$numberLong": "4"}',
  '{"$numberDouble": "-0.0"}',
  '{"$numberDouble": "0.5"}',
  '{"$numberDouble": "0"}',
  '{"$numberDouble": "1"}',
  '{"$numberDouble": "3"}',
  '{"$numberDecimal": "1.50"}',
  '"blue"',
  '"x"',
  'null',
  'true',
  '[1, "blue"]',
  '{"$date": "2024-01-01T00:00:00Z"}',
  '{"$date": "2025-06-01T00:00:00Z"}',
  '{"$oid": "0123456789abcdef01234567"}',
  '{"$numberLong": "9007199254740993"}',
  '{"$numberDouble": "NaN"}',
  'false',
  '"$x"',
  '{"$numberInt": "-7"}',
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
  fc.tuple(constant, constant, constant).map(([a, b, c]) => ({
    u: `{"$setOnInsert": {"s": ${a}}, "$max": {"score": ${b}}, "$unset": {"x": ${c}}, "$set": {"v": ${c}}}`,
  })),
  fc.tuple(constant, constant, constant).map(([a, b, c]) => ({
    u: `{"$set": {"a.b": ${a}, "a.c": ${b}}, "$mul": {"n": ${c}}, "$push": {"tags": ${a}}}`,
  })),
  fc.tuple(constant, constant).map(([a, b]) => ({ u: `{"$inc": {"n": ${a}, "k": ${b}}, "$min": {"a.b": ${b}}}` })),
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

  it('recognises a shape without its key exactly when the keys are equal', () => {
    const filters = (t: UpdateText) =>
      t.arrayFilters === undefined ? undefined : parseEJSONDoc(`{"f": ${t.arrayFilters}}`).get('f');
    fc.assert(
      fc.property(update, update, (a, b) => {
        const ua = parseEJSONDoc(a.u);
        const ub = parseEJSONDoc(b.u);
        // A template is made from an update that parsed: every modifier's argument is a document.
        if (![...ua.values()].every((spec) => spec instanceof Map)) return;
        const sa = modifierUpdateShape(ua, filters(a));
        const sb = modifierUpdateShape(ub, filters(b));
        if (sa === undefined) return;
        const constants: Value[] = [];
        const same = sameUpdateShape(ua, filters(a), ub, filters(b), constants);
        expect(same).toBe(sa.key === sb?.key);
        if (same) equalLists(constants, sb!.constants);
      }),
      { numRuns: 2000 },
    );
  });

  it('keys tell apart values of different types and field orders', () => {
    const key = (d: Doc) => modifierUpdateShape(d, undefined)?.key;
    const inc = (v: Value) => new Map([['$inc', new Map([['n', v]])]]) as Doc;
    const keys = [inc(1), inc(new Int32(1)), inc(Long.fromNumber(1)), inc('1'), inc(null), inc([1]), inc(true)].map(
      key,
    );
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
    expect(modifierUpdateShape(ab, [new Map([['t', 1]])])?.key).not.toBe(key(ab));
    expect(modifierUpdateShape(ab, [new Map([['t', 1]])])?.key).not.toBe(
      modifierUpdateShape(ab, [new Map([['t', 2]])])?.key,
    );
  });

  it('binds the scalars of type-only modifiers and spells every other value', () => {
    const shape = (text: string) => modifierUpdateShape(parseEJSONDoc(text), undefined);
    const a = shape(
      '{"$set": {"v": {"$numberDouble": "1"}, "w": "x"}, "$inc": {"n": {"$numberInt": "1"}}, "$push": {"t": 1}}',
    );
    const b = shape('{"$set": {"v": -0.0, "w": "y"}, "$inc": {"n": {"$numberInt": "2"}}, "$push": {"t": 1}}');
    expect(a?.key).toBe(b?.key);
    expect(a?.constants).toEqual([1, 'x', new Int32(1)]);
    expect(b?.constants).toEqual([-0, 'y', new Int32(2)]);
    // $push's argument, documents and arrays are part of the key.
    expect(shape('{"$push": {"t": 2}}')?.key).not.toBe(shape('{"$push": {"t": 1}}')?.key);
    expect(shape('{"$set": {"v": {"a": 1}}}')?.key).not.toBe(shape('{"$set": {"v": {"a": 2}}}')?.key);
    expect(shape('{"$set": {"v": [1]}}')?.key).not.toBe(shape('{"$set": {"v": [2]}}')?.key);
    expect(shape('{"$rename": {"a": "b"}}')?.key).not.toBe(shape('{"$rename": {"a": "c"}}')?.key);
    expect(shape('{"$currentDate": {"a": true}}')?.key).not.toBe(shape('{"$currentDate": {"a": false}}')?.key);
    // Values the key cannot spell: not cached.
    expect(shape('{"$set": {"v": {"$numberDecimal": "1"}}}')).toBeUndefined();
  });
});
