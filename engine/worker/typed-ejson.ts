/**
 * Relaxed Extended JSON that keeps every numeric type on a round trip through `parseEJSON`:
 * int32 as `5`, double as `5.0`, int64 as `{"$numberLong": "5"}` (relaxed EJSON would write a
 * plain `5` and the long would come back an int). Documents and arrays are indented by `indent`
 * (0: one line); an array of at most 8 scalars stays on one line.
 *
 * A committed Run writes this text for every document of every collection (the page keeps its
 * collections as these texts), so it is one pass without per-field entries or closures, its pieces
 * joined once: a shaped document's names and values are read as arrays, each shape's quoted names
 * are kept, and the common scalars (double, string, bool, null, int32) are written here; every
 * other type goes to the Extended JSON writer (`stringifyEJSON`). Guard: typed-ejson.property.test.ts (the same text
 * as the general writing of every value type, nesting, indent and level).
 */
import { doubleText, stringifyEJSON } from '../bson/ejson.js';
import { fieldNames, fieldValues, ShapedDoc } from '../bson/shaped-doc.js';
import type { Doc, Value } from '../bson/values.js';

const RELAXED = { relaxed: true } as const;

/** The longest array of scalars kept on one line. */
const ONE_LINE_ARRAY = 8;

/** `'\n' + ' '.repeat(level * indent)` by indent, then level (built on first use). */
const pads = new Map<number, string[]>();

function padsFor(indent: number): string[] {
  let list = pads.get(indent);
  if (list === undefined) {
    list = [];
    pads.set(indent, list);
  }
  return list;
}

/** Each shape's names as JSON strings (`"_id"`), kept with its name list (shared by every document of the shape). */
const quotedByShape = new WeakMap<readonly string[], readonly string[]>();

function quotedNames(doc: Doc, names: readonly string[]): readonly string[] {
  const shared = doc instanceof ShapedDoc && doc.shapeOf() !== undefined;
  if (shared) {
    const known = quotedByShape.get(names);
    if (known !== undefined) return known;
  }
  const quoted = names.map((n) => JSON.stringify(n));
  if (shared) quotedByShape.set(names, quoted);
  return quoted;
}

function isContainer(v: Value): boolean {
  return v instanceof Map || Array.isArray(v);
}

/** A value that is neither a document nor an array. */
function scalar(v: Value): string {
  switch (typeof v) {
    case 'number':
      if (Number.isFinite(v)) return doubleText(v);
      return stringifyEJSON(v, RELAXED);
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      break;
  }
  if (v === null) return 'null';
  const tag = (v as { _bsontype?: unknown })._bsontype;
  if (tag === 'Int32') return String((v as { value: number }).value);
  if (tag === 'Long') return stringifyEJSON(v);
  return stringifyEJSON(v, RELAXED);
}

/** `'\n' + ' '.repeat(level * indent)`, kept per indent and level. */
function padOf(indent: number, level: number): string {
  if (indent <= 0) return '';
  const list = padsFor(indent);
  const known = list[level];
  if (known !== undefined) return known;
  const made = '\n' + ' '.repeat(level * indent);
  list[level] = made;
  return made;
}

/** One text's pieces, joined once at the end (fewer and shorter-lived strings than concatenating). */
class TypedWriter {
  readonly parts: string[] = [];
  private readonly sep: string;

  constructor(private readonly indent: number) {
    this.sep = indent > 0 ? ': ' : ':';
  }

  write(v: Value, level: number): void {
    if (v instanceof Map) this.doc(v, level);
    else if (Array.isArray(v)) this.array(v, level);
    else this.parts.push(scalar(v));
  }

  private doc(d: Doc, level: number): void {
    const parts = this.parts;
    const names = fieldNames(d);
    const n = names.length;
    if (n === 0) {
      parts.push('{}');
      return;
    }
    const values = fieldValues(d);
    const keys = quotedNames(d, names);
    const first = padOf(this.indent, level + 1);
    const next = ',' + first;
    parts.push('{');
    for (let i = 0; i < n; i++) {
      parts.push(i === 0 ? first : next, keys[i]!, this.sep);
      this.write(values[i]!, level + 1);
    }
    parts.push(padOf(this.indent, level) + '}');
  }

  private array(a: readonly Value[], level: number): void {
    const parts = this.parts;
    const n = a.length;
    if (n === 0) {
      parts.push('[]');
      return;
    }
    if (n <= ONE_LINE_ARRAY && !a.some(isContainer)) {
      parts.push('[');
      for (let i = 0; i < n; i++) {
        if (i > 0) parts.push(', ');
        parts.push(scalar(a[i]!));
      }
      parts.push(']');
      return;
    }
    const first = padOf(this.indent, level + 1);
    const next = ',' + first;
    parts.push('[');
    for (let i = 0; i < n; i++) {
      parts.push(i === 0 ? first : next);
      this.write(a[i]!, level + 1);
    }
    parts.push(padOf(this.indent, level) + ']');
  }
}

export function typedEJSON(v: Value, indent = 2, level = 0): string {
  if (!(v instanceof Map) && !Array.isArray(v)) return scalar(v);
  const writer = new TypedWriter(indent);
  writer.write(v, level);
  return writer.parts.join('');
}
