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
  /** Documents to examine, in scan order. */
  readonly candidates: readonly Doc[];
  /** The record id of each candidate (`recordIds[i]` holds `candidates[i]`). */
  readonly recordIds: readonly number[];
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
      keysExamined: 0,
      describe: () => collScanDescription(1),
    };
  }
  if (hint.kind === 'natural') {
    const { docs, rids } = collection.scan();
    if (hint.direction === -1) {
      docs.reverse();
      rids.reverse();
    }
    return {
      stage: 'COLLSCAN',
      index: undefined,
      direction: hint.direction,
      candidates: docs,
      recordIds: rids,
      keysExamined: 0,
      describe: () => collScanDescription(hint.direction),
    };
  }
  const plan = planQuery(collection, {
    root,
    collation: options.collation,
    hint: rawHint(hint),
    filter: q,
    query: options.query,
  });
  const { docs, rids } = plan.scan();
  return {
    stage: plan.stage,
    index: plan.index,
    direction: 1,
    candidates: docs,
    recordIds: rids,
    keysExamined: plan.keysExamined(),
    describe: () => plan.describe(),
  };
}

function collScanDescription(direction: 1 | -1): Doc {
  return new Map<string, Value>([
    ['stage', 'COLLSCAN'],
    ['direction', direction === 1 ? 'forward' : 'backward'],
  ]);
}
