/**
 * `$jsonSchema`: the server's JSON Schema draft-4 subset (`src/mongo/db/matcher/schema/
 * json_schema_parser.cpp`), compiled once into a validator over the engine value model.
 *
 * Supported keywords: bsonType, type, required, properties, additionalProperties,
 * patternProperties, minProperties, maxProperties, dependencies, items (schema or tuple),
 * additionalItems, minItems, maxItems, uniqueItems, minimum, maximum, exclusiveMinimum,
 * exclusiveMaximum (booleans, draft 4), multipleOf, minLength, maxLength, pattern, enum, allOf,
 * anyOf, oneOf, not, title, description. Unsupported standard keywords ($ref, $schema, default,
 * definitions, format, id) and unknown keywords fail as the server does (code 9).
 *
 * Semantics kept from the server: keywords only constrain values of their own type (`minimum`
 * ignores strings, `properties` ignores arrays…); `properties` look at the field itself, never
 * into arrays (no implicit array traversal); `type: "number"` matches every numeric BSON type;
 * `enum` and `uniqueItems` compare documents ignoring field order; string lengths count code
 * points. The result is a yes/no answer (no `errInfo` details).
 */
import { compareValues } from '../bson/compare.js';
import { isArray, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { compileRegex, regexTest, type CompiledRegex } from './regex.js';
import { parseTypeSet, typeSetHas, type TypeSet } from './type-set.js';

export interface JsonSchemaNode {
  readonly kind: 'jsonSchema';
  readonly schema: Doc;
  /** True when the whole document satisfies the schema. */
  readonly validate: (doc: Doc) => boolean;
}

type Check = (v: Value) => boolean;

const UNSUPPORTED = new Set(['$ref', '$schema', 'default', 'definitions', 'format', 'id']);

const KNOWN = new Set([
  'bsonType',
  'type',
  'required',
  'properties',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'dependencies',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'title',
  'description',
  'encrypt',
  'encryptMetadata',
]);

/** JSON Schema `type` names and the BSON types they cover. */
const JSON_TYPES: Readonly<Record<string, TypeSet>> = {
  object: { allNumbers: false, types: ['object'] },
  array: { allNumbers: false, types: ['array'] },
  number: { allNumbers: true, types: [] },
  boolean: { allNumbers: false, types: ['bool'] },
  string: { allNumbers: false, types: ['string'] },
  null: { allNumbers: false, types: ['null'] },
};

function typeMismatch(keyword: string, what: string): never {
  throw fail(14, `$jsonSchema keyword '${keyword}' must be ${what}`);
}

export function numberOf(v: Value): number {
  if (typeof v === 'number') return v;
  return Number(String(typeOf(v) === 'int' ? (v as { value: number }).value : v));
}

function nonNegativeInteger(keyword: string, v: Value): number {
  if (!isNumber(v)) typeMismatch(keyword, 'a number');
  const n = numberOf(v);
  if (!Number.isInteger(n)) throw fail(9, `$jsonSchema keyword '${keyword}' must be an integer`);
  if (n < 0) throw fail(9, `$jsonSchema keyword '${keyword}' must be a non-negative integer`);
  return n;
}

function schemaArray(keyword: string, v: Value): Doc[] {
  if (!isArray(v)) typeMismatch(keyword, 'an array');
  if (v.length === 0) throw fail(9, `$jsonSchema keyword '${keyword}' must be a non-empty array`);
  return v.map((e) => {
    if (!isDoc(e)) typeMismatch(keyword, 'an array of objects');
    return e;
  });
}

/** Equality ignoring the order of fields in documents (`UnorderedFieldsBSONObjComparator`). */
export function unorderedEqual(a: Value, b: Value): boolean {
  if (isDoc(a) && isDoc(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined || !unorderedEqual(v, w)) return false;
    }
    return true;
  }
  if (isArray(a) && isArray(b)) {
    if (a.length !== b.length) return false;
    return a.every((x, i) => unorderedEqual(x, b[i]!));
  }
  if (isDoc(a) || isDoc(b) || isArray(a) || isArray(b)) return false;
  return compareValues(a, b) === 0;
}

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
    n++;
  }
  return n;
}

function compileSchema(schema: Doc): Check {
  const checks: Check[] = [];
  for (const k of schema.keys()) {
    if (UNSUPPORTED.has(k)) throw fail(9, `$jsonSchema keyword '${k}' is not currently supported`);
    if (!KNOWN.has(k)) throw fail(9, `Unknown $jsonSchema keyword: ${k}`);
  }
  if (schema.has('encrypt') || schema.has('encryptMetadata')) {
    throw fail(2, '$jsonSchema encryption keywords are not supported in the Upsert Lab playground');
  }
  const get = (k: string): Value | undefined => schema.get(k);

  for (const k of ['title', 'description']) {
    const v = get(k);
    if (v !== undefined && typeof v !== 'string') typeMismatch(k, 'a string');
  }

  // Type.
  if (get('type') !== undefined && get('bsonType') !== undefined) {
    throw fail(9, "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
  }
  const typeArg = get('type');
  if (typeArg !== undefined) {
    const names = isArray(typeArg) ? typeArg : [typeArg];
    if (names.length === 0) throw fail(9, "$jsonSchema keyword 'type' must name at least one type");
    const sets = names.map((n) => {
      if (typeof n !== 'string') typeMismatch('type', 'a string or an array of strings');
      if (n === 'integer') throw fail(9, "$jsonSchema type 'integer' is not currently supported.");
      const set = JSON_TYPES[n];
      if (!set) throw fail(9, `Unknown type name alias: ${n}`);
      return set;
    });
    checks.push((v) => sets.some((s) => typeSetHas(s, v)));
  }
  const bsonType = get('bsonType');
  if (bsonType !== undefined) {
    if (isArray(bsonType) ? bsonType.some((x) => typeof x !== 'string') : typeof bsonType !== 'string') {
      typeMismatch('bsonType', 'a string or an array of strings');
    }
    const set = parseTypeSet(bsonType, 'bsonType', "$jsonSchema keyword 'bsonType'");
    checks.push((v) => typeSetHas(set, v));
  }

  // Numbers.
  for (const [kw, exKw, isMin] of [
    ['minimum', 'exclusiveMinimum', true],
    ['maximum', 'exclusiveMaximum', false],
  ] as const) {
    const bound = get(kw);
    const exclusive = get(exKw);
    if (exclusive !== undefined && typeof exclusive !== 'boolean') typeMismatch(exKw, 'a boolean');
    if (bound === undefined) {
      if (exclusive !== undefined) throw fail(9, `$jsonSchema keyword '${kw}' must be a present if ${exKw} is present`);
      continue;
    }
    if (!isNumber(bound)) typeMismatch(kw, 'a number');
    const strict = exclusive === true;
    checks.push((v) => {
      if (!isNumber(v)) return true;
      const c = compareValues(v, bound);
      if (Number.isNaN(numberOf(v))) return false;
      return isMin ? (strict ? c > 0 : c >= 0) : strict ? c < 0 : c <= 0;
    });
  }
  const multipleOf = get('multipleOf');
  if (multipleOf !== undefined) {
    if (!isNumber(multipleOf)) typeMismatch('multipleOf', 'a number');
    const m = numberOf(multipleOf);
    if (!(m > 0)) throw fail(9, "$jsonSchema keyword 'multipleOf' must have a positive value");
    checks.push((v) => {
      if (!isNumber(v)) return true;
      const x = numberOf(v);
      return Number.isFinite(x) && Math.abs(x % m) < 1e-12 * Math.max(1, Math.abs(x));
    });
  }

  // Strings.
  const minLength = get('minLength');
  if (minLength !== undefined) {
    const n = nonNegativeInteger('minLength', minLength);
    checks.push((v) => typeof v !== 'string' || codePointLength(v) >= n);
  }
  const maxLength = get('maxLength');
  if (maxLength !== undefined) {
    const n = nonNegativeInteger('maxLength', maxLength);
    checks.push((v) => typeof v !== 'string' || codePointLength(v) <= n);
  }
  const pattern = get('pattern');
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') typeMismatch('pattern', 'a string');
    const re = compileRegex(pattern, '');
    checks.push((v) => typeof v !== 'string' || regexTest(re, v));
  }

  // Objects.
  const required = get('required');
  if (required !== undefined) {
    if (!isArray(required)) typeMismatch('required', 'an array');
    if (required.length === 0) throw fail(9, "$jsonSchema keyword 'required' cannot be an empty array");
    const names = required.map((r) => {
      if (typeof r !== 'string') typeMismatch('required', 'an array of strings');
      return r;
    });
    if (new Set(names).size !== names.length)
      throw fail(9, "$jsonSchema keyword 'required' array cannot contain duplicate values");
    checks.push((v) => !isDoc(v) || names.every((n) => v.has(n)));
  }
  const properties = get('properties');
  const propertyChecks = new Map<string, Check>();
  if (properties !== undefined) {
    if (!isDoc(properties)) typeMismatch('properties', 'an object');
    for (const [name, sub] of properties) {
      if (!isDoc(sub)) throw fail(14, `Nested schema for $jsonSchema property '${name}' must be an object`);
      propertyChecks.set(name, compileSchema(sub));
    }
    checks.push((v) => {
      if (!isDoc(v)) return true;
      for (const [name, check] of propertyChecks) {
        const x = v.get(name);
        if (x !== undefined && !check(x)) return false;
      }
      return true;
    });
  }
  const patternProperties = get('patternProperties');
  const patterns: { re: CompiledRegex; check: Check }[] = [];
  if (patternProperties !== undefined) {
    if (!isDoc(patternProperties)) typeMismatch('patternProperties', 'an object');
    for (const [p, sub] of patternProperties) {
      if (!isDoc(sub)) throw fail(14, `Nested schema for $jsonSchema property '${p}' must be an object`);
      patterns.push({ re: compileRegex(p, ''), check: compileSchema(sub) });
    }
  }
  const additional = get('additionalProperties');
  let additionalCheck: Check | undefined;
  if (additional !== undefined) {
    if (typeof additional === 'boolean') additionalCheck = additional ? undefined : () => false;
    else if (isDoc(additional)) additionalCheck = compileSchema(additional);
    else typeMismatch('additionalProperties', 'either an object or a boolean');
  }
  if (patterns.length > 0 || additionalCheck !== undefined) {
    checks.push((v) => {
      if (!isDoc(v)) return true;
      for (const [name, x] of v) {
        let matchedPattern = false;
        for (const p of patterns) {
          if (regexTest(p.re, name)) {
            matchedPattern = true;
            if (!p.check(x)) return false;
          }
        }
        if (!matchedPattern && !propertyChecks.has(name) && additionalCheck && !additionalCheck(x)) return false;
      }
      return true;
    });
  }
  for (const kw of ['minProperties', 'maxProperties'] as const) {
    const arg = get(kw);
    if (arg === undefined) continue;
    const n = nonNegativeInteger(kw, arg);
    checks.push((v) => !isDoc(v) || (kw === 'minProperties' ? v.size >= n : v.size <= n));
  }
  const dependencies = get('dependencies');
  if (dependencies !== undefined) {
    if (!isDoc(dependencies)) typeMismatch('dependencies', 'an object');
    for (const [name, dep] of dependencies) {
      // A string `title` or `description` among the dependencies is an annotation (parseDependencies).
      if ((name === 'title' || name === 'description') && typeof dep === 'string') continue;
      let check: Check;
      if (isDoc(dep)) {
        const sub = compileSchema(dep);
        check = (v) => sub(v);
      } else if (isArray(dep)) {
        if (dep.length === 0)
          throw fail(9, `property '${name}' in $jsonSchema keyword 'dependencies' cannot be an empty array`);
        const names = dep.map((r) => {
          if (typeof r !== 'string')
            throw fail(14, `property '${name}' in $jsonSchema keyword 'dependencies' must be an array of strings`);
          return r;
        });
        check = (v) => isDoc(v) && names.every((n) => v.has(n));
      } else {
        throw fail(14, `property '${name}' in $jsonSchema keyword 'dependencies' must be either an object or an array`);
      }
      checks.push((v) => !isDoc(v) || !v.has(name) || check(v));
    }
  }

  // Arrays.
  const items = get('items');
  if (items !== undefined) {
    if (isDoc(items)) {
      const sub = compileSchema(items);
      checks.push((v) => !isArray(v) || v.every((e) => sub(e)));
    } else if (isArray(items)) {
      const tuple = items.map((s) => {
        if (!isDoc(s)) typeMismatch('items', 'an array of objects');
        return compileSchema(s);
      });
      const extra = get('additionalItems');
      let extraCheck: Check | undefined;
      if (extra !== undefined) {
        if (typeof extra === 'boolean') extraCheck = extra ? undefined : () => false;
        else if (isDoc(extra)) extraCheck = compileSchema(extra);
        else typeMismatch('additionalItems', 'either an object or a boolean');
      }
      checks.push((v) => {
        if (!isArray(v)) return true;
        for (let i = 0; i < v.length; i++) {
          const c = i < tuple.length ? tuple[i] : extraCheck;
          if (c && !c(v[i]!)) return false;
        }
        return true;
      });
    } else {
      typeMismatch('items', 'an array or an object');
    }
  } else if (get('additionalItems') !== undefined) {
    const extra = get('additionalItems')!;
    if (typeof extra !== 'boolean' && !isDoc(extra)) typeMismatch('additionalItems', 'either an object or a boolean');
    if (isDoc(extra)) compileSchema(extra);
  }
  for (const kw of ['minItems', 'maxItems'] as const) {
    const arg = get(kw);
    if (arg === undefined) continue;
    const n = nonNegativeInteger(kw, arg);
    checks.push((v) => !isArray(v) || (kw === 'minItems' ? v.length >= n : v.length <= n));
  }
  const uniqueItems = get('uniqueItems');
  if (uniqueItems !== undefined) {
    if (typeof uniqueItems !== 'boolean') typeMismatch('uniqueItems', 'a boolean');
    if (uniqueItems) {
      checks.push((v) => {
        if (!isArray(v)) return true;
        for (let i = 0; i < v.length; i++)
          for (let j = i + 1; j < v.length; j++) if (unorderedEqual(v[i]!, v[j]!)) return false;
        return true;
      });
    }
  }

  // Any type.
  const enumArg = get('enum');
  if (enumArg !== undefined) {
    if (!isArray(enumArg)) typeMismatch('enum', 'an array');
    if (enumArg.length === 0) throw fail(9, "$jsonSchema keyword 'enum' cannot be an empty array");
    const values = enumArg;
    checks.push((v) => values.some((e) => unorderedEqual(e, v)));
  }
  for (const kw of ['allOf', 'anyOf', 'oneOf'] as const) {
    const arg = get(kw);
    if (arg === undefined) continue;
    const subs = schemaArray(kw, arg).map(compileSchema);
    if (kw === 'allOf') checks.push((v) => subs.every((s) => s(v)));
    else if (kw === 'anyOf') checks.push((v) => subs.some((s) => s(v)));
    else checks.push((v) => subs.filter((s) => s(v)).length === 1);
  }
  const not = get('not');
  if (not !== undefined) {
    if (!isDoc(not)) typeMismatch('not', 'an object');
    const sub = compileSchema(not);
    checks.push((v) => !sub(v));
  }

  return (v) => checks.every((c) => c(v));
}

/** Compiles a `$jsonSchema` argument (already known to be a document). */
export function compileJsonSchema(schema: Doc): JsonSchemaNode {
  const check = compileSchema(schema);
  return { kind: 'jsonSchema', schema, validate: (doc) => check(doc) };
}
