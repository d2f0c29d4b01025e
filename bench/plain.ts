/**
 * Canonical plain values for comparing implementations: engine `Doc` maps and BSON numbers become
 * plain objects and numbers, keys are sorted (peers do not keep MongoDB's field order, and field
 * order is not what the benchmark checks), documents are sorted by a key.
 */

/** Engine value → plain JS (Map → object, Int32/Long/Double → number, ObjectId → hex). */
export function toPlain(v: unknown): unknown {
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v as Map<string, unknown>) out[k] = toPlain(x);
    return out;
  }
  if (Array.isArray(v)) return v.map(toPlain);
  if (v !== null && typeof v === 'object' && '_bsontype' in v) {
    const b = v as { _bsontype: string; toNumber?: () => number; valueOf?: () => unknown; toHexString?: () => string };
    if (b._bsontype === 'Int32' || b._bsontype === 'Double') return Number(b.valueOf?.());
    if (b._bsontype === 'Long' && b.toNumber) return b.toNumber();
    if (b._bsontype === 'ObjectId' && b.toHexString) return b.toHexString();
  }
  return v;
}

/** JSON text with object keys sorted at every level. */
export function canonicalJSON(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJSON).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJSON(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export interface CanonicalOptions {
  /** Sort documents by this field. */
  readonly sortBy: string;
  /** Leave `_id` out (generated ids differ between implementations). */
  readonly dropId?: boolean;
}

/** Canonical texts of documents, sorted by `sortBy`. */
export function canonicalDocs(docs: readonly unknown[], options: CanonicalOptions): string[] {
  const rows = docs.map((d) => {
    const o = { ...(d as Record<string, unknown>) };
    const key = Number(o[options.sortBy]);
    if (options.dropId) delete o['_id'];
    return { key, text: canonicalJSON(o) };
  });
  rows.sort((x, y) => x.key - y.key);
  return rows.map((r) => r.text);
}

/** First difference between two canonical document lists, or undefined when equal. */
export function firstDifference(expected: readonly string[], actual: readonly string[]): string | undefined {
  if (expected.length !== actual.length) return `${actual.length} documents, expected ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] !== actual[i]) return `document #${i}: ${actual[i]} expected ${expected[i]}`;
  }
  return undefined;
}
