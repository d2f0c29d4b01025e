/**
 * Find filter → `MatchNode` tree, following the server's `MatchExpressionParser`
 * (`src/mongo/db/matcher/expression_parser.cpp`): same operator table, same nesting rules, same
 * error codes and texts. Runs once per statement; nothing here looks at documents.
 */
import { BSONRegExp, isArray, isDoc, isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import type { Collator } from '../bson/compare.js';
import { fail, type EngineError } from '../errors.js';
import { parseExpression } from '../expr/index.js';
import { compileJsonSchema } from './json-schema.js';
import type { ComparisonOp, MatchNode } from './nodes.js';
import { compileRegex, type CompiledRegex } from './regex.js';
import { parseTypeSet } from './type-set.js';
import { integerArgument, integerElementToLong, numberValue, parseBitPositions, parseMod } from './numeric-arguments.js';
import { firstKey, GEO, GEO_NEAR, GEO_NEAR_NOT_ALLOWED, isExpressionDocument, isPathAcceptingKeyword, PATHLESS } from './keywords.js';

export interface ParseOptions {
  readonly collator: Collator | null;
  /** `$expr` allowed (find, update q: yes; arrayFilters: no → 224). */
  readonly allowExpr: boolean;
  /** `$jsonSchema` allowed (arrayFilters: no → 224). */
  readonly allowJsonSchema: boolean;
  /** `$text` allowed in this context (it is still unsupported by the playground). */
  readonly allowText: boolean;
  /** `$where` allowed in this context (it is still unsupported by the playground). */
  readonly allowWhere: boolean;
  /** `$near`/`$nearSphere`/`$geoNear` allowed (`kGeoNear`; `$pull` and arrayFilters: no → 5626500). */
  readonly allowGeoNear?: boolean;
  /** User variables in scope for `$expr` (`let`). */
  readonly variables: ReadonlySet<string> | undefined;
  /** Values of the command's `let` (and a statement's `c`), constants for `$expr`'s parse. */
  readonly constants?: ReadonlyMap<string, Value> | undefined;
  /**
   * Optimize `$expr` as the canonical query does (`ExprMatchExpression::getOptimizer`): its
   * constant subexpressions fold, and the first folding error fails the parse after the whole
   * filter has parsed. find, count, distinct, update, delete and findAndModify filters.
   */
  readonly optimizeExpr?: boolean | undefined;
}

/** Where the parser is (`DocumentParseLevel`): `$expr`/`$text` only work on whole documents. */
type Level = 'predicateTop' | 'documentTop' | 'subDocument';

const PLAYGROUND = 'the Upsert Lab playground';

/** `BSONDepth::getMaxDepthForUserStorage()`: the longest filter path accepted. */
const MAX_PATH_COMPONENTS = 180;

/** `BSONElement::trueValue`. */
function trueValue(v: Value): boolean {
  if (v === null || v === false) return false;
  if (typeof v === 'number') return v !== 0; // NaN is true, as `NaN != 0` in C++
  switch (typeOf(v)) {
    case 'undefined':
      return false;
    case 'int':
    case 'long':
    case 'decimal':
      return !/^-?0(\.0*)?(E[+-]?\d+)?$/i.test(String(v));
    default:
      return true;
  }
}

function unsupported(op: string, why: string): never {
  throw fail(2, `${op} is not supported in ${PLAYGROUND}: ${why}`);
}

const GEO_WHY = 'geospatial queries are not implemented';

class FilterParser {
  /** Errors of `$expr`'s optimization, thrown once the whole filter has parsed. */
  readonly optimizeErrors: EngineError[] = [];
  constructor(private readonly options: ParseOptions) {}

  /** A filter document (`parse`): an implicit AND of its clauses. */
  parseFilter(filter: Doc, level: Level): MatchNode {
    const nextLevel: Level = level === 'predicateTop' ? 'documentTop' : level;
    const children: MatchNode[] = [];
    for (const [key, value] of filter) {
      if (key.startsWith('$')) {
        const node = this.parsePathless(key, value, level);
        if (node) children.push(node);
        continue;
      }
      if (key.split('.').length > MAX_PATH_COMPONENTS) throw fail(5729100, 'FieldPath is too long');
      if (isExpressionDocument(value, false)) {
        this.parseSub(key, value, nextLevel, children);
        continue;
      }
      if (value instanceof BSONRegExp) {
        children.push(this.regexNode(key, value.pattern, value.options));
        continue;
      }
      children.push(this.comparison('$eq', key, value));
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private parsePathless(key: string, value: Value, level: Level): MatchNode | null {
    // Keep ACCEPTED_TOP_LEVEL_OPERATORS (operator-names.ts) in step with these cases.
    const name = key.slice(1);
    switch (name) {
      case 'and':
      case 'or':
      case 'nor':
        return this.parseTree(key as '$and' | '$or' | '$nor', value, level);
      case 'comment':
        return null;
      case 'expr':
        if (level === 'subDocument') throw fail(2, '$expr can only be applied to the top-level document');
        if (!this.options.allowExpr) throw fail(224, '$expr is not allowed in this context');
        return {
          kind: 'expr',
          spec: value,
          expression: parseExpression(value, {
            collator: this.options.collator,
            variables: this.options.variables,
            constants: this.options.constants,
            optimizeErrors: this.options.optimizeExpr ? this.optimizeErrors : undefined,
          }),
        };
      case 'jsonSchema':
        if (!this.options.allowJsonSchema) throw fail(224, '$jsonSchema is not allowed in this context');
        if (!isDoc(value)) throw fail(14, '$jsonSchema must be an object');
        return compileJsonSchema(value);
      case 'where':
        if (!this.options.allowWhere) throw fail(2, '$where is not allowed in this context');
        if (level === 'subDocument') throw fail(2, '$where can only be applied to the top-level document');
        return unsupported('$where', 'it runs JavaScript, and the playground never executes user JavaScript');
      case 'text':
        if (level === 'subDocument') throw fail(2, '$text can only be applied to the top-level document');
        if (!this.options.allowText) throw fail(2, '$text is not allowed in this context');
        return unsupported('$text', 'text search needs a text index, which the playground does not implement');
      case 'sampleRate': {
        if (level === 'subDocument') throw fail(2, '$sampleRate can only be applied to the top-level document');
        if (!isNumber(value)) throw fail(2, 'argument to $sampleRate must be a numeric type');
        const x = numberValue(value);
        if (!(x >= 0 && x <= 1)) throw fail(2, 'numeric argument to $sampleRate must be in [0, 1]');
        // 0 and 1 are exact (the server turns them into false/true); anything between is random.
        if (x === 0) return { kind: 'alwaysFalse' };
        if (x === 1) return { kind: 'alwaysTrue' };
        return unsupported('$sampleRate', 'random sampling would make results non-reproducible');
      }
      case 'alwaysTrue':
      case 'alwaysFalse': {
        const n = integerElementToLong(key, value);
        if (n !== 1n) throw fail(9, `${key} must be an integer value of 1`);
        return { kind: name };
      }
      case 'id':
        // A DBRef field queried directly: plain equality on the field named "$id"/"$ref"/"$db".
        return { kind: 'compare', op: '$eq', path: key, value };
      case 'ref':
      case 'db':
        // parseDBRef: only `$id` is collation-aware; `$ref` and `$db` compare binary.
        return { kind: 'compare', op: '$eq', path: key, value, binary: true };
      default:
        throw fail(
          2,
          name === 'not'
            ? `unknown top level operator: ${key}. If you are trying to negate an entire expression, use $nor.`
            : `unknown top level operator: ${key}. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.`,
        );
    }
  }

  private parseTree(op: '$and' | '$or' | '$nor', value: Value, level: Level): MatchNode {
    if (!isArray(value)) throw fail(2, `${op} must be an array`);
    if (value.length === 0) throw fail(2, '$and/$or/$nor must be a nonempty array');
    const children = value.map((e) => {
      if (!isDoc(e)) throw fail(2, '$or/$and/$nor entries need to be full objects');
      return this.parseFilter(e, level);
    });
    return { kind: op === '$and' ? 'and' : op === '$or' ? 'or' : 'nor', children };
  }

  /** `{field: {$op: …, $op2: …}}`: one node per operator, appended to `out`. */
  private parseSub(name: string, sub: Doc, level: Level, out: MatchNode[]): void {
    for (const [op, value] of sub) {
      const node = this.parseSubField(sub, name, op, value, level);
      if (node) out.push(node);
    }
  }

  private parseSubField(context: Doc, name: string, op: string, value: Value, level: Level): MatchNode | null {
    switch (op) {
      case '$eq':
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        return this.comparison(op, name, value);
      case '$ne':
        if (value instanceof BSONRegExp) throw fail(2, "Can't have regex as arg to $ne.");
        return { kind: 'not', operator: '$ne', child: this.comparison('$eq', name, value) };
      case '$not':
        return this.parseNot(name, value, level);
      case '$in':
        if (!isArray(value)) throw fail(2, '$in needs an array');
        return this.inNode(name, value);
      case '$nin':
        if (!isArray(value)) throw fail(2, '$nin needs an array');
        return { kind: 'not', operator: '$nin', child: this.inNode(name, value) };
      case '$size':
        return {
          kind: 'size',
          path: name,
          size: Number(integerArgument('$size', value, 'Failed to parse $size. ', 'int')),
        };
      case '$exists': {
        const node: MatchNode = { kind: 'exists', path: name };
        return trueValue(value) ? node : { kind: 'not', operator: '$exists', child: node };
      }
      case '$type':
        return { kind: 'type', path: name, typeSet: parseTypeSet(value, name) };
      case '$mod':
        return parseMod(name, value);
      case '$options':
        if (context.has('$regex')) return null;
        throw fail(2, '$options needs a $regex');
      case '$regex':
        return this.parseRegexDocument(name, context);
      case '$elemMatch':
        return this.parseElemMatch(name, value);
      case '$all':
        return this.parseAll(name, value);
      case '$bitsAllSet':
      case '$bitsAllClear':
      case '$bitsAnySet':
      case '$bitsAnyClear':
        return { kind: 'bits', op, path: name, positions: parseBitPositions(name, op, value) };
      case '$_internalExprEq':
      case '$_internalExprGt':
      case '$_internalExprGte':
      case '$_internalExprLt':
      case '$_internalExprLte': {
        const t = typeOf(value);
        if (t === 'undefined' || t === 'array') throw fail(2, `${op} cannot be used to compare to type: ${t}`);
        return { kind: 'internalExpr', op, path: name, value };
      }
      case '$where':
        throw fail(2, '$where cannot be applied to a field');
      default:
        if (GEO_NEAR.has(op) && this.options.allowGeoNear === false) throw fail(5626500, GEO_NEAR_NOT_ALLOWED);
        if (GEO.has(op)) return unsupported(op, GEO_WHY);
        throw fail(2, `unknown operator: ${op}`);
    }
  }

  private comparison(op: ComparisonOp, path: string, value: Value): MatchNode {
    if (op !== '$eq' && value instanceof BSONRegExp) {
      throw fail(2, `Can't have RegEx as arg to predicate over field '${path}'.`);
    }
    if (typeOf(value) === 'undefined') throw fail(2, 'cannot compare to undefined');
    return { kind: 'compare', op, path, value };
  }

  private regexNode(path: string, pattern: string, options: string): MatchNode {
    return { kind: 'regex', path, regex: compileRegex(pattern, options) };
  }

  private inNode(path: string, arr: readonly Value[]): MatchNode {
    const values: Value[] = [];
    const regexes: CompiledRegex[] = [];
    for (const e of arr) {
      if (isExpressionDocument(e, false)) throw fail(2, 'cannot nest $ under $in');
      if (e instanceof BSONRegExp) {
        regexes.push(compileRegex(e.pattern, e.options));
        continue;
      }
      if (typeOf(e) === 'undefined') throw fail(2, 'InMatchExpression equality cannot be undefined');
      values.push(e);
    }
    return { kind: 'in', path, values, regexes };
  }

  private parseNot(name: string, value: Value, level: Level): MatchNode {
    if (value instanceof BSONRegExp) {
      return { kind: 'not', operator: '$not', child: this.regexNode(name, value.pattern, value.options) };
    }
    if (!isDoc(value)) throw fail(2, '$not needs a regex or a document');
    if (value.size === 0) throw fail(2, '$not cannot be empty');
    const children: MatchNode[] = [];
    this.parseSub(name, value, level, children);
    const child: MatchNode = children.length === 1 ? children[0]! : { kind: 'and', children };
    return { kind: 'not', operator: '$not', child };
  }

  private parseRegexDocument(name: string, context: Doc): MatchNode {
    let pattern = '';
    let options = '';
    for (const [k, v] of context) {
      if (k === '$regex') {
        if (typeof v === 'string') {
          pattern = v;
        } else if (v instanceof BSONRegExp) {
          pattern = v.pattern;
          if (v.options !== '') {
            if (options !== '') throw fail(51074, 'options set in both $regex and $options');
            options = v.options;
          }
        } else {
          throw fail(2, '$regex has to be a string');
        }
      } else if (k === '$options') {
        if (typeof v !== 'string') throw fail(2, '$options has to be a string');
        if (options !== '') throw fail(51075, 'options set in both $regex and $options');
        options = v;
      }
    }
    return this.regexNode(name, pattern, options);
  }

  private parseElemMatch(name: string, value: Value): MatchNode {
    if (!isDoc(value)) throw fail(2, '$elemMatch needs an Object');
    const isValueForm = isExpressionDocument(value, true) && !PATHLESS.has(firstKey(value)!.slice(1));
    if (isValueForm) {
      const children: MatchNode[] = [];
      this.parseSub('', value, 'subDocument', children);
      return { kind: 'elemMatchValue', path: name, children };
    }
    return { kind: 'elemMatchObject', path: name, child: this.parseFilter(value, 'subDocument') };
  }

  private parseAll(name: string, value: Value): MatchNode {
    if (!isArray(value)) throw fail(2, '$all needs an array');
    const first = value[0];
    const children: MatchNode[] = [];
    if (first !== undefined && isDoc(first) && firstKey(first) === '$elemMatch') {
      for (const e of value) {
        if (!isDoc(e) || firstKey(e) !== '$elemMatch') throw fail(2, '$all/$elemMatch has to be consistent');
        children.push(this.parseElemMatch(name, e.get('$elemMatch')!));
      }
      return children.length === 1 ? children[0]! : { kind: 'and', children };
    }
    for (const e of value) {
      if (e instanceof BSONRegExp) {
        children.push(this.regexNode(name, e.pattern, e.options));
      } else if (isDoc(e) && e.size > 0 && isPathAcceptingKeyword(firstKey(e)!)) {
        throw fail(2, 'no $ expressions in $all');
      } else {
        children.push(this.comparison('$eq', name, e));
      }
    }
    if (children.length === 0) return { kind: 'alwaysFalse' };
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }
}

/** Parses a filter document into a `MatchNode` tree (throws EngineError on malformed input). */
export function parseFilter(filter: Doc, options: ParseOptions): MatchNode {
  const parser = new FilterParser(options);
  const root = parser.parseFilter(filter, 'predicateTop');
  // MatchExpression::optimize runs after MatchExpressionParser::parse has read the whole filter.
  const first = parser.optimizeErrors[0];
  if (first) throw first;
  return root;
}
