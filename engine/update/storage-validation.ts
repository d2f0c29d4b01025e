/**
 * Storage rules for documents an update produces (`storage_validation.cpp`,
 * `object_replace_executor.cpp`, `update_stage.cpp`), shared by modifier, replacement, pipeline
 * and upsert paths.
 */
import { extendsNames, fieldNames, fieldValues, firstName } from '../bson/shaped-doc.js';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc, typeOf } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';
import { renderDoc, renderElement } from '../bson/render.js';
import { fail } from '../errors.js';
import { dotted, getAtPath } from './path.js';

/** `maxBSONDepth` (200) minus `kExtraSystemDepthLevels` (20). */
export const MAX_DEPTH_FOR_USER_STORAGE = 180;

/**
 * Deepest element level below a value (0 for scalars and empty containers). Iterative, and it stops
 * once past the storage limit: a value built by an expression may nest far deeper than a stack.
 */
/** Levels of fields under `v` (a scalar or an empty container: 0); past `budget`, some value above it. */
export function nestingDepth(v: Value, budget: number = MAX_DEPTH_FOR_USER_STORAGE): number {
  // Recursion at most `budget + 1` levels deep (it stops past the limit): no allocation per level.
  const children = isDoc(v) ? v.values() : isArray(v) ? v : null;
  if (children === null) return 0;
  let max = 0;
  for (const c of children) {
    if (max < 1) max = 1;
    if (max > budget) return max;
    if (isDoc(c) || isArray(c)) {
      const d = 1 + nestingDepth(c, budget - 1);
      if (d > max) {
        max = d;
        if (max > budget) return max;
      }
    }
  }
  return max;
}

function dollarPrefixedMessage(name: string, fullName: string): string {
  return `The dollar ($) prefixed field '${name}' in '${fullName}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`;
}

/** `validateDollarPrefixElement` for a top-level field: only a well-ordered DBRef is allowed. */
function validateDollarPrefixElement(name: string, siblings: Doc): void {
  const keys = [...siblings.keys()];
  const at = keys.indexOf(name);
  let cur = name;
  let pos = at;
  if (cur === '$db') {
    const v = siblings.get('$db')!;
    if (typeOf(v) !== 'string') throw fail(55, `The DBRef $db field must be a String, not a ${typeOf(v)}`);
    pos -= 1;
    if (pos < 0 || keys[pos] !== '$id') throw fail(55, 'Found $db field without a $id before it, which is invalid.');
    cur = '$id';
  }
  if (cur === '$id') {
    pos -= 1;
    if (pos < 0 || keys[pos] !== '$ref') throw fail(55, 'Found $id field without a $ref before it, which is invalid.');
    cur = '$ref';
  }
  if (cur === '$ref') {
    const v = siblings.get(keys[pos]!)!;
    if (typeOf(v) !== 'string') throw fail(55, `The DBRef $ref field must be a String, not a ${typeOf(v)}`);
    if (keys[pos + 1] !== '$id') throw fail(55, 'The DBRef $ref field must be followed by a $id field');
    return;
  }
  throw fail(52, dollarPrefixedMessage(name, name));
}

/**
 * `ModifierNode::validateUpdate`: the element a leaf wrote, at `level` (1 = top-level field):
 * nesting depth, and a `$`-prefixed name when it is a top-level field.
 */
export function validateUpdatedElement(name: string, value: Value, level: number, container: Doc | Value[]): void {
  if (level + nestingDepth(value) > MAX_DEPTH_FOR_USER_STORAGE) {
    throw fail(15, `Document exceeds maximum nesting depth of ${MAX_DEPTH_FOR_USER_STORAGE}`);
  }
  if (level === 1 && name.startsWith('$') && isDoc(container)) validateDollarPrefixElement(name, container);
}

/** `BSONObj::storageValidEmbedded` for `_id` objects: no `$`-prefixed names except DBRef fields. */
function checkIdEmbedded(v: Value): void {
  if (isDoc(v)) {
    for (const [k, x] of v) {
      if (k.startsWith('$') && k !== '$ref' && k !== '$id' && k !== '$db') {
        throw fail(52, `_id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`);
      }
      checkIdEmbedded(x);
    }
  } else if (isArray(v)) for (const x of v) checkIdEmbedded(x);
}

export interface StorageValidationOptions {
  /** Upsert inserts allow top-level `$` fields (`allowTopLevelDollarPrefixes = true`). */
  readonly allowTopLevelDollarPrefixes?: boolean;
  /**
   * The stored document this one was computed from. A field holding the very value (same object)
   * that document holds under the same name passed the depth limit when it was stored (every
   * write path checks it), so its depth is not walked again.
   */
  readonly storedOriginal?: Doc | undefined;
}

/** Whole-document storage validation (`storage_validation::scanDocument`). */
export function validateForStorage(doc: Doc, options: StorageValidationOptions = {}): void {
  const original = options.storedOriginal;
  // The original's value under the same name, by position when `doc` kept its names first.
  const paired = original !== undefined && extendsNames(original, doc) ? fieldValues(original) : undefined;
  const names = fieldNames(doc);
  const values = fieldValues(doc);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const v = values[i]!;
    if (name === '_id') {
      const t = typeOf(v);
      if (t === 'regex' || t === 'array' || t === 'undefined') {
        throw fail(53, `The '_id' value cannot be of type ${t}`);
      }
      if (t === 'object') checkIdEmbedded(v);
    }
    const shared =
      typeof v === 'object' && v !== null && (paired !== undefined ? paired[i] === v : original?.get(name) === v);
    if (!shared && 1 + nestingDepth(v) > MAX_DEPTH_FOR_USER_STORAGE) {
      throw fail(15, `Document exceeds maximum nesting depth of ${MAX_DEPTH_FOR_USER_STORAGE}`);
    }
    if (!options.allowTopLevelDollarPrefixes && name.startsWith('$')) validateDollarPrefixElement(name, doc);
  }
}

/**
 * After a replacement or pipeline: every immutable path that existed must still exist, must not
 * be (inside) an array, and must compare equal (collation-free, so 1 and 1.0 are equal).
 */
export function checkIdUnchanged(before: Doc, after: Doc, immutablePaths: readonly string[] = ['_id']): void {
  // Index loops: this runs once per replaced or pipeline-updated document.
  for (let i = 0; i < immutablePaths.length; i++) {
    const parts = pathParts(immutablePaths[i]!);
    // `applyReplacementUpdate` walks the new document first: an array on the path is 54 even
    // when the field did not exist before (an upsert's seed without _id).
    let cur: Value | undefined = after;
    for (let j = 0; j < parts.length; j++) {
      if (isArray(cur)) break;
      cur = isDoc(cur) ? cur.get(parts[j]!) : undefined;
      if (cur === undefined) break;
    }
    if (isArray(cur) || pathCrossesArray(after, parts)) {
      throw fail(
        54,
        `After applying the update to the document, the (immutable) field '${dotted(parts)}' was found to be an array or array descendant.`,
      );
    }
    const oldValue = getAtPath(before, parts);
    if (oldValue === undefined) continue;
    if (cur === undefined) {
      throw fail(
        66,
        `After applying the update, the '${dotted(parts)}' (required and immutable) field was found to have been removed --${renderDoc(before)}`,
      );
    }
    // The very same value (kept by a pipeline) is equal to itself.
    if (cur !== oldValue && compareValues(cur, oldValue, null) !== 0) {
      throw fail(
        66,
        `After applying the update, the (immutable) field '${dotted(parts)}' was found to have been altered to ${renderElement(parts[parts.length - 1]!, cur)}`,
      );
    }
  }
}

const ID_PARTS: readonly string[] = Object.freeze(['_id']);

/** `path` split at dots (`_id`, checked after every replacement and pipeline update, without a new array). */
function pathParts(path: string): readonly string[] {
  return path === '_id' ? ID_PARTS : path.split('.');
}

function pathCrossesArray(doc: Doc, parts: readonly string[]): boolean {
  let cur: Value | undefined = doc;
  for (let j = 0; j < parts.length; j++) {
    if (isArray(cur)) return true;
    if (!isDoc(cur)) return false;
    cur = cur.get(parts[j]!);
  }
  return false;
}

/**
 * `update::assertPathsNotArray` for upsert-produced documents: `_id` (and shard-key paths) must not
 * be arrays or inside arrays (54).
 */
export function assertPathsNotArray(doc: Doc, paths: readonly string[] = ['_id']): void {
  for (const path of paths) {
    let cur: Value | undefined = doc;
    for (const part of path.split('.')) {
      if (!isDoc(cur)) break;
      cur = cur.get(part);
      if (isArray(cur)) {
        throw fail(
          54,
          `After applying the update to the document, the field '${path}' was found to be an array or array descendant.`,
        );
      }
    }
  }
}

/** A copy with `_id` first (`ensureIdFieldIsFirst` without generating one). */
export function moveIdFirst(doc: Doc): Doc {
  if (!doc.has('_id') || firstName(doc) === '_id') return doc;
  const out: Doc = new Map([['_id', doc.get('_id')!]]);
  for (const [k, v] of doc) if (k !== '_id') out.set(k, v);
  return out;
}

/** `BSONObjMaxUserSize`. */
export const MAX_USER_DOC_SIZE = 16 * 1024 * 1024;
