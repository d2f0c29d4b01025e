import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { Int32, type Doc, type Value } from '../bson/values.js';
import { applyOplogDiff } from './apply-diff.js';
import { bsonDocSize, computeOplogDiff } from './diff-calculator.js';

const i = (n: number): Int32 => new Int32(n);
function v(x: unknown): Value {
  if (Array.isArray(x)) return x.map(v);
  if (x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype)
    return new Map(Object.entries(x as Record<string, unknown>).map(([k, y]) => [k, v(y)]));
  return x as Value;
}
const d = (x: Record<string, unknown>): Doc => v(x) as Doc;
const name = 'a long name that keeps the post-image well above it';

describe('computeOplogDiff', () => {
  it('E3: truncating an array and unsetting a field in a big document gives a delta', () => {
    const pre = d({ _id: i(1), name, arr: [i(1), i(2), i(3), i(4), i(5)], x: i(1) });
    const post = d({ _id: i(1), name, arr: [i(1), i(2)] });
    expect(computeOplogDiff(pre, post)).toEqual(d({ d: { x: false }, sarr: { a: true, l: i(2) } }));
  });

  it('E3: the same change on a tiny document is not smaller than the post-image (replacement)', () => {
    const pre = d({ _id: i(1), arr: [i(1), i(2), i(3), i(4), i(5)], x: i(1) });
    const post = d({ _id: i(1), arr: [i(1), i(2)] });
    expect(computeOplogDiff(pre, post)).toBeNull();
  });

  it('logs a moved field as a re-insert', () => {
    const pre = d({ _id: i(1), name, a: i(1), b: i(2), c: i(3) });
    const post = d({ _id: i(1), name, a: i(1), c: i(3), b: i(2) });
    expect(computeOplogDiff(pre, post)).toEqual(d({ i: { b: i(2) } }));
  });

  it('logs changed scalars as u, new fields as i and recurses into objects and arrays', () => {
    const pre = d({ _id: i(1), name, s: { p: i(1), q: name }, arr: [i(1), { k: name, z: i(1) }], n: i(1) });
    const post = d({ _id: i(1), name, s: { p: i(2), q: name }, arr: [i(1), { k: name, z: i(2) }, i(7)], n: 2, added: true });
    expect(computeOplogDiff(pre, post)).toEqual(
      d({
        u: { n: 2 },
        i: { added: true },
        ss: { u: { p: i(2) } },
        sarr: { a: true, s1: { u: { z: i(2) } }, u2: i(7) },
      }),
    );
  });

  it('writes a small sub-object whole when its sub-diff would not be smaller', () => {
    const pre = d({ _id: i(1), name, s: { p: i(1) } });
    const post = d({ _id: i(1), name, s: { p: i(2) } });
    expect(computeOplogDiff(pre, post)).toEqual(d({ u: { s: { p: i(2) } } }));
  });

  it('sorts mismatch deletes after trailing deletes, in byte order', () => {
    const pre = d({ _id: i(1), name, z: i(1), y: i(1), k: i(1), t: i(9) });
    const post = d({ _id: i(1), name, k: i(1) });
    // z and y are mismatches (sorted: y, z); t is a trailing delete logged first.
    expect(computeOplogDiff(pre, post)).toEqual(d({ d: { t: false, y: false, z: false } }));
  });

  it('gives null for identical documents only when the empty diff is not smaller', () => {
    const pre = d({ _id: i(1), name });
    expect(computeOplogDiff(pre, pre)).toEqual(new Map());
  });

  it('replays exactly through applyOplogDiff (property)', () => {
    const scalar = fc.oneof(
      fc.integer({ min: -5, max: 5 }).map((n) => i(n) as Value),
      fc.constantFrom<Value>(1.5, 'x', 'a long string value to make documents bigger', null, true),
    );
    const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('v'), { maxLength: 4 }),
        fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), tie('v')), { selector: (t) => t[0], maxLength: 4 }).map(
          (es) => new Map(es) as Value,
        ),
      ),
    })).v;
    const docArb = fc
      .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), value), { selector: (t) => t[0], maxLength: 6 })
      .map((es) => new Map<string, Value>([['_id', i(1)], ...es]));
    fc.assert(
      fc.property(docArb, docArb, (pre, post) => {
        for (const padding of [0, 15]) {
          const diff = computeOplogDiff(pre, post, padding);
          if (diff === null) continue;
          expect(bsonDocSize(diff)).toBeLessThan(bsonDocSize(post));
          // The empty diff of equal images is a no-op, never logged (the applier refuses it: 4770500).
          if (diff.size === 0) continue;
          const replayed = applyOplogDiff(pre, diff);
          expect(binaryEqual(replayed, post)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
