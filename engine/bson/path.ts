/**
 * Query-side path lookup: every value a dotted path reaches in a document, the way the server's
 * `BSONElementIterator` (`src/mongo/db/matcher/path.cpp`) enumerates them for matching.
 *
 * Rules, for a path `a.b.c`:
 * - a missing field, or a path that runs into a scalar (`{a: 5}` for `a.b`), yields one
 *   "missing" value (`undefined`), which is what lets `{x: null}` and `$exists: false` match;
 * - an array in the middle of the path is entered: every element that is a document continues
 *   the *same* remaining path; scalars and nested arrays yield nothing (so `{"a.b": null}` does
 *   not match `{a: [1, 2]}` or `{a: []}`, but matches `{a: [{}]}`);
 * - a numeric component after an array also selects that element by position (`a.0.b`), after
 *   the element itself was tried as a document (where "0" is a field name); a nested array so
 *   selected is traversed by the rest of the path like any array in the middle of it;
 * - an array at the end of the path yields each element and then the whole array, unless the
 *   caller asks for no leaf expansion (`$size`, `$elemMatch` look at arrays as a whole).
 * Each yielded value carries `arrayIndex`: the position in the FIRST (outermost) array the path
 * went through, which the positional `$` update operator needs (`MatchDetails.elemMatchKey`).
 */
import type { Doc, Value } from './values.js';

/** Called for each reached value (`undefined` = missing). Return true to stop early. */
export type PathVisitor = (value: Value | undefined, arrayIndex: string | undefined) => boolean;

export interface PathVisitOptions {
  /** Yield the elements of an array found at the end of the path (default true). */
  readonly expandLeafArray: boolean;
}

/** Splits a dotted path once, at compile time. */
export function splitPath(path: string): readonly string[] {
  return path.split('.');
}

/** The array position a path component names, or -1 ("0", "12"; not "01", "-1", "1e2"). */
export function arrayIndexOf(component: string): number {
  const n = component.length;
  if (n === 0 || n > 15) return -1;
  const c0 = component.charCodeAt(0);
  if (c0 === 0x30) return n === 1 ? 0 : -1;
  for (let i = 0; i < n; i++) {
    const c = component.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
  }
  return Number(component);
}

function lookup(container: Doc | Value[], name: string): Value | undefined {
  if (Array.isArray(container)) {
    const i = arrayIndexOf(name);
    return i >= 0 ? container[i] : undefined;
  }
  return container.get(name);
}

/**
 * Visits every value `parts` reaches in `doc`. Returns true when the visitor stopped the walk.
 * `doc` may also be an array (an array element the path addressed by position), whose
 * components are then looked up as positions.
 */
export function visitPath(
  doc: Doc | Value[],
  parts: readonly string[],
  options: PathVisitOptions,
  visitor: PathVisitor,
): boolean {
  if (parts.length === 0) return visitor(doc, undefined);
  // `visitFrom` unrolled while the path runs through documents (no array yet, so no array index
  // to carry): a loop instead of a call per component. The first array met, or an array `doc`,
  // continues in the general walk.
  const expandLeaf = options.expandLeafArray;
  const last = parts.length - 1;
  let container = doc;
  for (let i = 0; ; i++) {
    if (!(container instanceof Map)) return visitFrom(container, parts, i, undefined, expandLeaf, visitor);
    const child = container.get(parts[i]!);
    if (child === undefined) return visitor(undefined, undefined);
    if (i === last) {
      if (expandLeaf && Array.isArray(child)) {
        for (let k = 0; k < child.length; k++) if (visitor(child[k]!, String(k))) return true;
      }
      return visitor(child, undefined);
    }
    if (child instanceof Map) container = child;
    else if (Array.isArray(child)) return visitArray(child, parts, i + 1, undefined, expandLeaf, visitor);
    // The path continues through a scalar: the field is missing.
    else return visitor(undefined, undefined);
  }
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
      for (let k = 0; k < child.length; k++) {
        if (visitor(child[k]!, firstIndex ?? String(k))) return true;
      }
    }
    return visitor(child, firstIndex);
  }
  if (child instanceof Map) return visitFrom(child, parts, i + 1, firstIndex, expandLeaf, visitor);
  if (Array.isArray(child)) return visitArray(child, parts, i + 1, firstIndex, expandLeaf, visitor);
  // The path continues through a scalar: the field is missing.
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
      // An element addressed by position (`a.0`) is not an implicit array traversal: it records
      // no index (`BSONElementIterator`: "_next._arrayOffset should be EOO"), so a positional `$`
      // is not satisfied by it; an array further down may still record its own.
      // A nested array at that position is traversed implicitly by the rest of the path
      // (`{a: [[{b: 1}]]}` reaches 1 by `a.0.b`), recording its own positions.
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

/** Every value a path reaches, in visiting order (tests and debugging). */
export function valuesAtPath(doc: Doc, path: string, expandLeafArray = true): (Value | undefined)[] {
  const out: (Value | undefined)[] = [];
  visitPath(doc, splitPath(path), { expandLeafArray }, (v) => {
    out.push(v);
    return false;
  });
  return out;
}
