/**
 * A find projection's parse (`projection_parser.cpp`): the spec document into a path tree of
 * leaves (include, exclude, computed, `$slice`, `$elemMatch`, positional), with the server's
 * errors and the inclusion/exclusion decision. `projection.ts` applies the tree per document.
 */
import { renderDoc, renderElement } from '../bson/render.js';
import type { Collator } from '../bson/compare.js';
import { isArray, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail, isEngineError, type EngineError } from '../errors.js';
import { isExpressionName, parseExpression, type Expression } from '../expr/index.js';
import { splitFieldPath } from '../expr/variables.js';
import { compileQuery, type Matcher } from './index.js';
import { isPathNode, type MatchNode } from './nodes.js';

export type Leaf =
  | { readonly kind: 'include' }
  | { readonly kind: 'exclude' }
  | { readonly kind: 'expr'; readonly expression: Expression }
  | { readonly kind: 'slice'; readonly skip: number | undefined; readonly limit: number }
  | { readonly kind: 'elemMatch'; readonly matcher: Matcher }
  | { readonly kind: 'positional' };

export interface Tree {
  readonly kind: 'tree';
  readonly children: Map<string, Tree | Leaf>;
}

export interface ProjectionOptions {
  readonly collator: Collator | null;
  /** User variables in scope for expressions (`let`). */
  readonly variables?: ReadonlySet<string>;
  /** Values of the command's `let` (and a statement's `c`), constants for `$expr`'s parse. */
  readonly constants?: ReadonlyMap<string, Value> | undefined;
  /**
   * Optimize computed fields as the projection executor does (`ProjectionExecutor::optimize`,
   * find and findAndModify): constants fold, and the first folding error fails the parse.
   */
  readonly optimizeExpr?: boolean | undefined;
  /** The statement's compiled query, for the positional projection check. */
  readonly query?: MatchNode;
}

function newTree(): Tree {
  return { kind: 'tree', children: new Map() };
}

function isTrueValue(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return !/^-?0(\.0*)?(E[+-]?\d+)?$/i.test(String(typeOf(v) === 'int' ? (v as { value: number }).value : v));
}

function intValue(v: Value): number {
  if (typeof v === 'number') return v;
  return Number(String(typeOf(v) === 'int' ? (v as { value: number }).value : v));
}

/** `BSONElement::safeNumberInt`: truncated toward zero, clamped to int32, NaN is 0. */
function safeNumberInt(v: Value): number {
  const n = intValue(v);
  if (Number.isNaN(n)) return 0;
  return Math.max(-2147483648, Math.min(2147483647, Math.trunc(n)));
}

const MIDDLE_POSITIONAL =
  "As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.";

export class ProjectionParser {
  readonly root = newTree();
  readonly optimizeErrors: EngineError[] = [];
  type: 'inclusion' | 'exclusion' | undefined;
  idExcluded = false;
  idSpecified = false;
  positional = false;
  /** The full path of a positional projection `a.b.$` (`['a', 'b']`), once parsed. */
  positionalPath: readonly string[] | undefined;
  /** `$elemMatch` and find's `$slice` do not set the type (`computeProjectionType` decides if nothing else does). */
  hasElemMatch = false;
  hasFindSlice = false;

  constructor(private readonly options: ProjectionOptions) {}

  /** The elements of `spec`, whose node is at the dotted `prefix` ('' for the root). */
  parseObject(spec: Doc, prefix: string): void {
    for (const [field, value] of spec) this.parseElement(field, value, prefix);
  }

  private setType(t: 'inclusion' | 'exclusion', field: string): void {
    if (this.type === undefined) this.type = t;
    else if (this.type !== t) {
      if (t === 'exclusion') throw fail(31254, `Cannot do exclusion on field ${field} in inclusion projection`);
      throw fail(31253, `Cannot do inclusion on field ${field} in exclusion projection`);
    }
  }

  /** `parseElement`: what kind of element `field` (relative to `prefix`) is, in the server's order of checks. */
  private parseElement(field: string, value: Value, prefix: string): void {
    const path = prefix === '' ? field : `${prefix}.${field}`;
    const positional = field.endsWith('.$');
    if (field.includes('.$.')) throw fail(31394, MIDDLE_POSITIONAL);
    if (isDoc(value)) {
      if (positional) throw fail(31271, 'positional projection cannot be used with an expression or sub object');
      this.parseSubObject(field, path, value, prefix);
      return;
    }
    if (typeof value === 'boolean' || isNumber(value)) {
      if (isTrueValue(value)) {
        if (positional) this.parsePositional(field, path, prefix);
        else this.parseInclusion(field, prefix);
        return;
      }
      if (positional) throw fail(31395, 'positional projection cannot be used with exclusion');
      this.parseExclusion(field, prefix);
      return;
    }
    if (positional) throw fail(31308, 'positional projection cannot be used with a literal');
    this.parseLiteral(field, value, prefix);
  }

  private parseInclusion(field: string, prefix: string): void {
    splitFieldPath(field);
    this.insert(prefix, field, { kind: 'include' });
    if (prefix === '' && field === '_id') {
      this.idSpecified = true;
      this.idExcluded = false;
      return;
    }
    this.setType('inclusion', field);
  }

  private parseExclusion(field: string, prefix: string): void {
    splitFieldPath(field);
    this.insert(prefix, field, { kind: 'exclude' });
    if (prefix === '' && field === '_id') {
      this.idSpecified = true;
      this.idExcluded = true;
      return;
    }
    this.setType('exclusion', field);
  }

  /** `parseLiteral`: a value other than a number or boolean is a computed field. */
  private parseLiteral(field: string, value: Value, prefix: string): void {
    const expression = this.expression(value);
    splitFieldPath(field);
    this.insert(prefix, field, { kind: 'expr', expression });
    if (this.type === 'exclusion') {
      throw fail(31310, `Cannot use an expression ${renderElement(field, value)} in an exclusion projection`);
    }
    this.type = 'inclusion';
    if (prefix === '' && field === '_id') this.idSpecified = true;
  }

  /** `parseSubObject`: an operator (`$slice`, `$elemMatch`, an expression) or a sub-projection. */
  private parseSubObject(field: string, path: string, value: Doc, prefix: string): void {
    if (value.size === 0) throw fail(51270, 'An empty sub-projection is not a valid value. Found empty object at path');
    splitFieldPath(field);
    const first = value.keys().next().value as string;
    if (value.size === 1 && first.startsWith('$')) {
      if (first === '$slice') return this.parseSlice(field, value, prefix);
      if (first === '$elemMatch') return this.parseElemMatch(field, value, prefix);
      if (first === '$meta') {
        throw fail(
          2,
          `${renderElement(path, value)}: $meta projections are not supported in the Upsert Lab playground (there are no text or search scores)`,
        );
      }
      if (isExpressionName(first)) return this.parseGenericExpression(field, value, prefix);
      // Not an expression: a sub-projection if the name is a field path (`$id`, `$ref`, `$db`,
      // `$sortKey`, or a positional path), else an unknown expression.
      try {
        splitFieldPath(first.endsWith('.$') ? first.slice(0, -2) : first);
      } catch {
        throw fail(31325, `Unknown expression ${first}`);
      }
    }
    this.ensureTree(prefix, field);
    this.parseObject(value, path);
  }

  /** `attemptToParseGenericExpression`: a computed field; it makes the projection an inclusion. */
  private parseGenericExpression(field: string, value: Doc, prefix: string): void {
    if (this.type === 'exclusion') throw fail(31252, 'Cannot use expression other than $meta in exclusion projection');
    if (this.type === undefined) this.type = 'inclusion';
    const expression = this.expression(value);
    this.insert(prefix, field, { kind: 'expr', expression });
    if (prefix === '' && field === '_id') this.idSpecified = true;
  }

  private expression(value: Value): Expression {
    return parseExpression(value, {
      collator: this.options.collator,
      variables: this.options.variables,
      constants: this.options.constants,
      optimizeErrors: this.options.optimizeExpr ? this.optimizeErrors : undefined,
    });
  }

  /**
   * find's `$slice: n` or `$slice: [skip, limit]` (`attemptToParseFindSlice`, numbers read with
   * `safeNumberInt`); anything else is tried as the aggregation `$slice` expression, and if that
   * fails too its error carries both reasons.
   */
  private parseSlice(field: string, value: Doc, prefix: string): void {
    let findSyntax: EngineError;
    try {
      this.insert(prefix, field, this.findSlice(value.get('$slice')!));
      this.hasFindSlice = true;
      return;
    } catch (e) {
      if (!isEngineError(e)) throw e;
      findSyntax = e;
    }
    try {
      this.parseGenericExpression(field, value, prefix);
    } catch (e) {
      if (isEngineError(e)) {
        throw e.withContext(
          `Invalid $slice syntax. The given syntax ${renderDoc(value)} did not match the find() syntax because :: Location${findSyntax.code}: ${findSyntax.errmsg} :: The given syntax did not match the expression $slice syntax.`,
        );
      }
      throw e;
    }
  }

  private findSlice(arg: Value): Leaf {
    if (isNumber(arg)) return { kind: 'slice', skip: undefined, limit: safeNumberInt(arg) };
    if (isArray(arg)) {
      if (arg.length !== 2) throw fail(31272, '$slice array argument should be of form [skip, limit]');
      const [skip, limit] = arg as [Value, Value];
      if (!isNumber(skip)) throw fail(31257, `$slice expects the skip argument to be a number, got ${typeOf(skip)}`);
      if (!isNumber(limit)) throw fail(31258, `$slice expects the limit argument to be a number, got ${typeOf(limit)}`);
      const n = safeNumberInt(limit);
      if (n <= 0) throw fail(31259, `$slice limit must be positive, got ${n}`);
      return { kind: 'slice', skip: safeNumberInt(skip), limit: n };
    }
    throw fail(31273, '$slice only supports numbers and [skip, limit] arrays');
  }

  private parseElemMatch(field: string, value: Doc, prefix: string): void {
    const arg = value.get('$elemMatch')!;
    if (!isDoc(arg)) throw fail(31274, `elemMatch: Invalid argument, object required, but got ${typeOf(arg)}`);
    if (this.positional) throw fail(31255, 'Cannot specify positional operator and $elemMatch.');
    if (prefix !== '' || field.includes('.')) throw fail(31275, 'Cannot use $elemMatch projection on a nested field.');
    const filter: Doc = new Map([[field, new Map([['$elemMatch', arg]]) as Value]]);
    this.insert(prefix, field, {
      kind: 'elemMatch',
      matcher: compileQuery(filter, { collator: this.options.collator }),
    });
    this.hasElemMatch = true;
  }

  /** `parseInclusion` of `a.b.$`: the first array on the path keeps the element the query matched. */
  private parsePositional(field: string, path: string, prefix: string): void {
    if (this.positional) throw fail(31276, 'Cannot specify more than one positional projection per query.');
    if (this.hasElemMatch) throw fail(31256, 'Cannot specify positional operator and $elemMatch.');
    if (field === '.$') throw fail(5392900, `Projection on field ${field} is invalid`);
    const base = path.slice(0, -2);
    splitFieldPath(field.slice(0, -2));
    const query = this.options.query;
    if (query !== undefined) {
      const head = base.split('.')[0]!;
      let found = false;
      const walk = (n: MatchNode): void => {
        if (isPathNode(n) && n.path.split('.')[0] === head) found = true;
        if ('children' in n) n.children.forEach(walk);
        if ('child' in n) walk(n.child);
      };
      walk(query);
      if (!found) throw fail(2, `Positional projection '${path}' does not match the query document.`);
    }
    this.positional = true;
    // The path is included like any other (`ProjectionPositionalASTNode` wraps an inclusion);
    // the whole projected document is then replaced by the positional step (projection.ts).
    this.insert(prefix, field.slice(0, -2), { kind: 'positional' });
    this.positionalPath = base.split('.');
    this.setType('inclusion', field);
  }

  /** The node at `prefix`, created on first use (a sub-object's node exists once it has a child). */
  private nodeAt(prefix: string): Tree {
    let node = this.root;
    if (prefix === '') return node;
    for (const part of prefix.split('.')) {
      let next = node.children.get(part);
      if (next === undefined) {
        next = newTree();
        node.children.set(part, next);
      }
      node = next as Tree;
    }
    return node;
  }

  /**
   * `addNodeAtPath` below the node at `prefix`: a leaf on the way is 31249, an existing last
   * component 31250; messages name the element's own (possibly dotted) `field`, as the server's.
   */
  private insert(prefix: string, field: string, leaf: Leaf): void {
    const parts = field.split('.');
    let node = this.nodeAt(prefix);
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = node.children.get(parts[i]!);
      if (existing === undefined) {
        const t = newTree();
        node.children.set(parts[i]!, t);
        node = t;
      } else if (existing.kind === 'tree') {
        node = existing;
      } else {
        throw fail(31249, `Path collision at ${field} remaining portion ${parts.slice(1).join('.')}`);
      }
    }
    const last = parts[parts.length - 1]!;
    if (node.children.has(last)) throw fail(31250, `Path collision at ${field}`);
    node.children.set(last, leaf);
  }

  /**
   * `findLastInnerNodeOnPath`, else `addNodeAtPath` of a new inner node: a sub-object may extend
   * inner nodes but not a leaf. (Its node is created by its first child, so a nested positional
   * can still sit at the first component.)
   */
  private ensureTree(prefix: string, field: string): void {
    const parts = field.split('.');
    let node: Tree | undefined = this.nodeAt(prefix);
    for (let i = 0; i < parts.length && node !== undefined; i++) {
      const existing: Tree | Leaf | undefined = node.children.get(parts[i]!);
      if (existing === undefined) {
        node = undefined;
      } else if (existing.kind === 'tree') {
        node = existing;
      } else if (i === parts.length - 1) {
        throw fail(31250, `Path collision at ${field}`);
      } else {
        throw fail(31249, `Path collision at ${field} remaining portion ${parts.slice(1).join('.')}`);
      }
    }
  }
}

/**
 * `computeProjectionType`: the type of a projection no inclusion, exclusion or expression decided
 * (only `_id`, find's `$slice` and `$elemMatch`). A `$slice` makes it an exclusion unless `_id` is
 * included; an `$elemMatch` an inclusion; otherwise `{_id: 1}` includes and anything else excludes.
 */
export function projectionType(p: ProjectionParser): 'inclusion' | 'exclusion' {
  if (p.type !== undefined) return p.type;
  const idIncluded = p.idSpecified && !p.idExcluded;
  if (p.hasFindSlice) return idIncluded ? 'inclusion' : 'exclusion';
  if (p.hasElemMatch) return 'inclusion';
  return idIncluded ? 'inclusion' : 'exclusion';
}

export function hasComputed(tree: Tree): boolean {
  for (const c of tree.children.values()) {
    if (c.kind === 'tree' ? hasComputed(c) : c.kind !== 'include' && c.kind !== 'exclude' && c.kind !== 'positional') {
      return true;
    }
  }
  return false;
}
