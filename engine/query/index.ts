/**
 * The find query language. `compileQuery` parses a filter once into an immutable `MatchNode`
 * tree (see nodes.ts for its shape) and a matcher built from closures; `matches` is then called
 * per document. Parse errors are EngineErrors with the server's codes and messages.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import { keepShape } from '../shape-anchor.js';
import { buildEvaluator, defaultEnv, type Evaluator } from './evaluate.js';
import type { MatchNode } from './nodes.js';
import { normalizeMatchNode } from './normalize.js';
import { parseFilter } from './parse.js';
import { simpleEqualityNode } from './simple-equality.js';

export type * from './nodes.js';
export { isPathNode } from './nodes.js';
export type { CompiledRegex } from './regex.js';
export type { TypeSet } from './type-set.js';
export { typeSetHas, parseTypeSet } from './type-set.js';
export { regexMatchesValue } from './evaluate.js';
export { compileRegex } from './regex.js';

export interface QueryCompileOptions {
  /** The operation's collation (null = simple). Applies to string comparisons, $in, $nin. */
  collator: Collator | null;
  /** Allow `$expr` (default true; arrayFilters pass false → 224 "$expr is not allowed in this context"). */
  allowExpr?: boolean;
  /** Allow `$jsonSchema` (default true; arrayFilters pass false). */
  allowJsonSchema?: boolean;
  /** `$text` allowed by the context (default true; it then fails as unsupported by the playground). */
  allowText?: boolean;
  /** `$where` allowed by the context (default true; it then fails as unsupported by the playground). */
  allowWhere?: boolean;
  /** `$near`/`$nearSphere`/`$geoNear` allowed by the context (default true; `$pull`, arrayFilters: false → 5626500). */
  allowGeoNear?: boolean;
  /** User variable names in scope for `$expr` (`let`), without `$$`. */
  variables?: ReadonlySet<string>;
  /** Values of the command's `let` (and a statement's `c`), constants for `$expr`'s parse. */
  constants?: ReadonlyMap<string, Value> | undefined;
  /** Optimize `$expr` as the canonical query does (find, update, delete, count, findAndModify): see parse.ts. */
  optimizeExpr?: boolean | undefined;
}

export interface Matcher {
  /** The compiled tree in the server's canonical order (normalize.ts), for index selection and explain. */
  readonly root: MatchNode;
  /** True when the filter uses `$expr` anywhere (it then needs a RuntimeEnv for `$$NOW` etc.). */
  readonly hasExpr: boolean;
  readonly collator: Collator | null;
  /**
   * Does `doc` match? `env` supplies `$expr` variables (a fresh one is made when omitted).
   * With `details`, `details.elemMatchKey` receives the positional index (see evaluate.ts).
   */
  matches(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): boolean;
}

/** Walks a tree, depth first, parents before children. */
export function walkMatchNode(node: MatchNode, visit: (n: MatchNode) => void): void {
  visit(node);
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'nor':
    case 'elemMatchValue':
      for (const c of node.children) walkMatchNode(c, visit);
      return;
    case 'not':
    case 'elemMatchObject':
      walkMatchNode(node.child, visit);
      return;
    default:
      return;
  }
}

class CompiledMatcher implements Matcher {
  readonly hasExpr: boolean;
  private readonly evaluator: Evaluator;
  private env: RuntimeEnv | undefined;

  constructor(
    readonly root: MatchNode,
    readonly collator: Collator | null,
  ) {
    let hasExpr = false;
    walkMatchNode(root, (n) => {
      if (n.kind === 'expr') hasExpr = true;
    });
    this.hasExpr = hasExpr;
    this.evaluator = buildEvaluator(root, collator);
    keepShape(this);
  }

  matches(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): boolean {
    const e = env ?? (this.env ??= defaultEnv());
    return this.evaluator.doc(doc, e, details);
  }
}

/** Parses and compiles a find filter once. Throws EngineError (server codes) when malformed. */
export function compileQuery(filter: Doc, options: QueryCompileOptions): Matcher {
  // `{path: scalar}` needs no parser (simple-equality.ts); the tree is the same.
  const simple = simpleEqualityNode(filter);
  return simple !== undefined ? new CompiledMatcher(simple, options.collator) : compileParsed(filter, options);
}

/** `compileQuery` through the parser alone, every filter (the shortcut's property test compares with it). */
export function compileParsed(filter: Doc, options: QueryCompileOptions): Matcher {
  const root = parseFilter(filter, {
    collator: options.collator,
    allowExpr: options.allowExpr ?? true,
    allowJsonSchema: options.allowJsonSchema ?? true,
    allowText: options.allowText ?? true,
    allowWhere: options.allowWhere ?? true,
    allowGeoNear: options.allowGeoNear ?? true,
    variables: options.variables,
    constants: options.constants,
    optimizeExpr: options.optimizeExpr,
  });
  // The server matches with the canonical (optimized, sorted) tree: it fixes the positional `$`
  // key and explain's parsedQuery order (normalize.ts).
  return new CompiledMatcher(deepFreeze(normalizeMatchNode(root)), options.collator);
}

function deepFreeze(node: MatchNode): MatchNode {
  walkMatchNode(node, (n) => {
    Object.freeze(n);
    if ('children' in n) Object.freeze(n.children);
  });
  return node;
}

export { serializeMatchNode } from './serialize.js';
