/**
 * A pipeline update decides between a `$v:2` diff and a full replacement by the diff's exact BSON
 * size, now counted from the diff tree (`serializedSize`) instead of a built document, and builds
 * the diff only when the oplog entry is read. Guard: over random pre/post document pairs (nested
 * documents and arrays, renamed, dropped and reordered fields, multi-byte names), the count equals
 * `bsonSize` of the serialized diff, and the deferred decision and document equal the eager ones.
 */
import fc from 'fast-check';
import { Int32 } from 'bson';
import { describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { bsonSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { computeDeferredOplogDiff, computeDocDiff, DELTA_OPLOG_ENTRY_PADDING } from './diff-calculator.js';

const names = fc.constantFrom('a', 'b', 'c', 'é', '0', 'long_field_name');
const scalar = fc.oneof(
  fc.constantFrom<Value>(1, 'x', null, true, new Int32(7), 'a much longer string value than the others'),
  fc.double({ noNaN: true }),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(names, tie('v')), { selector: ([k]) => k, maxLength: 4 }).map((e) => new Map(e) as Doc),
  ),
})).v;
const doc = fc
  .uniqueArray(fc.tuple(names, value), { selector: ([k]) => k, maxLength: 6 })
  .map((e) => new Map(e) as Doc);

/** A post-image made from the pre-image by edits, so that the two share structure. */
const pair = fc
  .tuple(
    doc,
    fc.array(fc.tuple(fc.constantFrom('set', 'drop', 'move', 'truncate', 'inner'), names, value), { maxLength: 4 }),
  )
  .map(([pre, edits]) => {
    const post: Doc = new Map(pre);
    for (const [kind, name, v] of edits) {
      const old = post.get(name);
      if (kind === 'set') post.set(name, v);
      else if (kind === 'drop') post.delete(name);
      else if (kind === 'truncate') {
        // A shorter array with a changed element: an array sub-diff with `l` and `u<idx>`.
        if (Array.isArray(old) && old.length > 0) post.set(name, [v, ...old.slice(1, -1)]);
      } else if (kind === 'inner') {
        // One field changed inside a sub-document: a document sub-diff.
        if (old instanceof Map) post.set(name, new Map(old).set(name, v));
        else if (Array.isArray(old) && old.length > 0) post.set(name, [...old.slice(0, -1), v]);
      } else if (post.has(name)) {
        const moved = post.get(name)!;
        post.delete(name);
        post.set(name, moved);
      }
    }
    return [pre, post] as const;
  });

describe('diff size', () => {
  it('serializedSize is the BSON size of the serialized diff', () => {
    fc.assert(
      fc.property(pair, ([pre, post]) => {
        const node = computeDocDiff(pre, post, 0, Number.MAX_SAFE_INTEGER);
        expect(node).not.toBeNull();
        expect(node!.serializedSize()).toBe(bsonSize(node!.serialize()));
      }),
      { numRuns: 3000 },
    );
  });

  it('the deferred diff decides and builds as the eager one', () => {
    fc.assert(
      fc.property(pair, ([pre, post]) => {
        const node = computeDocDiff(pre, post, DELTA_OPLOG_ENTRY_PADDING);
        const eager = node === null ? null : node.serialize();
        const expected = eager !== null && bsonSize(eager) < bsonSize(post) ? eager : null;
        const deferred = computeDeferredOplogDiff(pre, post);
        if (expected === null) expect(deferred).toBeNull();
        else expect(binaryEqual(deferred!.build(), expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
