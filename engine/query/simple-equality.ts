/**
 * The commonest filter, one field equal to a scalar (`{_id: 5}`, `{k: "x"}`), compiled without the
 * parser: for it `parseFilter` (parse.ts) returns one `$eq` comparison node and normalization
 * (normalize.ts) keeps it as it is, so the node is built here directly, the same object shape.
 * Like the server's `isSimpleIdQuery` shortcut, it only applies where the general path's answer
 * is certain; everything else (operators, documents, arrays, regexes, `undefined`, `$` names,
 * paths that might pass the component limit) takes the parser. Guard:
 * simple-equality.property.test.ts compares the node with the general path's.
 */
import type { Value } from '../bson/values.js';
import type { Doc } from '../bson/values.js';
import type { MatchNode } from './nodes.js';

/** `parse.ts`'s `MAX_PATH_COMPONENTS`: a shorter name cannot have more components. */
const SHORT_PATH = 180;

function isSimpleScalar(v: Value): boolean {
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return true;
    default:
      if (v === null || v instanceof Date) return true;
      if (v instanceof Map || Array.isArray(v)) return false;
      return v._bsontype === 'Int32' || v._bsontype === 'Long' || v._bsontype === 'ObjectId';
  }
}

/** The frozen `$eq` node of a `{path: scalar}` filter, or undefined when the parser must decide. */
export function simpleEqualityNode(filter: Doc): MatchNode | undefined {
  if (filter.size !== 1) return undefined;
  const [path, value] = filter.entries().next().value as [string, Value];
  if (path.length >= SHORT_PATH || path.startsWith('$') || !isSimpleScalar(value)) return undefined;
  return Object.freeze({ kind: 'compare', op: '$eq', path, value } as const);
}
