/**
 * The errors of the JSON Schema nodes that hand their children a different document (a
 * sub-document, an array element, a property's value as `{i: value}`) or report about several
 * children at once: `properties` of a nested object (`$_internalSchemaObjectMatch`), `oneOf`
 * (`$_internalSchemaXor`), `items` and `additionalItems`, `additionalProperties` and
 * `patternProperties` (`$_internalSchemaAllowedProperties`), `dependencies`
 * (`$_internalSchemaCond`). doc_validation_error.cpp's helpers of the same names.
 */
import { Int32 } from 'bson';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import type { ValidationErrorContext } from './context.js';
import { elementsAt } from './element-path.js';
import type { ErrorNode } from './error-tree.js';
import { ARRAY_TYPE, LeafErrors } from './visit-leaves.js';

/** `{i: value}`: a value as the JSON Schema sub-expressions see it (`kNamePlaceholder`). */
export function withPlaceholder(value: Value): Doc {
  return new Map([['i', value]]);
}

export function tagOf(node: ErrorNode): string {
  return node.annotation?.tag ?? '';
}

export class SchemaErrors extends LeafErrors {
  constructor(ctx: ValidationErrorContext) {
    super(ctx);
  }

  /** Overridden by the walker: the generic tree-operator frame. */
  protected preVisitTreeOperator(node: ErrorNode): void {
    this.ctx.pushNewFrame(node);
  }

  protected preObjectMatch(node: ErrorNode): void {
    const ctx = this.ctx;
    ctx.pushNewFrame(node);
    if (ctx.state === 'noError') return;
    const values = [...elementsAt(ctx.currentDoc, node.path, 'none')];
    const first = values[0];
    if (isDoc(first) && values.length === 1) ctx.setChildInput(first, ctx.inverted);
    else ctx.setState('noError');
  }

  protected preXor(node: ErrorNode): void {
    const ctx = this.ctx;
    this.preVisitTreeOperator(node);
    ctx.setState('errorNeedChildrenInfo');
    if (!ctx.shouldGenerateError(node)) return;
    const doc = ctx.currentDoc;
    const matching: Value[] = [];
    node.children.forEach((c, i) => {
      if (c.matches(doc)) matching.push(new Int32(i));
    });
    if (matching.length > 0) {
      ctx.flipInversion();
      ctx.setState('errorIgnoreChildren');
      this.appendErrorReason('', 'more than one subschema matched');
      ctx.obj.set('matchingSchemaIndexes', matching);
    }
  }

  /** `items: [subschemas]`: an AND of one `$_internalSchemaMatchArrayIndex` per position. */
  protected preItemsArray(node: ErrorNode): void {
    const ctx = this.ctx;
    ctx.pushNewFrame(node);
    if (node.children.length === 0) return;
    if (this.keywordValue(node.children[0]!, ARRAY_TYPE) !== undefined) {
      this.appendOperatorName(node);
      ctx.setState('errorNeedChildrenInfo');
    } else {
      ctx.setState('noError');
    }
  }

  protected preAllElemMatchFromIndex(node: ErrorNode): void {
    const ctx = this.ctx;
    const tag = tagOf(node);
    const additionalFalse =
      tag === 'additionalItems' && typeof node.annotation!.annotation.values().next().value === 'boolean';
    ctx.pushNewFrame(node);
    const v = this.keywordValue(node, ARRAY_TYPE);
    if (v === undefined) {
      ctx.setState('noError');
      return;
    }
    const array = v as Value[];
    const start = node.index ?? 0;
    if (additionalFalse) {
      this.appendErrorDetails(node);
      this.appendErrorReason('found additional items', '');
      ctx.obj.set('additionalItems', array.slice(start));
      return;
    }
    this.appendOperatorName(node);
    this.appendSchemaAnnotations(node.children[0]!, ctx.obj);
    this.appendErrorReason(
      tag === 'items'
        ? 'At least one item did not match the sub-schema'
        : 'At least one additional item did not match the sub-schema',
      '',
    );
    for (let i = start; i < array.length; i++) {
      if (!node.elementMatches!(array[i]!)) {
        ctx.obj.set('itemIndex', new Int32(i));
        ctx.setChildInput(withPlaceholder(array[i]!), ctx.inverted);
        return;
      }
    }
  }

  protected additionalProperties(node: ErrorNode, doc: Doc): string[] {
    const info = node.allowed!;
    return [...doc.keys()].filter((name) => !info.properties.has(name) && !info.patterns.some((p) => p.test(name)));
  }

  protected firstFailingAdditional(node: ErrorNode, names: readonly string[], doc: Doc): string | undefined {
    return names.find((name) => !node.allowed!.otherwise.matches(withPlaceholder(doc.get(name)!)));
  }

  protected failingPatternProperty(node: ErrorNode, patternIndex: number): string | undefined {
    const pattern = node.allowed!.patterns[patternIndex]!;
    const doc = this.ctx.currentDoc;
    for (const [name, value] of doc)
      if (pattern.test(name) && !pattern.schema.matches(withPlaceholder(value))) return name;
    return undefined;
  }

  protected setAllowedChildInput(name: string): void {
    this.ctx.setState('error');
    this.ctx.setChildInput(withPlaceholder(this.ctx.currentDoc.get(name)!), this.ctx.inverted);
  }

  protected additionalIsSchema(node: ErrorNode): boolean {
    return isDoc(node.annotation!.annotation.values().next().value);
  }

  protected preAllowedProperties(node: ErrorNode): void {
    const ctx = this.ctx;
    ctx.pushNewFrame(node);
    ctx.setState('errorIgnoreChildren');
    if (!ctx.shouldGenerateError(node)) return;
    const doc = ctx.currentDoc;
    const additional = this.additionalProperties(node, doc);
    if (!this.additionalIsSchema(node)) {
      if (!node.allowed!.otherwise.matches(doc) && additional.length > 0) {
        ctx.obj.set('operatorName', 'additionalProperties');
        ctx.obj.set('specifiedAs', new Map([['additionalProperties', false]]));
        ctx.obj.set('additionalProperties', additional);
      }
    } else {
      const failing = this.firstFailingAdditional(node, additional, doc);
      if (failing !== undefined) this.setAllowedChildInput(failing);
    }
  }

  protected allowedPropertiesChildError(node: ErrorNode): void {
    const ctx = this.ctx;
    const childIndex = ctx.childIndex;
    if (!ctx.hasLatest()) return;
    if (childIndex === 0) {
      if (!this.additionalIsSchema(node)) return;
      const doc = ctx.currentDoc;
      const failing = this.firstFailingAdditional(node, this.additionalProperties(node, doc), doc);
      ctx.obj.set('operatorName', 'additionalProperties');
      this.appendSchemaAnnotations(node.children[0]!, ctx.obj);
      ctx.obj.set('reason', 'at least one additional property did not match the subschema');
      if (failing !== undefined) ctx.obj.set('failingProperty', failing);
      ctx.appendLatestTo(ctx.obj);
      return;
    }
    const pattern = node.allowed!.patterns[childIndex - 1]!;
    const name = this.failingPatternProperty(node, childIndex - 1);
    if (ctx.shouldGenerateError(node) && name !== undefined) {
      const entry = new Map<string, Value>([['propertyName', name]]);
      this.appendSchemaAnnotations(pattern.schema, entry);
      entry.set('regexMatched', pattern.raw);
      ctx.appendLatestTo(entry);
      ctx.arr.push(entry);
    }
  }

  protected dependencyError(node: ErrorNode): void {
    const ctx = this.ctx;
    if (!ctx.hasLatest() || ctx.childIndex !== 1) return;
    ctx.obj.set('conditionalProperty', node.annotation!.annotation.keys().next().value as string);
    const tag = tagOf(node);
    if (tag === '_schemaDependency') ctx.appendLatestTo(ctx.obj);
    else if (tag === '_propertyDependency' && ctx.latest.type === 'array')
      ctx.obj.set('missingProperties', ctx.latest.value);
  }

  protected postAllowedProperties(node: ErrorNode): void {
    const ctx = this.ctx;
    if (ctx.shouldGenerateError(node)) {
      this.allowedPropertiesChildError(node);
      const additionalError = new Map(ctx.obj);
      const patternError =
        ctx.arr.length > 0
          ? new Map<string, Value>([
              ['operatorName', 'patternProperties'],
              ['details', [...ctx.arr]],
            ])
          : new Map<string, Value>();
      if (additionalError.size === 0) ctx.latest = { type: 'object', value: patternError };
      else if (patternError.size === 0) ctx.latest = { type: 'object', value: additionalError };
      else ctx.latest = { type: 'array', value: [additionalError, patternError] };
    }
    ctx.popFrame();
  }
}
