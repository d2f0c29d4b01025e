/**
 * `MatchNode` tree → closures, built once per statement. Each node becomes an `Evaluator` with
 * two entry points:
 * - `doc`: match against a document (paths are followed with `visitPath`, so implicit array
 *   element matching, dotted paths through arrays and missing-field semantics apply);
 * - `value`: match one value directly — used for the children of `$elemMatch: {$gt: …}`, which
 *   test each array element itself (the server's `matchesSingleElement`).
 *
 * Positional support: with `details`, the index of the first array the match went through is
 * recorded as `details.elemMatchKey`. `$or` (of two or more clauses), `$nor` and negations record
 * nothing, as the server's `OrMatchExpression::matches` passes no details to its children; a
 * one-clause `$or` records like its clause (the optimizer unwraps it); in an AND a failing child
 * clears the key and the last recording child wins.
 */
import { Timestamp, type Doc, type Value } from '../bson/values.js';
import type { Collator } from '../bson/compare.js';
import { splitPath, visitPath } from '../bson/path.js';
import { FieldReader } from '../bson/shaped-doc.js';
import { coerceToBool } from '../expr/index.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import type { MatchNode } from './nodes.js';
import { cheapFirstOrder } from './cheap-first.js';
import { typeSetHas } from './type-set.js';
import { internalExprDocTest, internalExprValueTest } from './internal-expr.js';
import { bitsTest, compareTest, inTest, modTest, regexMatchesValue, type ValueTest } from './value-tests.js';

export { regexMatchesValue } from './value-tests.js';

type Container = Doc | Value[];

export interface Evaluator {
  doc(d: Container, env: RuntimeEnv, details: MatchDetails | undefined): boolean;
  value(v: Value | undefined, env: RuntimeEnv): boolean;
}

/** The env used when a caller matches without one ($expr still needs `$$NOW`). */
export function defaultEnv(): RuntimeEnv {
  return { variables: new Map(), now: new Date(), clusterTime: new Timestamp({ t: 0, i: 0 }) };
}

const LEAF = { expandLeafArray: true } as const;
const NO_LEAF = { expandLeafArray: false } as const;

function pathEvaluator(path: string, expandLeaf: boolean, test: ValueTest): Evaluator {
  const parts = splitPath(path);
  const opts = expandLeaf ? LEAF : NO_LEAF;
  const field = parts.length === 1 ? new FieldReader(parts[0]!) : undefined;
  return {
    doc(d, _env, details) {
      if (!details) {
        // A top-level field of a document: the values visitPath would visit, in its order
        // (the elements of an array, then the array), without the walk.
        if (field !== undefined && d instanceof Map) {
          const v = field.read(d);
          if (expandLeaf && Array.isArray(v)) for (let k = 0; k < v.length; k++) if (test(v[k]!)) return true;
          return test(v);
        }
        return visitPath(d, parts, opts, test);
      }
      return pathWithDetails(d, parts, opts, test, details);
    },
    value: (v) => test(v),
  };
}

// The walks that record a positional key need a visitor closure over the key; they live in
// functions of their own so that the common calls (no details) allocate no closure context.

function pathWithDetails(
  d: Container,
  parts: readonly string[],
  opts: typeof LEAF | typeof NO_LEAF,
  test: ValueTest,
  details: MatchDetails,
): boolean {
  let key: string | undefined;
  const hit = visitPath(d, parts, opts, (v, idx) => {
    if (!test(v)) return false;
    key = idx;
    return true;
  });
  if (hit && key !== undefined) details.elemMatchKey = key;
  return hit;
}

function elemMatchThroughPath(
  d: Container,
  parts: readonly string[],
  firstMatch: (v: Value | undefined, env: RuntimeEnv) => number,
  env: RuntimeEnv,
  details: MatchDetails | undefined,
): boolean {
  let key: string | undefined;
  const hit = visitPath(d, parts, NO_LEAF, (v, idx) => {
    const k = firstMatch(v, env);
    if (k < 0) return false;
    key = idx ?? String(k);
    return true;
  });
  if (hit && details) details.elemMatchKey = key;
  return hit;
}

// ---------------------------------------------------------------------------------------------
// Node → evaluator
// ---------------------------------------------------------------------------------------------

/**
 * An AND: with match details, every clause in canonical order (the last recording one sets the
 * positional key, a failing one clears it); for a yes/no answer, cheapest first (cheap-first.ts).
 */
function and(nodes: readonly MatchNode[], collator: Collator | null): Evaluator {
  const children = nodes.map((c) => buildEvaluator(c, collator));
  const order = cheapFirstOrder(nodes);
  const quick = order === undefined ? children : order.map((i) => children[i]!);
  return {
    doc(d, env, details) {
      if (!details) {
        for (let i = 0; i < quick.length; i++) if (!quick[i]!.doc(d, env, undefined)) return false;
        return true;
      }
      for (let i = 0; i < children.length; i++) {
        if (!children[i]!.doc(d, env, details)) {
          delete details.elemMatchKey;
          return false;
        }
      }
      return true;
    },
    value(v, env) {
      for (let i = 0; i < quick.length; i++) if (!quick[i]!.value(v, env)) return false;
      return true;
    },
  };
}

function elemMatchEvaluator(path: string, elementMatches: (el: Value, env: RuntimeEnv) => boolean): Evaluator {
  const parts = splitPath(path);
  const firstMatch = (v: Value | undefined, env: RuntimeEnv): number => {
    if (!Array.isArray(v)) return -1;
    for (let k = 0; k < v.length; k++) if (elementMatches(v[k]!, env)) return k;
    return -1;
  };
  const field = parts.length === 1 ? new FieldReader(parts[0]!) : undefined;
  return {
    doc(d, env, details) {
      // A top-level field of a document: the one value visitPath would yield, without a visitor.
      if (field !== undefined && d instanceof Map) {
        const k = firstMatch(field.read(d), env);
        if (k < 0) return false;
        if (details) details.elemMatchKey = String(k);
        return true;
      }
      return elemMatchThroughPath(d, parts, firstMatch, env, details);
    },
    value: (v, env) => firstMatch(v, env) >= 0,
  };
}

/** Builds the evaluator of a node (and its subtree). */
export function buildEvaluator(node: MatchNode, collator: Collator | null): Evaluator {
  switch (node.kind) {
    case 'and':
      return and(node.children, collator);
    case 'or': {
      const children = node.children.map((c) => buildEvaluator(c, collator));
      // The server's optimizer replaces a one-clause $or by its clause, which then records.
      if (children.length === 1) return children[0]!;
      return {
        doc(d, env) {
          for (const c of children) if (c.doc(d, env, undefined)) return true;
          return false;
        },
        value: (v, env) => children.some((c) => c.value(v, env)),
      };
    }
    case 'nor': {
      const children = node.children.map((c) => buildEvaluator(c, collator));
      return {
        doc: (d, env) => !children.some((c) => c.doc(d, env, undefined)),
        value: (v, env) => !children.some((c) => c.value(v, env)),
      };
    }
    case 'not': {
      const child = buildEvaluator(node.child, collator);
      return {
        doc: (d, env) => !child.doc(d, env, undefined),
        value: (v, env) => !child.value(v, env),
      };
    }
    case 'alwaysTrue':
      return { doc: () => true, value: () => true };
    case 'alwaysFalse':
      return { doc: () => false, value: () => false };
    case 'compare':
      return pathEvaluator(node.path, true, compareTest(node.op, node.value, node.binary ? null : collator));
    case 'in':
      return pathEvaluator(node.path, true, inTest(node, collator));
    case 'regex': {
      const r = node.regex;
      return pathEvaluator(node.path, true, (v) => regexMatchesValue(r, v));
    }
    case 'exists':
      return pathEvaluator(node.path, true, (v) => v !== undefined);
    case 'type': {
      const set = node.typeSet;
      return pathEvaluator(node.path, true, (v) => v !== undefined && typeSetHas(set, v));
    }
    case 'size': {
      const size = node.size;
      return pathEvaluator(node.path, false, (v) => Array.isArray(v) && v.length === size);
    }
    case 'mod':
      return pathEvaluator(node.path, true, modTest(node));
    case 'bits':
      return pathEvaluator(node.path, true, bitsTest(node));
    case 'elemMatchObject': {
      const child = buildEvaluator(node.child, collator);
      return elemMatchEvaluator(node.path, (el, env) =>
        el instanceof Map || Array.isArray(el) ? child.doc(el, env, undefined) : false,
      );
    }
    case 'elemMatchValue': {
      // The element tests as one AND (its `value`: cheapest first, nothing recorded).
      const all = and(node.children, collator);
      return elemMatchEvaluator(node.path, (el, env) => all.value(el, env));
    }
    case 'expr': {
      const expression = node.expression;
      return {
        doc: (d, env) => (d instanceof Map ? coerceToBool(expression.evaluate(d, env)) : false),
        value: () => false,
      };
    }
    case 'jsonSchema': {
      const validate = node.validate;
      return {
        doc: (d) => (d instanceof Map ? validate(d) : false),
        value: () => false,
      };
    }
    case 'internalExpr': {
      const doc = internalExprDocTest(node.path, node.op, node.value, collator);
      const value = internalExprValueTest(node.op, node.value, collator);
      return { doc: (d) => doc(d), value: (v) => value(v) };
    }
  }
}
