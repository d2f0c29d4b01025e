/**
 * Stored documents' BSON sizes are kept from their writes (the insert command's measure, an
 * update's size from the previous size plus what changed: bson/size-delta.ts) and survive
 * snapshot/restore. Guard: over random documents and random modifier, pipeline and replacement
 * updates (including ones that fail part-way, no-ops, upserts and restores), every size the
 * collection knows equals a full walk of the stored document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import { bsonSize } from '../bson/size.js';
import { sizeFromPrevious } from '../bson/size-delta.js';
import type { Doc, Value } from '../bson/values.js';
import { testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';

const leaf = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((n) => `{"$numberInt": "${n}"}`),
  fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map((n) => `{"$numberDouble": "${n}"}`),
  fc.constantFrom(
    '"x"',
    '"héllo"',
    '"日本"',
    '"😀"',
    'null',
    'true',
    '{"$numberLong": "7"}',
    '{"$date": "2024-01-01T00:00:00Z"}',
  ),
);
const value = fc.letrec<{ v: string; arr: string; obj: string }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('arr'), tie('obj')),
  arr: fc.array(tie('v'), { maxLength: 3 }).map((xs) => `[${xs.join(',')}]`),
  obj: fc
    .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'é', '0', 'long_field_name'), tie('v')), {
      maxLength: 3,
      selector: (e) => e[0],
    })
    .map((es) => `{${es.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',')}}`),
})).v;

const path = fc.constantFrom('a', 'b', 'c.d', 'a.0', 'a.1', 'b.x', 'é', 'z.y.x', 'arr.0.q');
const update = fc.oneof(
  fc.tuple(path, value).map(([p, v]) => `{"$set": {"${p}": ${v}}}`),
  path.map((p) => `{"$unset": {"${p}": ""}}`),
  path.map((p) => `{"$inc": {"${p}": {"$numberInt": "1"}}}`),
  fc.tuple(path, value).map(([p, v]) => `{"$push": {"${p}": ${v}}}`),
  path.map((p) => `{"$pop": {"${p}": 1}}`),
  fc.tuple(path, path).map(([p, q]) => `{"$rename": {"${p}": "${q === p ? `${q}x` : q}"}}`),
  fc
    .tuple(value, value)
    .map(([v, w]) => `[{"$set": {"b": ${v}, "n": {"$add": [1, 2]}}}, {"$unset": "c"}, {"$set": {"w": ${w}}}]`),
  fc.tuple(value, value).map(([v, w]) => `{"a": ${v}, "w": ${w}}`),
);
const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      u: update,
      id: fc.integer({ min: 0, max: 4 }),
      multi: fc.boolean(),
      upsert: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 5, max: 8 }), doc: value }),
  },
);

function check(engine: Engine): void {
  const coll = engine.catalog.getCollection('test', 'c');
  if (!coll) return;
  const { docs, rids } = coll.scan();
  const known = coll.knownSizes();
  docs.forEach((doc, i) => {
    if (known[i]! >= 0) expect(known[i], stringifyEJSON(doc)).toBe(bsonSize(doc));
    expect(coll.recordSize(doc, rids[i])).toBe(bsonSize(doc));
  });
}

function insertDocs(engine: Engine, docs: readonly string[], from: number): void {
  const list = docs.map((d, i) =>
    d.startsWith('{') ? `{"_id": ${from + i}, "x": ${d}}` : `{"_id": ${from + i}, "v": ${d}}`,
  );
  engine.runCommand(
    'test',
    new Map<string, Value>([
      ['insert', 'c'],
      ['documents', list.map((t) => parseEJSONDoc(t))],
    ]),
  );
}

describe('cached BSON sizes (property)', () => {
  it('every known size of a stored document equals a full walk, after any sequence of writes', () => {
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 5 }),
        fc.array(step, { maxLength: 12 }),
        (initial, steps) => {
          const engine = testEngine();
          insertDocs(engine, initial, 0);
          // The insert command measured every document: all sizes are known from the start.
          expect(
            engine.catalog
              .getCollection('test', 'c')!
              .knownSizes()
              .every((s) => s >= 0),
          ).toBe(true);
          check(engine);
          const snap = engine.snapshot();
          for (const s of steps) {
            if (s.kind === 'restore') engine.restore(snap);
            else if (s.kind === 'insert') insertDocs(engine, [s.doc], s.id);
            else {
              const q = s.multi ? '{}' : `{"_id": ${s.id}}`;
              engine.runCommand(
                'test',
                parseEJSONDoc(
                  `{"update": "c", "updates": [{"q": ${q}, "u": ${s.u}, "multi": ${s.multi && !s.u.startsWith('{"a"')}, "upsert": ${s.upsert}}]}`,
                ),
              );
            }
            check(engine);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('sizeFromPrevious equals a full walk for any top-level edit that shares unchanged values', () => {
    fc.assert(
      fc.property(value, value, fc.constantFrom('a', 'b', 'é', 'new'), fc.boolean(), (v, w, name, remove) => {
        const prev = parseEJSONDoc(`{"_id": 1, "a": ${v}, "b": ${w}, "é": "x"}`);
        const next: Doc = new Map(prev);
        if (remove) next.delete(name);
        else next.set(name, parseEJSONDoc(`{"v": ${w}}`).get('v')!);
        expect(sizeFromPrevious(prev, bsonSize(prev), next)).toBe(bsonSize(next));
      }),
    );
  });
});
