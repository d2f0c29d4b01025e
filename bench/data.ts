/**
 * The benchmark's data set and the workloads' parameters, shared by every implementation so each
 * one is given exactly the same documents and the same work.
 *
 * Documents are plain JS objects here (numbers are doubles, as in the engine's value model); the
 * engine adapter turns them into `Doc` maps, nedb and mingo take deep copies.
 */

export interface PlainItem {
  q: number;
  s: string;
}

export interface PlainDoc {
  _id: number;
  k: number;
  n: number;
  a: number;
  b: number;
  cat: string;
  score: number;
  tags: string[];
  items: PlainItem[];
  [extra: string]: unknown;
}

const CATS = ['alpha', 'beta', 'gamma', 'delta', 'omega'] as const;
const COLORS = ['red', 'blue', 'green', 'amber', 'teal'] as const;

/** Deterministic PRNG (mulberry32): every run and every implementation sees the same data. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, from: readonly T[]): T {
  return from[Math.floor(rand() * from.length)] as T;
}

/** `count` documents; `_id` = i, `k` = 2i (the unique upsert key). */
export function makeDocs(count: number, seed = 42): PlainDoc[] {
  const rand = prng(seed);
  const docs: PlainDoc[] = [];
  for (let i = 0; i < count; i++) {
    docs.push({
      _id: i,
      k: i * 2,
      n: i % 100,
      a: Math.floor(rand() * 1000),
      b: Math.floor(rand() * 1000),
      cat: pick(rand, CATS),
      score: Math.floor(rand() * 100),
      tags: [pick(rand, COLORS), pick(rand, COLORS), pick(rand, COLORS)],
      items: [
        { q: Math.floor(rand() * 10), s: pick(rand, COLORS) },
        { q: Math.floor(rand() * 10), s: pick(rand, COLORS) },
      ],
    });
  }
  return docs;
}

/** Deep copy of plain documents (fresh data for a run; cheaper than structuredClone). */
export function cloneDocs(docs: readonly PlainDoc[]): PlainDoc[] {
  return docs.map((d) => ({
    ...d,
    tags: d.tags.slice(),
    items: d.items.map((it) => ({ q: it.q, s: it.s })),
  }));
}

/** Workload 2 and 6: `$and` of `$in`, a range and `$elemMatch` (about 2% of the documents). */
export const SELECTIVE_FILTER = {
  $and: [
    { cat: { $in: ['beta', 'delta'] } },
    { score: { $gte: 20, $lt: 60 } },
    { items: { $elemMatch: { q: { $gt: 6 }, s: 'red' } } },
  ],
};

/** The same predicate written by hand (the lower bound). */
export function selectiveMatch(d: PlainDoc): boolean {
  if (d.cat !== 'beta' && d.cat !== 'delta') return false;
  if (!(d.score >= 20 && d.score < 60)) return false;
  for (const it of d.items) if (it.q > 6 && it.s === 'red') return true;
  return false;
}

export const TAGS_UPDATE = { $set: { 'tags.$[t]': 'x' } };
export const TAGS_ARRAY_FILTERS = [{ t: 'blue' }];

export const INC_UPDATE = { $inc: { n: 1 } };

export const TOTAL_PIPELINE = [{ $set: { total: { $add: ['$a', '$b'] } } }];

/** Workload 4: one upsert statement, `{k: key}` → `{$set: {v: j}, $inc: {n: 1}}`. */
export interface UpsertStatement {
  key: number;
  v: number;
}

/**
 * `count` statements, half of them (even j) on an existing key (keys may repeat: a later statement
 * then matches the document again), the other half on keys no document has (odd, above 2N).
 */
export function makeUpserts(count: number, docCount: number, seed = 7): UpsertStatement[] {
  const rand = prng(seed);
  const out: UpsertStatement[] = [];
  for (let j = 0; j < count; j++) {
    const key = j % 2 === 0 ? 2 * Math.floor(rand() * docCount) : 2 * docCount + 2 * j + 1;
    out.push({ key, v: j });
  }
  return out;
}

export function upsertUpdate(s: UpsertStatement): { $set: { v: number }; $inc: { n: number } } {
  return { $set: { v: s.v }, $inc: { n: 1 } };
}

/** Workload 5: `count` random `_id`s (repeats allowed), each updated with `{$inc: {n: 1}}`. */
export function makeIdSequence(count: number, docCount: number, seed = 11): number[] {
  const rand = prng(seed);
  const out: number[] = [];
  for (let j = 0; j < count; j++) out.push(Math.floor(rand() * docCount));
  return out;
}
