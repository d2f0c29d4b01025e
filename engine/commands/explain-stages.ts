/**
 * The plan stages of explain's output (IDHACK, COLLSCAN, FETCH ← IXSCAN, SORT), their common
 * execution counters, explain's `parsedQuery` and the plan-cache shape hashes.
 */
import { BSONRegExp, Int32 } from 'bson';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import type { AccessPlan } from './update/plan.js';

function int(n: number): Int32 {
  return new Int32(n);
}

/** The canonical query as explain's `parsedQuery` shows it (`{a: {$eq: 1}}`, `$and` of leaves). */
export function parsedQuery(q: Doc): Doc {
  const leaves: Doc[] = [];
  for (const [k, v] of q) {
    if (k.startsWith('$')) {
      if (k === '$and' && isArray(v)) {
        for (const c of v) if (isDoc(c)) for (const [k2, v2] of parsedQuery(c)) leaves.push(new Map([[k2, v2]]));
      } else leaves.push(new Map<string, Value>([[k, v]]));
      continue;
    }
    if (v instanceof BSONRegExp) {
      leaves.push(new Map<string, Value>([[k, regexPredicate(v.pattern, v.options)]]));
    } else if (isOperatorDoc(v)) {
      for (const predicate of operatorPredicates(v)) leaves.push(new Map<string, Value>([[k, predicate]]));
    } else {
      leaves.push(new Map<string, Value>([[k, new Map<string, Value>([['$eq', v]])]]));
    }
  }
  if (leaves.length === 0) return new Map();
  if (leaves.length === 1) return leaves[0]!;
  return new Map<string, Value>([['$and', leaves]]);
}

function isOperatorDoc(v: Value): v is Doc {
  return isDoc(v) && v.size > 0 && (v.keys().next().value as string).startsWith('$');
}

/**
 * A regex as `RegexMatchExpression` serializes it: `{$regex: <pattern>}`, plus `$options` when
 * there are options.
 */
function regexPredicate(pattern: string, options: string): Doc {
  const d = new Map<string, Value>([['$regex', pattern]]);
  if (options !== '') d.set('$options', options);
  return d;
}

/**
 * The predicates of one path's operator document, in order: `$regex` and `$options` are one
 * regex predicate (placed where `$regex` is, the options from the regex value or `$options`), a
 * regex under `$not` or `$elemMatch` prints the same way, and `$in`/`$nin` list the regexes after
 * the other values (`InMatchExpression` keeps equalities and regexes apart).
 */
function operatorPredicates(ops: Doc): Doc[] {
  const out: Doc[] = [];
  const one = (op: string, arg: Value) => out.push(new Map([[op, arg]]));
  for (const [op, arg] of ops) {
    if (op === '$options') continue;
    if (op === '$regex') {
      const regex = arg instanceof BSONRegExp ? arg : undefined;
      const options =
        regex?.options || (typeof ops.get('$options') === 'string' ? (ops.get('$options') as string) : '');
      out.push(regexPredicate(regex ? regex.pattern : String(arg), options));
    } else if (op === '$not' && arg instanceof BSONRegExp) {
      one(op, regexPredicate(arg.pattern, arg.options));
    } else if ((op === '$not' || op === '$elemMatch') && isOperatorDoc(arg)) {
      one(op, new Map(operatorPredicates(arg).flatMap((p) => [...p])));
    } else if ((op === '$in' || op === '$nin') && isArray(arg)) {
      const regexes = arg.filter((x) => x instanceof BSONRegExp);
      one(op, [...arg.filter((x) => !(x instanceof BSONRegExp)), ...regexes]);
    } else {
      one(op, arg);
    }
  }
  return out;
}

/** A stable 8-hex-digit hash (FNV-1a) standing in for the server's plan-cache hashes. */
export function shapeHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).toUpperCase().padStart(8, '0');
}

export function shapeOf(v: Value): string {
  if (isDoc(v))
    return `{${[...v].map(([k, x]) => `${k}:${k.startsWith('$') ? shapeOf(x) : isDoc(x) ? shapeOf(x) : '?'}`).join(',')}}`;
  if (isArray(v)) return `[${v.map(shapeOf).join(',')}]`;
  return '?';
}

export interface Stats {
  readonly docsExamined: number;
  readonly keysExamined: number;
  /** Documents the access stage passed up. */
  readonly returned: number;
}

export function commonStats(nReturned: number, works: number): [string, Value][] {
  return [
    ['nReturned', int(nReturned)],
    ['executionTimeMillisEstimate', int(0)],
    ['works', int(works)],
    ['advanced', int(nReturned)],
    ['needTime', int(Math.max(0, works - nReturned - 1))],
    ['needYield', int(0)],
    ['saveState', int(0)],
    ['restoreState', int(0)],
    ['isEOF', int(1)],
  ];
}

/** The residual filter a scan applies (everything for COLLSCAN; nothing for IDHACK). */
export function scanFilter(plan: AccessPlan, q: Doc): Doc | undefined {
  if (plan.stage === 'IDHACK') return undefined;
  let rest = q;
  if (plan.stage === 'IXSCAN' && plan.index) {
    const lead = plan.index.definition.fields[0]!.path;
    rest = new Map([...q].filter(([k]) => k !== lead));
  }
  const pq = parsedQuery(rest);
  return pq.size > 0 ? pq : undefined;
}

/** The access stage tree, planner-only or with execution statistics. */
export function accessStage(plan: AccessPlan, q: Doc, stats: Stats | undefined): Doc {
  const describe = plan.describe();
  const filter = scanFilter(plan, q);
  if (plan.stage === 'COLLSCAN') {
    const d: Doc = new Map<string, Value>([['stage', 'COLLSCAN']]);
    if (filter) d.set('filter', filter);
    if (stats) for (const [k, v] of commonStats(stats.returned, stats.docsExamined + 1)) d.set(k, v);
    d.set('direction', describe.get('direction') ?? 'forward');
    if (stats) d.set('docsExamined', int(stats.docsExamined));
    return d;
  }
  if (plan.stage === 'IDHACK') {
    const d: Doc = new Map<string, Value>([['stage', 'IDHACK']]);
    if (stats) {
      for (const [k, v] of commonStats(stats.returned, stats.returned + 1)) d.set(k, v);
      d.set('keysExamined', int(stats.keysExamined));
      d.set('docsExamined', int(stats.docsExamined));
    }
    return d;
  }
  // FETCH ← IXSCAN
  const ix = describe.get('inputStage');
  const ixDoc: Doc = new Map<string, Value>([['stage', 'IXSCAN']]);
  if (stats) for (const [k, v] of commonStats(stats.keysExamined, stats.keysExamined + 1)) ixDoc.set(k, v);
  if (isDoc(ix)) for (const [k, v] of ix) if (k !== 'stage') ixDoc.set(k, v);
  if (stats) {
    ixDoc.set('keysExamined', int(stats.keysExamined));
    ixDoc.set('seeks', int(1));
    ixDoc.set('dupsTested', int(plan.index?.multikey ? stats.keysExamined : 0));
    ixDoc.set('dupsDropped', int(0));
  }
  const fetch: Doc = new Map<string, Value>([['stage', 'FETCH']]);
  if (filter) fetch.set('filter', filter);
  if (stats) {
    for (const [k, v] of commonStats(stats.returned, stats.docsExamined + 1)) fetch.set(k, v);
    fetch.set('docsExamined', int(stats.docsExamined));
    fetch.set('alreadyHasObj', int(0));
  }
  fetch.set('inputStage', ixDoc);
  return fetch;
}

export function withSort(input: Doc, sort: Doc | undefined, stats: Stats | undefined): Doc {
  if (!sort || sort.size === 0) return input;
  const d: Doc = new Map<string, Value>([['stage', 'SORT']]);
  if (stats) for (const [k, v] of commonStats(Math.min(stats.returned, 1), stats.returned + 2)) d.set(k, v);
  d.set('sortPattern', sort);
  d.set('memLimit', int(104857600));
  d.set('limitAmount', int(1));
  d.set('type', 'simple');
  if (stats) {
    d.set('totalDataSizeSorted', int(0));
    d.set('usedDisk', false);
    d.set('spills', int(0));
  }
  d.set('inputStage', input);
  return d;
}
