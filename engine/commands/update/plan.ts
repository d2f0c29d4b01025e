/**
 * Access-path choice for a write's query (update, findAndModify, explain): the catalog planner
 * (engine/catalog/planner.ts: IDHACK, FETCH ← IXSCAN, COLLSCAN), plus what writes need on top:
 * a backward `$natural` scan, and the server's hint error text, which prints the canonical query
 * tree (`ns=test.cTree: a $eq 1\nSort: {}\nProj: {}\n planner returned error :: caused by ::
 * hint provided does not correspond to an existing index`, code 2).
 * Candidates come back in scan order; the caller filters them with the full matcher.
 */
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import type { CollationInfo } from '../../catalog/collation-info.js';
import type { Collection } from '../../catalog/collection.js';
import { backwardScan, collScanDescription } from '../../catalog/collection-scan-plan.js';
import type { IndexStore } from '../../catalog/index-store.js';
import { badHintError, planQuery, type CanonicalQueryFields, type ScanStage } from '../../catalog/planner.js';
import type { MatchNode } from '../../query/nodes.js';
import type { HintSpec } from './request.js';

export type { ScanStage };

export interface AccessPlan {
  readonly stage: ScanStage;
  readonly index: IndexStore | undefined;
  /** COLLSCAN direction (1 forward, -1 backward). */
  readonly direction: 1 | -1;
  /** Documents to examine, in scan order (a snapshot, taken when first read). */
  readonly candidates: readonly Doc[];
  /** The record id of each candidate (`recordIds[i]` holds `candidates[i]`). */
  readonly recordIds: readonly number[];
  /**
   * The candidates in scan order with their record ids, `visit` returning false to stop. A
   * forward collection scan reads each record when reached instead of copying the collection
   * first; the visitor may replace the visited record (an update keeps its record id and place,
   * so every document is visited once, as the snapshot would give it).
   */
  forEachCandidate(visit: (doc: Doc, rid: number) => boolean): void;
  /** Index keys the scan examines (0 for COLLSCAN). */
  readonly keysExamined: number;
  /**
   * The access stage as explain's winning plan shows it (IDHACK, FETCH ← IXSCAN, COLLSCAN), as it
   * was when planned; built on demand (only explain reads it).
   */
  readonly describe: () => Doc;
}

/**
 * The FindCommandRequest fields a write's canonical query carries (parsed_update.cpp,
 * parsed_delete.cpp): sort, collation, and `limit: 1` for a single-document write with a sort.
 */
export function writeQueryFields(
  sort: Doc | undefined,
  multi: boolean,
  collation: Value | undefined,
): CanonicalQueryFields {
  return {
    sort,
    limit: !multi && sort !== undefined && sort.size > 0 ? 1 : undefined,
    collation: isDoc(collation) ? collation : undefined,
  };
}

export interface PlanOptions {
  readonly hint: HintSpec;
  /** The operation's collation (statement collation or the collection default). */
  readonly collation: CollationInfo | null;
  /** An explicit sort disables IDHACK. */
  readonly hasSort: boolean;
  /** For the hint error message: what the canonical query prints besides the filter. */
  readonly query?: CanonicalQueryFields | undefined;
}

/** The raw hint the catalog planner takes. */
function rawHint(hint: HintSpec): string | Doc | undefined {
  switch (hint.kind) {
    case 'none':
      return undefined;
    case 'name':
      return hint.name;
    case 'keyPattern':
      return hint.keyPattern;
    case 'natural':
      return new Map<string, Value>([['$natural', hint.direction]]);
  }
}

/**
 * Chooses the access path for `q` over `collection` (undefined collection: nothing to scan),
 * delegating to the catalog planner; hint errors use the canonical-query text of the server.
 */
export function planAccess(
  collection: Collection | undefined,
  ns: string,
  q: Doc,
  root: MatchNode | null,
  options: PlanOptions,
): AccessPlan {
  const hint = options.hint;
  if (hint.kind === 'name' || hint.kind === 'keyPattern') {
    const index = collection?.findIndex(hint.kind === 'name' ? hint.name : hint.keyPattern);
    if (!index || index.definition.hidden) throw badHintError(ns, root, options.query);
  }
  if (!collection) {
    return {
      stage: 'COLLSCAN',
      index: undefined,
      direction: 1,
      candidates: [],
      recordIds: [],
      forEachCandidate: () => {},
      keysExamined: 0,
      describe: () => collScanDescription(1),
    };
  }
  if (hint.kind === 'natural' && hint.direction === -1) {
    const { docs, rids } = backwardScan(collection);
    return {
      stage: 'COLLSCAN',
      index: undefined,
      direction: -1,
      candidates: docs,
      recordIds: rids,
      forEachCandidate: (visit) => visitSnapshot(docs, rids, visit),
      keysExamined: 0,
      describe: () => collScanDescription(-1),
    };
  }
  if (hint.kind === 'natural')
    return lazyCollectionScan(
      collection,
      () => collection.scan(),
      () => collScanDescription(1),
    );
  const plan = planQuery(collection, {
    root,
    collation: options.collation,
    hint: rawHint(hint),
    filter: q,
    query: options.query,
  });
  if (plan.stage === 'COLLSCAN')
    return lazyCollectionScan(
      collection,
      () => plan.scan(),
      () => plan.describe(),
    );
  // An index plan's candidates are the index's answer when planned (a multi-update that changes
  // indexed fields must not meet a document again at its new key).
  const { docs, rids } = plan.scan();
  return {
    stage: plan.stage,
    index: plan.index,
    direction: 1,
    candidates: docs,
    recordIds: rids,
    forEachCandidate: (visit) => visitSnapshot(docs, rids, visit),
    keysExamined: plan.keysExamined(),
    describe: () => plan.describe(),
  };
}

/** A forward collection scan: streamed by `forEachCandidate`, the arrays made only when read. */
function lazyCollectionScan(
  collection: Collection,
  scan: () => { docs: Doc[]; rids: number[] },
  describe: () => Doc,
): AccessPlan {
  let snapshot: { docs: Doc[]; rids: number[] } | undefined;
  return {
    stage: 'COLLSCAN',
    index: undefined,
    direction: 1,
    get candidates() {
      return (snapshot ??= scan()).docs;
    },
    get recordIds() {
      return (snapshot ??= scan()).rids;
    },
    forEachCandidate: (visit) => collection.forEachRecord(visit),
    keysExamined: 0,
    describe,
  };
}

function visitSnapshot(docs: readonly Doc[], rids: readonly number[], visit: (doc: Doc, rid: number) => boolean): void {
  for (let i = 0; i < docs.length; i++) if (!visit(docs[i]!, rids[i]!)) return;
}
