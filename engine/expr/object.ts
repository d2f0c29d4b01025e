/** `$mergeObjects`, `$getField`, `$setField`, `$unsetField` (`ExpressionGetField`, `ExpressionSetField`). */
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
import { CallNode, nullish, parseArgs, typeName } from './util.js';
import { valueToString } from './value-string.js';
import { ConstantNode, FieldPathNode } from './variables.js';

/** `AccumulatorMergeObjects::processInternal`, shared with the single-array-argument form. */
export function mergeObjectsInto(out: Doc, v: Value | undefined): void {
  if (nullish(v)) return;
  if (!isDoc(v))
    throw fail(40400, `$mergeObjects requires object inputs, but input ${valueToString(v)} is of type ${typeName(v)}`);
  for (const [k, x] of v) out.set(k, x);
}

const parseMergeObjects: OperatorParser = (arg, ctx, op) => {
  const args = parseArgs(arg, ctx);
  return new CallNode(op, args, (values) => {
    const out: Doc = new Map();
    const single = values.length === 1 ? values[0] : undefined;
    if (values.length === 1 && Array.isArray(single)) for (const v of single) mergeObjectsInto(out, v);
    else for (const v of values) mergeObjectsInto(out, v);
    return out;
  });
};

function fieldPathSpelling(node: FieldPathNode): string {
  const tail = node.path.length ? `.${node.path.join('.')}` : '';
  return node.variable === 'CURRENT' ? `$${node.path.join('.')}` : `$$${node.variable}${tail}`;
}

/** The `field` argument must be a constant string (`$literal` for names that start with `$`). */
function constantField(name: string, node: ExprNode, fieldPathCode: number, constCode: number, typeCode: number): string {
  if (node instanceof FieldPathNode) {
    const fp = fieldPathSpelling(node);
    throw fail(fieldPathCode, `'${fp}' is a field path reference which is not allowed in this context. Did you mean {$literal: '${fp}'}?`);
  }
  if (!(node instanceof ConstantNode))
    throw fail(constCode, `${name} requires 'field' to evaluate to a constant, but got a non-constant argument`);
  const v = node.value;
  if (typeof v !== 'string') throw fail(typeCode, `${name} requires 'field' to evaluate to type String, but got ${typeName(v)}`);
  return v;
}

const CURRENT = new FieldPathNode('CURRENT', []);

const parseGetField: OperatorParser = (arg, ctx: ParseContext) => {
  let field: ExprNode | undefined;
  let input: ExprNode | undefined;
  if (isDoc(arg)) {
    for (const [k, v] of arg) {
      if (!field && !input && k.startsWith('$')) {
        field = ctx.parse(arg);
        input = CURRENT;
        break;
      } else if (k === 'field') field = ctx.parse(v);
      else if (k === 'input') input = ctx.parse(v);
      else throw fail(3041701, `$getField found an unknown argument: ${k}`);
    }
  } else {
    field = ctx.parse(arg);
    input = CURRENT;
  }
  if (!field) throw fail(3041702, "$getField requires 'field' to be specified");
  if (!input) throw fail(3041703, "$getField requires 'input' to be specified");
  const name = constantField('$getField', field, 5654600, 5654601, 5654602);
  const inputNode = input;
  return {
    evaluate(scope: Scope): Value | undefined {
      const v = inputNode.evaluate(scope);
      if (v === undefined) return undefined;
      if (nullish(v)) return null;
      if (!isDoc(v)) return undefined;
      return v.get(name);
    },
  };
};

function parseSetFieldFamily(unset: boolean): OperatorParser {
  return (arg, ctx, op) => {
    if (!isDoc(arg)) throw fail(4161100, `${op} only supports an object as its argument`);
    let field: ExprNode | undefined;
    let input: ExprNode | undefined;
    let value: ExprNode | undefined;
    for (const [k, v] of arg) {
      if (k === 'field') field = ctx.parse(v);
      else if (k === 'input') input = ctx.parse(v);
      else if (!unset && k === 'value') value = ctx.parse(v);
      else throw fail(4161101, `${op} found an unknown argument: ${k}`);
    }
    if (unset) value = new ConstantNode(undefined);
    if (!field) throw fail(4161102, `${op} requires 'field' to be specified`);
    if (!value) throw fail(4161103, `${op} requires 'value' to be specified`);
    if (!input) throw fail(4161109, `${op} requires 'input' to be specified`);
    const name = constantField(op, field, 4161108, 4161106, 4161107);
    // A BSON field name is a C string (jstests/core/null_byte_strings.js expects 9534700).
    if (name.includes('\0')) throw fail(9534700, `${op} 'field' cannot contain an embedded null byte`);
    const inputNode = input;
    const valueNode = value;
    return {
      evaluate(scope: Scope): Value {
        const v = inputNode.evaluate(scope);
        if (nullish(v)) return null;
        if (!isDoc(v)) throw fail(4161105, "$setField requires 'input' to evaluate to type Object");
        const x = valueNode.evaluate(scope);
        const out: Doc = new Map(v);
        if (x === undefined) out.delete(name);
        else out.set(name, x);
        return out;
      },
    };
  };
}

export const objectOperators = {
  $mergeObjects: parseMergeObjects,
  $getField: parseGetField,
  $setField: parseSetFieldFamily(false),
  $unsetField: parseSetFieldFamily(true),
} satisfies Record<string, OperatorParser>;
