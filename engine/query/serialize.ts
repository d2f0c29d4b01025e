/**
 * `MatchNode` → filter document, in the shape the server's `MatchExpression::serialize` gives
 * (explain's `parsedQuery`): `{a: {$eq: 1}}`, `{$and: [...]}`, `{a: {$not: {$eq: 1}}}` for `$ne`,
 * `{a: {$regex: "x", $options: "i"}}`, `{a: {$type: [2]}}`, `{a: {$mod: [NumberLong, NumberLong]}}`.
 */
import { BSON_TYPE_NUMBER, BSONRegExp, Int32, Long, type Doc, type Value } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';
import type { MatchNode } from './nodes.js';

function one(key: string, value: Value): Doc {
  return new Map([[key, value]]);
}

/** The operator document of a node that has a path (`{$eq: 1}` for `{a: {$eq: 1}}`). */
function rightHandSide(node: MatchNode): Doc | undefined {
  switch (node.kind) {
    case 'compare':
      return one(node.op, node.value);
    case 'in': {
      const values: Value[] = [...node.values].sort((a, b) => compareValues(a, b));
      for (const r of node.regexes) values.push(new BSONRegExp(r.pattern, r.options));
      return one('$in', values);
    }
    case 'regex': {
      const d = one('$regex', node.regex.pattern);
      if (node.regex.options !== '') d.set('$options', node.regex.options);
      return d;
    }
    case 'exists':
      return one('$exists', true);
    case 'type': {
      // MatcherTypeSet::toBSONArray: "number", then the std::set of type codes in ascending order.
      const codes = node.typeSet.types.map((t) => BSON_TYPE_NUMBER[t]);
      const types: Value[] = codes.sort((a, b) => a - b).map((c) => new Int32(c));
      if (node.typeSet.allNumbers) types.unshift('number');
      return one('$type', types);
    }
    case 'size':
      return one('$size', new Int32(node.size));
    case 'mod':
      return one('$mod', [Long.fromBigInt(node.divisor), Long.fromBigInt(node.remainder)]);
    case 'bits':
      return one(
        node.op,
        node.positions.map((p) => new Int32(p)),
      );
    case 'elemMatchObject':
      return one('$elemMatch', serializeMatchNode(node.child));
    case 'elemMatchValue': {
      const inner: Doc = new Map();
      for (const c of node.children) {
        const rhs = rightHandSide(c) ?? notRightHandSide(c);
        if (rhs) for (const [k, v] of rhs) inner.set(k, v);
      }
      return one('$elemMatch', inner);
    }
    case 'internalExpr':
      return one(node.op, node.value);
    default:
      return undefined;
  }
}

/** `{$not: {...}}` when a negation wraps path operators on one path. */
function notRightHandSide(node: MatchNode): Doc | undefined {
  if (node.kind !== 'not') return undefined;
  const child = node.child;
  if (child.kind === 'and' && child.children.length > 0) {
    const path = pathOf(child.children[0]!);
    if (path === undefined || !child.children.every((c) => pathOf(c) === path)) return undefined;
    const inner: Doc = new Map();
    for (const c of child.children) for (const [k, v] of rightHandSide(c) ?? new Map<string, Value>()) inner.set(k, v);
    return one('$not', inner);
  }
  const rhs = rightHandSide(child);
  return rhs ? one('$not', rhs) : undefined;
}

function pathOf(node: MatchNode): string | undefined {
  return 'path' in node ? node.path : undefined;
}

/** Serializes a compiled tree back to a filter document. */
export function serializeMatchNode(node: MatchNode): Doc {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0 ? new Map() : one('$and', node.children.map(serializeMatchNode));
    case 'or':
      return one('$or', node.children.map(serializeMatchNode));
    case 'nor':
      return one('$nor', node.children.map(serializeMatchNode));
    case 'not': {
      const rhs = notRightHandSide(node);
      const child = node.child;
      const path = child.kind === 'and' ? pathOf(child.children[0]!) : pathOf(child);
      if (rhs && path !== undefined) return one(path, rhs);
      return one('$nor', [serializeMatchNode(child)]);
    }
    case 'alwaysTrue':
      return one('$alwaysTrue', new Int32(1));
    case 'alwaysFalse':
      return one('$alwaysFalse', new Int32(1));
    case 'expr':
      return one('$expr', node.spec);
    case 'jsonSchema':
      return one('$jsonSchema', node.schema);
    default:
      return one(node.path, rightHandSide(node)!);
  }
}
