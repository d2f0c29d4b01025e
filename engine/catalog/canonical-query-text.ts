/**
 * The canonical query as the server prints it in error messages (`CanonicalQuery::toString`,
 * `MatchExpression::debugString`), and the bad-hint error that carries it.
 */
import { renderDoc, renderValue } from '../bson/render.js';
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';
import type { MatchNode } from '../query/nodes.js';

/** The fields of the server's FindCommandRequest that `CanonicalQuery::toString` prints besides the filter. */
export interface CanonicalQueryFields {
  readonly batchSize?: number | undefined;
  readonly limit?: number | undefined;
  readonly skip?: number | undefined;
  readonly sort?: Doc | undefined;
  readonly projection?: Doc | undefined;
  /** The collation as the command gave it (not the collection default). */
  readonly collation?: Doc | undefined;
}

/** `MatchExpression::debugString`, as canonical-query descriptions in error messages show it. */
export function matchDebugString(node: MatchNode, level = 0): string {
  const pad = '    '.repeat(level);
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'nor':
      return `${pad}$${node.kind}\n${node.children.map((c) => matchDebugString(c, level + 1)).join('')}`;
    case 'not':
      return `${pad}$not\n${matchDebugString(node.child, level + 1)}`;
    case 'compare':
      return `${pad}${node.path} ${node.op} ${renderValue(node.value)}\n`;
    case 'in':
      return `${pad}${node.path} $in [ ${node.values.map((v) => renderValue(v)).join(' ')} ]\n`;
    case 'exists':
      return `${pad}${node.path} exists\n`;
    case 'alwaysTrue':
      return `${pad}$alwaysTrue\n`;
    case 'alwaysFalse':
      return `${pad}$alwaysFalse\n`;
    default:
      return `${pad}${'path' in node ? `${node.path} ` : ''}$${node.kind}\n`;
  }
}

/**
 * `CanonicalQuery::toString`: `ns=<ns>`, then ` batchSize=`, ` limit=`, ` skip=` when set, then
 * (with no space before it) `Tree: <debugString>`, `Sort: `, `Proj: ` and, for a non-empty
 * collation, `Collation: `, each line ending in a newline.
 */
export function canonicalQueryText(ns: string, root: MatchNode | null, fields: CanonicalQueryFields = {}): string {
  let text = `ns=${ns}`;
  if (fields.batchSize !== undefined) text += ` batchSize=${fields.batchSize}`;
  if (fields.limit !== undefined) text += ` limit=${fields.limit}`;
  if (fields.skip !== undefined) text += ` skip=${fields.skip}`;
  text += `Tree: ${root ? matchDebugString(root) : '$and\n'}`;
  text += `Sort: ${renderDoc(fields.sort ?? new Map())}\nProj: ${renderDoc(fields.projection ?? new Map())}\n`;
  if (fields.collation && fields.collation.size > 0) text += `Collation: ${renderDoc(fields.collation)}\n`;
  return text;
}

/** Code 2 for a hint naming no index, wrapped as the planner wraps it. */
export function badHintError(ns: string, root: MatchNode | null, fields?: CanonicalQueryFields): Error {
  return fail(
    2,
    `error processing query: ${canonicalQueryText(ns, root, fields)} planner returned error :: caused by :: hint provided does not correspond to an existing index`,
  );
}
