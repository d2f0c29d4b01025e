/**
 * The write path skips an index whose key paths the update did not modify
 * (`IndexStore.mightBeAffectedBy(result.modifiedPaths)`, the server's `mightBeIndexed`). Guard:
 * over generated documents, updates (modifiers, pipelines, replacements) and index key patterns,
 * whenever the rule says "not affected", recomputing the index keys of the post-image gives
 * exactly the pre-image's keys (bucket keys and values compared bitwise, multikey included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Int32, Long } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import { parseIndexSpec } from '../catalog/index-definition.js';
import { IndexStore, type KeySet } from '../catalog/index-store.js';
import { isEngineError } from '../errors.js';
import type { UpdateExecutor } from './executor.js';
import { parseUpdate } from './parse-update.js';
import { TEST_ENV } from './test-support.js';

const NAMES = ['a', 'b', 'c', '0', '1'];

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -2, max: 2 }).map((n) => new Int32(n)),
  fc.constantFrom(0, -0, 1, 1.5),
  fc.constant(Long.fromNumber(1)),
  fc.constantFrom('x', 'X'),
  fc.constant(null),
);

// Arrays of sub-documents are frequent: `a.0` and `a.b` reach the same keys through them.
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value; d: Doc; arr: Value[]; docs: Value[] }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('d'), tie('arr'), tie('docs')),
  docs: fc.array(tie('d'), { minLength: 1, maxLength: 2 }),
  d: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('v')), { maxLength: 3, selector: (e) => e[0] })
    .map((entries) => new Map(entries) as Doc),
  arr: fc.array(tie('v'), { maxLength: 3 }),
})).v;

const document: fc.Arbitrary<Doc> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 4, selector: (e) => e[0] })
  .map((entries) => new Map<string, Value>([['_id', new Int32(1)], ...entries]));

const path = fc
  .tuple(
    fc.constantFrom('a', 'b', 'c', '0'),
    fc.array(fc.constantFrom('a', 'b', '0', '1', '$[]', '$[i]', '$'), { maxLength: 2 }),
  )
  .map(([first, rest]) => [first, ...rest].join('.'));

const OPERATORS: Record<string, fc.Arbitrary<Value>> = {
  $set: value,
  $unset: fc.constant(''),
  $inc: fc.oneof(
    fc.integer({ min: -2, max: 2 }).map((n) => new Int32(n)),
    fc.constant(0.5),
  ),
  $mul: fc.constantFrom(new Int32(2), 1.5),
  $min: value,
  $max: value,
  $push: value,
  $addToSet: scalar,
  $pop: fc.constantFrom(new Int32(1), new Int32(-1)),
  $pull: scalar,
  $pullAll: fc.array(scalar, { maxLength: 2 }),
  $rename: fc.constantFrom('a', 'b', 'c.a', 'z'),
  $currentDate: fc.constant(true),
};

const modifierUpdate: fc.Arbitrary<Value> = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(OPERATORS)), path), { minLength: 1, maxLength: 3 })
  .chain((ops) =>
    fc.tuple(...ops.map(([op]) => OPERATORS[op]!)).map((values) => {
      const u: Doc = new Map();
      ops.forEach(([op, p], k) => {
        let spec = u.get(op) as Doc | undefined;
        if (spec === undefined) u.set(op, (spec = new Map()));
        spec.set(p, values[k]!);
      });
      return u as Value;
    }),
  );

const pipelineUpdate: fc.Arbitrary<Value> = fc
  .tuple(fc.constantFrom('a', 'b', 'c', 'a.b', 'c.0'), value, fc.constantFrom('$set', '$unset'))
  .map(([field, v, stage]) =>
    stage === '$unset'
      ? [new Map<string, Value>([['$unset', field]])]
      : [new Map<string, Value>([['$set', new Map<string, Value>([[field, new Map([['$literal', v]])]])]])],
  );

const replacementUpdate: fc.Arbitrary<Value> = fc
  .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c'), value), { maxLength: 3, selector: (e) => e[0] })
  .map((entries) => new Map(entries) as Value);

const INDEX_PATHS = ['a', 'b', 'c', 'a.b', 'a.0', 'b.a', 'a.b.a', '0', 'c.1.a', '_id'];
const indexSpec = fc
  .uniqueArray(fc.constantFrom(...INDEX_PATHS), { minLength: 1, maxLength: 2 })
  .map(
    (paths) =>
      `{"key": {${paths.map((p) => `"${p}": 1`).join(', ')}}, "name": "i", "sparse": ${paths.length === 1 && paths[0] !== '_id'}}`,
  );

function sameKeySet(a: KeySet, b: KeySet): boolean {
  if (a.multikey !== b.multikey || a.keys.length !== b.keys.length) return false;
  return a.keys.every(
    (k, i) =>
      a.hashes[i] === b.hashes[i] &&
      k.length === b.keys[i]!.length &&
      k.every((v, j) => binaryEqual(v, b.keys[i]![j]!)),
  );
}

function keysOrError(index: IndexStore, doc: Doc): KeySet | 'error' {
  try {
    return index.computeKeys(doc);
  } catch (e) {
    if (isEngineError(e)) return 'error'; // 171 parallel arrays: the write fails either way
    throw e;
  }
}

describe('index maintenance skip (mightBeIndexed)', () => {
  it('never skips an index whose keys changed', () => {
    const stats = { skipped: 0, checked: 0 };
    fc.assert(
      fc.property(
        document,
        fc.oneof(modifierUpdate, modifierUpdate, pipelineUpdate, replacementUpdate),
        fc.array(indexSpec, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('0', '1', undefined),
        (doc, u, specs, matched) => {
          let exec: UpdateExecutor;
          try {
            const usesI = stringifyEJSON(u).includes('$[i]');
            const arrayFilters = usesI
              ? [new Map<string, Value>([['i', new Map([['$gte', new Int32(0)]])]])]
              : undefined;
            exec = parseUpdate(u, { arrayFilters, collator: null });
          } catch (e) {
            if (!isEngineError(e)) throw e;
            return;
          }
          let res;
          try {
            res = exec.apply(doc, {
              isUpsertInsert: false,
              immutablePaths: ['_id'],
              matchedArrayIndex: matched,
              env: TEST_ENV,
            });
          } catch (e) {
            if (!isEngineError(e)) throw e;
            return;
          }
          if (res.noop) return;
          for (const spec of specs) {
            const index = new IndexStore(parseIndexSpec(parseEJSONDoc(spec), null));
            stats.checked++;
            if (index.mightBeAffectedBy(res.modifiedPaths)) continue;
            stats.skipped++;
            const before = keysOrError(index, doc);
            const after = keysOrError(index, res.doc);
            if (before === 'error' || after === 'error') {
              expect(after).toBe(before);
              continue;
            }
            expect(sameKeySet(before, after)).toBe(true);
          }
        },
      ),
      { numRuns: 2500 },
    );
    // The generators must reach both verdicts.
    expect(stats.skipped).toBeGreaterThan(300);
    expect(stats.checked - stats.skipped).toBeGreaterThan(300);
  }, 60_000);

  it('counts an array element as its array: $set a.0 affects an index on a.b (canonical paths)', () => {
    const doc = parseEJSONDoc('{"_id": 1, "a": [{"b": 1}]}');
    const res = parseUpdate(parseEJSONDoc('{"$set": {"a.0": 5}}'), { collator: null }).apply(doc, {
      isUpsertInsert: false,
      immutablePaths: ['_id'],
      env: TEST_ENV,
    });
    const index = new IndexStore(parseIndexSpec(parseEJSONDoc('{"key": {"a.b": 1}, "name": "ab"}'), null));
    expect(res.modifiedPaths).toEqual(['a.0']);
    expect(sameKeySet(index.computeKeys(doc), index.computeKeys(res.doc))).toBe(false);
    expect(index.mightBeAffectedBy(res.modifiedPaths)).toBe(true);
    const other = new IndexStore(parseIndexSpec(parseEJSONDoc('{"key": {"c.b": 1}, "name": "cb"}'), null));
    expect(other.mightBeAffectedBy(res.modifiedPaths)).toBe(false);
  });
});
