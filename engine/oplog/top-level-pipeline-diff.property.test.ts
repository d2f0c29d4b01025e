/**
 * A pipeline update's `$v:2` diff that only updates whole top-level values and inserts top-level
 * fields is kept as a `TopLevelDiff` (`topLevelDiffOf`), so the oplog can keep a run of them as one
 * record. Guard: over random pre-images and post-images (values changed, also to another type or
 * to an equal value of another type, names added, removed and reordered, nested documents and
 * arrays changed, names like "", "0", "$x", "a.b", "é"), the `TopLevelDiff` builds exactly the `o`
 * the diff tree builds (names, order, types), and it exists exactly when that `o` has neither `d`
 * nor sub-diff sections. Then end to end: the `o` of every entry a pipeline `updateMany` logs (read
 * from local.oplog.rs) is the diff tree's `o` for the document before and after.
 */
import fc from 'fast-check';
import { Decimal128, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { docFromJS } from '../index.js';
import { testEngine } from '../commands/testing.js';
import { computeDeferredOplogDiff, topLevelDiffOf } from './diff-calculator.js';
import { makeDeltaOplogEntry } from './diff-types.js';

const NAMES = ['a', 'b', 'c', 'd', '', '0', '10', '$x', 'a.b', 'é', 'long_field_name_to_make_docs_bigger'] as const;
const name = fc.constantFrom(...NAMES);

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((n) => new Int32(n)),
  fc.constantFrom<Value>(0, -0, 1, 1.5, Number.NaN, null, 'x', 'a longer string value', true, false),
  fc.constantFrom(1n, 5n).map((n) => Long.fromBigInt(n)),
  fc.constantFrom('1', '-0').map((s) => Decimal128.fromString(s)),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.array(fc.constantFrom<Value>(1, 'a long string that makes a sub-diff smaller than the whole value'), {
      maxLength: 5,
    }),
    fc.uniqueArray(fc.tuple(name, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;

const fields = fc.uniqueArray(fc.tuple(name, value), { selector: ([k]) => k, maxLength: 8 });

type Edit =
  | { kind: 'set'; name: string; value: Value }
  | { kind: 'remove'; at: number }
  | { kind: 'moveLast'; at: number }
  | { kind: 'sameTypeOther'; at: number }
  | { kind: 'inner'; at: number; value: Value };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), name, value }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('moveLast' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('sameTypeOther' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('inner' as const), at: fc.nat(9), value: scalar }),
);

function applyEdits(pre: Doc, edits: readonly Edit[]): Doc {
  const post: Doc = new Map(pre);
  for (const e of edits) {
    const names = [...post.keys()];
    if (e.kind === 'set') post.set(e.name, e.value);
    else if (names.length === 0) continue;
    else {
      const n = names[e.at % names.length]!;
      if (e.kind === 'remove') post.delete(n);
      else if (e.kind === 'inner') {
        // One element or field inside a container changed: a sub-diff when that is smaller.
        const v = post.get(n)!;
        if (Array.isArray(v)) post.set(n, [...v.slice(0, -1), e.value, LONG]);
        else if (v instanceof Map) post.set(n, new Map([...v, ['z', e.value], ['long', LONG]]));
        else post.set(n, [LONG, LONG, e.value]);
      } else if (e.kind === 'moveLast') {
        const v = post.get(n)!;
        post.delete(n);
        post.set(n, v);
      } else {
        // An equal number of another type (a `u` by type), or the same value again (no entry).
        const v = post.get(n)!;
        post.set(n, typeof v === 'number' ? new Int32(Math.trunc(v) | 0) : v);
      }
    }
  }
  return post;
}

const LONG = 'a long string that makes a sub-diff smaller than the whole value';

const canon = (d: Doc): string => stringifyEJSON(d, { relaxed: false });

describe('topLevelDiffOf', () => {
  it('builds the diff tree’s own o, and exists exactly when the diff has no d or sub-diff section', () => {
    let flat = 0;
    let other = 0;
    fc.assert(
      fc.property(fields, fc.array(edit, { minLength: 1, maxLength: 5 }), (preFields, edits) => {
        const pre: Doc = new Map(preFields);
        const post = applyEdits(pre, edits);
        // An unchanged document is a no-op before any diff (the executor's binaryEqual check).
        if (binaryEqual(pre, post)) return;
        const diff = computeDeferredOplogDiff(pre, post, 0);
        if (diff === null) return;
        const tree = makeDeltaOplogEntry(diff.build());
        const inner = tree.get('diff') as Doc;
        const sectionsFlat = [...inner.keys()].every((k) => k === 'u' || k === 'i');
        const top = topLevelDiffOf(diff);
        expect(top !== undefined).toBe(sectionsFlat);
        if (top === undefined) {
          other++;
          return;
        }
        flat++;
        expect(canon(top.build())).toBe(canon(tree));
      }),
      { numRuns: 2000 },
    );
    // Both kinds were generated.
    expect(flat).toBeGreaterThan(100);
    expect(other).toBeGreaterThan(100);
  });
});

describe('pipeline updateMany oplog entries', () => {
  it('log the diff tree’s o for each document, batched or not', () => {
    fc.assert(
      fc.property(
        fc.array(fields, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(
          [{ $set: { total: { $add: ['$a', 1] } } }],
          [{ $set: { a: 'changed value', b: '$a' } }],
          [{ $set: { long_field_name_to_make_docs_bigger: 7 } }],
          [{ $unset: 'b' }],
          [{ $set: { 'a.b': 1 } }],
          [{ $replaceWith: { $mergeObjects: ['$$ROOT', { z: 1, a: '$c' }] } }],
        ),
        (docs, pipeline) => {
          const engine = testEngine({ topology: 'replicaset' });
          const stored = docs.map((f, i) => new Map<string, Value>([['_id', new Int32(i)], ...f]));
          engine.runCommand(
            't',
            new Map<string, Value>([
              ['insert', 'c'],
              ['documents', stored],
            ]),
          );
          const before = engine.documents('t', 'c');
          const reply = engine.runCommand(
            't',
            docFromJS({ update: 'c', updates: [{ q: {}, u: pipeline, multi: true }] }),
          );
          if (reply.get('ok') !== 1 || reply.has('writeErrors')) return;
          const after = engine.documents('t', 'c');
          const entries = engine.catalog.oplog.entries().filter((e) => e.get('op') === 'u');
          let k = 0;
          for (let i = 0; i < before.length; i++) {
            const diff = computeDeferredOplogDiff(before[i]!, after[i]!);
            if (canon(before[i]!) === canon(after[i]!)) continue;
            const entry = entries[k++]!;
            const o = entry.get('o') as Doc;
            if (diff === null) expect(canon(o)).toBe(canon(after[i]!));
            else expect(canon(o)).toBe(canon(makeDeltaOplogEntry(diff.build())));
          }
          expect(k).toBe(entries.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
