/**
 * `visitPath` walks the leading run of documents in a loop and hands over to the recursive walk
 * at the first array. Guard: over random nested documents and arrays and random paths (field
 * names that are also array positions, `0`, `01`), it yields the same values with the same array
 * indexes, in the same order, and stops at the same visit, as the recursive walk it unrolled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayIndexOf, visitPath, type PathVisitor } from './path.js';
import type { Doc, Value } from './values.js';

/** The former walk: `visitFrom` from the first component. */
function referenceVisit(
  doc: Doc | Value[],
  parts: readonly string[],
  expandLeaf: boolean,
  visitor: PathVisitor,
): boolean {
  if (parts.length === 0) return visitor(doc, undefined);
  return visitFrom(doc, parts, 0, undefined, expandLeaf, visitor);
}

function lookup(container: Doc | Value[], name: string): Value | undefined {
  if (Array.isArray(container)) {
    const i = arrayIndexOf(name);
    return i >= 0 ? container[i] : undefined;
  }
  return container.get(name);
}

function visitFrom(
  container: Doc | Value[],
  parts: readonly string[],
  i: number,
  firstIndex: string | undefined,
  expandLeaf: boolean,
  visitor: PathVisitor,
): boolean {
  const child = lookup(container, parts[i]!);
  if (child === undefined) return visitor(undefined, firstIndex);
  if (i === parts.length - 1) {
    if (expandLeaf && Array.isArray(child)) {
      for (let k = 0; k < child.length; k++) if (visitor(child[k]!, firstIndex ?? String(k))) return true;
    }
    return visitor(child, firstIndex);
  }
  if (child instanceof Map) return visitFrom(child, parts, i + 1, firstIndex, expandLeaf, visitor);
  if (Array.isArray(child)) return visitArray(child, parts, i + 1, firstIndex, expandLeaf, visitor);
  return visitor(undefined, firstIndex);
}

function visitArray(
  arr: Value[],
  parts: readonly string[],
  j: number,
  firstIndex: string | undefined,
  expandLeaf: boolean,
  visitor: PathVisitor,
): boolean {
  const position = arrayIndexOf(parts[j]!);
  const last = j === parts.length - 1;
  for (let k = 0; k < arr.length; k++) {
    const el = arr[k]!;
    const idx = firstIndex ?? String(k);
    if (el instanceof Map && visitFrom(el, parts, j, idx, expandLeaf, visitor)) return true;
    if (k === position) {
      if (last) {
        if (visitor(el, firstIndex)) return true;
      } else if (el instanceof Map) {
        if (visitFrom(el, parts, j + 1, firstIndex, expandLeaf, visitor)) return true;
      } else if (Array.isArray(el)) {
        if (visitArray(el, parts, j + 1, firstIndex, expandLeaf, visitor)) return true;
      }
    }
  }
  return false;
}

const names = fc.constantFrom('a', 'b', '0', '1', '01');
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Value>(1, 'x', null, true),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(names, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;
const container = fc.oneof(
  fc.uniqueArray(fc.tuple(names, value), { selector: ([k]) => k, maxLength: 4 }).map((e) => new Map(e) as Doc),
  fc.array(value, { maxLength: 3 }),
);

type Visit = [Value | undefined, string | undefined];

function visits(
  walk: (d: Doc | Value[], p: readonly string[], e: boolean, v: PathVisitor) => boolean,
  doc: Doc | Value[],
  parts: readonly string[],
  expandLeaf: boolean,
  stopAt: number,
): { seen: Visit[]; stopped: boolean } {
  const seen: Visit[] = [];
  const stopped = walk(doc, parts, expandLeaf, (v, idx) => {
    seen.push([v, idx]);
    return seen.length === stopAt;
  });
  return { seen, stopped };
}

describe('visitPath', () => {
  it('yields what the recursive walk yields, in order, and stops where it stops', () => {
    fc.assert(
      fc.property(
        container,
        fc.array(names, { maxLength: 4 }),
        fc.boolean(),
        fc.nat(6),
        (doc, parts, expandLeaf, stopAt) => {
          const fast = visits(
            (d, p, e, v) => visitPath(d, p, { expandLeafArray: e }, v),
            doc,
            parts,
            expandLeaf,
            stopAt,
          );
          const reference = visits(referenceVisit, doc, parts, expandLeaf, stopAt);
          expect(fast.stopped).toBe(reference.stopped);
          expect(fast.seen.length).toBe(reference.seen.length);
          fast.seen.forEach(([v, idx], i) => {
            expect(v).toBe(reference.seen[i]![0]);
            expect(idx).toBe(reference.seen[i]![1]);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
