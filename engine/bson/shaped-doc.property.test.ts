/**
 * A `ShapedDoc` is a `Map` to every reader (bson/shaped-doc.ts). Guard: random documents (names
 * such as "0", "10", "", "__proto__", repeated shapes) and random sequences of Map operations,
 * including writes while iterating, give the same answers on a shaped document and on a plain
 * `Map` model; copies never see each other's writes; size deltas between shaped versions equal a
 * full walk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyDoc, ShapedDoc, storedLayout } from './shaped-doc.js';
import { sizeFromPrevious } from './size-delta.js';
import { bsonSize } from './size.js';
import type { Doc, Value } from './values.js';

const name = fc.constantFrom('_id', 'a', 'b', 'n', '0', '1', '10', '', '__proto__', 'constructor', 'é', 'x.y');
const value: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom('s', 'héllo', null, true),
  fc.constant(null).map(() => new Map<string, Value>([['q', 1]])),
  fc.constant(null).map(() => [1, 'two']),
);
const plainDoc = fc
  .uniqueArray(fc.tuple(name, value), { maxLength: 8, selector: (e) => e[0] })
  .map((es) => new Map<string, Value>(es));

type Op =
  | { readonly kind: 'set'; readonly name: string; readonly value: Value }
  | { readonly kind: 'delete'; readonly name: string }
  | { readonly kind: 'clear' }
  | { readonly kind: 'copy' };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), name, value }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), name }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy' as const) }) },
);

/** Everything a reader can observe of a Map, in order. */
function observe(m: Map<string, Value>): unknown {
  const each: unknown[] = [];
  m.forEach((v, k, self) => each.push([k, v, self === m]));
  return {
    size: m.size,
    entries: [...m],
    entriesCall: [...m.entries()],
    keys: [...m.keys()],
    values: [...m.values()],
    each,
    gets: ['_id', 'a', '0', '10', '', '__proto__', 'missing'].map((k) => [m.has(k), m.get(k)]),
    isMap: m instanceof Map,
    ctor: m.constructor === Map,
    tag: Object.prototype.toString.call(m),
  };
}

function apply(m: Map<string, Value>, o: Op): unknown {
  if (o.kind === 'set') return m.set(o.name, o.value) === m;
  if (o.kind === 'delete') return m.delete(o.name);
  if (o.kind === 'clear') return m.clear();
  return undefined;
}

describe('ShapedDoc behaves as a Map', () => {
  it('every operation and every read agree with a plain Map, across copies', () => {
    fc.assert(
      fc.property(fc.array(plainDoc, { minLength: 1, maxLength: 4 }), fc.array(op, { maxLength: 25 }), (docs, ops) => {
        // Several documents in a row exercise the shape cache (same names, other names, fewer names).
        const stored = docs.map((d) => storedLayout(d));
        stored.forEach((s, i) => expect(observe(s)).toEqual(observe(docs[i]!)));
        let shaped: Doc = copyDoc(stored[stored.length - 1]!);
        let model = new Map(docs[docs.length - 1]!);
        const earlier: { doc: Doc; seen: unknown }[] = stored.map((s) => ({ doc: s, seen: observe(s) }));
        for (const o of ops) {
          if (o.kind === 'copy') {
            earlier.push({ doc: shaped, seen: observe(shaped) });
            shaped = copyDoc(shaped);
            model = new Map(model);
            continue;
          }
          expect(apply(shaped, o)).toEqual(apply(model, o));
          expect(observe(shaped)).toEqual(observe(model));
          // Structural equality (as tests compare documents) and a Map built from it.
          expect(shaped).toEqual(model);
          expect([...new Map(shaped)]).toEqual([...model]);
        }
        // Copy-on-write: no earlier version (or the stored originals) saw a later write.
        for (const e of earlier) expect(observe(e.doc)).toEqual(e.seen);
      }),
      { numRuns: 400 },
    );
  });

  it('iterators are live as a Map iterator is: writes, additions and deletions while iterating', () => {
    fc.assert(
      fc.property(
        plainDoc,
        fc.array(fc.tuple(fc.nat(8), op), { maxLength: 6 }),
        fc.constantFrom(0, 1, 2),
        (d, during, which) => {
          const shaped = copyDoc(storedLayout(d));
          const model = new Map(d);
          const run = (m: Map<string, Value>): unknown[] => {
            const it = which === 0 ? m.keys() : which === 1 ? m.values() : m.entries();
            const seen: unknown[] = [];
            let step = 0;
            for (let r = it.next(); r.done !== true && step < 40; r = it.next(), step++) {
              seen.push(r.value);
              for (const [at, o] of during) if (at === step && o.kind !== 'copy') apply(m, o);
            }
            return seen;
          };
          expect(run(shaped)).toEqual(run(model));
          expect(observe(shaped)).toEqual(observe(model));
        },
      ),
      { numRuns: 400 },
    );
  });

  // Cases the random search found or that sit on the edge of leaving shaped storage: a Map
  // iterator restarts at the table's start after `clear`, and sees a name deleted and written
  // again as a new entry at the end.
  it.each([
    [
      'clear then set, after the only name was visited',
      ['é'],
      1,
      [{ kind: 'clear' }, { kind: 'set', name: 'é', value: 0 }],
    ],
    [
      'delete then set of the only name, visited',
      ['a'],
      1,
      [
        { kind: 'delete', name: 'a' },
        { kind: 'set', name: 'a', value: 2 },
      ],
    ],
    [
      'delete then set of a visited name, all visited',
      ['a', 'b'],
      2,
      [
        { kind: 'delete', name: 'a' },
        { kind: 'set', name: 'a', value: 2 },
      ],
    ],
    ['delete of a name not visited yet', ['a', 'b', 'c'], 1, [{ kind: 'delete', name: 'b' }]],
    [
      'clear then two sets, midway',
      ['a', 'b', 'c'],
      2,
      [{ kind: 'clear' }, { kind: 'set', name: 'c', value: 1 }, { kind: 'set', name: 'a', value: 1 }],
    ],
  ] as const)('iterating across leaving shaped storage: %s', (_label, names, after, ops) => {
    const d = new Map<string, Value>(names.map((n) => [n, 1]));
    const run = (m: Map<string, Value>): unknown[] => {
      const it = m.keys();
      const seen: unknown[] = [];
      for (let r = it.next(), step = 1; r.done !== true && step < 20; r = it.next(), step++) {
        seen.push(r.value);
        if (step === after) for (const o of ops) apply(m, o as Op);
      }
      return seen;
    };
    const shaped = copyDoc(storedLayout(d));
    expect(shaped).toBeInstanceOf(ShapedDoc);
    expect(run(shaped)).toEqual(run(new Map(d)));
  });

  it('stores shaped documents for every document that fits the shape table', () => {
    fc.assert(
      fc.property(plainDoc, (d) => {
        expect(storedLayout(d)).toBeInstanceOf(ShapedDoc);
      }),
    );
  });
});

describe('size deltas between shaped versions', () => {
  it('equal a full walk of the new version', () => {
    fc.assert(
      fc.property(plainDoc, fc.array(fc.tuple(name, value), { maxLength: 5 }), fc.boolean(), (d, writes, drop) => {
        const before = storedLayout(d);
        const after = copyDoc(before);
        for (const [k, v] of writes) after.set(k, v);
        if (drop && after.size > 0) after.delete(after.keys().next().value!);
        expect(sizeFromPrevious(before, bsonSize(before), after)).toBe(bsonSize(after));
      }),
      { numRuns: 300 },
    );
  });
});
