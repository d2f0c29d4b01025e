/**
 * Replacement-style updates (`ObjectReplaceExecutor`): the new document is the replacement with
 * the original `_id` kept first. Zero timestamps in top-level non-`_id` fields become the cluster
 * time. A replacement binary-equal to the stored document is a no-op. The oplog `o` is the whole
 * new document as the replacement wrote it (`_id` where it named it; the stored one first if not).
 */
import { binaryEqual } from '../bson/compare.js';
import { extendsNames, fieldNames, fieldValues } from '../bson/shaped-doc.js';
import type { Doc, Value } from '../bson/values.js';
import { typeOf } from '../bson/values.js';
import type { Timestamp } from 'bson';
import type { ApplyParams, ApplyResult, UpdateExecutor } from './executor.js';
import { sizeCheckedResult } from './modifier-executor.js';
import { cloneValue } from './path.js';
import { checkIdUnchanged, validateForStorage } from './storage-validation.js';

export interface ReplacementExecutor extends UpdateExecutor {
  readonly kind: 'replacement';
  readonly replacement: Doc;
}

function isZeroTimestamp(v: Value): boolean {
  if (typeOf(v) !== 'timestamp') return false;
  const ts = v as Timestamp;
  return ts.t === 0 && ts.i === 0;
}

/** `isClassicalUpdateReplacement`: an empty object or one whose first field is not `$`-prefixed. */
export function isReplacementDocument(u: Doc): boolean {
  const first = u.keys().next();
  return first.done === true || !first.value.startsWith('$');
}

export class ReplacementUpdateExecutor implements ReplacementExecutor {
  readonly kind = 'replacement' as const;
  constructor(readonly replacement: Doc) {
    Object.freeze(this);
  }

  apply(doc: Doc, params: ApplyParams): ApplyResult {
    const body: Doc = new Map();
    for (const [k, v] of this.replacement) {
      body.set(k, k !== '_id' && isZeroTimestamp(v) ? params.env.clusterTime : cloneValue(v));
    }
    if (binaryEqual(doc, body)) {
      return { doc: cloneValue(doc), noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    }
    const out: Doc = new Map();
    const id = body.has('_id') ? body.get('_id') : doc.get('_id');
    if (id !== undefined) out.set('_id', cloneValue(id));
    for (const [k, v] of body) if (k !== '_id') out.set(k, v);

    // `applyReplacementUpdate`: storage validation (53 for an array/regex/undefined _id, then
    // `$`-fields, depth) comes before the immutable-path checks (54, 66). An upsert insert is
    // validated (top-level `$` allowed) and size-checked (17420) as a whole by the caller, as
    // `produceDocumentForUpsert` does, after the immutable checks.
    if (!params.isUpsertInsert) validateForStorage(out);
    checkIdUnchanged(doc, out, params.immutablePaths);
    if (!params.isUpsertInsert) sizeCheckedResult(out);

    const modifiedPaths = replacementModifiedPaths(doc, out);
    // The oplog `o` is the executor's document, before the update stage moves `_id` first
    // (`ensureIdFieldIsFirst` runs after the log entry is made): the replacement's fields in its
    // order, after the stored `_id` when it names none.
    const logged = body.has('_id') || id === undefined ? body : out;
    return { doc: out, noop: false, modifiedPaths, oplog: cloneValue(logged), arrayTouches: [] };
  }
}

/**
 * The top-level fields a whole-document replacement changed (replacement and pipeline updates):
 * those of `after` that are new or differ bitwise, in `after`'s order, then those it dropped.
 */
export function replacementModifiedPaths(before: Doc, after: Doc): string[] {
  if (extendsNames(before, after)) {
    // Every name of `before` leads `after` in the same order: pair values by position.
    const names = fieldNames(after);
    const old = fieldValues(before);
    const now = fieldValues(after);
    let changed: string[] | undefined;
    for (let i = 0; i < names.length; i++) {
      if (i < old.length && binaryEqual(old[i]!, now[i]!)) continue;
      // Made at the first name (`[]` then `push` reserves room for 16: one per updated document).
      if (changed === undefined) changed = [names[i]!];
      else changed.push(names[i]!);
    }
    return changed ?? [];
  }
  const paths: string[] = [];
  for (const [k, v] of after) {
    const old = before.get(k);
    if (old === undefined || !binaryEqual(old, v)) paths.push(k);
  }
  for (const k of before.keys()) if (!after.has(k)) paths.push(k);
  return paths;
}
