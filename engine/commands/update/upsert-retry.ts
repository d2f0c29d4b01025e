/**
 * Concurrent identical upserts (seed "Upsert rules" 7; server: `shouldRetryDuplicateKeyException`
 * in `write_ops_exec.cpp`). When an upsert's insert fails with a duplicate key error because a
 * concurrent upsert inserted first, it retries as an update exactly when all of these hold:
 *   1. the collection has a unique index that raised the duplicate key error;
 *   2. the operation is not an updateMany and `multi` is false (and it is an upsert);
 *   3. the match condition is one equality predicate or an AND of equality predicates;
 *   4. the predicate fields equal the unique index key fields (the server also requires the
 *      predicate values to equal the duplicated key values);
 *   5. the update does not modify any field of the unique index key (docs' rule; the server's
 *      code does not test it, a modifier on a key field would make the retried update move the
 *      key anyway).
 * Otherwise the duplicate key error is the statement's result.
 */
import { compareValues } from '../../bson/compare.js';
import { isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import type { EngineError } from '../../errors.js';
import type { UpdateModification } from './request.js';
import { extractEqualityMatches } from './upsert-seed.js';

export interface RetryConditions {
  readonly uniqueIndexRaisedDuplicateKey: boolean;
  readonly notMulti: boolean;
  readonly equalityPredicatesOnly: boolean;
  readonly predicateFieldsMatchIndexKey: boolean;
  readonly updateLeavesIndexKeyAlone: boolean;
}

export interface RetryDecision {
  readonly retry: boolean;
  readonly conditions: RetryConditions;
}

export interface RetryInput {
  readonly query: Doc;
  readonly upsert: boolean;
  readonly multi: boolean;
  readonly update: UpdateModification;
  readonly duplicateKeyError: EngineError;
}

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** Paths a modifier document writes (operator fields, plus `$rename` targets). */
function modifierPaths(doc: Doc): string[] {
  const out: string[] = [];
  for (const [op, arg] of doc) {
    if (!isDoc(arg)) continue;
    for (const [path, v] of arg) {
      out.push(path.split('.$')[0]!);
      if (op === '$rename' && typeof v === 'string') out.push(v);
    }
  }
  return out;
}

function valueAt(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const p of path.split('.')) {
    if (!isDoc(cur)) return undefined;
    cur = cur.get(p);
  }
  return cur;
}

export function shouldRetryUpsertAsUpdate(input: RetryInput): RetryDecision {
  const err = input.duplicateKeyError;
  const keyPattern = err.extra.get('keyPattern');
  const keyValue = err.extra.get('keyValue');
  const uniqueIndexRaisedDuplicateKey = err.code === 11000 && isDoc(keyPattern as Value) && isDoc(keyValue as Value);
  const notMulti = input.upsert && !input.multi;

  let equalityPredicatesOnly = false;
  let equalities: { path: string; value: Value }[] = [];
  try {
    const ex = extractEqualityMatches(input.query);
    equalityPredicatesOnly = ex.onlyEqualities;
    equalities = ex.equalities.map((e) => ({ path: e.path, value: e.value }));
  } catch {
    equalityPredicatesOnly = false;
  }

  let predicateFieldsMatchIndexKey = false;
  const keyFields = uniqueIndexRaisedDuplicateKey ? [...(keyPattern as Doc).keys()] : [];
  if (uniqueIndexRaisedDuplicateKey && equalityPredicatesOnly && equalities.length === keyFields.length) {
    const values = [...(keyValue as Doc).values()];
    predicateFieldsMatchIndexKey = keyFields.every((field, i) => {
      const eq = equalities.find((e) => e.path === field);
      // Compared ignoring field names, with the simple collation, as the server does.
      return eq !== undefined && values[i] !== undefined && compareValues(eq.value, values[i], null) === 0;
    });
  }

  let updateLeavesIndexKeyAlone = false;
  const u = input.update;
  if (u.kind === 'modifier') {
    const written = modifierPaths(u.doc);
    updateLeavesIndexKeyAlone = !written.some((p) => keyFields.some((k) => overlaps(p, k)));
  } else if (u.kind === 'replacement') {
    // A replacement keeps the key only if it carries every key field with the matched value.
    updateLeavesIndexKeyAlone = keyFields.every((k) => {
      const eq = equalities.find((e) => e.path === k);
      const v = valueAt(u.doc, k);
      if (k === '_id' && v === undefined) return true; // the replacement keeps the stored _id
      return (
        eq !== undefined && v !== undefined && typeOf(v) === typeOf(eq.value) && compareValues(v, eq.value, null) === 0
      );
    });
  } else {
    updateLeavesIndexKeyAlone = false;
  }

  const conditions: RetryConditions = {
    uniqueIndexRaisedDuplicateKey,
    notMulti,
    equalityPredicatesOnly,
    predicateFieldsMatchIndexKey,
    updateLeavesIndexKeyAlone,
  };
  return { retry: Object.values(conditions).every(Boolean), conditions };
}
