/**
 * The collection-scan plans: forward in natural (insertion) order, or backward for
 * `hint: {$natural: -1}` as the planner's COLLSCAN takes the hint's direction.
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { Collection } from './collection.js';
import type { CandidateScan, QueryPlan } from './planner.js';

/** Natural order, forward: records read as the scan reaches them. */
export function collScanPlan(collection: Collection): QueryPlan {
  return {
    stage: 'COLLSCAN',
    candidates: () => collection.snapshot(),
    scan: () => collection.scan(),
    forEachCandidate: (visit) => collection.forEachRecord(visit),
    keysExamined: () => 0,
    describe: () => collScanDescription(1),
  };
}

/** `{$natural: n}`: a negative n scans backward (the planner's COLLSCAN direction), else forward. */
export function naturalDirection(hint: Doc): 1 | -1 {
  const v = hint.get('$natural');
  const n = typeof v === 'number' ? v : v instanceof Int32 ? v.value : Number(String(v));
  return n < 0 ? -1 : 1;
}

/** `hint: {$natural: -1}`: the records newest first, as a snapshot (safe to write while walking it). */
export function backwardCollScanPlan(collection: Collection): QueryPlan {
  const scan = (): CandidateScan => backwardScan(collection);
  return {
    stage: 'COLLSCAN',
    candidates: () => scan().docs,
    scan,
    forEachCandidate: (visit) => {
      const { docs, rids } = scan();
      for (let i = 0; i < docs.length; i++) if (!visit(docs[i]!, rids[i]!)) return;
    },
    keysExamined: () => 0,
    describe: () => collScanDescription(-1),
  };
}

/** The records newest first with their record ids (fresh arrays). */
export function backwardScan(collection: Collection): CandidateScan {
  const { docs, rids } = collection.scan();
  return { docs: [...docs].reverse(), rids: [...rids].reverse() };
}

/** A COLLSCAN stage as explain's winning plan shows it. */
export function collScanDescription(direction: 1 | -1): Doc {
  return new Map<string, Value>([
    ['stage', 'COLLSCAN'],
    ['direction', direction === 1 ? 'forward' : 'backward'],
  ]);
}
