/**
 * `distinct`: `{distinct: 'c', key: 'a.b', query, collation, hint}` → `{values: [...], ok: 1}`.
 * Array values contribute their elements (one level, as the server does), missing fields
 * contribute nothing, equal values (under the collation) once — the first one seen — and the
 * result is sorted in BSON order, as the server's `BSONElementSet` returns it.
 */
import { appendAll } from '../arrays.js';
import type { Collator } from '../bson/compare.js';
import { compareValues, valuesEqual } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { keyOf } from '../catalog/keys.js';
import { selectDocuments } from '../catalog/select.js';
import { fail } from '../errors.js';
import { commandEnv, effectiveCollation, targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

/** Values at a dotted path, descending through arrays of documents. */
function collect(v: Value | undefined, parts: readonly string[], i: number, out: Value[]): void {
  if (v === undefined) return;
  if (i === parts.length) {
    if (isArray(v)) appendAll(out, v);
    else out.push(v);
    return;
  }
  if (isDoc(v)) collect(v.get(parts[i]!), parts, i + 1, out);
  else if (isArray(v)) for (const el of v) if (isDoc(el) || isArray(el)) collect(el, parts, i, out);
}

/**
 * Keeps the first of equal values. Values are bucketed by `keyOf` (equal values share a bucket)
 * and confirmed with `valuesEqual`, so a large array costs n lookups, not n² comparisons.
 */
function pushDistinct(values: Value[], buckets: Map<string, Value[]>, v: Value, collator: Collator | null): void {
  const key = keyOf(v, collator);
  const bucket = buckets.get(key);
  if (bucket === undefined) buckets.set(key, [v]);
  else if (!bucket.some((x) => valuesEqual(x, v, collator))) bucket.push(v);
  else return;
  values.push(v);
}

export const distinctCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    distinct: { type: 'string' },
    key: { type: 'string', required: true },
    query: { type: ['object', 'null'] },
    collation: { type: 'object' },
    hint: { type: ['string', 'object'] },
    rawData: { type: 'bool' },
  });
  const key = ctx.command.get('key') as string;
  if (key === '') throw fail(40352, 'FieldPath cannot be constructed with empty string');
  const collection = ctx.catalog.getCollection(ctx.db, name);
  const values: Value[] = [];
  const buckets = new Map<string, Value[]>();
  if (collection) {
    const collation = effectiveCollation(collection, ctx.command.get('collation'));
    const query = ctx.command.get('query');
    const { matches } = selectDocuments(collection, {
      filter: isDoc(query) ? query : new Map(),
      collation,
      hint: ctx.command.get('hint') as string | Doc | undefined,
      env: commandEnv(ctx),
    });
    const parts = key.split('.');
    for (const doc of matches) {
      const found: Value[] = [];
      collect(doc, parts, 0, found);
      for (const v of found) pushDistinct(values, buckets, v, collation?.collator ?? null);
    }
  }
  const collator = effectiveCollation(collection, ctx.command.get('collation'))?.collator ?? null;
  values.sort((a, b) => compareValues(a, b, collator));
  return new Map<string, Value>([['values', values]]);
};
