/**
 * The order an AND tries its clauses in when only the yes/no answer is wanted: cheapest first.
 *
 * The server tries an AND's children in canonical order (normalize.ts: `$elemMatch` sorts before
 * every comparison, so `{cat: …, score: …, items: {$elemMatch: …}}` walks `items` first). Which
 * clause fails first does not change an AND's answer when every clause is a pure test: the engine's
 * leaf tests never throw (a regex that hits PCRE2's match limit is no match) and write nothing.
 * Two things do depend on the order, and both keep the canonical one:
 * - `$expr` and `$jsonSchema` may raise an error that an earlier failing clause would have
 *   avoided: an AND with either anywhere below it is never reordered;
 * - the positional key (`elemMatchKey`) is the last recording clause's: the evaluator uses the
 *   canonical order whenever match details are asked for (evaluate.ts).
 *
 * Cost is a static estimate: one unit per path component of a leaf, a regex counts 4 more, and an
 * `$elemMatch` counts its element tests four times (arrays are usually short, but each element is
 * a full match of the inner filter). Ties keep the canonical order.
 */
import type { MatchNode } from './nodes.js';

const REGEX_COST = 4;
const PER_ELEMENT = 4;

function pathCost(path: string): number {
  let n = 1;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 0x2e) n++;
  return n;
}

function sumCost(nodes: readonly MatchNode[]): number | undefined {
  let total = 0;
  for (const n of nodes) {
    const c = matchCost(n);
    if (c === undefined) return undefined;
    total += c;
  }
  return total;
}

/** The estimated cost of testing `node` once, or undefined when it may throw (`$expr`, `$jsonSchema`). */
export function matchCost(node: MatchNode): number | undefined {
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'nor':
      return sumCost(node.children);
    case 'not':
      return matchCost(node.child);
    case 'alwaysTrue':
    case 'alwaysFalse':
      return 0;
    case 'compare':
    case 'exists':
    case 'type':
    case 'size':
    case 'mod':
    case 'bits':
    case 'internalExpr':
      return pathCost(node.path);
    case 'in':
      return pathCost(node.path) + (node.regexes.length > 0 ? REGEX_COST : 0);
    case 'regex':
      return pathCost(node.path) + REGEX_COST;
    case 'elemMatchObject': {
      const inner = matchCost(node.child);
      return inner === undefined ? undefined : pathCost(node.path) + PER_ELEMENT * (1 + inner);
    }
    case 'elemMatchValue': {
      const inner = sumCost(node.children);
      return inner === undefined ? undefined : pathCost(node.path) + PER_ELEMENT * (1 + inner);
    }
    case 'expr':
    case 'jsonSchema':
      return undefined;
  }
}

/**
 * Positions of `children` cheapest first (a stable sort of their costs), or undefined when the
 * canonical order must stay (a child may throw, or the order is already cheapest first).
 */
export function cheapFirstOrder(children: readonly MatchNode[]): number[] | undefined {
  const costs: number[] = [];
  for (const c of children) {
    const cost = matchCost(c);
    if (cost === undefined) return undefined;
    costs.push(cost);
  }
  const order = costs.map((_, i) => i).sort((a, b) => costs[a]! - costs[b]! || a - b);
  return order.every((p, i) => p === i) ? undefined : order;
}
