/**
 * `Collection.replace` keeps the index entries of an index whose keys did not change. Checked
 * against the plain remove-then-add of every key (a reference index fed the same writes): entries
 * in index order (key values compared bitwise, so 1 → 1.0 or 0 → -0 must be re-keyed), multikey
 * flags, key counts, and unique-index refusals (11000) must all be identical.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Int32, Long } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { Collection, newUuid } from './collection.js';
import { parseIndexSpec } from './index-definition.js';
import { IndexStore } from './index-store.js';
import { parseEJSONDoc } from '../bson/ejson.js';

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: 0, max: 2 }).map((n) => new Int32(n)),
  fc.constantFrom(0, -0, 1, 1.5, 2),
  fc.constant(Long.fromNumber(1)),
  fc.constant(null),
  fc.constantFrom('x', 'X'),
);
const field: fc.Arbitrary<Value | undefined> = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 2 }),
  fc.constant(undefined),
);

const body = fc.record({ a: field, b: field, c: field });
type Body = { a: Value | undefined; b: Value | undefined; c: Value | undefined };

type Op = { kind: 'insert'; id: number; body: Body } | { kind: 'replace'; pick: number; body: Body };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 0, max: 6 }), body }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), body }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), body }),
);

function docOf(body: Body, id?: number): Doc {
  const d: Doc = new Map();
  if (id !== undefined) d.set('_id', new Int32(id));
  for (const k of ['a', 'b', 'c'] as const) if (body[k] !== undefined) d.set(k, body[k]);
  return d;
}

const SPECS = [
  '{"key": {"a": 1}, "unique": true, "name": "a_u"}',
  '{"key": {"b": -1}, "name": "b"}',
  '{"key": {"c": 1}, "sparse": true, "name": "c_s"}',
  '{"key": {"a": 1, "b": 1}, "name": "ab"}',
  '{"key": {"b": 1}, "name": "b_ci", "collation": {"locale": "en", "strength": 2}}',
];

function sameEntries(x: IndexStore, y: IndexStore): void {
  const ex = x.entriesInOrder();
  const ey = y.entriesInOrder();
  expect(ex.map((e) => e.rid)).toEqual(ey.map((e) => e.rid));
  ex.forEach((e, i) => {
    const f = ey[i]!;
    expect(e.key.length).toBe(f.key.length);
    e.key.forEach((v, j) => expect(binaryEqual(v, f.key[j]!)).toBe(true));
  });
  expect(x.multikey).toBe(y.multikey);
  expect(x.keyCount).toBe(y.keyCount);
}

describe('Collection.replace index maintenance (property)', () => {
  it('matches removing and re-adding every key', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const c = new Collection(
          'db',
          'c',
          newUuid(() => 0.1),
        );
        for (const spec of SPECS) {
          const def = parseIndexSpec(parseEJSONDoc(spec), null);
          c.createIndex(def);
        }
        const refs = c.indexes.map((i) => new IndexStore(i.definition));
        for (const o of ops) {
          try {
            if (o.kind === 'insert') {
              const stored = c.insert(docOf(o.body, o.id));
              const rid = c.recordIdOf(stored)!;
              refs.forEach((r) => r.add(stored, rid));
            } else {
              const docs = c.snapshot();
              if (docs.length === 0) continue;
              const target = docs[o.pick % docs.length]!;
              const rid = c.recordIdOf(target)!;
              const stored = c.replace(target, docOf(o.body));
              refs.forEach((r) => {
                r.remove(target, rid);
                r.add(stored, rid);
              });
            }
          } catch (e) {
            if (!isEngineError(e) || (e.code !== 11000 && e.code !== 171)) throw e;
          }
        }
        c.indexes.forEach((index, i) => sameEntries(index, refs[i]!));
        for (const d of c.snapshot()) expect(c.findById(d.get('_id')!)).toBe(d);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('re-keys an entry whose key changes type under the same hash (1 → 1.0)', () => {
    const c = new Collection(
      'db',
      'c',
      newUuid(() => 0.1),
    );
    c.createIndex(parseIndexSpec(parseEJSONDoc('{"key": {"a": 1}, "name": "a_1"}'), null));
    const first = c.insert(
      new Map<string, Value>([
        ['_id', new Int32(1)],
        ['a', new Int32(1)],
      ]),
    );
    const second = c.replace(
      first,
      new Map<string, Value>([
        ['_id', new Int32(1)],
        ['a', 1],
      ]),
    );
    const [entry] = c.indexes[1]!.entriesInOrder();
    expect(entry!.key[0]).toBe(1);
    expect(c.findById(new Int32(1))).toBe(second);
  });
});
