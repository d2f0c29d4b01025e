/**
 * The error a leaf node writes into its frame (doc_validation_error.cpp's `generatePathError`,
 * `generateTypeError`, `generateLogicalLeafError`, the JSON Schema keyword errors): operator name,
 * `specifiedAs`, the reason (normal or inverted), and the values the path gives.
 */
import { Int32 } from 'bson';
import { typeOf, type Doc, type Value } from '../../bson/values.js';
import type { ValidationErrorContext } from './context.js';
import { valueAt, valuesArray, type LeafArrayBehavior } from './element-path.js';
import type { ErrorNode } from './error-tree.js';

export const NUMBER_TYPES: ReadonlySet<string> = new Set(['int', 'long', 'double', 'decimal']);
export const ARRAY_TYPE: ReadonlySet<string> = new Set(['array']);
export const STRING_TYPE: ReadonlySet<string> = new Set(['string']);

type Values = { values: Value[]; truncated: boolean } | undefined;

export class LeafErrors {
  constructor(protected readonly ctx: ValidationErrorContext) {}

  appendOperatorName(node: ErrorNode): void {
    const tag = node.annotation?.tag ?? '';
    if (tag !== '') this.ctx.obj.set('operatorName', tag);
  }

  appendSpecifiedAs(node: ErrorNode, into: Map<string, Value> = this.ctx.obj): void {
    if (this.ctx.truncate) return;
    into.set('specifiedAs', node.annotation?.annotation ?? new Map());
  }

  appendErrorDetails(node: ErrorNode): void {
    this.appendOperatorName(node);
    this.appendSpecifiedAs(node);
  }

  appendSchemaAnnotations(node: ErrorNode, into: Map<string, Value>): void {
    const extra = node.annotation?.schemaAnnotations;
    if (extra) for (const [k, v] of extra) into.set(k, v);
  }

  appendErrorReason(normal: string, inverted: string): void {
    const obj = this.ctx.obj;
    if (obj.has('reason')) return;
    obj.set('reason', this.ctx.inverted ? inverted : normal);
  }

  /** `createValuesArray` over the current document (the root document for an empty path). */
  valuesArray(path: string, leaf: LeafArrayBehavior): Values {
    if (path === '') return { values: [this.ctx.rootDoc], truncated: false };
    const out = valuesArray(this.ctx.currentDoc, path, leaf, this.ctx.maxConsideredValues);
    if (out?.truncated) this.ctx.markConsideredValuesTruncated();
    return out;
  }

  appendMissingField(arr: Values): void {
    if (!arr) this.ctx.obj.set('reason', 'field was missing');
  }

  appendTypeMismatch(arr: Values, expected: ReadonlySet<string> | undefined): void {
    if (!arr || this.ctx.obj.has('reason') || !expected) return;
    if (arr.values.some((v) => expected.has(typeOf(v)))) return;
    this.ctx.obj.set('reason', 'type did not match');
    this.appendConsideredTypes(arr);
    const types = [...expected].sort();
    if (types.length === 1) this.ctx.obj.set('expectedType', types[0]!);
    else this.ctx.obj.set('expectedTypes', types);
  }

  appendConsideredValues(arr: Values): void {
    if (!arr || this.ctx.truncate) return;
    if (arr.values.length === 1) this.ctx.obj.set('consideredValue', arr.values[0]!);
    else this.ctx.obj.set('consideredValues', arr.values);
    if (this.ctx.consideredValuesTruncated) this.ctx.obj.set('consideredValuesTruncated', true);
  }

  appendConsideredTypes(arr: Values): void {
    if (!arr || arr.values.length === 0) return;
    const types = [...new Set(arr.values.map((v) => typeOf(v) as string))].sort();
    if (types.length === 1) this.ctx.obj.set('consideredType', types[0]!);
    else this.ctx.obj.set('consideredTypes', types);
  }

  /**
   * `getValueForKeywordExpressionIfShouldGenerateError`: a JSON Schema keyword reports only when
   * the value at its path exists and has one of the types the keyword applies to (otherwise the
   * `required` or `type` node next to it explains the failure); never in an inverted context.
   */
  keywordValue(node: ErrorNode, expected: ReadonlySet<string>): Value | undefined {
    if (!this.ctx.shouldGenerateError(node) || this.ctx.inverted) return undefined;
    const v = valueAt(this.ctx.currentDoc, node.path);
    return v !== undefined && expected.has(typeOf(v)) ? v : undefined;
  }

  generatePathError(
    node: ErrorNode,
    normal: string,
    inverted: string,
    expected?: ReadonlySet<string>,
    leaf: LeafArrayBehavior = 'omitArray',
    isJsonSchemaKeyword = false,
  ): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    if (isJsonSchemaKeyword && this.keywordValue(node, expected!) === undefined) {
      this.ctx.setState('noError');
      return;
    }
    this.appendErrorDetails(node);
    const arr = this.valuesArray(node.path, leaf);
    this.appendMissingField(arr);
    this.appendTypeMismatch(arr, expected);
    this.appendErrorReason(normal, inverted);
    this.appendConsideredValues(arr);
  }

  generateTypeError(node: ErrorNode, leaf: LeafArrayBehavior, isJsonSchemaKeyword = false): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    const arr = this.valuesArray(node.path, leaf);
    if (isJsonSchemaKeyword && !arr) {
      this.ctx.setState('noError');
      return;
    }
    this.appendErrorDetails(node);
    this.appendMissingField(arr);
    this.appendErrorReason('type did not match', 'type did match');
    this.appendConsideredValues(arr);
    this.appendConsideredTypes(arr);
  }

  /** `$all` and `enum`: logical nodes reported as one leaf over their first child's path. */
  generateLogicalLeafError(node: ErrorNode, normal: string, inverted: string, isJsonSchemaKeyword = false): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    this.appendErrorDetails(node);
    const arr = this.valuesArray(node.children[0]?.path ?? node.path, 'none');
    if (isJsonSchemaKeyword && !arr) {
      this.ctx.setState('noError');
      return;
    }
    this.appendMissingField(arr);
    this.appendErrorReason(normal, inverted);
    this.appendConsideredValues(arr);
  }

  generateAlwaysBooleanError(node: ErrorNode): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    this.appendErrorDetails(node);
    this.appendErrorReason('expression always evaluates to false', 'expression always evaluates to true');
  }

  /**
   * Opens the frame of an array keyword (`minItems`, `maxItems`, `uniqueItems`) and writes its
   * details, reason and considered value; returns the array, or undefined when it reports nothing.
   */
  private openArrayKeywordError(node: ErrorNode, reason: string): Value[] | undefined {
    this.ctx.pushNewFrame(node);
    const v = this.keywordValue(node, ARRAY_TYPE);
    if (v === undefined) {
      this.ctx.setState('noError');
      return undefined;
    }
    this.appendErrorDetails(node);
    this.appendErrorReason(reason, '');
    this.ctx.obj.set('consideredValue', v);
    return v as Value[];
  }

  /** `minItems` / `maxItems`. */
  generateItemsCountError(node: ErrorNode): void {
    const items = this.openArrayKeywordError(node, 'array did not match specified length');
    if (items !== undefined) this.ctx.obj.set('numberOfItems', new Int32(items.length));
  }

  generateUniqueItemsError(node: ErrorNode): void {
    const items = this.openArrayKeywordError(node, 'found a duplicate item');
    const duplicate = items === undefined ? undefined : node.firstDuplicate?.(items);
    if (duplicate !== undefined) this.ctx.obj.set('duplicatedValue', duplicate);
  }

  generateNumPropertiesError(node: ErrorNode): void {
    this.ctx.pushNewFrame(node);
    if (!this.ctx.shouldGenerateError(node)) return;
    this.appendErrorDetails(node);
    this.appendErrorReason('specified number of properties was not satisfied', '');
    this.ctx.obj.set('numberOfProperties', new Int32((this.ctx.currentDoc as Doc).size));
  }
}
