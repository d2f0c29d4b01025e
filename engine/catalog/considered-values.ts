/**
 * The values a validation error reports for a path (doc_validation_error.cpp's
 * `createValuesArray` with `LeafArrayBehavior::kTraverseOmitArray`): the elements the server's
 * `BSONElementIterator` yields for the path — array elements are traversed where the path
 * continues through them (documents only), a leaf array gives its elements but not itself, an
 * explicit index gives that element as it is — up to the first place the path stops (EOO), where
 * the enumeration ends. `undefined` when the path does not exist at all (the first element a
 * traversing iterator yields is EOO), which the error words "field was missing".
 */
import { isDoc, type Doc, type Value } from '../bson/values.js';

type Leaf = 'traverse' | 'omitArray';

function indexOf(part: string): number {
  return /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : -1;
}

/** `BSONElementIterator` over `value` from component `i` on; `undefined` stands for EOO. */
function* elements(
  value: Value | undefined,
  parts: readonly string[],
  i: number,
  leaf: Leaf,
): Generator<Value | undefined> {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      yield* value;
      if (leaf === 'traverse') yield value;
    } else {
      yield value;
    }
    return;
  }
  if (isDoc(value)) {
    yield* elements(value.get(parts[i]!), parts, i + 1, leaf);
    return;
  }
  if (Array.isArray(value)) {
    for (const e of value) if (isDoc(e)) yield* elements(e.get(parts[i]!), parts, i + 1, leaf);
    const k = indexOf(parts[i]!);
    if (k >= 0 && k < value.length) {
      const at = value[k];
      // An element reached by an explicit index is not traversed when it ends the path.
      if (i + 1 === parts.length) yield at;
      else yield* elements(at, parts, i + 1, leaf);
    }
    return;
  }
  yield undefined;
}

/** The considered values at `path` (see above), or undefined when the path is missing. */
export function consideredValuesAt(doc: Doc, path: string): Value[] | undefined {
  const parts = path.split('.');
  const out: Value[] = [];
  for (const v of elements(doc, parts, 0, 'omitArray')) {
    if (v === undefined) break;
    out.push(v);
  }
  if (out.length === 0) {
    const first = elements(doc, parts, 0, 'traverse').next();
    if (first.done === true || first.value === undefined) return undefined;
  }
  return out;
}
