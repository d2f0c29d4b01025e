/**
 * Random inserts, replaces and removes keep storage and indexes in step: every stored document
 * is found through each index, no index holds entries for removed documents, and a unique index
 * never holds two records with equal keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Int32 } from 'bson';
import { valuesEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { Collection, newUuid } from './collection.js';
import { parseIndexSpec } from './index-definition.js';

type Op =
  { kind: 'insert'; id: number; a: number | number[] } | { kind: 'replace' | 'remove'; pick: number; a: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    id: fc.integer({ min: 0, max: 8 }),
    a: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 })),
  }),
  fc.record({
    kind: fc.constantFrom('replace' as const, 'remove' as const),
    pick: fc.nat(),
    a: fc.integer({ min: 0, max: 5 }),
  }),
);

function aValue(a: number | number[]): Value {
  return Array.isArray(a) ? a.map((n) => new Int32(n)) : new Int32(a);
}

describe('Collection (property)', () => {
  it('keeps documents and indexes consistent', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const c = new Collection(
          'db',
          'c',
          newUuid(() => 0.1),
        );
        c.createIndex(
          parseIndexSpec(
            new Map<string, Value>([
              ['key', new Map([['a', new Int32(1)]])],
              ['unique', true],
            ]),
            null,
          ),
        );
        for (const o of ops) {
          try {
            if (o.kind === 'insert') {
              c.insert(
                new Map<string, Value>([
                  ['_id', new Int32(o.id)],
                  ['a', aValue(o.a)],
                ]),
              );
            } else {
              const docs = c.snapshot();
              if (docs.length === 0) continue;
              const target = docs[o.pick % docs.length]!;
              if (o.kind === 'remove') c.remove(target);
              else c.replace(target, new Map<string, Value>([['a', new Int32(o.a)]]));
            }
          } catch (e) {
            if (!isEngineError(e) || e.code !== 11000) throw e;
          }
        }
        const docs = c.snapshot();
        const unique = c.indexes[1]!;
        for (const d of docs) {
          expect(c.findById(d.get('_id')!)).toBe(d);
          for (const key of unique.keysOf(d)) {
            const rids = unique.lookup(key);
            expect(rids).toEqual([c.recordIdOf(d)]);
          }
        }
        const allKeys = docs.flatMap((d: Doc) => unique.keysOf(d));
        expect(unique.keyCount).toBe(allKeys.length);
        for (let i = 0; i < allKeys.length; i++) {
          for (let j = i + 1; j < allKeys.length; j++) {
            const same = valuesEqual(allKeys[i]![0]!, allKeys[j]![0]!);
            if (same) {
              const owners = docs.filter((d) => unique.keysOf(d).some((k) => valuesEqual(k[0]!, allKeys[i]![0]!)));
              expect(owners.length).toBe(1);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
