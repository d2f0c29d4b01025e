/**
 * The single-field shortcut of `extractKeys` (index-keys.ts) against the general key walk
 * (`extractKeysWalked`): over random documents (numbers of each type, strings, null, BSON
 * undefined, DBRefs, documents, arrays of them, missing fields) and key patterns of one or more
 * fields, plain or dotted, sparse or not, both give the same keys, in the same order, the same
 * `allMissing` and `multikey`, or the same error.
 */
import fc from 'fast-check';
import { DBRef, Int32, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, type Doc, type Value } from '../bson/values.js';
import { extractKeys, extractKeysWalked } from './index-keys.js';

const names = fc.constantFrom('a', 'b', '0', '_id');
const scalar = fc.constantFrom<Value>(
  1,
  -0,
  2.5,
  new Int32(1),
  Long.fromNumber(1),
  'x',
  null,
  true,
  BSON_UNDEFINED,
  new DBRef('c', new ObjectId('0123456789abcdef01234567')),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(names, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;
const doc = fc
  .uniqueArray(fc.tuple(names, value), { selector: ([k]) => k, maxLength: 4 })
  .map((e) => new Map(e) as Doc);
const path = fc.oneof(
  { weight: 3, arbitrary: names.map((n) => [n]) },
  { weight: 1, arbitrary: fc.array(names, { minLength: 1, maxLength: 3 }) },
);

function keysOf(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return { error: (e as { code?: number }).code, message: (e as Error).message };
  }
}

describe('single-field index keys', () => {
  it('are the keys of the general walk', () => {
    fc.assert(
      fc.property(doc, fc.array(path, { minLength: 1, maxLength: 2 }), fc.boolean(), (d, paths, sparse) => {
        expect(keysOf(() => extractKeys(d, paths, sparse))).toEqual(keysOf(() => extractKeysWalked(d, paths, sparse)));
      }),
      { numRuns: 3000 },
    );
  });
});
