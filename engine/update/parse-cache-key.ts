/**
 * The key of a modifier update's shape (parse-cache.ts): everything parsing depends on, spelled
 * exactly, with the constants parsing does not look at left out and returned in order instead.
 *
 *   {$set: {v: 7}, $inc: {n: 1}}  →  key `4:$set{1:v?d}4:$inc{1:n?i}|-`, constants [7, Int32(1)]
 *
 * A leaf value is left out (a "bound" constant) when its modifier's parse looks only at its BSON
 * type, which stays in the key: `$set`, `$setOnInsert`, `$min`, `$max` keep the value as it is,
 * `$inc`/`$mul` check that it is a number, `$unset` ignores it (modifier_table.ts). Only scalars
 * are bound; documents, arrays and every other modifier's argument (`$push`'s `$each`/`$slice`,
 * `$rename`'s target, `$bit`, `$currentDate`, ...) are spelled value by value, as are
 * `arrayFilters`. Values the key cannot spell exactly (regexes, Decimal128, binary, timestamps,
 * ...) and large documents make the update uncached.
 */
import { binaryEqual } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';

/** Documents whose key would be longer are parsed each time (the key costs about a parse). */
const MAX_KEY_LENGTH = 2048;

/** Modifiers whose parse depends on a leaf's type only, never on its value. */
const TYPE_ONLY_MODIFIERS: ReadonlySet<string> = new Set([
  '$set',
  '$setOnInsert',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$unset',
]);

export interface UpdateShape {
  readonly key: string;
  /** The bound constants, in the update's order (modifier by modifier, field by field). */
  readonly constants: readonly Value[];
}

/** The type tag of a scalar the key can spell, or undefined. */
function scalarTag(v: Value): string | undefined {
  switch (typeof v) {
    case 'number':
      return 'd';
    case 'string':
      return 's';
    case 'boolean':
      return 'b';
    default:
      if (v === null) return 'N';
      if (v instanceof Date) return 't';
      if (v instanceof Map || Array.isArray(v)) return undefined;
      switch (v._bsontype) {
        case 'Int32':
          return 'i';
        case 'Long':
          return 'l';
        case 'ObjectId':
          return 'o';
      }
      return undefined;
  }
}

/** Whether `value` under `modifier` is bound rather than spelled (the same rule binds it in parse-cache.ts). */
export function isBoundConstant(modifier: string, value: Value): boolean {
  return TYPE_ONLY_MODIFIERS.has(modifier) && scalarTag(value) !== undefined;
}

/** A name, length-prefixed (no escaping needed to stay unambiguous). */
function name(k: string): string {
  return `${k.length}:${k}`;
}

class KeyWriter {
  text = '';

  /** Appends `v` spelled with its type and value; false when it cannot be spelled exactly or is too long. */
  value(v: Value): boolean {
    const tag = scalarTag(v);
    if (tag !== undefined) return this.push(tag + scalarText(v, tag));
    if (v instanceof Map) return this.doc(v);
    if (!Array.isArray(v)) return false;
    this.text += '[';
    for (const x of v) if (!this.value(x)) return false;
    return this.push(']');
  }

  doc(d: Doc): boolean {
    this.text += '{';
    for (const [k, v] of d) if (!this.push(name(k)) || !this.value(v)) return false;
    return this.push('}');
  }

  push(s: string): boolean {
    this.text += s;
    return this.text.length <= MAX_KEY_LENGTH;
  }
}

function scalarText(v: Value, tag: string): string {
  switch (tag) {
    case 'd':
      return Object.is(v, -0) ? '-0' : String(v);
    case 's':
      return name(v as string);
    case 'b':
      return v ? 'T' : 'F';
    case 'N':
      return '';
    case 't':
      return String((v as Date).getTime());
    default:
      // Int32, Long, ObjectId
      return (v as { toString(): string }).toString();
  }
}

/** The shape key and bound constants of a modifier update, or undefined when it is not cached. */
export function modifierUpdateShape(
  u: Doc,
  arrayFilters: readonly Value[] | Value | undefined,
): UpdateShape | undefined {
  const w = new KeyWriter();
  const constants: Value[] = [];
  for (const [mod, spec] of u) {
    if (!w.push(name(mod))) return undefined;
    if (!(spec instanceof Map)) {
      if (!w.value(spec)) return undefined;
      continue;
    }
    w.text += '{';
    for (const [field, v] of spec) {
      if (!w.push(name(field))) return undefined;
      if (isBoundConstant(mod, v)) {
        w.text += `?${scalarTag(v)!}`;
        constants.push(v);
      } else if (!w.value(v)) return undefined;
    }
    w.text += '}';
  }
  w.text += '|';
  if (arrayFilters === undefined) w.text += '-';
  else if (!w.value(arrayFilters as Value)) return undefined;
  return { key: w.text, constants };
}

/**
 * Whether `u` (with `arrayFilters`) has the shape of `parsed` (with `parsedFilters`), an update
 * that parsed, so the two have the same key; `constants` then receives `u`'s bound constants.
 * The same decision as comparing `modifierUpdateShape` keys (spelled values are compared with
 * `binaryEqual`, which tells apart exactly what the spelling does), without building the key.
 */
export function sameUpdateShape(
  parsed: Doc,
  parsedFilters: readonly Value[] | Value | undefined,
  u: Doc,
  arrayFilters: readonly Value[] | Value | undefined,
  constants: Value[],
): boolean {
  if (parsed.size !== u.size) return false;
  const mods = u.entries();
  for (const [mod, parsedSpec] of parsed) {
    const [otherMod, spec] = mods.next().value as [string, Value];
    if (mod !== otherMod || !(spec instanceof Map) || spec.size !== (parsedSpec as Doc).size) return false;
    const fields = spec.entries();
    for (const [field, parsedValue] of parsedSpec as Doc) {
      const [otherField, v] = fields.next().value as [string, Value];
      if (field !== otherField) return false;
      if (isBoundConstant(mod, parsedValue)) {
        if (scalarTag(v) !== scalarTag(parsedValue)) return false;
        constants.push(v);
      } else if (!binaryEqual(parsedValue, v)) return false;
    }
  }
  if (parsedFilters === undefined || arrayFilters === undefined) return parsedFilters === arrayFilters;
  return binaryEqual(parsedFilters as Value, arrayFilters as Value);
}
