/**
 * A find projection's parse (`projection_parser.cpp`): the spec document into a path tree of
 * leaves (include, exclude, computed, `$slice`, `$elemMatch`, positional), with the server's
 * errors and the inclusion/exclusion decision. `projection.ts` applies the tree per document.
 */
import { renderElement } from '../bson/render.js';
import type { Collator } from '../bson/compare.js';
import { isArray, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail, type EngineError } from '../errors.js';
import { isExpressionName, parseExpression, type Expression } from '../expr/index.js';
import { compileQuery, type Matcher } from './index.js';
import { isPathNode, type MatchNode } from './nodes.js';

export type Leaf =
  | { readonly kind: 'include' }
  | { readonly kind: 'exclude' }
  | { readonly kind: 'expr'; readonly expression: Expression }
  | { readonly kind: 'slice'; readonly skip: number | undefined; readonly limit: number }
  | { readonly kind: 'elemMatch'; readonly matcher: Matcher }
  | { readonly kind: 'positional'; readonly rest: readonly string[] };

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

export class ProjectionParser {
  readonly root = newTree();
  readonly optimizeErrors: EngineError[] = [];
  type: 'inclusion' | 'exclusion' | undefined;
  idExcluded = false;
  idSpecified = false;
  positional = false;
  /** `$elemMatch` and find's `$slice` do not set the type (`computeProjectionType` decides if nothing else does). */
  hasElemMatch = false;
  hasFindSlice = false;

  constructor(private readonly options: ProjectionOptions) {}

  parseObject(spec: Doc, prefix: string): void {
    for (const [field, value] of spec) {
      const path = prefix === '' ? field : `${prefix}.${field}`;
      this.parseField(path, value, prefix === '', field);
    }
  }

  private setType(t: 'inclusion' | 'exclusion', path: string): void {
    if (this.type === undefined) this.type = t;
    else if (this.type !== t) {
      if (t === 'exclusion') throw fail(31254, `Cannot do exclusion on field ${path} in inclusion projection`);
      throw fail(31253, `Cannot do inclusion on field ${path} in exclusion projection`);
    }
  }

  private parseField(path: string, value: Value, topLevel: boolean, field: string): void {
    const isId = path === '_id';
    if (path.endsWith('.$')) {
      this.parsePositional(path, value);
      return;
    }
    for (const part of path.split('.')) {
      if (part === '') throw fail(15998, 'FieldPath field names may not be empty strings.');
      if (part.startsWith('$')) {
        throw fail(16410, "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
      }
    }
    if (typeof value === 'boolean' || isNumber(value)) {
      const include = isTrueValue(value);
      if (isId) {
        this.idSpecified = true;
        this.idExcluded = !include;
      } else {
        this.setType(include ? 'inclusion' : 'exclusion', path);
      }
      this.insert(path, include ? { kind: 'include' } : { kind: 'exclude' });
      return;
    }
    if (isDoc(value)) {
      const first = value.keys().next().value;
      if (first === undefined)
        throw fail(51270, 'An empty sub-projection is not a valid value. Found empty object at path');
      if (first === '$slice') return this.parseSlice(path, value);
      if (first === '$elemMatch') return this.parseElemMatch(path, value, topLevel);
      if (first === '$meta') {
        throw fail(
          2,
          `${renderElement(path, value)}: $meta projections are not supported in the Upsert Lab playground (there are no text or search scores)`,
        );
      }
      if (!first.startsWith('$')) {
        this.parseObject(value, path);
        return;
      }
      // `parseSubObject`: a one-field `$name` object that is no expression is not a field path
      // either (a field name cannot start with `$`).
      if (value.size === 1 && !isExpressionName(first)) throw fail(31325, `Unknown expression ${first}`);
    }
    // Anything else is an aggregation expression (a computed field): `parseLiteral` for a value,
    // `attemptToParseGenericExpression` for an operator object. Either makes the projection an
    // inclusion, `_id` included.
    if (this.type === 'exclusion') {
      if (isDoc(value)) throw fail(31252, `Cannot use expression other than $meta in exclusion projection`);
      throw fail(31310, `Cannot use an expression ${renderElement(field, value)} in an exclusion projection`);
    }
    this.setType('inclusion', path);
    if (isId) this.idSpecified = true;
    const expression = parseExpression(value, {
      collator: this.options.collator,
      variables: this.options.variables,
      constants: this.options.constants,
      optimizeErrors: this.options.optimizeExpr ? this.optimizeErrors : undefined,
    });
    this.insert(path, { kind: 'expr', expression });
  }

  private parseSlice(path: string, value: Doc): void {
    if (value.size > 1) throw fail(31273, `Invalid $slice syntax: ${renderElement(path, value)}`);
    const arg = value.get('$slice')!;
    if (isNumber(arg)) {
      this.insert(path, { kind: 'slice', skip: undefined, limit: Math.trunc(intValue(arg)) });
      this.hasFindSlice = true;
      return;
    }
    if (isArray(arg)) {
      if (arg.length !== 2)
        throw fail(
          28667,
          'Invalid $slice syntax. The given syntax { $slice: <value> } did not match the find() syntax because :: Location31272: $slice array argument must be an array of two elements',
        );
      const [s, l] = arg;
      if (!isNumber(s!) || !isNumber(l!)) {
        throw fail(
          28667,
          'Invalid $slice syntax. The given syntax { $slice: <value> } did not match the find() syntax because :: Location31257: $slice array arguments must be numbers',
        );
      }
      const limit = Math.trunc(intValue(l!));
      if (limit <= 0)
        throw fail(
          28667,
          'Invalid $slice syntax. The given syntax { $slice: <value> } did not match the find() syntax because :: Location31259: $slice limit must be positive',
        );
      this.insert(path, { kind: 'slice', skip: Math.trunc(intValue(s!)), limit });
      this.hasFindSlice = true;
      return;
    }
    throw fail(
      28667,
      'Invalid $slice syntax. The given syntax { $slice: <value> } did not match the find() syntax because :: Location31273: $slice only supports numbers and [skip, limit] arrays',
    );
  }

  private parseElemMatch(path: string, value: Doc, topLevel: boolean): void {
    if (value.size > 1) throw fail(31273, `Invalid $elemMatch syntax: ${renderElement(path, value)}`);
    const arg = value.get('$elemMatch')!;
    if (!isDoc(arg)) throw fail(31274, 'elemMatch: Invalid argument, object required.');
    if (!topLevel || path.includes('.')) throw fail(31275, 'Cannot use $elemMatch projection on a nested field.');
    if (this.positional) throw fail(31255, 'Cannot specify positional operator and $elemMatch.');
    this.hasElemMatch = true;
    const filter: Doc = new Map([[path, new Map([['$elemMatch', arg]]) as Value]]);
    this.insert(path, { kind: 'elemMatch', matcher: compileQuery(filter, { collator: this.options.collator }) });
  }

  private parsePositional(path: string, value: Value): void {
    const base = path.slice(0, -2);
    if (base.includes('.$') || base === '' || base.includes('$')) {
      throw fail(
        31394,
        `As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.`,
      );
    }
    if (this.positional) throw fail(31276, 'Cannot specify more than one positional projection per query.');
    if (this.hasElemMatch) throw fail(31256, 'Cannot specify positional operator and $elemMatch.');
    if (!(typeof value === 'boolean' || isNumber(value)) || !isTrueValue(value)) {
      throw fail(31308, 'positional projection cannot be used with exclusion');
    }
    this.setType('inclusion', path);
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
    const parts = base.split('.');
    // The positional node sits at the first component; it walks the rest itself.
    this.insert(parts[0]!, { kind: 'positional', rest: parts.slice(1) });
  }

  private insert(path: string, leaf: Leaf): void {
    const parts = path.split('.');
    let node = this.root;
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = node.children.get(parts[i]!);
      if (existing === undefined) {
        const t = newTree();
        node.children.set(parts[i]!, t);
        node = t;
      } else if (existing.kind === 'tree') {
        node = existing;
      } else {
        throw fail(31250, `Path collision at ${path} remaining portion ${parts.slice(i + 1).join('.')}`);
      }
    }
    const last = parts[parts.length - 1]!;
    if (node.children.has(last)) throw fail(31250, `Path collision at ${path}`);
    node.children.set(last, leaf);
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
    if (c.kind === 'tree' ? hasComputed(c) : c.kind !== 'include' && c.kind !== 'exclude') return true;
  }
  return false;
}
