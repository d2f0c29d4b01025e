/**
 * Pre- and post-images for `fullDocumentBeforeChange` and `fullDocument: 'whenAvailable' |
 * 'required'`. The server keeps pre-images in `config.system.preimages` when the collection has
 * `changeStreamPreAndPostImages: {enabled: true}`, and computes the post-image by applying the
 * update's diff to the pre-image. Here the pre-image is rebuilt from the oplog itself: the latest
 * full version of the document (its insert or last replacement) with the later `$v:2` diffs
 * applied. Whether images were recorded follows the collection option as it was when the write
 * happened (see imagesEnabledAt).
 */
import type { Binary } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import { keyOf } from '../catalog/keys.js';
import { applyOplogDiff } from '../oplog/apply-diff.js';
import { moveIdFirst } from '../update/storage-validation.js';
import { sameUuid, type OplogOp } from './oplog-ops.js';

/** `_id` of the document a CRUD operation touched. */
export function documentIdOf(op: OplogOp): Value | undefined {
  if (op.op === 'd') return op.o.get('_id');
  return op.o2?.get('_id') ?? op.o.get('_id');
}

export function isDeltaUpdate(o: Doc): boolean {
  return o.has('$v') && isDoc(o.get('diff'));
}

/** Whether the live collection with this UUID lists `changeStreamPreAndPostImages: {enabled: true}`. */
function listedWithImages(catalog: Catalog, ui: Binary | undefined): boolean {
  for (const db of catalog.databaseNames()) {
    for (const c of catalog.collections(db)) {
      if (!sameUuid(c.uuid, ui)) continue;
      const option = c.listedOptions.get('changeStreamPreAndPostImages');
      return isDoc(option) && option.get('enabled') === true;
    }
  }
  return false;
}

function setsImagesOption(op: OplogOp, ui: Binary | undefined): boolean {
  return op.op === 'c' && sameUuid(op.ui, ui) && op.o.has('collMod') && op.o.has('changeStreamPreAndPostImages');
}

/**
 * Whether the collection recorded pre-images at the time of `ops[index]`: the last collMod that
 * set the option before it, else the option the collection was created with (the create oplog
 * entry does not carry it: it is the listed option when no collMod ever changed it).
 */
export function imagesEnabledAt(catalog: Catalog, ops: readonly OplogOp[], index: number): boolean {
  const ui = ops[index]?.ui;
  for (let j = index - 1; j >= 0; j--) {
    const op = ops[j]!;
    if (setsImagesOption(op, ui)) {
      const option = op.o.get('changeStreamPreAndPostImages');
      return isDoc(option) && option.get('enabled') === true;
    }
  }
  if (ops.some((op) => setsImagesOption(op, ui))) return false;
  return listedWithImages(catalog, ui);
}

/**
 * The document as it was just before `ops[index]`, rebuilt from the oplog; null when it did not
 * exist; undefined when the oplog does not go back far enough to know.
 */
export function documentBefore(ops: readonly OplogOp[], index: number): Doc | null | undefined {
  const target = ops[index];
  if (!target) return undefined;
  const id = documentIdOf(target);
  if (id === undefined) return undefined;
  const key = keyOf(id);
  const diffs: Doc[] = [];
  let base: Doc | null | undefined;
  for (let j = index - 1; j >= 0 && base === undefined; j--) {
    const op = ops[j]!;
    if (op.op !== 'i' && op.op !== 'u' && op.op !== 'd') continue;
    if (!sameUuid(op.ui, target.ui)) continue;
    const opId = documentIdOf(op);
    if (opId === undefined || keyOf(opId) !== key) continue;
    if (op.op === 'd') base = null;
    else if (op.op === 'u' && isDeltaUpdate(op.o)) diffs.push(op.o.get('diff') as Doc);
    else base = op.o;
  }
  if (base === undefined || base === null) return base;
  // Each entry is applied as a secondary applies it: then `_id` is moved first (a replacement or
  // pipeline entry is logged in the order its executor wrote it).
  let doc = moveIdFirst(base);
  for (let k = diffs.length - 1; k >= 0; k--) doc = moveIdFirst(applyOplogDiff(doc, diffs[k]!));
  return doc;
}

/** The recorded pre-image of `ops[index]` (undefined when none was recorded). */
export function recordedPreImage(catalog: Catalog, ops: readonly OplogOp[], index: number): Doc | undefined {
  if (!imagesEnabledAt(catalog, ops, index)) return undefined;
  return documentBefore(ops, index) ?? undefined;
}

/** The post-image of an update or replace, computed from the recorded pre-image. */
export function recordedPostImage(catalog: Catalog, ops: readonly OplogOp[], index: number): Doc | undefined {
  const op = ops[index];
  if (!op) return undefined;
  if (op.op === 'u' && !isDeltaUpdate(op.o)) return moveIdFirst(op.o);
  const pre = recordedPreImage(catalog, ops, index);
  if (pre === undefined || op.op !== 'u') return undefined;
  return moveIdFirst(applyOplogDiff(pre, op.o.get('diff') as Doc));
}
