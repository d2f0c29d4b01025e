/**
 * The walk that builds a validation error (doc_validation_error.cpp's pre-, in- and post-visitors
 * over the annotated validator): each node pushes a frame before its children, logical nodes
 * collect their children's errors between them, and each node leaves its finished error for its
 * parent. Leaf errors are in visit-leaves.ts, the JSON Schema nodes that hand their children
 * another document in visit-schema.ts; the dispatch and the logical operators are here.
 */
import { Int32 } from 'bson';
import type { Value } from '../../bson/values.js';
import { codeNameOf, isEngineError } from '../../errors.js';
import type { ValidationErrorContext } from './context.js';
import { valueAt } from './element-path.js';
import type { ErrorNode } from './error-tree.js';
import { ARRAY_TYPE, NUMBER_TYPES, STRING_TYPE } from './visit-leaves.js';
import { SchemaErrors, tagOf, withPlaceholder } from './visit-schema.js';

const BIT_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'double', 'decimal', 'binData']);
const REGEX_TYPES: ReadonlySet<string> = new Set(['string', 'symbol', 'regex']);
const ORDERED_CLAUSES = new Set(['$and', '$or', '$nor', 'allOf', 'anyOf', 'oneOf']);

/** AND details field per tag: [normal, inverted]. */
const AND_DETAILS: Readonly<Record<string, readonly [string, string]>> = {
  $and: ['clausesNotSatisfied', 'clausesSatisfied'],
  allOf: ['schemasNotSatisfied', ''],
  properties: ['propertiesNotSatisfied', ''],
  $jsonSchema: ['schemaRulesNotSatisfied', ''],
  _subschema: ['', ''],
  _propertiesExistList: ['', ''],
  items: ['details', ''],
  dependencies: ['failingDependencies', ''],
  required: ['missingProperties', ''],
  _property: ['details', ''],
  '': ['details', ''],
};
const OR_DETAILS: Readonly<Record<string, readonly [string, string]>> = {
  $or: ['clausesNotSatisfied', 'clausesSatisfied'],
  anyOf: ['schemasNotSatisfied', ''],
};

export class ValidationErrorWalker extends SchemaErrors {
  constructor(ctx: ValidationErrorContext) {
    super(ctx);
  }

  walk(node: ErrorNode): void {
    this.pre(node);
    const n = node.children.length;
    node.children.forEach((child, i) => {
      this.walk(child);
      if (i < n - 1) this.in(node);
    });
    this.post(node);
  }

  // ---- pre-visit ----

  private pre(node: ErrorNode): void {
    const ctx = this.ctx;
    switch (node.kind) {
      case 'alwaysTrue':
      case 'alwaysFalse':
        return this.generateAlwaysBooleanError(node);
      case 'and': {
        const tag = tagOf(node);
        if (tag === '$all') {
          return this.generateLogicalLeafError(
            node,
            'array did not contain all specified values',
            'array did contain all specified values',
          );
        }
        if (tag === 'items') return this.preItemsArray(node);
        this.preVisitTreeOperator(node);
        if (!ctx.inverted) ctx.setState('errorNeedChildrenInfo');
        if (tag === '$jsonSchema' && ctx.inverted) {
          ctx.setState('errorIgnoreChildren');
          this.appendErrorReason('', 'schema matched');
        }
        return;
      }
      case 'bits':
        return this.generatePathError(
          node,
          'bitwise operator failed to match',
          'bitwise operator matched successfully',
          BIT_TYPES,
        );
      case 'elemMatchObject':
      case 'elemMatchValue':
        return this.generatePathError(
          node,
          'array did not satisfy the child predicate',
          'array did satisfy the child predicate',
          ARRAY_TYPE,
          'none',
        );
      case 'eq':
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte': {
        const tag = tagOf(node);
        if (tag === 'minimum' || tag === 'maximum') {
          return this.generatePathError(node, 'comparison failed', 'comparison succeeded', NUMBER_TYPES, 'none', true);
        }
        return this.generatePathError(node, 'comparison failed', 'comparison succeeded');
      }
      case 'exists':
        ctx.pushNewFrame(node);
        if (ctx.shouldGenerateError(node) && tagOf(node) !== '_propertyExists') {
          this.appendErrorDetails(node);
          this.appendErrorReason('path does not exist', 'path does exist');
        }
        return;
      case 'expr':
        return this.preExpr(node);
      case 'in':
        return this.generatePathError(node, 'no matching value found in array', 'matching value found in array');
      case 'mod':
        return this.generatePathError(
          node,
          '$mod did not evaluate to expected remainder',
          '$mod did evaluate to expected remainder',
          NUMBER_TYPES,
        );
      case 'nor':
        this.preVisitTreeOperator(node);
        if (!ctx.inverted) ctx.setState('errorNeedChildrenInfo');
        ctx.flipInversion();
        return;
      case 'not':
        this.preVisitTreeOperator(node);
        ctx.flipInversion();
        if (ctx.shouldGenerateError(node) && tagOf(node) === 'not') {
          this.appendErrorReason('', 'child expression matched');
          ctx.setState('errorIgnoreChildren');
        }
        return;
      case 'or':
        if (tagOf(node) === 'enum') {
          return this.generateLogicalLeafError(node, 'value was not found in enum', 'value was found in enum', true);
        }
        this.preVisitTreeOperator(node);
        if (ctx.inverted) ctx.setState('errorNeedChildrenInfo');
        return;
      case 'regex':
        return this.generatePathError(
          node,
          'regular expression did not match',
          'regular expression did match',
          REGEX_TYPES,
          'omitArray',
          tagOf(node) === 'pattern',
        );
      case 'size':
        return this.generatePathError(
          node,
          'array length was not equal to given size',
          'array length was equal to given size',
          ARRAY_TYPE,
          'none',
        );
      case 'type':
        return this.generateTypeError(node, 'omitArray');
      case 'silent':
        return;
      case 'schemaType':
        return this.generateTypeError(node, 'none', true);
      case 'schemaFmod':
        return this.generatePathError(
          node,
          'considered value is not a multiple of the specified value',
          'considered value is a multiple of the specified value',
          NUMBER_TYPES,
          'none',
          true,
        );
      case 'schemaMinLength':
      case 'schemaMaxLength':
        return this.generatePathError(
          node,
          'specified string length was not satisfied',
          'specified string length was satisfied',
          STRING_TYPE,
          'none',
          true,
        );
      case 'schemaMinItems':
      case 'schemaMaxItems':
        return this.generateItemsCountError(node);
      case 'schemaMinProperties':
      case 'schemaMaxProperties':
        return this.generateNumPropertiesError(node);
      case 'schemaUniqueItems':
        return this.generateUniqueItemsError(node);
      case 'schemaObjectMatch':
        return this.preObjectMatch(node);
      case 'schemaXor':
        return this.preXor(node);
      case 'schemaCond':
        ctx.pushNewFrame(node);
        if (ctx.shouldGenerateError(node) && !node.children[0]!.matches(ctx.currentDoc)) ctx.setState('noError');
        return;
      case 'schemaAllowedProperties':
        return this.preAllowedProperties(node);
      case 'schemaAllElemMatchFromIndex':
        return this.preAllElemMatchFromIndex(node);
      case 'schemaApproximate':
        ctx.pushNewFrame(node);
        if (ctx.shouldGenerateError(node)) for (const [k, v] of node.approximate!(ctx.currentDoc)) ctx.obj.set(k, v);
        return;
      case 'schemaMatchArrayIndex': {
        ctx.pushNewFrame(node);
        if (!ctx.shouldGenerateError(node)) return;
        const array = valueAt(ctx.currentDoc, node.path) as Value[];
        ctx.obj.set('itemIndex', new Int32(node.index ?? 0));
        ctx.setChildInput(withPlaceholder(array[node.index ?? 0]!), ctx.inverted);
        return;
      }
    }
  }

  protected override preVisitTreeOperator(node: ErrorNode): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    const tag = tagOf(node);
    if (!tag.startsWith('_')) this.appendOperatorName(node);
    if (tag === 'required') this.appendSpecifiedAs(node);
    else for (const [k, v] of node.annotation!.annotation) this.ctx.obj.set(k, v);
  }

  private preExpr(node: ErrorNode): void {
    const ctx = this.ctx;
    ctx.pushNewFrame(node);
    if (!ctx.shouldGenerateError(node)) return;
    this.appendErrorDetails(node);
    try {
      const result = node.evaluate!(ctx.currentDoc);
      this.appendErrorReason('expression did not match', 'expression did match');
      if (result !== undefined) ctx.obj.set('expressionResult', result);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      ctx.obj.set('reason', 'failed to evaluate aggregation expression');
      ctx.obj.set(
        'details',
        new Map<string, Value>([
          ['code', new Int32(e.code)],
          ['codeName', codeNameOf(e.code) ?? `Location${e.code}`],
          ['errmsg', e.errmsg],
        ]),
      );
    }
  }

  // ---- in-visit (between two children) ----

  private in(node: ErrorNode): void {
    const ctx = this.ctx;
    switch (node.kind) {
      case 'and':
      case 'or':
      case 'nor':
        return this.finishLogicalChild(node);
      case 'schemaXor':
        if (!ctx.inverted) this.finishLogicalChild(node);
        return;
      case 'schemaAllowedProperties':
        if (ctx.shouldGenerateError(node)) {
          this.allowedPropertiesChildError(node);
          ctx.setState('errorIgnoreChildren');
          const name = this.failingPatternProperty(node, ctx.childIndex);
          if (name !== undefined) this.setAllowedChildInput(name);
        }
        ctx.incrementChildIndex();
        return;
      case 'schemaCond':
        if (ctx.shouldGenerateError(node)) this.dependencyError(node);
        ctx.incrementChildIndex();
        return;
      default:
        return;
    }
  }

  /** `finishLogicalOperatorChildError`: the child just visited adds its error, with its index for named operators. */
  private finishLogicalChild(node: ErrorNode): void {
    const ctx = this.ctx;
    if (ctx.shouldGenerateError(node) && ctx.state !== 'errorIgnoreChildren' && ctx.hasLatest()) {
      if (ORDERED_CLAUSES.has(tagOf(node))) {
        const entry = new Map<string, Value>([['index', new Int32(ctx.childIndex)]]);
        this.appendSchemaAnnotations(node.children[ctx.childIndex]!, entry);
        ctx.appendLatestTo(entry);
        ctx.arr.push(entry);
      } else {
        ctx.appendLatestToArray(ctx.arr);
      }
    }
    ctx.incrementChildIndex();
  }

  // ---- post-visit ----

  private post(node: ErrorNode): void {
    const ctx = this.ctx;
    switch (node.kind) {
      case 'and': {
        const tag = tagOf(node);
        if (tag === '$all' || (tag === '$jsonSchema' && ctx.inverted)) return ctx.finishCurrentError(node);
        const names = AND_DETAILS[tag] ?? AND_DETAILS['']!;
        return this.postVisitTreeOperator(node, ctx.inverted ? names[1] : names[0]);
      }
      case 'nor':
        return this.postVisitTreeOperator(node, ctx.inverted ? 'clausesSatisfied' : 'clausesNotSatisfied');
      case 'not':
        if (ctx.shouldGenerateError(node) && tagOf(node) !== 'not') ctx.appendLatestTo(ctx.obj);
        return ctx.finishCurrentError(node);
      case 'or': {
        const tag = tagOf(node);
        if (tag === 'enum' || !ctx.shouldGenerateError(node)) return ctx.finishCurrentError(node);
        const names = OR_DETAILS[tag] ?? OR_DETAILS['$or']!;
        return this.postVisitTreeOperator(node, ctx.inverted ? names[1] : names[0]);
      }
      case 'exists':
        if (ctx.shouldGenerateError(node) && tagOf(node) === '_propertyExists') {
          ctx.latest = { type: 'string', value: node.path };
          ctx.popFrame();
          return;
        }
        return ctx.finishCurrentError(node);
      case 'silent':
        return;
      case 'schemaXor':
        if (!ctx.inverted) return this.postVisitTreeOperator(node, 'schemasNotSatisfied');
        return ctx.finishCurrentError(node);
      case 'schemaAllElemMatchFromIndex': {
        const additionalFalse =
          tagOf(node) === 'additionalItems' && typeof node.annotation!.annotation.values().next().value === 'boolean';
        if (!additionalFalse && ctx.shouldGenerateError(node)) ctx.appendLatestTo(ctx.obj);
        return ctx.finishCurrentError(node);
      }
      case 'schemaMatchArrayIndex':
        if (ctx.shouldGenerateError(node)) ctx.appendLatestTo(ctx.obj);
        return ctx.finishCurrentError(node);
      case 'schemaAllowedProperties':
        return this.postAllowedProperties(node);
      default:
        return ctx.finishCurrentError(node);
    }
  }

  private postVisitTreeOperator(node: ErrorNode, detailsField: string): void {
    const ctx = this.ctx;
    this.appendSchemaAnnotations(node, ctx.obj);
    this.finishLogicalChild(node);
    const tag = tagOf(node);
    if (ctx.shouldGenerateError(node) && (tag === 'properties' || tag === '_property') && ctx.arr.length === 0) {
      ctx.setState('noError');
    }
    if (ctx.shouldGenerateError(node) && !ctx.producesArray(node)) ctx.obj.set(detailsField, [...ctx.arr]);
    ctx.finishCurrentError(node);
  }
}
