/**
 * The pipeline-update diff calculator (`doc_diff::computeOplogDiff`,
 * `src/mongo/db/update/document_diff_calculator.cpp`): walks the pre- and post-image in parallel
 * and builds a `$v:2` diff, or gives up (returns null) when the diff would not be smaller than
 * the post-image, in which case the caller logs a full replacement.
 *
 * Walk rules (document): binary-equal elements are skipped; same name with both values objects
 * or both arrays recurses; same name otherwise is `u`; a name mismatch tentatively deletes the pre
 * field and advances only the pre side. Leftover pre fields are `d`, leftover post fields are `i`
 * (and cancel a tentative delete of the same name); remaining tentative deletes are added last in
 * byte order (a `std::set`). Arrays: element-wise `u<idx>`/`s<idx>`, extra post elements `u<idx>`,
 * a shorter post array `l`. A sub-diff that would not be smaller than the new value is logged as
 * `u` of the whole value instead.
 *
 * The size estimate is the server's `ApproxBSONSizeTracker`, which the bail-out checks use.
 */
import { compareCodePoints, binaryEqual } from '../bson/compare.js';
import { fieldNames, fieldValues } from '../bson/shaped-doc.js';
import { bsonSize, elementSize, utf8Length, valueSize } from '../bson/size.js';
import { Int32, type Doc, type Value } from '../bson/values.js';
import { CREATED, TopLevelDiff, WHOLE_VALUE } from './top-level-diff.js';

/** `kSizeOfDeltaOplogEntryMetadata`: room for `{$v: 2, diff: ...}` around the diff. */
export const DELTA_OPLOG_ENTRY_PADDING = 15;

const SIZE_OF_EMPTY_DOCUMENT_DIFF = 5;
const SIZE_OF_EMPTY_ARRAY_DIFF = 9;

/** BSON payload size of a value (`BSONElement::valuesize`). */
export const bsonValueSize = valueSize;

/** `BSONObj::objsize`. */
export const bsonDocSize = bsonSize;

type Leaf =
  | { readonly kind: 'update'; readonly value: Value }
  | { readonly kind: 'insert'; readonly value: Value }
  | { readonly kind: 'delete' };
type DiffNode = Leaf | DocDiffNode | ArrayDiffNode;

/** The empty section every `DocDiffNode` starts with (frozen: replaced, never written, on the first entry). */
const NONE = Object.freeze([]) as never[];

/** `ApproxBSONSizeTracker::addEntry`. */
function entrySize(fieldSize: number, node: DiffNode): number {
  let n = fieldSize + 2;
  switch (node.kind) {
    case 'doc':
    case 'array':
      n += node.size;
      break;
    case 'update':
    case 'insert':
      n += bsonValueSize(node.value);
      break;
    case 'delete':
      n += 1;
      break;
  }
  return n;
}

/** `diff_tree::DocumentSubDiffNode`: sections kept in the order entries were added. */
class DocDiffNode {
  readonly kind = 'doc' as const;
  size: number;
  // Sections are shared empty arrays until their first entry (most diffs use one or two).
  deletes: string[] = NONE;
  updates: Array<[string, Value]> = NONE;
  inserts: Array<[string, Value]> = NONE;
  subDiffs: Array<[string, DocDiffNode | ArrayDiffNode]> = NONE;

  constructor(padding: number) {
    this.size = padding + SIZE_OF_EMPTY_DOCUMENT_DIFF;
  }

  /** Type byte + one-letter name + terminator + empty object, when a section gets its first entry. */
  private static readonly SECTION_WRAPPER = 8;

  addUpdate(name: string, value: Value): void {
    this.size += utf8Length(name) + 2 + bsonValueSize(value);
    // A section's array is made at its first entry (`[]` then `push` would reserve spare room).
    if (this.updates === NONE) {
      this.size += DocDiffNode.SECTION_WRAPPER;
      this.updates = [[name, value]];
    } else this.updates.push([name, value]);
  }

  addInsert(name: string, value: Value): void {
    this.size += utf8Length(name) + 2 + bsonValueSize(value);
    if (this.inserts === NONE) {
      this.size += DocDiffNode.SECTION_WRAPPER;
      this.inserts = [[name, value]];
    } else this.inserts.push([name, value]);
  }

  addDelete(name: string): void {
    this.size += utf8Length(name) + 2 + 1;
    if (this.deletes === NONE) {
      this.size += DocDiffNode.SECTION_WRAPPER;
      this.deletes = [name];
    } else this.deletes.push(name);
  }

  addChild(name: string, child: DocDiffNode | ArrayDiffNode): void {
    this.size += entrySize(utf8Length(name), child) + 1;
    if (this.subDiffs === NONE) this.subDiffs = [[name, child]];
    else this.subDiffs.push([name, child]);
  }

  /** `bsonSize(this.serialize())`, without building the diff. */
  serializedSize(): number {
    let n = 5;
    if (this.deletes.length > 0) {
      let section = 5;
      for (const name of this.deletes) section += elementSize(name, false);
      n += 3 + section;
    }
    if (this.updates.length > 0) n += 3 + sectionSize(this.updates);
    if (this.inserts.length > 0) n += 3 + sectionSize(this.inserts);
    const subDiffs = this.subDiffs;
    for (let i = 0; i < subDiffs.length; i++) n += 3 + utf8Length(subDiffs[i]![0]) + subDiffs[i]![1].serializedSize();
    return n;
  }

  /** `DeferredDiff.build`: a new diff document each call. */
  build(): Doc {
    return this.serialize();
  }

  serialize(): Doc {
    const out: Doc = new Map();
    if (this.deletes.length > 0) out.set('d', new Map(this.deletes.map((n) => [n, false] as const)));
    if (this.updates.length > 0) out.set('u', new Map(this.updates));
    if (this.inserts.length > 0) out.set('i', new Map(this.inserts));
    for (const [name, child] of this.subDiffs) out.set(`s${name}`, child.serialize());
    return out;
  }
}

/** `diff_tree::ArrayNode`: entries serialize in ascending index order. */
class ArrayDiffNode {
  readonly kind = 'array' as const;
  size = SIZE_OF_EMPTY_ARRAY_DIFF;
  resize: number | undefined;
  readonly children = new Map<number, Leaf | DocDiffNode | ArrayDiffNode>();

  addUpdate(idx: number, value: Value): void {
    this.addChild(idx, { kind: 'update', value });
  }

  addChild(idx: number, node: Leaf | DocDiffNode | ArrayDiffNode): void {
    this.size += entrySize(1 + String(idx).length, node);
    this.children.set(idx, node);
  }

  setResize(n: number): void {
    this.resize = n;
    this.size += 1 + 4 + 2;
  }

  /** `bsonSize(this.serialize())`, without building the diff. */
  serializedSize(): number {
    // The document's length and terminator, then `a: true`, then `l: <int32>`.
    let n = 5 + 4 + (this.resize !== undefined ? 7 : 0);
    for (const [idx, node] of this.children) {
      const name = 3 + String(idx).length;
      if (node.kind === 'update' || node.kind === 'insert') n += name + valueSize(node.value);
      else if (node.kind === 'doc' || node.kind === 'array') n += name + node.serializedSize();
    }
    return n;
  }

  serialize(): Doc {
    const out: Doc = new Map<string, Value>([['a', true]]);
    if (this.resize !== undefined) out.set('l', new Int32(this.resize));
    const indexes = [...this.children.keys()].sort((x, y) => x - y);
    for (const idx of indexes) {
      const node = this.children.get(idx)!;
      if (node.kind === 'update' || node.kind === 'insert') out.set(`u${idx}`, node.value);
      else if (node.kind === 'doc' || node.kind === 'array') out.set(`s${idx}`, node.serialize());
    }
    return out;
  }
}

/** The size of a section document of `[name, value]` elements (names are distinct). */
function sectionSize(entries: readonly (readonly [string, Value])[]): number {
  let n = 5;
  for (let i = 0; i < entries.length; i++) n += elementSize(entries[i]![0], entries[i]![1]);
  return n;
}

function isDocValue(v: Value): v is Doc {
  return v instanceof Map;
}

/**
 * A sub-diff for a changed pair of objects or of arrays; null when the pair is not two containers
 * of one kind or the sub-diff is not smaller than the new value (the caller then logs an update).
 */
function subDiff(pre: Value, post: Value): DocDiffNode | ArrayDiffNode | null {
  if (isDocValue(pre) && isDocValue(post)) return computeDocDiff(pre, post, 0);
  if (Array.isArray(pre) && Array.isArray(post)) return computeArrayDiff(pre, post);
  return null;
}

function computeArrayDiff(pre: readonly Value[], post: readonly Value[]): ArrayDiffNode | null {
  const node = new ArrayDiffNode();
  const postSize = bsonValueSize(post as Value[]);
  const common = Math.min(pre.length, post.length);
  let i = 0;
  for (; i < common; i++) {
    if (postSize < node.size) return null;
    const a = pre[i]!;
    const b = post[i]!;
    if (binaryEqual(a, b)) continue;
    const child = subDiff(a, b);
    if (child === null) node.addUpdate(i, b);
    else node.addChild(i, child);
  }
  for (; i < post.length; i++) node.addUpdate(i, post[i]!);
  if (pre.length > post.length) node.setResize(post.length);
  return postSize > node.size ? node : null;
}

export function computeDocDiff(pre: Doc, post: Doc, padding: number, postSize = bsonDocSize(post)): DocDiffNode | null {
  const node = new DocDiffNode(padding);
  // By position over the name and value lists (a stored document's own arrays: no iterator).
  const preNames = fieldNames(pre);
  const preVals = fieldValues(pre);
  const postNames = fieldNames(post);
  const postVals = fieldValues(post);
  let p = 0;
  let q = 0;
  let tentativeDeletes: Set<string> | undefined;
  while (p < preNames.length && q < postNames.length) {
    if (postSize < node.size) return null;
    const preName = preNames[p]!;
    const postName = postNames[q]!;
    if (preName === postName) {
      const preVal = preVals[p]!;
      const postVal = postVals[q]!;
      if (!binaryEqual(preVal, postVal)) {
        const child = subDiff(preVal, postVal);
        if (child === null) node.addUpdate(preName, postVal);
        else node.addChild(preName, child);
      }
      p++;
      q++;
    } else {
      (tentativeDeletes ??= new Set()).add(preName);
      p++;
    }
  }
  for (; p < preNames.length; p++) node.addDelete(preNames[p]!);
  for (; q < postNames.length; q++) {
    node.addInsert(postNames[q]!, postVals[q]!);
    tentativeDeletes?.delete(postNames[q]!);
  }
  // std::set<StringData> iterates in byte order (= code point order for UTF-8).
  if (tentativeDeletes !== undefined)
    for (const name of [...tentativeDeletes].sort(compareCodePoints)) node.addDelete(name);
  return postSize > node.size ? node : null;
}

/**
 * The `$v:2` diff taking `pre` to `post`, or null when the server would log a full replacement
 * instead (the diff plus `padding` is not smaller than `post`, or the serialized diff is not
 * strictly smaller than `post`).
 */
export function computeOplogDiff(
  pre: Doc,
  post: Doc,
  padding = DELTA_OPLOG_ENTRY_PADDING,
  /** `bsonSize(post)` when the caller knows it. */
  postSize = bsonDocSize(post),
): Doc | null {
  return computeDeferredOplogDiff(pre, post, padding, postSize)?.build() ?? null;
}

/** A diff decided but not yet built: `build()` returns a new `$v:2` diff document each call. */
export interface DeferredDiff {
  build(): Doc;
}

/**
 * `computeOplogDiff`'s decision without building the diff document: the same null, or the diff
 * to build when it is read (an oplog entry nobody reads then costs no diff document).
 */
export function computeDeferredOplogDiff(
  pre: Doc,
  post: Doc,
  padding = DELTA_OPLOG_ENTRY_PADDING,
  postSize = bsonDocSize(post),
): DeferredDiff | null {
  const node = computeDocDiff(pre, post, padding, postSize);
  if (node === null || node.serializedSize() >= postSize) return null;
  return node;
}

/**
 * A diff that only updates whole top-level values and inserts top-level fields, as a
 * `TopLevelDiff` (the modifier path's compact form, which the oplog keeps as names and values and
 * can share between the entries of one run): the same `o` when built, as the builder serializes
 * the same sections (`u` in logging order, then `i`) and each entry's value. Anything else
 * (deletes, sub-diffs) is undefined.
 */
export function topLevelDiffOf(diff: DeferredDiff): TopLevelDiff | undefined {
  if (!(diff instanceof DocDiffNode) || diff.deletes.length > 0 || diff.subDiffs.length > 0) return undefined;
  let out: TopLevelDiff | undefined;
  const updates = diff.updates;
  for (let k = 0; k < updates.length; k++) {
    const [name, value] = updates[k]!;
    if (out === undefined) out = new TopLevelDiff(name, value, WHOLE_VALUE);
    else out.add(name, value, WHOLE_VALUE);
  }
  const inserts = diff.inserts;
  for (let k = 0; k < inserts.length; k++) {
    const [name, value] = inserts[k]!;
    if (out === undefined) out = new TopLevelDiff(name, value, CREATED);
    else out.add(name, value, CREATED);
  }
  return out;
}
