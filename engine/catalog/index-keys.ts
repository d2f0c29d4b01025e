/**
 * Index key generation, a port of the server's `BtreeKeyGenerator::_getKeysWithArray`
 * (btree_key_generator.cpp): each key-pattern path is followed through embedded documents until
 * it ends or reaches an array; the paths that reach the same array are expanded together, one
 * element at a time (so a compound key pairs values of the same element, never a cross product);
 * paths reaching two different arrays fail with 171 "cannot index parallel arrays [b] [a]".
 *
 *   pattern {a: 1, b: 1},       doc {a: [1, 2], b: 'x'}            →  keys [1, 'x'], [2, 'x']
 *   pattern {'a.x': 1, 'a.y': 1}, doc {a: [{x: 1, y: 2}, {x: 3}]}   →  keys [1, 2], [3, null]
 *   pattern {a: 1},             doc {a: []}                        →  key [undefined]
 *   pattern {'a.b': 1},         doc {a: []}                        →  key [null]
 *
 * A numeric path component that names an existing element of the array it reaches (`a.1.b`)
 * selects that element instead of expanding the array; if an element of that array also has a
 * field of that name the path is ambiguous (16746). A missing field is null; a sparse index drops
 * a key whose every field was missing, and with no key left the document is not indexed.
 */
import { BSON_UNDEFINED, DBRef, isArray, isDoc, objectAsDoc, type Doc, type Value } from '../bson/values.js';
import { renderDoc } from '../bson/render.js';
import { fail } from '../errors.js';
import { keyOf } from './keys.js';

export interface ExtractedKeys {
  /** Distinct key tuples (one value per pattern field). */
  readonly keys: readonly (readonly Value[])[];
  /** True when a sparse index keeps no key for the document (every field missing). */
  readonly allMissing: boolean;
  /** True when some path expands an array into several keys (the server's multikey paths). */
  readonly multikey: boolean;
}

type Path = readonly string[];
const EMPTY: Doc = new Map();

/** The path component `part` read from a document, or from an array as its BSON object ("0", "1" …). */
function getField(obj: Doc | readonly Value[], part: string): Value | undefined {
  if (!Array.isArray(obj)) return (obj as Doc).get(part);
  const n = Number(part);
  return Number.isInteger(n) && n >= 0 && String(n) === part ? obj[n] : undefined;
}

function isObject(v: Value | undefined): v is Doc | DBRef {
  return isDoc(v) || v instanceof DBRef;
}

interface Found {
  /** The element reached: an array, or the value at the end of the path; undefined when missing. */
  readonly elt: Value | undefined;
  /** Its field name (for the parallel-arrays message). */
  readonly name: string;
  /** The path after it. */
  readonly rest: Path;
}

/** `dotted_path_support::extractElementAtPathOrArrayAlongPath`: stops at the end or at an array. */
function extractAlong(obj: Doc | readonly Value[], path: Path): Found {
  let current = obj;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    const sub = getField(current, name);
    const rest = path.slice(i + 1);
    if (sub === undefined) return { elt: undefined, name, rest };
    if (isArray(sub) || rest.length === 0) return { elt: sub, name, rest };
    if (!isObject(sub)) return { elt: undefined, name, rest };
    current = objectAsDoc(sub);
  }
  return { elt: undefined, name: '', rest: [] };
}

/** A path whose next component selects one element of the array being expanded (`a.1.b`). */
interface Positional {
  readonly indexed: Value;
  readonly part: string;
  readonly arrayObj: readonly Value[];
  readonly dotted: Found;
}

interface Output {
  readonly keys: Value[][];
  readonly sparse: boolean;
  multikey: boolean;
}

/** `BtreeKeyGenerator::_extractNextElement`. */
function extractNext(obj: Doc, positional: Positional | undefined, path: Path): Found & { nested: boolean } {
  const haveObjField = obj.get(path[0]!) !== undefined;
  if (haveObjField && positional) {
    const asObject = new Map(positional.arrayObj.map((el, k) => [String(k), el] as [string, Value]));
    throw fail(
      16746,
      `Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '${positional.part}' for array: ${renderDoc(asObject)}`,
    );
  }
  if (haveObjField) return { ...extractAlong(obj, path), nested: false };
  if (positional) return { ...positional.dotted, nested: isArray(positional.indexed) };
  return { elt: undefined, name: path[0]!, rest: [], nested: false };
}

function getKeysWithArray(
  paths: Path[],
  fixed: Value[],
  obj: Doc,
  notFound: number,
  positional: readonly (Positional | undefined)[],
  out: Output,
): void {
  let arr: readonly Value[] | undefined;
  let arrName = '';
  const arrIdxs: number[] = [];
  let mayExpand = true;
  for (let i = 0; i < paths.length; i++) {
    if (paths[i]!.length === 0) continue;
    const found = extractNext(obj, positional[i], paths[i]!);
    paths[i] = found.rest;
    if (found.elt === undefined) {
      fixed[i] = null;
      paths[i] = [];
      notFound++;
    } else if (isArray(found.elt)) {
      arrIdxs.push(i);
      if (arr === undefined) {
        arr = found.elt;
        arrName = found.name;
      } else if (found.elt !== arr) {
        throw fail(171, `cannot index parallel arrays [${found.name}] [${arrName}]`);
      }
      if (found.nested) mayExpand = false;
    } else {
      fixed[i] = found.elt;
    }
  }
  if (arr === undefined) {
    if (!(out.sparse && notFound === paths.length)) out.keys.push(fixed.slice());
    return;
  }
  if (arr.length === 0) {
    if (mayExpand && arrIdxs.length > 0) out.multikey = true;
    expandElement(paths, fixed, BSON_UNDEFINED, arr, arrIdxs, true, notFound, [], out);
    return;
  }
  const sub: (Positional | undefined)[] = [];
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    if (path.length === 0) {
      if (arrIdxs.includes(i) && mayExpand) out.multikey = true;
      continue;
    }
    const indexed = getField(arr, path[0]!);
    if (indexed === undefined) {
      out.multikey = true;
      continue;
    }
    sub[i] = { indexed, part: path[0]!, arrayObj: arr, dotted: extractAlong(arr, path) };
  }
  for (const el of arr) expandElement(paths, fixed, el, arr, arrIdxs, mayExpand, notFound, sub, out);
}

/** `BtreeKeyGenerator::_getKeysArrEltFixed`: the keys of one element of the expanded array. */
function expandElement(
  paths: readonly Path[],
  fixed: readonly Value[],
  el: Value,
  arr: readonly Value[],
  arrIdxs: readonly number[],
  mayExpand: boolean,
  notFound: number,
  positional: readonly (Positional | undefined)[],
  out: Output,
): void {
  const pathsTemp = paths.slice();
  const fixedTemp = fixed.slice();
  for (const i of arrIdxs) if (pathsTemp[i]!.length === 0) fixedTemp[i] = mayExpand ? el : (arr as Value[]);
  getKeysWithArray(pathsTemp, fixedTemp, isObject(el) ? objectAsDoc(el) : EMPTY, notFound, positional, out);
}

/** All distinct key tuples of a document for a key pattern given as split paths. */
export function extractKeys(doc: Doc, paths: readonly Path[], sparse = false): ExtractedKeys {
  // `{f: 1}` over a document whose `f` is not an array: the one key the general walk finds
  // (the value, a missing field null or no key when sparse), without the walk and its dedupe.
  if (paths.length === 1 && paths[0]!.length === 1) {
    const v = doc.get(paths[0]![0]!);
    if (!isArray(v)) {
      if (v === undefined) return sparse ? SPARSE_MISSING : { keys: [[null]], allMissing: false, multikey: false };
      return { keys: [[v]], allMissing: false, multikey: false };
    }
  }
  return extractKeysWalked(doc, paths, sparse);
}

const SPARSE_MISSING: ExtractedKeys = Object.freeze({ keys: Object.freeze([]), allMissing: true, multikey: false });

/** `extractKeys` through `getKeysWithArray` for every pattern (the single-field shortcut's property test compares with it). */
export function extractKeysWalked(doc: Doc, paths: readonly Path[], sparse = false): ExtractedKeys {
  const out: Output = { keys: [], sparse, multikey: false };
  getKeysWithArray(
    paths.map((p) => p),
    paths.map(() => null),
    doc,
    0,
    [],
    out,
  );
  const seen = new Set<string>();
  const keys: Value[][] = [];
  for (const key of out.keys) {
    const k = key.map((v) => keyOf(v)).join('\u0000');
    if (seen.has(k)) continue;
    seen.add(k);
    keys.push(key);
  }
  if (keys.length === 0 && !sparse) keys.push(paths.map(() => null));
  return { keys, allMissing: keys.length === 0, multikey: out.multikey };
}
