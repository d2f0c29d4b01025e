/**
 * mongosh's findAndModify family, the parts that read options on the client:
 *
 * - `Collection.findAndModify(options)` (collection.ts) becomes findOneAndDelete when `remove` is
 *   truthy (any `update` is then ignored), else findOneAndUpdate when `update` is a pipeline or
 *   has a `$` key, else findOneAndReplace; no truthy `update` is `Must specify options.update or
 *   options.remove`. `fields` is the projection; giving `projection` too is refused.
 * - `processFindAndModifyOptions` (helpers.ts): the first of `returnDocument`, `returnOriginal`,
 *   `returnNewDocument`, `new` that is present decides, by its truthiness (only `returnDocument`
 *   must be 'before' or 'after').
 *
 * One deliberate difference: mongosh requires `query` (`assertKeysDefined`); this shell lets it
 * out and sends `{}`, as the legacy shell did, since MongoDB's own jstests are written that way.
 */
import { Double, Int32, Long } from 'bson';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { requireDoc } from './api-support.js';
import { invalidArgument } from './bson-helpers.js';
import { ShellClientError } from './client-errors.js';

/** JavaScript truthiness of an option as the user typed it (numbers arrive as Int32/Double). */
export function isTruthy(v: Value | undefined): boolean {
  if (v === undefined || v === null || v === false || v === '') return false;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (v instanceof Int32 || v instanceof Double) return v.value !== 0 && !Number.isNaN(v.value);
  if (v instanceof Long) return !v.isZero();
  return true;
}

/** Whether the command returns the new document (`processFindAndModifyOptions`). */
export function returnsNewDocument(options: Doc | undefined): boolean {
  const rd = options?.get('returnDocument');
  if (rd !== undefined) {
    if (rd === 'after') return true;
    if (rd === 'before') return false;
    throw new ShellClientError(`returnDocument must be either 'before' or 'after'`);
  }
  for (const [name, meansNew] of [
    ['returnOriginal', false],
    ['returnNewDocument', true],
    ['new', true],
  ] as const) {
    const v = options?.get(name);
    if (v !== undefined) return isTruthy(v) === meansNew;
  }
  return false;
}

export interface FindAndModifyCall {
  readonly kind: 'update' | 'replace' | 'delete';
  readonly filter: Doc;
  readonly update: Value | undefined;
  readonly options: Doc;
}

function hasAtomicOperators(update: Value): boolean {
  return isDoc(update) && [...update.keys()].some((k) => k.startsWith('$'));
}

/** `findAndModify({query, update | remove, new, fields, …})` as the helper it stands for. */
export function findAndModifyCall(spec: Doc): FindAndModifyCall {
  const filter = requireDoc(spec.get('query'), 'query');
  const options: Doc = new Map(spec);
  if (spec.get('projection') !== undefined && spec.get('fields') !== undefined) {
    throw invalidArgument('Cannot specify both .fields and .projection for findAndModify()');
  }
  if (spec.get('projection') === undefined && spec.get('fields') !== undefined) {
    options.set('projection', spec.get('fields') as Value);
  }
  for (const k of ['query', 'update', 'fields']) options.delete(k);
  if (isTruthy(spec.get('remove'))) return { kind: 'delete', filter, update: undefined, options };
  const update = spec.get('update');
  if (!isTruthy(update)) throw invalidArgument('Must specify options.update or options.remove');
  const kind = isArray(update) || hasAtomicOperators(update!) ? 'update' : 'replace';
  return { kind, filter, update, options };
}
