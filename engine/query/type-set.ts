/**
 * `$type` arguments (`MatcherTypeSet::parse`): a type number, a type name alias, `"number"`, or an
 * array of those. Also used by `$jsonSchema`'s `bsonType`.
 */
import { BSON_TYPE_NUMBER, typeOf, type BsonTypeName, type Value } from '../bson/values.js';
import { formatG6 } from '../bson/render.js';
import { fail } from '../errors.js';

export interface TypeSet {
  /** `"number"`: int, long, double and decimal. */
  readonly allNumbers: boolean;
  readonly types: readonly BsonTypeName[];
}

const NAME_BY_NUMBER = new Map<number, BsonTypeName>(
  (Object.entries(BSON_TYPE_NUMBER) as [BsonTypeName, number][]).map(([name, n]) => [n, name]),
);

const NUMERIC_TYPES: ReadonlySet<BsonTypeName> = new Set(['int', 'long', 'double', 'decimal']);

function numericValue(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  switch (typeOf(v)) {
    case 'int':
      return (v as { value: number }).value;
    case 'long':
      return Number(String(v));
    case 'decimal':
      return Number(String(v));
    default:
      return undefined;
  }
}

interface Parsed {
  allNumbers: boolean;
  types: BsonTypeName[];
}

function parseOne(v: Value, into: Parsed): void {
  if (typeof v === 'string') {
    if (v === 'number') {
      into.allNumbers = true;
      return;
    }
    if (!Object.hasOwn(BSON_TYPE_NUMBER, v)) {
      // `$type` (the expression) can return "missing"; the query operator says what to use instead.
      if (v === 'missing')
        throw fail(2, "'missing' is not a legal type name. To query for non-existence of a field, use {$exists:false}.");
      throw fail(2, `Unknown type name alias: ${v}`);
    }
    into.types.push(v as BsonTypeName);
    return;
  }
  const n = numericValue(v);
  if (n === undefined) throw fail(14, 'type must be represented as a number or a string');
  const code = typeOf(v) === 'int' || Number.isInteger(n) ? n : NaN;
  const name = NAME_BY_NUMBER.get(code);
  if (name === undefined) {
    // `str::stream() << elt.number()`: the value as a double, printed as `%g` (6 significant digits).
    const shown = formatG6(n);
    throw fail(2, `Invalid numerical type code: ${shown}${code === 0 ? '. Instead use {$exists:false}.' : ''}`);
  }
  into.types.push(name);
}

/** Parses a `$type` argument. `path` is only used in the empty-array message. */
export function parseTypeSet(arg: Value, path: string, operatorName = path): TypeSet {
  const into: Parsed = { allNumbers: false, types: [] };
  if (Array.isArray(arg)) {
    for (const v of arg) parseOne(v, into);
    if (!into.allNumbers && into.types.length === 0) throw fail(9, `${operatorName} must match at least one type`);
  } else {
    parseOne(arg, into);
  }
  const types = [...new Set(into.types)];
  return { allNumbers: into.allNumbers, types };
}

/** True when `v` has one of the set's types. */
export function typeSetHas(set: TypeSet, v: Value): boolean {
  const t = typeOf(v);
  if (set.allNumbers && NUMERIC_TYPES.has(t)) return true;
  return set.types.includes(t);
}
