/**
 * Smaller operator families: `$const`, `$rand`, `$bsonSize`, `$binarySize`, `$tsSecond`,
 * `$tsIncrement`, trigonometry (`expression_trigonometric.h`) and `$stdDevPop`/`$stdDevSamp`.
 */
import { formatG6 } from '../bson/render.js';
import { isDoc, Long, typeOf, type Binary, type Decimal128, type Timestamp, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { bsonSize } from '../bson/size.js';
import * as D from './decimal.js';
import { decValue, numKind, toDec, toDouble, type Num } from './numeric.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { CallNode, nullish, parseArgs, parseFixed, typeName } from './util.js';
import { ConstantNode } from './variables.js';
import { Int32 } from '../bson/values.js';

const parseRand: OperatorParser = (arg) => {
  if (!isDoc(arg)) throw fail(10065, 'invalid parameter: expected an object ($rand)');
  if (arg.size !== 0) throw fail(3040501, '$rand does not currently accept arguments');
  return { evaluate: () => Math.random() };
};

const parseBsonSize: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (nullish(v)) return null;
    if (!isDoc(v)) throw fail(31393, `$bsonSize requires a document input, found: ${typeName(v)}`);
    return new Int32(bsonSize(v));
  });

const parseBinarySize: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (nullish(v)) return null;
    if (typeof v === 'string') return new Int32(new TextEncoder().encode(v).length);
    if (typeOf(v) === 'binData') return new Int32((v as Binary).position);
    throw fail(51276, `$binarySize requires a string or BinData argument, found: ${typeName(v)}`);
  });

function timestampPart(part: 't' | 'i', code: number): OperatorParser {
  return (arg, ctx, op) =>
    new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
      if (nullish(v)) return null;
      if (typeOf(v) !== 'timestamp') throw fail(code, ` Argument to ${op} must be a timestamp, but is ${typeName(v)}`);
      return Long.fromNumber((v as Timestamp)[part]);
    });
}

/** A single-numeric-argument function with an optional domain check (50989 outside it). */
function trig(
  op: string,
  fn: (x: number) => number,
  domain?: { lo: number; hi: number; loOpen?: boolean; hiOpen?: boolean; text: string },
  big?: D.BigFn,
): OperatorParser {
  return (arg, ctx) =>
    new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
      if (nullish(v)) return null;
      const k = numKind(v);
      if (k === null) throw fail(28765, `${op} only supports numeric types, not ${typeName(v)}`);
      const x = toDouble(v as Num);
      if (domain && !Number.isNaN(x)) {
        const below = domain.loOpen ? x <= domain.lo : x < domain.lo;
        const above = domain.hiOpen ? x >= domain.hi : x > domain.hi;
        if (below || above) throw fail(50989, `cannot apply ${op} to ${formatG6(x)}, value must in ${domain.text}`);
      }
      if (k === 'decimal') return decValue(big ? D.bigFunction(big, D.fromDecimal128(v as Decimal128)) : D.fromDouble34(fn(x)));
      return fn(x);
    });
}

const ANY = { lo: -Infinity, hi: Infinity, loOpen: true, hiOpen: true, text: '(-inf,inf)' };
const UNIT = { lo: -1, hi: 1, text: '[-1,1]' };

/**
 * `ExpressionTwoNumericArgs::evaluate`: the first argument is evaluated and checked (null when
 * nullish, 51044 when not a number) before the second is evaluated (null, or 51045).
 */
class Atan2Node implements ExprNode {
  constructor(
    private readonly op: string,
    private readonly y: ExprNode,
    private readonly x: ExprNode,
  ) {}
  evaluate(scope: Scope): Value {
    const y = this.y.evaluate(scope);
    if (nullish(y)) return null;
    if (numKind(y) === null) throw fail(51044, `${this.op} only supports numeric types, not ${typeName(y)}`);
    const x = this.x.evaluate(scope);
    if (nullish(x)) return null;
    if (numKind(x) === null) throw fail(51045, `${this.op} only supports numeric types, not ${typeName(x)}`);
    if (numKind(y) === 'decimal' || numKind(x) === 'decimal') return decValue(D.atan2(toDec(y as Num), toDec(x as Num)));
    return Math.atan2(toDouble(y as Num), toDouble(x as Num));
  }
}

const parseAtan2: OperatorParser = (arg, ctx, op) => {
  const [y, x] = parseFixed(arg, ctx, op, 2);
  return new Atan2Node(op, y!, x!);
};

function stdDev(sample: boolean): OperatorParser {
  return (arg, ctx, op) =>
    new CallNode(op, parseArgs(arg, ctx), (values) => {
      const xs: number[] = [];
      const take = (v: Value | undefined): void => {
        if (numKind(v) !== null) xs.push(toDouble(v as Num));
      };
      const single = values.length === 1 ? values[0] : undefined;
      if (values.length === 1 && Array.isArray(single)) single.forEach(take);
      else values.forEach(take);
      const n = xs.length;
      if (n === 0 || (sample && n === 1)) return null;
      // Welford's online algorithm, as AccumulatorStdDev does.
      let mean = 0;
      let m2 = 0;
      xs.forEach((x, idx) => {
        const delta = x - mean;
        mean += delta / (idx + 1);
        m2 += delta * (x - mean);
      });
      return Math.sqrt(m2 / (sample ? n - 1 : n));
    });
}

export const miscOperators = {
  $const: (arg) => new ConstantNode(arg),
  $rand: parseRand,
  $bsonSize: parseBsonSize,
  $binarySize: parseBinarySize,
  $tsSecond: timestampPart('t', 5687301),
  $tsIncrement: timestampPart('i', 5687302),
  $sin: trig('$sin', Math.sin, ANY, 'sin'),
  $cos: trig('$cos', Math.cos, ANY, 'cos'),
  $tan: trig('$tan', Math.tan, ANY, 'tan'),
  $asin: trig('$asin', Math.asin, UNIT, 'asin'),
  $acos: trig('$acos', Math.acos, UNIT, 'acos'),
  $atan: trig('$atan', Math.atan, undefined, 'atan'),
  $atan2: parseAtan2,
  $sinh: trig('$sinh', Math.sinh, undefined, 'sinh'),
  $cosh: trig('$cosh', Math.cosh, undefined, 'cosh'),
  $tanh: trig('$tanh', Math.tanh, undefined, 'tanh'),
  $asinh: trig('$asinh', Math.asinh, undefined, 'asinh'),
  $acosh: trig('$acosh', Math.acosh, { lo: 1, hi: Infinity, text: '[1,inf]' }, 'acosh'),
  $atanh: trig('$atanh', Math.atanh, UNIT, 'atanh'),
  $degreesToRadians: trig('$degreesToRadians', (x) => (x * Math.PI) / 180),
  $radiansToDegrees: trig('$radiansToDegrees', (x) => (x * 180) / Math.PI),
  $stdDevPop: stdDev(false),
  $stdDevSamp: stdDev(true),
} satisfies Record<string, OperatorParser>;
