/**
 * A tiny query planner: which access path would the server pick, and the candidate documents it
 * yields. Candidates are a superset of the matches; callers filter them with the full matcher.
 *
 *   {_id: 5}                          → IDHACK (O(1) `_id` lookup)
 *   {a: 3, b: {$gt: 1}} + index a_1   → FETCH ← IXSCAN a_1, bounds {a: ['[3, 3]']}
 *   {c: 1} (no index on c)            → COLLSCAN
 *   hint 'a_1' / {a: 1}               → that index (code 2 when none), hint {$natural: 1} → COLLSCAN
 *
 * Choice (approximating the server's multi-planner, which races plans): an index whose FIRST
 * field has an equality, `$in` or range predicate; equality beats `$in` beats range, then fewer
 * key fields, then creation order. An index is usable for a predicate involving strings only if
 * its collation equals the operation's. Hidden and partial indexes are used only when hinted;
 * sparse indexes are not used for `null` equality.
 * Order: COLLSCAN and IDHACK yield natural order; IXSCAN yields index order (key, then record
 * id), as the server does — it decides which document a `multi: false` update touches.
 */
import { Int32 } from 'bson';
import { typeRank } from '../bson/compare.js';
import { renderValue } from '../bson/render.js';
import { isArray, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import type { MatchNode } from '../query/nodes.js';
import { sameCollation, type CollationInfo } from './collation-info.js';
import type { Collection } from './collection.js';
import type { IndexStore } from './index-store.js';
import { badHintError, type CanonicalQueryFields } from './canonical-query-text.js';
import { regexIntervals } from './regex-bounds.js';
import { countKeysExamined, inInterval, intersectIntervals, sortIntervals, unionIntervals } from './interval-scan.js';
import { backwardCollScanPlan, collScanPlan, naturalDirection } from './collection-scan-plan.js';

export {
  badHintError,
  canonicalQueryText,
  matchDebugString,
  type CanonicalQueryFields,
} from './canonical-query-text.js';

export type ScanStage = 'IDHACK' | 'IXSCAN' | 'COLLSCAN';

/**
 * One interval over the first index field. A missing `low`/`high` is open on that side within the
 * value's type bracket (`rank`): `{a: {$gt: 5}}` is `(5, inf.0]` over numbers only, as the
 * server's type-bracketed bounds.
 */
export interface Interval {
  readonly low?: Value | undefined;
  readonly high?: Value | undefined;
  readonly lowInclusive: boolean;
  readonly highInclusive: boolean;
  /** Type rank the interval is confined to (ranges only; MinKey/MaxKey bounds are not bracketed). */
  readonly rank?: number | undefined;
  /** True for an equality point `[v, v]`. */
  readonly point?: boolean | undefined;
}

export interface PlanRequest {
  /** The compiled filter's root (null: match everything / not analysed). */
  readonly root: MatchNode | null;
  /** The operation's effective collation (statement's, else the collection default). */
  readonly collation: CollationInfo | null;
  /** `hint`: an index name, a key pattern, or `{$natural: ±1}`. */
  readonly hint?: string | Doc | undefined;
  /** For the hint error message: the filter as the user wrote it. */
  readonly filter?: Doc | undefined;
  /** For the hint error message: the find-command fields of the operation's canonical query. */
  readonly query?: CanonicalQueryFields | undefined;
}

export interface QueryPlan {
  readonly stage: ScanStage;
  /** The index used by IDHACK/IXSCAN. */
  readonly index?: IndexStore | undefined;
  /** IXSCAN bounds on the first field (other fields are [MinKey, MaxKey]). */
  readonly intervals?: readonly Interval[] | undefined;
  /** Candidates in the plan's order (a snapshot: safe to write while walking it). */
  candidates(): Doc[];
  /** The candidates with their record ids (`rids[i]` holds `docs[i]`), for writes. */
  scan(): CandidateScan;
  /**
   * The candidates in the plan's order with their record ids, without arrays for a collection
   * scan (each record read when reached; the visitor may replace the visited record, see
   * `Collection.forEachRecord`); index plans walk their snapshot. `visit` returns false to stop.
   */
  forEachCandidate(visit: (doc: Doc, rid: number) => boolean): void;
  /** Keys an IXSCAN examined for the last `candidates()` call (0 for other stages). */
  readonly keysExamined: () => number;
  /** The winning-plan tree, as explain's `queryPlanner.winningPlan` shows it (no filters). */
  describe(): Doc;
}

/** Documents in scan order and the record id of each (parallel arrays). */
export interface CandidateScan {
  readonly docs: Doc[];
  readonly rids: number[];
}

const MIN_KEY_TEXT = 'MinKey';
const MAX_KEY_TEXT = 'MaxKey';

function hasStrings(v: Value): boolean {
  if (typeof v === 'string') return true;
  if (isArray(v)) return v.some(hasStrings);
  if (isDoc(v)) {
    for (const x of v.values()) if (hasStrings(x)) return true;
    return false;
  }
  return typeOf(v) === 'symbol';
}

/**
 * `Indexability::isExactBoundsGenerating`: an equality to such a value is answered by its index
 * key alone (null also matches missing, arrays match by element, regexes and symbols are not).
 */
function isExactBoundsGenerating(v: Value): boolean {
  switch (typeOf(v)) {
    case 'double':
    case 'int':
    case 'long':
    case 'decimal':
    case 'string':
    case 'bool':
    case 'date':
    case 'timestamp':
    case 'objectId':
    case 'binData':
    case 'object':
    case 'javascript':
    case 'javascriptWithScope':
    case 'minKey':
    case 'maxKey':
      return true;
    default:
      return false;
  }
}

interface Predicate {
  readonly path: string;
  readonly kind: 'eq' | 'in' | 'range';
  readonly intervals: Interval[];
  readonly values: readonly Value[];
  /**
   * Holds a regex matched against strings: only an index without a collator can use it
   * (`internalQueryPlannerIgnoreIndexWithCollationForRegex`, on by default in 8.0).
   */
  readonly regex?: true;
}

/** Type-bracketed bounds for a range predicate (the server's index bounds builder, simplified). */
function rangeInterval(op: '$lt' | '$lte' | '$gt' | '$gte', v: Value): Interval {
  const t = typeOf(v);
  // `{$gt: MinKey}` / `{$lt: MaxKey}` span every type: the server does not bracket them.
  const rank = t === 'minKey' || t === 'maxKey' ? undefined : typeRank(v);
  switch (op) {
    case '$gt':
      return { low: v, lowInclusive: false, highInclusive: true, rank };
    case '$gte':
      return { low: v, lowInclusive: true, highInclusive: true, rank };
    case '$lt':
      return { high: v, lowInclusive: true, highInclusive: false, rank };
    case '$lte':
      return { high: v, lowInclusive: true, highInclusive: true, rank };
  }
}

function point(v: Value): Interval {
  return { low: v, high: v, lowInclusive: true, highInclusive: true, point: true };
}

/** Predicates on single paths from the top-level conjunction. */
function predicatesOf(root: MatchNode | null): Predicate[] {
  if (!root) return [];
  const clauses = root.kind === 'and' ? root.children : [root];
  const out: Predicate[] = [];
  for (const c of clauses) {
    if (c.kind === 'compare') {
      if (isArray(c.value)) continue;
      if (c.op === '$eq') out.push({ path: c.path, kind: 'eq', intervals: [point(c.value)], values: [c.value] });
      else if (typeOf(c.value) !== 'regex')
        out.push({ path: c.path, kind: 'range', intervals: [rangeInterval(c.op, c.value)], values: [c.value] });
    } else if (c.kind === 'regex') {
      const intervals = regexIntervals(c.regex.pattern, c.regex.options);
      out.push({ path: c.path, kind: 'range', intervals, values: [], regex: true });
    } else if (c.kind === 'in' && c.values.length + c.regexes.length > 0 && !c.values.some(isArray)) {
      if (c.regexes.length === 0) {
        out.push({ path: c.path, kind: 'in', intervals: c.values.map(point), values: c.values });
        continue;
      }
      const intervals = [...c.values.map(point), ...c.regexes.flatMap((r) => regexIntervals(r.pattern, r.options))];
      out.push({ path: c.path, kind: 'in', intervals: unionIntervals(intervals), values: c.values, regex: true });
    }
  }
  return out;
}

/** The open end of a type bracket, as explain prints it. */
function bracketEnd(rank: number | undefined, side: 'low' | 'high'): string {
  if (rank === 10) return side === 'low' ? '-inf.0' : 'inf.0';
  if (rank === 15) return side === 'low' ? '""' : '{}';
  return side === 'low' ? MIN_KEY_TEXT : MAX_KEY_TEXT;
}

function renderInterval(iv: Interval): string {
  const low = iv.low === undefined ? bracketEnd(iv.rank, 'low') : renderValue(iv.low);
  const high = iv.high === undefined ? bracketEnd(iv.rank, 'high') : renderValue(iv.high);
  const highInclusive = iv.high === undefined && iv.rank === 15 ? false : iv.highInclusive;
  return `${iv.lowInclusive ? '[' : '('}${low}, ${high}${highInclusive ? ']' : ')'}`;
}

function badHint(collection: Collection, request: PlanRequest): Error {
  return badHintError(collection.ns, request.root, request.query);
}

function resolveHint(collection: Collection, request: PlanRequest): IndexStore | 'natural' | undefined {
  const hint = request.hint;
  if (hint === undefined) return undefined;
  if (typeof hint === 'string') {
    const index = collection.findIndex(hint);
    if (!index || index.definition.hidden) throw badHint(collection, request);
    return index;
  }
  if (hint.size === 0) return undefined;
  if (hint.has('$natural')) return 'natural';
  const index = collection.findIndex(hint);
  if (!index || index.definition.hidden) throw badHint(collection, request);
  return index;
}

function indexDescription(index: IndexStore, intervals: readonly Interval[] | undefined, multikey: boolean): Doc {
  const def = index.definition;
  const bounds: Doc = new Map();
  def.fields.forEach((f, i) => {
    const list =
      i === 0 && intervals
        ? sortIntervals(intervals, def.collation?.collator ?? null).map(renderInterval)
        : [`[${MIN_KEY_TEXT}, ${MAX_KEY_TEXT}]`];
    bounds.set(f.path, f.direction < 0 ? list.reverse() : list);
  });
  const multiKeyPaths: Doc = new Map(def.fields.map((f) => [f.path, multikey ? [f.path] : []]));
  return new Map<string, Value>([
    ['stage', 'IXSCAN'],
    ['keyPattern', def.keyPattern],
    ['indexName', def.name],
    ...(def.collation === null ? [] : ([['collation', def.collation.doc]] as [string, Value][])),
    ['isMultiKey', multikey],
    ['multiKeyPaths', multiKeyPaths],
    ['isUnique', def.unique || def.name === '_id_'],
    ['isSparse', def.sparse],
    ['isPartial', def.partialFilterExpression !== undefined],
    ['indexVersion', new Int32(Number(def.spec.get('v')))],
    ['direction', 'forward'],
    ['indexBounds', bounds],
  ]);
}

function indexScanPlan(
  collection: Collection,
  index: IndexStore,
  intervals: readonly Interval[] | undefined,
): QueryPlan {
  let examined = 0;
  const collator = index.definition.collation?.collator ?? null;
  // As the index was when planned: a description read after the plan's own writes (explain's
  // executionStats) still shows the plan the scan used.
  const multikey = index.multikey;
  return {
    stage: 'IXSCAN',
    index,
    intervals,
    candidates() {
      return this.scan().docs;
    },
    forEachCandidate(visit) {
      visitSnapshot(this.scan(), visit);
    },
    scan: () => {
      examined = 0;
      const seen = new Set<number>();
      const docs: Doc[] = [];
      const rids: number[] = [];
      const points = intervals?.every((iv) => iv.point) ? intervals.map((iv) => iv.low!) : undefined;
      const entries = points ? index.pointEntries(points) : index.entriesInOrder();
      for (const e of entries) {
        if (!points && intervals && !intervals.some((iv) => inInterval(e.key[0]!, iv, collator))) continue;
        examined++;
        if (seen.has(e.rid)) continue;
        seen.add(e.rid);
        const d = collection.documentAt(e.rid);
        if (d) {
          docs.push(d);
          rids.push(e.rid);
        }
      }
      // Several intervals: the scan also examines the keys between them that it lands on.
      if (intervals && intervals.length > 1) {
        const direction = index.definition.fields[0]!.direction < 0 ? -1 : 1;
        const ordered = sortIntervals(intervals, collator);
        const inScanOrder = direction < 0 ? ordered.reverse() : ordered;
        examined = countKeysExamined(points ? index.entriesInOrder() : entries, inScanOrder, direction, collator);
      }
      return { docs, rids };
    },
    keysExamined: () => examined,
    describe: () =>
      new Map<string, Value>([
        ['stage', 'FETCH'],
        ['inputStage', indexDescription(index, intervals, multikey)],
      ]),
  };
}

function idHackPlan(collection: Collection, id: Value): QueryPlan {
  let examined = 0;
  return {
    stage: 'IDHACK',
    index: collection.idIndex,
    intervals: [point(id)],
    candidates() {
      return this.scan().docs;
    },
    forEachCandidate(visit) {
      visitSnapshot(this.scan(), visit);
    },
    scan: () => {
      const rid = collection.recordIdById(id);
      const d = rid === undefined ? undefined : collection.documentAt(rid);
      examined = d ? 1 : 0;
      return d ? { docs: [d], rids: [rid!] } : { docs: [], rids: [] };
    },
    keysExamined: () => examined,
    describe: () => new Map<string, Value>([['stage', 'IDHACK']]),
  };
}

/** Chooses the access path for a query on `collection`. Throws code 2 for an unknown hint. */
export function planQuery(collection: Collection, request: PlanRequest): QueryPlan {
  const hinted = resolveHint(collection, request);
  if (hinted === 'natural' && naturalDirection(request.hint as Doc) === -1) return backwardCollScanPlan(collection);
  if (collection.isOplog || hinted === 'natural') return collScanPlan(collection);
  const opCollator = request.collation;
  // IDHACK (`isIdHackEligibleQuery`): the whole query is one equality on _id whose value gives
  // exact index bounds, and the operation's collation is the collection's (whatever the value);
  // decided before any predicate is built, as the server's fast path.
  if (!hinted) {
    const root = request.root;
    if (
      root &&
      root.kind === 'compare' &&
      root.op === '$eq' &&
      root.path === '_id' &&
      isExactBoundsGenerating(root.value) &&
      sameCollation(collection.collation, opCollator)
    ) {
      return idHackPlan(collection, root.value);
    }
  }
  const predicates = predicatesOf(request.root);

  const usable = (index: IndexStore, p: Predicate): boolean => {
    const def = index.definition;
    if (def.fields[0]!.path !== p.path) return false;
    if (p.values.some(hasStrings) && !sameCollation(def.collation, opCollator)) return false;
    if (p.regex && def.collation !== null) return false;
    if (def.sparse && p.values.some((v) => v === null)) return false;
    return true;
  };

  // The bounds of every usable predicate on the index's first field, intersected; a multikey
  // index keeps one predicate's bounds ({a: [1, 10]} matches {$gt: 5, $lt: 3}).
  const boundsFor = (index: IndexStore, chosen: Predicate): Interval[] => {
    if (index.multikey) return chosen.intervals;
    let intervals = chosen.intervals;
    for (const p of predicates) {
      if (p !== chosen && usable(index, p))
        intervals = intersectIntervals(intervals, p.intervals, index.definition.collation?.collator ?? null);
    }
    return intervals;
  };

  if (hinted) {
    const p = predicates.find((x) => usable(hinted, x));
    return indexScanPlan(collection, hinted, p && boundsFor(hinted, p));
  }

  const rank = { eq: 0, in: 1, range: 2 } as const;
  let best: { index: IndexStore; p: Predicate; score: number[] } | undefined;
  collection.indexes.forEach((index, order) => {
    const def = index.definition;
    if (def.hidden || def.partialFilterExpression !== undefined) return;
    for (const p of predicates) {
      if (!usable(index, p)) continue;
      const score = [rank[p.kind], def.fields.length, order];
      if (!best || compareScores(score, best.score) < 0) best = { index, p, score };
    }
  });
  if (best) return indexScanPlan(collection, best.index, boundsFor(best.index, best.p));
  return collScanPlan(collection);
}

function visitSnapshot({ docs, rids }: CandidateScan, visit: (doc: Doc, rid: number) => boolean): void {
  for (let i = 0; i < docs.length; i++) if (!visit(docs[i]!, rids[i]!)) return;
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
