/**
 * Builds the annotated tree of a validator (error-tree.ts) the way the server's
 * `MatchExpressionParser` annotates it when `isParsingCollectionValidator` is set
 * (expression_parser.cpp): the root and every `$and`/`$or`/`$nor` are tagged with their name and
 * an empty annotation; a top-level equality is `$eq` with `{path: value}`; an operator clause is
 * tagged with the operator and annotated `{path: {op: argument}}`; `$ne`, `$nin` and
 * `$exists: false` are a NOT that ignores but descends over the `$ne`/`$nin`/`$exists` node;
 * `$regex` is annotated with the whole operator document it sits in; `$not` is a `$not` NOT over
 * a `$and` of its clauses (ignored but descended into when there is one clause); the children of
 * `$elemMatch` and `$all` are ignored. A filter document of one clause is that clause.
 *
 * The validator has already been parsed by the engine (it is stored), so the shapes here are
 * valid; matching is delegated to the engine's matcher, one small filter per node.
 */
import type { Collator } from '../../bson/compare.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { coerceToBool } from '../../expr/boolean.js';
import { compileFilter } from '../filter.js';
import type { ExprNode } from '../../query/nodes.js';
import { defaultEnv } from '../../query/evaluate.js';
import {
  annotate,
  IGNORE,
  IGNORE_BUT_DESCEND,
  type ErrorAnnotation,
  type ErrorNode,
  type ErrorNodeKind,
} from './error-tree.js';
import { jsonSchemaErrorTree } from './json-schema-tree.js';
import { filterNode, notNode } from './nodes.js';
export { filterNode, notNode };

function d(entries: [string, Value][]): Doc {
  return new Map(entries);
}

function logical(kind: 'and' | 'or' | 'nor', annotation: ErrorAnnotation | null, children: ErrorNode[]): ErrorNode {
  return {
    kind,
    path: '',
    annotation,
    children,
    matches: (doc) =>
      kind === 'and'
        ? children.every((c) => c.matches(doc))
        : kind === 'or'
          ? children.some((c) => c.matches(doc))
          : !children.some((c) => c.matches(doc)),
  };
}

function isRegex(v: Value): boolean {
  return typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'BSONRegExp';
}

/** `isExpressionDocument(e, false)`: a non-empty document whose first field starts with `$` and is not a DBRef. */
function isExpressionDocument(v: Value): v is Doc {
  if (!isDoc(v) || v.size === 0) return false;
  const first = v.keys().next().value as string;
  if (!first.startsWith('$')) return false;
  return !(v.has('$ref') && v.has('$id'));
}

const COMPARISONS: Readonly<Record<string, ErrorNodeKind>> = {
  $eq: 'eq',
  $lt: 'lt',
  $lte: 'lte',
  $gt: 'gt',
  $gte: 'gte',
};
const BITS = new Set(['$bitsAllSet', '$bitsAllClear', '$bitsAnySet', '$bitsAnyClear']);

class ValidatorTreeBuilder {
  constructor(private readonly collator: Collator | null) {}

  /** `parse()`: an implicit `$and` of the clauses, or the one clause. */
  parse(obj: Doc): ErrorNode {
    const children: ErrorNode[] = [];
    for (const [name, value] of obj) {
      if (name.startsWith('$')) {
        const node = this.pathless(name, value);
        if (node) children.push(node);
      } else if (isExpressionDocument(value)) {
        this.parseSub(name, value, children);
      } else if (isRegex(value)) {
        children.push(
          filterNode('regex', name, annotate('$regex', d([[name, value]])), d([[name, value]]), this.collator),
        );
      } else {
        const filter = d([[name, d([['$eq', value]])]]);
        children.push(filterNode('eq', name, annotate('$eq', d([[name, value]])), filter, this.collator));
      }
    }
    if (children.length === 1) return children[0]!;
    return logical('and', annotate('$and', new Map()), children);
  }

  private leaf(kind: ErrorNodeKind, path: string, tag: string, op: string, arg: Value): ErrorNode {
    const filter = d([[path, d([[op, arg]])]]);
    return filterNode(kind, path, annotate(tag, d([[path, d([[tag, arg]])]])), filter, this.collator);
  }

  private pathless(name: string, value: Value): ErrorNode | undefined {
    switch (name) {
      case '$and':
      case '$or':
      case '$nor': {
        const clauses = (value as Value[]).map((c) => this.parse(c as Doc));
        return logical(name === '$and' ? 'and' : name === '$or' ? 'or' : 'nor', annotate(name, new Map()), clauses);
      }
      case '$expr':
        return this.expr(d([[name, value]]), annotate('$expr', d([[name, value]])));
      case '$sampleRate':
        // 0 and 1 are constant `$expr`s annotated as `$sampleRate` (anything else is refused by the playground).
        return this.expr(
          d([['$expr', d([['$literal', Number(value) === 1]])]]),
          annotate('$sampleRate', d([[name, value]])),
        );
      case '$jsonSchema':
        return jsonSchemaErrorTree(value as Doc, this.collator);
      case '$comment':
        return undefined;
      case '$alwaysTrue':
      case '$alwaysFalse':
        // The parser gives these no annotation.
        return filterNode(
          name === '$alwaysTrue' ? 'alwaysTrue' : 'alwaysFalse',
          '',
          null,
          d([[name, value]]),
          this.collator,
        );
      default:
        // `$id`/`$ref`/`$db` (parseDBRef) and internal operators carry no annotation either.
        return filterNode('eq', name, null, d([[name, value]]), this.collator);
    }
  }

  private expr(filter: Doc, annotation: ErrorAnnotation): ErrorNode {
    let node: ExprNode | undefined;
    const exprNode = (): ExprNode => {
      node ??= compileFilter(filter, this.collator).root as ExprNode;
      return node;
    };
    const base = filterNode('expr', '', annotation, filter, this.collator);
    return { ...base, matches: base.matches, evaluate: (doc) => exprNode().expression.evaluate(doc, defaultEnv()) };
  }

  /** `parseSub`: each operator of `{path: {op: arg, …}}` added to the enclosing AND. */
  private parseSub(name: string, sub: Doc, into: ErrorNode[]): void {
    for (const [op, arg] of sub) {
      const node = this.subField(name, sub, op, arg);
      if (node) into.push(node);
    }
  }

  private subField(name: string, context: Doc, op: string, arg: Value): ErrorNode | undefined {
    if (op === '$not') return this.not(name, arg);
    const kind = COMPARISONS[op];
    if (kind) return this.leaf(kind, name, op, op, arg);
    switch (op) {
      case '$ne':
        return notNode(IGNORE_BUT_DESCEND, this.leaf('eq', name, '$ne', '$eq', arg));
      case '$in':
        return this.leaf('in', name, '$in', '$in', arg);
      case '$nin':
        return notNode(IGNORE_BUT_DESCEND, this.leaf('in', name, '$nin', '$in', arg));
      case '$size':
        return this.leaf('size', name, '$size', '$size', arg);
      case '$exists': {
        const exists = filterNode(
          'exists',
          name,
          annotate('$exists', d([[name, d([[op, arg]])]])),
          d([[name, d([['$exists', true]])]]),
          this.collator,
        );
        return coerceToBool(arg) ? exists : notNode(IGNORE_BUT_DESCEND, exists);
      }
      case '$type':
        return this.leaf('type', name, '$type', '$type', arg);
      case '$mod':
        return this.leaf('mod', name, '$mod', '$mod', arg);
      case '$options':
        return undefined;
      case '$regex': {
        const regexFilter = new Map<string, Value>([['$regex', arg]]);
        const options = context.get('$options');
        if (options !== undefined) regexFilter.set('$options', options);
        return filterNode(
          'regex',
          name,
          annotate('$regex', d([[name, context]])),
          d([[name, regexFilter]]),
          this.collator,
        );
      }
      case '$elemMatch': {
        const valueCase =
          isDoc(arg) &&
          arg.size > 0 &&
          (arg.keys().next().value as string).startsWith('$') &&
          !isPathless(arg.keys().next().value as string);
        return this.leaf(valueCase ? 'elemMatchValue' : 'elemMatchObject', name, '$elemMatch', '$elemMatch', arg);
      }
      case '$all': {
        const values = arg as Value[];
        const annotation = annotate('$all', d([[name, d([['$all', arg]])]]));
        if (values.length === 0)
          return filterNode('alwaysFalse', name, annotation, d([['$alwaysFalse', 1]]), this.collator);
        // The children (ignored for errors) only give the path the `$all` error reads.
        const children = values.map(() => filterNode('eq', name, IGNORE, new Map(), this.collator));
        return filterNode('and', name, annotation, d([[name, d([['$all', arg]])]]), this.collator, children);
      }
      default:
        if (BITS.has(op)) return this.leaf('bits', name, op, op, arg);
        // Internal operators carry no annotation.
        return filterNode('silent', name, null, d([[name, d([[op, arg]])]]), this.collator);
    }
  }

  /** `parseNot`: `$not` over a regex, or over a `$and` of the clauses of its document. */
  private not(name: string, arg: Value): ErrorNode {
    const notAnnotation = annotate('$not', new Map());
    if (isRegex(arg)) {
      return notNode(
        notAnnotation,
        filterNode('regex', name, annotate('$regex', d([[name, arg]])), d([[name, arg]]), this.collator),
      );
    }
    const clauses: ErrorNode[] = [];
    this.parseSub(name, arg as Doc, clauses);
    const and = logical('and', clauses.length === 1 ? IGNORE_BUT_DESCEND : annotate('$and', new Map()), clauses);
    return notNode(notAnnotation, and);
  }
}

/** Operators a filter accepts at the top level (`retrievePathlessParser`); `$elemMatch` over them is the object case. */
function isPathless(op: string): boolean {
  return (
    [
      '$and',
      '$or',
      '$nor',
      '$expr',
      '$jsonSchema',
      '$comment',
      '$where',
      '$text',
      '$alwaysTrue',
      '$alwaysFalse',
      '$sampleRate',
      '$id',
      '$ref',
      '$db',
    ].includes(op) || op.startsWith('$_internal')
  );
}

/** The annotated tree of a collection's validator. */
export function validatorErrorTree(validator: Doc, collator: Collator | null): ErrorNode {
  return new ValidatorTreeBuilder(collator).parse(validator);
}
