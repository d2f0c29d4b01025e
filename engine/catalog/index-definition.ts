/**
 * Index specifications as createIndexes accepts them and listIndexes shows them.
 *
 *   {key: {a: 1, b: -1}, unique: true}  →  name 'a_1_b_-1', listIndexes {v: 2, key, name, unique}
 *
 * Options kept: unique, sparse, partialFilterExpression, collation, hidden, expireAfterSeconds
 * (stored, not enforced), background (ignored, as 4.2+ servers do).
 */
import { Int32 } from 'bson';
import { valuesEqual } from '../bson/compare.js';
import { renderDoc, renderValue } from '../bson/render.js';
import { isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { resolveCollation, sameCollation, type CollationInfo } from './collation-info.js';

export interface IndexField {
  readonly path: string;
  readonly parts: readonly string[];
  /** 1 or -1 for ascending/descending (other numbers keep their sign); strings (hashed…) → 1. */
  readonly direction: 1 | -1;
  /** The value given in the key pattern. */
  readonly spec: Value;
}

export interface IndexDefinition {
  readonly name: string;
  readonly keyPattern: Doc;
  readonly fields: readonly IndexField[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly hidden: boolean;
  readonly partialFilterExpression: Doc | undefined;
  /** The index's own collation (null = simple). */
  readonly collation: CollationInfo | null;
  /** The document listIndexes returns: `{v: 2, key, name, ...options}`. */
  readonly spec: Doc;
}

const ALLOWED_OPTIONS = new Set([
  'key',
  'name',
  'v',
  'ns',
  'unique',
  'sparse',
  'partialFilterExpression',
  'collation',
  'hidden',
  'background',
  'expireAfterSeconds',
  'storageEngine',
]);

/** `a_1_b_-1`: each field and its pattern value joined by underscores, as the server names them. */
export function defaultIndexName(keyPattern: Doc): string {
  const parts: string[] = [];
  for (const [k, v] of keyPattern) parts.push(`${k}_${typeof v === 'string' ? v : renderNumber(v)}`);
  return parts.join('_');
}

function renderNumber(v: Value): string {
  if (typeof v === 'number') return String(v);
  return renderValue(v);
}

function truthy(v: Value | undefined): boolean {
  if (v === undefined || v === null || v === false) return false;
  if (isNumber(v)) return !valuesEqual(v, 0);
  return true;
}

function parseKeyPattern(key: Value | undefined, spec: Doc): IndexField[] {
  if (key === undefined) throw fail(9, `The 'key' field is a required property of an index specification`);
  if (!isDoc(key)) throw fail(14, `The field 'key' must be an object, but got ${typeOf(key)}`);
  if (key.size === 0) throw fail(67, `Index keys cannot be empty.`);
  const fields: IndexField[] = [];
  for (const [path, v] of key) {
    if (path === '' || path.split('.').some((p) => p === '')) {
      throw fail(67, `Index keys cannot contain an empty field.`);
    }
    if (isNumber(v)) {
      if (valuesEqual(v, 0) || Number.isNaN(Number(renderValue(v)))) {
        throw fail(67, `Values in v:2 index key pattern cannot be of value 0. Index: ${renderDoc(spec)}`);
      }
      fields.push({ path, parts: path.split('.'), direction: Number(v.valueOf()) < 0 ? -1 : 1, spec: v });
    } else if (typeof v === 'string') {
      if (!['hashed', 'text', '2d', '2dsphere', 'wildcard'].includes(v)) {
        throw fail(67, `Unknown index plugin '${v}'`);
      }
      fields.push({ path, parts: path.split('.'), direction: 1, spec: v });
    } else {
      throw fail(67, `Values in index key pattern must be numbers or strings. Index: ${renderDoc(spec)}`);
    }
  }
  return fields;
}

/** `v` must be a number that is a 32-bit integer, 1 or 2 (index_key_validate's validateIndexSpec). */
function checkIndexVersion(version: Value, spec: Doc): void {
  if (!isNumber(version)) throw fail(14, `The field 'v' must be a number, but got ${typeOf(version)}`);
  const n = Number(version.valueOf());
  if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) {
    throw fail(2, `Index version must be representable as a 32-bit integer, but got ${renderValue(version)}`);
  }
  if (n !== 1 && n !== 2) {
    throw fail(67, `Invalid index specification ${renderDoc(spec)}; cannot create an index with v=${n}`);
  }
}

/**
 * Only btree, 2dsphere, hashed and wildcard indexes can order strings by a collation; a text or 2d
 * index given one (or inheriting the collection's) is refused (IndexCatalogImpl::_isSpecOk).
 */
function refuseCollationForPlugin(fields: readonly IndexField[], collation: CollationInfo): void {
  const plugin = fields.find((f) => typeof f.spec === 'string')?.spec as string | undefined;
  if (plugin === 'text' || plugin === '2d') {
    throw fail(67, `Index type '${plugin}' does not support collation: ${renderDoc(collation.doc)}`);
  }
}

/**
 * Validates one createIndexes entry. `collectionCollation` is the default an index inherits when
 * it names none.
 */
export function parseIndexSpec(input: Value, collectionCollation: CollationInfo | null): IndexDefinition {
  if (!isDoc(input)) throw fail(14, `The field 'indexes' must be an array of objects`);
  for (const k of input.keys()) {
    if (!ALLOWED_OPTIONS.has(k)) {
      throw fail(197, `The field '${k}' is not valid for an index specification. Specification: ${renderDoc(input)}`);
    }
  }
  const fields = parseKeyPattern(input.get('key'), input);
  const keyPattern = input.get('key') as Doc;
  const nameValue = input.get('name');
  if (nameValue !== undefined && typeof nameValue !== 'string') {
    throw fail(14, `The field 'name' must be a string, but got ${typeOf(nameValue)}`);
  }
  const name = nameValue ?? defaultIndexName(keyPattern);
  if (name === '') throw fail(67, `The index name cannot be empty`);
  const partial = input.get('partialFilterExpression');
  if (partial !== undefined && !isDoc(partial)) {
    throw fail(14, `The field 'partialFilterExpression' must be an object, but got ${typeOf(partial)}`);
  }
  const collationSpec = input.get('collation');
  const version = input.get('v');
  if (version !== undefined) checkIndexVersion(version, input);
  const v1 = version !== undefined && valuesEqual(version, 1);
  if (v1 && isDoc(collationSpec) && collationSpec.size > 0) {
    throw fail(
      67,
      `Invalid index specification ${renderDoc(input)}; cannot create an index with the 'collation' option and v=1`,
    );
  }
  // A v=1 index predates collations: it never inherits the collection's default (validateIndexSpecCollation).
  const inherited = v1 ? null : collectionCollation;
  const collation = collationSpec === undefined ? inherited : resolveCollation(collationSpec);
  if (collation !== null) refuseCollationForPlugin(fields, collation);
  // `{_id: 1}` is the _id index whatever its name says: unique without saying so.
  const isIdPattern = fields.length === 1 && fields[0]!.path === '_id' && fields[0]!.direction === 1;
  // An explicit non-simple collation on the _id index must be the collection's (_isSpecOk).
  if (isIdPattern && collationSpec !== undefined && collation !== null && !sameCollation(collation, inherited)) {
    throw fail(67, '_id index must have the collection default collation');
  }
  const unique = truthy(input.get('unique')) || isIdPattern;
  const sparse = truthy(input.get('sparse'));
  const hidden = truthy(input.get('hidden'));
  if (name === '_id_' || (fields.length === 1 && fields[0]!.path === '_id' && keyPattern.size === 1)) {
    if (sparse)
      throw fail(
        67,
        `The field 'sparse' is not valid for an _id index specification. Specification: ${renderDoc(input)}`,
      );
    if (input.has('partialFilterExpression')) {
      throw fail(
        67,
        `The field 'partialFilterExpression' is not valid for an _id index specification. Specification: ${renderDoc(input)}`,
      );
    }
  }
  const spec: Doc = new Map<string, Value>([
    ['v', new Int32(v1 ? 1 : 2)],
    ['key', keyPattern],
    ['name', name],
  ]);
  for (const [k, v] of input) {
    if (k === 'key' || k === 'name' || k === 'v' || k === 'ns' || k === 'background' || k === 'collation') continue;
    if ((k === 'unique' || k === 'sparse' || k === 'hidden') && !truthy(v)) continue;
    if (k === 'unique' && isIdPattern) continue;
    spec.set(k, k === 'unique' || k === 'sparse' || k === 'hidden' ? true : v);
  }
  if (collation !== null) spec.set('collation', collation.doc);
  return {
    name,
    keyPattern,
    fields,
    unique,
    sparse,
    hidden,
    partialFilterExpression: partial,
    collation,
    spec,
  };
}

/** The always-present `_id_` index. */
export function idIndexDefinition(collation: CollationInfo | null): IndexDefinition {
  // Unique without saying so (see parseIndexSpec): listIndexes shows `{v: 2, key: {_id: 1}, name: '_id_'}`.
  return parseIndexSpec(
    new Map<string, Value>([
      ['key', new Map<string, Value>([['_id', new Int32(1)]])],
      ['name', '_id_'],
    ]),
    collation,
  );
}

/** Same key pattern (field names, order and values compared as the server's `woCompare`). */
export function sameKeyPattern(a: Doc, b: Doc): boolean {
  if (a.size !== b.size) return false;
  const ib = b.entries();
  for (const [k, v] of a) {
    const [k2, v2] = ib.next().value as [string, Value];
    if (k !== k2 || !valuesEqual(v, v2)) return false;
  }
  return true;
}

/** Spec fields that are not compared for identity (populateOptionsMapForEqualityCheck's list). */
const NOT_COMPARED = new Set([
  'key',
  'name',
  'ns',
  'v',
  'background',
  'hidden',
  'dropDups',
  'textIndexVersion',
  '2dsphereIndexVersion',
]);
const IDENTIFYING = new Set(['unique', 'sparse', 'collation', 'partialFilterExpression', 'wildcardProjection']);

/**
 * IndexDescriptor::compareIndexOptions: 'different' when the key pattern or an identifying option
 * (unique, sparse, collation, partialFilterExpression) differs; otherwise 'identical' when every
 * other compared option is equal too, else 'equivalent' (two such indexes cannot coexist).
 */
export function compareIndexOptions(
  candidate: IndexDefinition,
  existing: IndexDefinition,
): 'different' | 'equivalent' | 'identical' {
  if (!sameKeyPattern(candidate.keyPattern, existing.keyPattern)) return 'different';
  const identifying =
    candidate.unique === existing.unique &&
    candidate.sparse === existing.sparse &&
    sameCollation(candidate.collation, existing.collation) &&
    (candidate.partialFilterExpression === undefined
      ? existing.partialFilterExpression === undefined
      : existing.partialFilterExpression !== undefined &&
        valuesEqual(candidate.partialFilterExpression, existing.partialFilterExpression));
  if (!identifying) return 'different';
  const others = (d: IndexDefinition) =>
    [...d.spec]
      .filter(([k]) => !NOT_COMPARED.has(k) && !IDENTIFYING.has(k))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const mine = others(candidate);
  const theirs = others(existing);
  const same =
    mine.length === theirs.length && mine.every(([k, v], i) => theirs[i]![0] === k && valuesEqual(v, theirs[i]![1]));
  return same ? 'identical' : 'equivalent';
}
