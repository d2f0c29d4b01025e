/**
 * Array operators (`ExpressionArrayElemAt`, `ExpressionFilter`, `ExpressionMap`, `ExpressionReduce`,
 * `ExpressionSlice`, `ExpressionZip`, `ExpressionSortArray`, `$firstN`-style N operators...).
 */
import { appendAll, maxOf, minOf } from '../arrays.js';
import { formatG6 } from '../bson/render.js';
import { compareValues, type Collator } from '../bson/compare.js';
import { Int32, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { coerceToBool } from './boolean.js';
import { compareAgg } from './comparison.js';
import { integralInt, integralLong, numKind, toDouble, type Num } from './numeric.js';
import { bind, type ExprNode, type OperatorParser, type ParseContext, type Scope } from './types.js';
import { CallNode, SequentialNode, nullish, parseArgs, parseFixed, rangedArity, typeName } from './util.js';
import { valueToString } from './value-string.js';
import { validateVariableName } from './variables.js';

const int = (n: number): Int32 => new Int32(n);

function arrayElemAt(op: string, arity: number, array: Value | undefined, index: Value | undefined): Value | undefined {
  if (nullish(array) || nullish(index)) return null;
  if (!Array.isArray(array))
    throw fail(28689, `${op}'s ${arity === 1 ? 'argument' : 'first argument'} must be an array, but is ${typeName(array)}`);
  if (numKind(index) === null)
    throw fail(28690, `${op}'s second argument must be a numeric value, but is ${typeName(index)}`);
  const i = integralInt(index as Num);
  if (i === null)
    throw fail(28691, `${op}'s second argument must be representable as a 32-bit integer: ${formatG6(toDouble(index as Num))}`);
  const at = i < 0 ? array.length + i : i;
  return at < 0 || at >= array.length ? undefined : array[at];
}

const parseArrayElemAt: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, i]) => arrayElemAt(op, 2, a, i));
const parseFirst: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([a]) => arrayElemAt(op, 1, a, int(0)));
const parseLast: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([a]) => arrayElemAt(op, 1, a, int(-1)));

const parseConcatArrays: OperatorParser = (arg, ctx, op) =>
  new SequentialNode(op, parseArgs(arg, ctx), (values) => {
    const out: Value[] = [];
    for (const v of values) {
      if (nullish(v)) return null;
      if (!Array.isArray(v)) throw fail(28664, `$concatArrays only supports arrays, not ${typeName(v)}`);
      appendAll(out, v);
    }
    return out;
  });

class FilterNode implements ExprNode {
  readonly kind = 'filter' as const;
  constructor(
    readonly input: ExprNode,
    readonly as: string,
    readonly cond: ExprNode,
    readonly limit: ExprNode | undefined,
  ) {}
  evaluate(scope: Scope): Value {
    const input = this.input.evaluate(scope);
    if (nullish(input)) return null;
    if (!Array.isArray(input)) throw fail(28651, `input to $filter must be an array not ${typeName(input)}`);
    if (input.length === 0) return input;
    let remaining: number | undefined;
    if (this.limit) {
      const l = this.limit.evaluate(scope);
      if (!nullish(l)) {
        const n = numKind(l) === null ? null : integralInt(l as Num);
        if (n === null)
          throw fail(327391, `$filter: limit must be represented as a 32-bit integral value: ${valueToString(l)}`);
        if (n <= 0) throw fail(327392, `$filter: limit must be greater than 0: ${valueToString(l)}`);
        remaining = n;
      }
    }
    const out: Value[] = [];
    for (const el of input) {
      if (coerceToBool(this.cond.evaluate(bind(scope, [[this.as, el]])))) {
        out.push(el);
        if (remaining !== undefined && --remaining === 0) break;
      }
    }
    return out;
  }
}

function asName(asSpec: Value | undefined): string {
  // The server reads `as` with BSONElement::str(), which is "" for non-strings.
  const name = asSpec === undefined ? 'this' : typeof asSpec === 'string' ? asSpec : '';
  validateVariableName(name);
  return name;
}

const parseFilter: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(28646, '$filter only supports an object as its argument');
  let input: Value | undefined;
  let asSpec: Value | undefined;
  let cond: Value | undefined;
  let limit: Value | undefined;
  for (const [k, v] of arg) {
    if (k === 'input') input = v;
    else if (k === 'as') asSpec = v;
    else if (k === 'cond') cond = v;
    else if (k === 'limit') limit = v;
    else throw fail(28647, `Unrecognized parameter to $filter: ${k}`);
  }
  if (input === undefined) throw fail(28648, "Missing 'input' parameter to $filter");
  if (cond === undefined) throw fail(28650, "Missing 'cond' parameter to $filter");
  const inputNode = ctx.parse(input);
  const name = asName(asSpec);
  const condNode = ctx.withLocals([name]).parse(cond);
  return new FilterNode(inputNode, name, condNode, limit === undefined ? undefined : ctx.parse(limit));
};

class MapNode implements ExprNode {
  readonly kind = 'map' as const;
  constructor(
    readonly input: ExprNode,
    readonly as: string,
    readonly each: ExprNode,
  ) {}
  evaluate(scope: Scope): Value {
    const input = this.input.evaluate(scope);
    if (nullish(input)) return null;
    if (!Array.isArray(input)) throw fail(16883, `input to $map must be an array not ${typeName(input)}`);
    return input.map((el) => {
      const v = this.each.evaluate(bind(scope, [[this.as, el]]));
      return v === undefined ? null : v;
    });
  }
}

const parseMap: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(16878, '$map only supports an object as its argument');
  let input: Value | undefined;
  let asSpec: Value | undefined;
  let inSpec: Value | undefined;
  for (const [k, v] of arg) {
    if (k === 'input') input = v;
    else if (k === 'as') asSpec = v;
    else if (k === 'in') inSpec = v;
    else throw fail(16879, `Unrecognized parameter to $map: ${k}`);
  }
  if (input === undefined) throw fail(16880, "Missing 'input' parameter to $map");
  if (inSpec === undefined) throw fail(16882, "Missing 'in' parameter to $map");
  const inputNode = ctx.parse(input);
  const name = asName(asSpec);
  return new MapNode(inputNode, name, ctx.withLocals([name]).parse(inSpec));
};

class ReduceNode implements ExprNode {
  readonly kind = 'reduce' as const;
  constructor(
    readonly input: ExprNode,
    readonly initial: ExprNode,
    readonly body: ExprNode,
  ) {}
  evaluate(scope: Scope): Value | undefined {
    const input = this.input.evaluate(scope);
    if (nullish(input)) return null;
    if (!Array.isArray(input)) throw fail(40080, `$reduce requires that 'input' be an array, found: ${valueToString(input)}`);
    let acc = this.initial.evaluate(scope);
    for (const el of input) {
      acc = this.body.evaluate(
        bind(scope, [
          ['this', el],
          ['value', acc],
        ]),
      );
    }
    return acc;
  }
}

const parseReduce: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(40075, `$reduce requires an object as an argument, found: ${typeName(arg)}`);
  let input: ExprNode | undefined;
  let initial: ExprNode | undefined;
  let body: ExprNode | undefined;
  for (const [k, v] of arg) {
    if (k === 'input') input = ctx.parse(v);
    else if (k === 'initialValue') initial = ctx.parse(v);
    else if (k === 'in') body = ctx.withLocals(['this', 'value']).parse(v);
    else throw fail(40076, `$reduce found an unknown argument: ${k}`);
  }
  if (!input) throw fail(40077, "$reduce requires 'input' to be specified");
  if (!initial) throw fail(40078, "$reduce requires 'initialValue' to be specified");
  if (!body) throw fail(40079, "$reduce requires 'in' to be specified");
  return new ReduceNode(input, initial, body);
};

const parseIn: OperatorParser = (arg, ctx, op) => {
  const collator = ctx.collator;
  return new CallNode(op, parseFixed(arg, ctx, op, 2), ([x, arr]) => {
    if (!Array.isArray(arr)) throw fail(40081, `$in requires an array as a second argument, found: ${typeName(arr)}`);
    return arr.some((el) => compareAgg(x, el, collator) === 0);
  });
};

/** `uassertIfNotIntegralAndNonNegative` (note the missing space the server prints). */
function indexArg(v: Value | undefined, op: string, what: string): number {
  const n = numKind(v) === null ? null : integralInt(v as Num);
  if (n === null)
    throw fail(40096, `${op}requires an integral ${what}, found a value of type: ${typeName(v)}, with value: ${valueToString(v)}`);
  if (n < 0) throw fail(40097, `${op} requires a nonnegative ${what}, found: ${valueToString(v)}`);
  return n;
}

const parseIndexOfArray: OperatorParser = (arg, ctx, op) => {
  const args = parseArgs(arg, ctx);
  rangedArity(op, args, 2, 4);
  const collator = ctx.collator;
  return {
    args,
    evaluate(scope: Scope): Value {
      const arr = args[0]!.evaluate(scope);
      if (nullish(arr)) return null;
      if (!Array.isArray(arr)) throw fail(40090, `$indexOfArray requires an array as a first argument, found: ${typeName(arr)}`);
      let start = 0;
      if (args.length > 2) start = indexArg(args[2]!.evaluate(scope), op, 'starting index');
      let end = arr.length;
      if (args.length > 3) end = Math.min(arr.length, indexArg(args[3]!.evaluate(scope), op, 'ending index'));
      const target = args[1]!.evaluate(scope);
      for (let i = start; i < end; i++) if (compareAgg(arr[i], target, collator) === 0) return int(i);
      return int(-1);
    },
  };
};

const parseIsArray: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => Array.isArray(v));

const parseSize: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (!Array.isArray(v)) throw fail(17124, `The argument to $size must be an array, but was of type: ${typeName(v)}`);
    return int(v.length);
  });

const parseSlice: OperatorParser = (arg, ctx, op) => {
  const args = parseArgs(arg, ctx);
  rangedArity(op, args, 2, 3);
  return {
    evaluate(scope: Scope): Value {
      const arr = args[0]!.evaluate(scope);
      const arg2 = args[1]!.evaluate(scope);
      if (nullish(arr) || nullish(arg2)) return null;
      if (!Array.isArray(arr)) throw fail(28724, `First argument to $slice must be an array, but is of type: ${typeName(arr)}`);
      if (numKind(arg2) === null)
        throw fail(28725, `Second argument to $slice must be a numeric value, but is of type: ${typeName(arg2)}`);
      const n2 = integralInt(arg2 as Num);
      if (n2 === null)
        throw fail(28726, `Second argument to $slice can't be represented as a 32-bit integer: ${formatG6(toDouble(arg2 as Num))}`);
      if (args.length === 2) {
        return n2 >= 0 ? arr.slice(0, n2) : arr.slice(Math.max(0, arr.length + n2));
      }
      const start = n2 < 0 ? Math.max(0, arr.length + n2) : Math.min(arr.length, n2);
      const countVal = args[2]!.evaluate(scope);
      if (nullish(countVal)) return null;
      if (numKind(countVal) === null)
        throw fail(28727, `Third argument to $slice must be numeric, but is of type: ${typeName(countVal)}`);
      const count = integralInt(countVal as Num);
      if (count === null)
        throw fail(28728, `Third argument to $slice can't be represented as a 32-bit integer: ${formatG6(toDouble(countVal as Num))}`);
      if (count <= 0) throw fail(28729, `Third argument to $slice must be positive: ${count}`);
      return arr.slice(start, Math.min(start + count, arr.length));
    },
  };
};

const parseRange: OperatorParser = (arg, ctx, op) => {
  const args = parseArgs(arg, ctx);
  rangedArity(op, args, 2, 3);
  return new CallNode(op, args, ([s, e, st]) => {
    if (numKind(s) === null) throw fail(34443, `$range requires a numeric starting value, found value of type: ${typeName(s)}`);
    const start = integralInt(s as Num);
    if (start === null)
      throw fail(34444, `$range requires a starting value that can be represented as a 32-bit integer, found value: ${valueToString(s)}`);
    if (numKind(e) === null) throw fail(34445, `$range requires a numeric ending value, found value of type: ${typeName(e)}`);
    const end = integralInt(e as Num);
    if (end === null)
      throw fail(34446, `$range requires an ending value that can be represented as a 32-bit integer, found value: ${valueToString(e)}`);
    let step = 1;
    if (args.length === 3) {
      if (numKind(st) === null) throw fail(34447, `$range requires a numeric step value, found value of type:${typeName(st)}`);
      const s2 = integralInt(st as Num);
      if (s2 === null)
        throw fail(34448, `$range requires a step value that can be represented as a 32-bit integer, found value: ${valueToString(st)}`);
      if (s2 === 0) throw fail(34449, '$range requires a non-zero step value');
      step = s2;
    }
    const steps = Math.trunc((end - start) / step);
    const length = steps >= 0 ? 1 + steps : 0;
    // internalQueryMaxRangeBytes (64 MiB) with ~16 bytes per element.
    if (length * 16 + 24 >= 64 * 1024 * 1024) {
      throw fail(146, `$range would use too much memory (${length * 16 + 24} bytes) and cannot spill to disk. Memory limit: 67108864 bytes`);
    }
    const out: Value[] = [];
    for (let cur = start; step > 0 ? cur < end : cur > end; cur += step) out.push(int(cur));
    return out;
  });
};

const parseReverseArray: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (nullish(v)) return null;
    if (!Array.isArray(v)) throw fail(34435, `The argument to $reverseArray must be an array, but was of type: ${typeName(v)}`);
    return [...v].reverse();
  });

/** A value at a dotted path for sort keys: documents by name, arrays by numeric index. */
function sortKeyAt(v: Value, path: readonly string[]): Value {
  let cur: Value | undefined = v;
  for (const p of path) {
    if (isDoc(cur)) cur = cur.get(p);
    else if (Array.isArray(cur) && /^\d+$/.test(p)) cur = cur[Number(p)];
    else cur = undefined;
    if (cur === undefined) return null;
  }
  return cur;
}

/** The `$sort` comparison of `$sortArray` (`PatternValueCmp`). */
export function makeSortComparator(sortBy: Value, collator: Collator | null, stageError: (msg: string) => Error): (a: Value, b: Value) => number {
  if (isDoc(sortBy)) {
    if (sortBy.size === 0) throw stageError('The sort pattern is empty when it should be a set of fields.');
    const fields: Array<[string[], number]> = [];
    for (const [k, dir] of sortBy) {
      if (k === '') throw stageError('The sort field cannot be empty');
      const parts = k.split('.');
      if (parts.some((p) => p === '')) throw stageError(`The sort field is a dotted field but has an empty part: ${k}`);
      const d = numKind(dir) === null ? NaN : toDouble(dir as Num);
      if (d !== 1 && d !== -1) throw stageError('The sort element value must be either 1 or -1');
      fields.push([parts, d]);
    }
    return (a, b) => {
      const ka = isDoc(a) ? a : new Map([['', a]]);
      const kb = isDoc(b) ? b : new Map([['', b]]);
      for (const [path, dir] of fields) {
        const c = compareValues(sortKeyAt(ka, path), sortKeyAt(kb, path), collator);
        if (c !== 0) return c * dir;
      }
      return 0;
    };
  }
  if (numKind(sortBy) !== null) {
    const d = toDouble(sortBy as Num);
    if (d !== 1 && d !== -1) throw fail(2942506, 'The $sort element value must be either 1 or -1');
    return (a, b) => compareValues(a, b, collator) * d;
  }
  throw fail(2942507, 'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields');
}

const parseSortArray: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(2942500, `$sortArray requires an object as an argument, found: ${typeName(arg)}`);
  let input: ExprNode | undefined;
  let cmp: ((a: Value, b: Value) => number) | undefined;
  for (const [k, v] of arg) {
    if (k === 'input') input = ctx.parse(v);
    else if (k === 'sortBy') cmp = makeSortComparator(v, ctx.collator, (m) => fail(2942505, m));
    else throw fail(2942501, `$sortArray found an unknown argument: ${k}`);
  }
  if (!input) throw fail(2942502, "$sortArray requires 'input' to be specified");
  if (!cmp) throw fail(2942503, "$sortArray requires 'sortBy' to be specified");
  const inputNode = input;
  const compare = cmp;
  return {
    evaluate(scope: Scope): Value {
      const v = inputNode.evaluate(scope);
      if (nullish(v)) return null;
      if (!Array.isArray(v))
        throw fail(2942504, `The input argument to $sortArray must be an array, but was of type: ${typeName(v)}`);
      return v.length < 2 ? v : [...v].sort(compare);
    },
  };
};

const parseZip: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(34460, `$zip only supports an object as an argument, found ${typeName(arg)}`);
  let useLongest = false;
  const inputs: ExprNode[] = [];
  const defaults: ExprNode[] = [];
  for (const [k, v] of arg) {
    if (k === 'inputs') {
      if (!Array.isArray(v)) throw fail(34461, `inputs must be an array of expressions, found ${typeName(v)}`);
      for (const e of v) inputs.push(ctx.parse(e));
    } else if (k === 'defaults') {
      if (!Array.isArray(v)) throw fail(34462, `defaults must be an array of expressions, found ${typeName(v)}`);
      for (const e of v) defaults.push(ctx.parse(e));
    } else if (k === 'useLongestLength') {
      // The server names the type of the whole $zip argument here.
      if (typeof v !== 'boolean') throw fail(34463, 'useLongestLength must be a bool, found object');
      useLongest = v;
    } else {
      throw fail(34464, `$zip found an unknown argument: ${k}`);
    }
  }
  if (inputs.length === 0) throw fail(34465, '$zip requires at least one input array');
  if (!useLongest && defaults.length > 0) throw fail(34466, 'cannot specify defaults unless useLongestLength is true');
  if (defaults.length > 0 && defaults.length !== inputs.length) throw fail(34467, 'defaults and inputs must have the same length');
  return {
    evaluate(scope: Scope): Value {
      const arrays: Value[][] = [];
      for (const e of inputs) {
        const v = e.evaluate(scope);
        if (nullish(v)) return null;
        if (!Array.isArray(v)) throw fail(34468, `$zip found a non-array expression in input: ${valueToString(v)}`);
        arrays.push(v);
      }
      const lengths = arrays.map((a) => a.length);
      const min = minOf(lengths);
      const max = maxOf(lengths);
      const defs: Value[] = arrays.map(() => null);
      if (min !== max) {
        defaults.forEach((e, i) => {
          const v = e.evaluate(scope);
          defs[i] = v === undefined ? null : v;
        });
      }
      const len = useLongest ? max : min;
      const out: Value[] = [];
      for (let row = 0; row < len; row++) out.push(arrays.map((a, col) => (row < a.length ? a[row]! : defs[col]!)));
      return out;
    },
  };
};

const parseArrayToObject: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([input]) => {
    if (nullish(input)) return null;
    if (!Array.isArray(input)) throw fail(40386, `$arrayToObject requires an array input, found: ${typeName(input)}`);
    const out: Doc = new Map();
    if (input.length === 0) return out;
    const first = input[0]!;
    let pairs: boolean;
    if (Array.isArray(first)) pairs = true;
    else if (isDoc(first)) pairs = false;
    else throw fail(40398, `Unrecognised input type format for $arrayToObject: ${typeName(first)}`);
    for (const el of input) {
      if (pairs) {
        if (!Array.isArray(el))
          throw fail(
            40396,
            `$arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Array was detected, now found: ${typeName(el)}`,
          );
        if (el.length !== 2)
          throw fail(40397, `$arrayToObject requires an array of size 2 arrays,found array of size: ${el.length}`);
        const k = el[0]!;
        if (typeof k !== 'string')
          throw fail(
            40395,
            `$arrayToObject requires an array of key-value pairs, where the key must be of type string. Found key type: ${typeName(k)}`,
          );
        if (k.includes('\0')) throw fail(4940400, 'Key field cannot contain an embedded null byte');
        out.set(k, el[1]!);
      } else {
        if (!isDoc(el))
          throw fail(
            40391,
            `$arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Object was detected, now found: ${typeName(el)}`,
          );
        if (el.size !== 2)
          throw fail(40392, `$arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:${el.size}`);
        const k = el.get('k');
        const val = el.get('v');
        if (k === undefined || val === undefined)
          throw fail(
            40393,
            `$arrayToObject requires an object with keys 'k' and 'v'. Missing either or both keys from: ${valueToString(el)}`,
          );
        if (typeof k !== 'string')
          throw fail(
            40394,
            `$arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be of type string. Found type: ${typeName(k)}`,
          );
        if (k.includes('\0')) throw fail(4940401, 'Key field cannot contain an embedded null byte');
        out.set(k, val);
      }
    }
    return out;
  });

const parseObjectToArray: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (nullish(v)) return null;
    if (!isDoc(v)) throw fail(40390, `$objectToArray requires a document input, found: ${typeName(v)}`);
    return [...v].map(
      ([k, x]) =>
        new Map<string, Value>([
          ['k', k],
          ['v', x],
        ]),
    );
  });

/** `{$firstN: {input, n}}` and friends (expression forms of the N accumulators). */
function nOperator(notObjectCode: number, pick: (arr: Value[], n: number, collator: Collator | null) => Value[]): OperatorParser {
  return (arg: Value, ctx: ParseContext) => {
    let input: ExprNode | undefined;
    let n: ExprNode | undefined;
    if (isDoc(arg)) {
      for (const [k, v] of arg) {
        if (k === 'input') input = ctx.parse(v);
        else if (k === 'n') n = ctx.parse(v);
        else throw fail(5787901, `Unknown argument for 'n' operator: ${k}`);
      }
    } else {
      throw fail(notObjectCode, `specification must be an object; found ${typeName(arg)}`);
    }
    if (!n) throw fail(5787906, "Missing value for 'n'");
    if (!input) throw fail(5787907, "Missing value for 'input'");
    const nNode = n;
    const inputNode = input;
    const collator = ctx.collator;
    return {
      evaluate(scope: Scope): Value {
        const nv = nNode.evaluate(scope);
        const k = numKind(nv);
        const count = k === null ? null : integralLong(nv as Num);
        if (count === null)
          throw fail(k === 'double' || k === 'decimal' ? 5787903 : 5787902, `Value for 'n' must be of integral type, but found ${valueToString(nv)}`);
        if (count <= 0n) throw fail(5787908, `'n' must be greater than 0, found ${count}`);
        const arr = inputNode.evaluate(scope);
        if (!Array.isArray(arr)) throw fail(5788200, 'Input must be an array');
        return pick(arr, Number(count > 1000000000n ? 1000000000n : count), collator);
      },
    };
  };
}

const minMaxN =
  (largest: boolean) =>
  (arr: Value[], n: number, collator: Collator | null): Value[] => {
    const values = arr.filter((v) => !nullish(v));
    values.sort((a, b) => (largest ? -1 : 1) * compareValues(a, b, collator));
    return values.slice(0, n);
  };

export const arrayOperators = {
  $arrayElemAt: parseArrayElemAt,
  $first: parseFirst,
  $last: parseLast,
  $concatArrays: parseConcatArrays,
  $filter: parseFilter,
  $map: parseMap,
  $reduce: parseReduce,
  $in: parseIn,
  $indexOfArray: parseIndexOfArray,
  $isArray: parseIsArray,
  $size: parseSize,
  $slice: parseSlice,
  $range: parseRange,
  $reverseArray: parseReverseArray,
  $sortArray: parseSortArray,
  $zip: parseZip,
  $arrayToObject: parseArrayToObject,
  $objectToArray: parseObjectToArray,
  $firstN: nOperator(5787801, (arr, n) => arr.slice(0, n)),
  $lastN: nOperator(5787801, (arr, n) => arr.slice(Math.max(0, arr.length - n))),
  $maxN: nOperator(5787900, minMaxN(true)),
  $minN: nOperator(5787900, minMaxN(false)),
} satisfies Record<string, OperatorParser>;
