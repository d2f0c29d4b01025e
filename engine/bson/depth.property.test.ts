/**
 * The depth checks (bson/size.ts `nestingDepth` for the BSON and stored-document limits, and the
 * update's storage validation) recurse with a bound instead of walking with an explicit stack.
 * Guard: for random nested values and small limits, both agree with the stack walks they
 * replaced: the exact depth up to the limit, and "above the limit" past it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Value } from './values.js';
import { checkConvertibleToBson, exceedsDepth, nestingDepth } from './size.js';
import { nestingDepth as storageDepth, validateForStorage } from '../update/storage-validation.js';
import type { Doc } from './values.js';

/** The former bson/size.ts walk. */
function referenceDepth(v: Value, limit: number): number {
  let max = 0;
  const stack: [Value, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, depth] = stack.pop()!;
    let children: Iterable<Value> | undefined;
    if (x instanceof Map) children = x.values();
    else if (Array.isArray(x)) children = x;
    if (!children) continue;
    const d = depth + 1;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const c of children) if (c instanceof Map || Array.isArray(c)) stack.push([c, d]);
  }
  return max;
}

/** The former storage-validation walk, with its limit as a parameter. */
function referenceStorageDepth(v: Value, limit: number): number {
  let max = 0;
  const stack: [Value, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, level] = stack.pop()!;
    const children = x instanceof Map ? x.values() : Array.isArray(x) ? x : null;
    if (children === null) continue;
    for (const c of children) {
      if (level + 1 > max) max = level + 1;
      if (max > limit) return max;
      if (c instanceof Map || Array.isArray(c)) stack.push([c, level + 1]);
    }
  }
  return max;
}

const nested: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    fc.constantFrom<Value>(1, 'x', null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.array(tie('v'), { maxLength: 3 }).map((xs) => new Map(xs.map((x, i) => [`f${i}`, x] as const))),
  ),
})).v;

function agree(actual: number, expected: number, limit: number): void {
  if (expected <= limit) expect(actual).toBe(expected);
  else expect(actual).toBeGreaterThan(limit);
}

describe('bounded depth walks (property)', () => {
  it('nestingDepth with a limit agrees with the stack walk', () => {
    fc.assert(
      fc.property(nested, fc.integer({ min: 0, max: 6 }), (v, limit) => {
        agree(nestingDepth(v, limit), referenceDepth(v, limit), limit);
        expect(nestingDepth(v)).toBe(referenceDepth(v, Infinity));
      }),
      { numRuns: 500 },
    );
  });

  it('the storage validation depth agrees with the stack walk', () => {
    fc.assert(
      fc.property(nested, fc.integer({ min: 0, max: 6 }), (v, limit) => {
        agree(storageDepth(v, limit), referenceStorageDepth(v, limit), limit);
      }),
      { numRuns: 500 },
    );
  });

  it('a value nested past the limits is refused, one at the limit is not', () => {
    let deep: Value = 1;
    for (let i = 0; i < 200; i++) deep = new Map([['a', deep]]);
    expect(nestingDepth(deep, 200)).toBe(200);
    expect(nestingDepth(new Map([['a', deep]]), 200)).toBeGreaterThan(200);
    expect(storageDepth(deep)).toBeGreaterThan(180);
  });

  it('a pipeline result sharing fields with its stored original is refused exactly when a full walk refuses it', () => {
    const chain = (n: number, leaf: Value = 1): Value => {
      let v = leaf;
      for (let i = 0; i < n; i++) v = i % 2 === 0 ? new Map([['x', v]]) : [v];
      return v;
    };
    const refuses = (f: () => void): string => {
      try {
        f();
        return 'ok';
      } catch (e) {
        return String((e as { code?: number }).code);
      }
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 179 }),
        fc.integer({ min: 0, max: 179 }),
        fc.integer({ min: 0, max: 205 }),
        fc.constantFrom('a', 'b', 'c'),
        fc.boolean(),
        (da, db, dc, name, wrapShared) => {
          const original: Doc = new Map<string, Value>([
            ['_id', 1],
            ['a', chain(da)],
            ['b', chain(db)],
          ]);
          // Every stored document passed the insert limit.
          if (exceedsDepth(original)) return;
          const next: Doc = new Map(original);
          // A changed field: new nesting, possibly around a value shared with the original.
          next.set(name, wrapShared ? chain(dc, original.get('a')!) : chain(dc));
          expect(refuses(() => checkConvertibleToBson(next, original))).toBe(
            refuses(() => checkConvertibleToBson(next)),
          );
          expect(refuses(() => validateForStorage(next, { storedOriginal: original }))).toBe(
            refuses(() => validateForStorage(next)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
