/**
 * Field paths as the update tree sees them (`FieldRef` + `fieldchecker` + `RuntimeUpdatePath`).
 */
import { compareCodePoints } from '../bson/compare.js';
import { utf8Length } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';

/** One component of a concrete path taken through a document: a field name or an array index. */
export interface PathComponent {
  readonly name: string;
  readonly isIndex: boolean;
}
export type RuntimePath = readonly PathComponent[];

export function dotted(parts: readonly (string | PathComponent)[]): string {
  if (parts.length === 1) {
    const p = parts[0]!;
    return typeof p === 'string' ? p : p.name;
  }
  return parts.map((p) => (typeof p === 'string' ? p : p.name)).join('.');
}

/** `$` alone. */
export function isPositionalPart(part: string): boolean {
  return part === '$';
}

/** `$[]` or `$[identifier]` (the server only checks the `$[` prefix and `]` suffix). */
export function isArrayFilterIdentifierPart(part: string): boolean {
  return part.length >= 3 && part.startsWith('$[') && part.endsWith(']');
}

/**
 * A plain unsigned decimal (`parseUnsignedBase10Integer`): digits only, no sign. Returns the index
 * or null. Leading zeros are accepted by the server's parser ("01" → 1).
 */
export function parseArrayIndex(part: string): number | null {
  if (part.length === 0 || !/^[0-9]+$/.test(part)) return null;
  const n = Number(part);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The order in which the update tree applies sibling children (`cmpPathsAndArrayIndexes`): the
 * byte order of the UTF-8 names (code point order), except that two names which both start with a
 * digit and are not zero-padded compare by their UTF-8 length first (so "2" < "10").
 */
export function compareFieldNames(a: string, b: string): number {
  const numA = a.length > 0 && a[0]! >= '0' && a[0]! <= '9' && (a[0] !== '0' || a.length === 1);
  const numB = b.length > 0 && b[0]! >= '0' && b[0]! <= '9' && (b[0] !== '0' || b.length === 1);
  if (numA && numB) {
    const la = a.length === 1 ? 1 : utf8Length(a);
    const lb = b.length === 1 ? 1 : utf8Length(b);
    if (la !== lb) return la < lb ? -1 : 1;
  }
  return compareCodePoints(a, b);
}

/** The child of a document or array named by a path component, or undefined when absent. */
export function getChild(container: Value, name: string): Value | undefined {
  if (isDoc(container)) return container.get(name);
  if (isArray(container)) {
    const i = parseArrayIndex(name);
    return i === null ? undefined : container[i];
  }
  return undefined;
}

/** The value at a dotted path without implicit array traversal (`extractElementAtPath`-like). */
export function getAtPath(doc: Doc, parts: readonly string[]): Value | undefined {
  let cur: Value | undefined = doc;
  for (let i = 0; i < parts.length; i++) {
    if (cur === undefined) return undefined;
    cur = getChild(cur, parts[i]!);
  }
  return cur;
}

/** Deep copy of the containers (documents, arrays); leaf values are immutable and shared. */
export function cloneValue<T extends Value>(v: T): T {
  if (isDoc(v)) {
    const out: Doc = new Map();
    for (const [k, x] of v as Doc) out.set(k, cloneValue(x));
    return out as T;
  }
  if (isArray(v)) return (v as Value[]).map((x) => cloneValue(x)) as T;
  return v;
}
