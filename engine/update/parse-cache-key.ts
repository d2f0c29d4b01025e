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
  const matcher = new UpdateShapeMatcher(parsed, parsedFilters);
  if (!matcher.matches(u, arrayFilters)) return false;
  constants.push(...matcher.bound);
  return true;
}

/**
 * `sameUpdateShape` against one parsed update, taken apart once into arrays (modifier names and
 * sizes, field names, values, bound flags) so that each comparison walks `u` with `forEach` and
 * allocates nothing: a Map's entry iterator makes an array per entry, about 400 bytes per
 * statement of `{$inc: {n: 1}}`, and the constants go into one array of the template's own
 * (`bound`, valid until the next comparison).
 */
export class UpdateShapeMatcher {
  private readonly modifiers: string[] = [];
  private readonly fieldCounts: number[] = [];
  private readonly fields: string[] = [];
  private readonly values: Value[] = [];
  /** Per field: the bound constant's type tag, or undefined when the value is spelled. */
  private readonly tags: (string | undefined)[] = [];
  private readonly filters: readonly Value[] | Value | undefined;
  /** After a successful `matches`: the compared update's bound constants, in order. */
  readonly bound: Value[];
  // The walk's state (one walk at a time: nothing in it calls back into a matcher).
  private modifierAt = 0;
  private fieldAt = 0;
  private boundAt = 0;
  private same = true;

  constructor(parsed: Doc, parsedFilters: readonly Value[] | Value | undefined) {
    this.filters = parsedFilters;
    parsed.forEach((spec, modifier) => {
      this.modifiers.push(modifier);
      const fields = spec as Doc;
      this.fieldCounts.push(fields.size);
      fields.forEach((value, field) => {
        this.fields.push(field);
        this.values.push(value);
        this.tags.push(isBoundConstant(modifier, value) ? scalarTag(value) : undefined);
      });
    });
    this.bound = this.tags.filter((t) => t !== undefined).map(() => null);
  }

  matches(u: Doc, arrayFilters: readonly Value[] | Value | undefined): boolean {
    if (u.size !== this.modifiers.length) return false;
    this.modifierAt = 0;
    this.fieldAt = 0;
    this.boundAt = 0;
    this.same = true;
    u.forEach(visitModifier, this);
    if (!this.same) return false;
    const parsedFilters = this.filters;
    if (parsedFilters === undefined || arrayFilters === undefined) return parsedFilters === arrayFilters;
    return binaryEqual(parsedFilters as Value, arrayFilters as Value);
  }

  /** @internal one modifier of the walk (`visitModifier`). */
  modifier(spec: Value, modifier: string): void {
    const i = this.modifierAt++;
    if (modifier !== this.modifiers[i] || !(spec instanceof Map) || spec.size !== this.fieldCounts[i]) {
      this.same = false;
      return;
    }
    spec.forEach(visitField, this);
  }

  /** @internal one field of the walk (`visitField`). */
  field(v: Value, field: string): void {
    const i = this.fieldAt++;
    if (field !== this.fields[i]) {
      this.same = false;
      return;
    }
    const tag = this.tags[i];
    if (tag !== undefined) {
      if (scalarTag(v) !== tag) this.same = false;
      else this.bound[this.boundAt++] = v;
    } else if (!binaryEqual(this.values[i]!, v)) this.same = false;
  }

  get stillSame(): boolean {
    return this.same;
  }
}

function visitModifier(this: UpdateShapeMatcher, spec: Value, modifier: string): void {
  if (this.stillSame) this.modifier(spec, modifier);
}

function visitField(this: UpdateShapeMatcher, v: Value, field: string): void {
  if (this.stillSame) this.field(v, field);
}
