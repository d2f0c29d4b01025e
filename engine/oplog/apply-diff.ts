/**
 * Replays a `$v:2` diff onto a pre-image, as a secondary applies an update oplog entry
 * (`doc_diff::applyDiff`, `document_diff_applier.cpp`, with `mustCheckExistenceForInsertOperations`
 * true as for every entry the update command logs). Returns a new document; the input is never
 * mutated. The diff is read by `diff-reader.ts`, which raises the server's codes for a malformed one.
 *
 * Document diff: fields are walked in pre-image order; `d` drops a field, `u` replaces it in
 * place, a field listed in `i` is dropped here and re-appended, `s<f>` applies a sub-diff. A
 * sub-diff whose field holds another type (object vs array vs scalar) leaves null in its place: a
 * later entry re-writes that field (the diff is being re-applied). Then the `u` fields that did
 * not exist are appended, then every `i` field, each in section order. A name may appear only once
 * across the sections (4728000).
 * Array diff: elements before the resize point `l` are kept or modified (`u<idx>` replaces,
 * `s<idx>` applies a sub-diff, null on a type mismatch); past the pre-image's end, `u<idx>` appends,
 * `s<idx>` and gaps append null, up to `l`.
 */
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { cloneValue } from '../update/path.js';
import { fail } from '../errors.js';
import { ArrayDiffReader, DocumentDiffReader, type SubDiffReader } from './diff-reader.js';

/** Applies a diff (the `diff` field of an `o: {$v: 2, diff}` entry) to `pre`. */
export function applyOplogDiff(pre: Doc, diff: Doc): Doc {
  return applyDocDiff(pre, new DocumentDiffReader(diff));
}

type FieldModification =
  | { readonly kind: 'delete' }
  | { readonly kind: 'update' | 'insert'; readonly value: Value }
  | { readonly kind: 'sub'; readonly reader: SubDiffReader };

/** `buildObjDiffTables`: every section read once, a name at most once across them. */
function buildTables(reader: DocumentDiffReader): {
  fields: Map<string, FieldModification>;
  toInsert: [string, Value][];
} {
  const fields = new Map<string, FieldModification>();
  const toInsert: [string, Value][] = [];
  const add = (name: string, mod: FieldModification) => {
    if (fields.has(name)) throw fail(4728000, `duplicate field name in diff: ${name}`);
    fields.set(name, mod);
  };
  for (const name of reader.deletes()) add(name, { kind: 'delete' });
  for (const [name, value] of reader.updates()) {
    add(name, { kind: 'update', value });
    toInsert.push([name, value]);
  }
  for (const [name, value] of reader.inserts()) {
    add(name, { kind: 'insert', value });
    toInsert.push([name, value]);
  }
  for (const [name, sub] of reader.subDiffs()) add(name, { kind: 'sub', reader: sub });
  return { fields, toInsert };
}

function applyDocDiff(pre: Doc, reader: DocumentDiffReader): Doc {
  const { fields, toInsert } = buildTables(reader);
  const out: Doc = new Map();
  const updatedInPlace = new Set<string>();
  for (const [name, value] of pre) {
    const mod = fields.get(name);
    if (mod === undefined) {
      out.set(name, cloneValue(value));
      continue;
    }
    switch (mod.kind) {
      case 'delete':
      case 'insert': // appended at the end below
        break;
      case 'update':
        out.set(name, cloneValue(mod.value));
        updatedInPlace.add(name);
        break;
      case 'sub':
        out.set(name, applySubDiff(value, mod.reader));
        break;
    }
  }
  for (const [name, value] of toInsert) if (!updatedInPlace.has(name)) out.set(name, cloneValue(value));
  return out;
}

/** A sub-diff applied to the value it names; null when the value is not of the diff's kind. */
function applySubDiff(value: Value, reader: SubDiffReader): Value {
  if (reader instanceof ArrayDiffReader) return isArray(value) ? applyArrayDiff(value, reader) : null;
  return isDoc(value) ? applyDocDiff(value, reader) : null;
}

function applyArrayDiff(pre: readonly Value[], reader: ArrayDiffReader): Value[] {
  const resize = reader.newSize;
  const out: Value[] = [];
  let next = reader.next();
  let idx = 0;
  for (; idx < pre.length && (resize === undefined || idx < resize); idx++) {
    if (next !== undefined && next.index === idx) {
      out.push(next.kind === 'update' ? cloneValue(next.value) : applySubDiff(pre[idx]!, next.reader));
      next = reader.next();
    } else {
      out.push(cloneValue(pre[idx]!));
    }
  }
  // Past the pre-image's end: entries append (a sub-diff has nothing to apply to: null), gaps pad
  // with null, up to the new size. An entry the walk passed (indexes out of order) stops it.
  for (; (resize !== undefined && idx < resize) || (next !== undefined && next.index >= idx); idx++) {
    if (next !== undefined && next.index === idx) {
      out.push(next.kind === 'update' ? cloneValue(next.value) : null);
      next = reader.next();
    } else {
      out.push(null);
    }
  }
  return out;
}
