/**
 * `$type`, `$isNumber`, `$convert` and its shortcuts (`$toInt` …), after `ExpressionConvert`'s
 * conversion table. Conversion failures are ConversionFailure (241), which `onError` catches;
 * `onNull` applies to a nullish input.
 */
import { formatG6 } from '../bson/render.js';
import { BSON_TYPE_NUMBER, Decimal128, Int32, Long, ObjectId, typeOf, type BsonTypeName, type Value } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import { coerceToBool } from './boolean.js';
import * as D from './decimal.js';
import { coerceToDate, formatDate, ISO_FORMAT, parseDateString } from './date.js';
import { decValue, fitsInt, fitsLong, integralInt, numKind, toDec, toDouble, type Num } from './numeric.js';
import { UTC } from './timezone.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { CallNode, nullish, parseArgs, parseFixed, typeName } from './util.js';
import { isDoc } from '../bson/values.js';
import { dateFromMillis, dateMillis, dateMillisNumber, dateToLong } from '../bson/dates.js';
import { type BinDataFormat } from './bindata-format.js';
import { binDataFormat, convertBinData, type BinDataArgs, type Target } from './convert-bindata.js';
import { conversionFailure, overflow, unsupported } from './conversion-errors.js';
import { parseNumberString } from './number-parser.js';


const NAMES_BY_NUMBER = new Map<number, BsonTypeName>(Object.entries(BSON_TYPE_NUMBER).map(([k, n]) => [n, k as BsonTypeName]));
const VALID_NAMES = new Set<string>([...Object.keys(BSON_TYPE_NUMBER), 'javascriptWithScope']);


function checkFinite(x: number): void {
  if (Number.isNaN(x)) throw conversionFailure('Attempt to convert NaN value to integer type in $convert with no onError value');
  if (!Number.isFinite(x)) throw conversionFailure('Attempt to convert infinity value to integer type in $convert with no onError value');
}

function doubleToLong(x: number): Long {
  checkFinite(x);
  if (!(x >= -9223372036854775808 && x < 9223372036854775808)) throw overflow(formatG6(x));
  return Long.fromBigInt(BigInt(Math.trunc(x)));
}

function decimalToInteger(v: Decimal128, target: 'int' | 'long'): Int32 | Long {
  const d = D.fromDecimal128(v);
  if (d.kind === 'nan') throw conversionFailure('Attempt to convert NaN value to integer type in $convert with no onError value');
  if (d.kind === 'inf') throw conversionFailure('Attempt to convert infinity value to integer type in $convert with no onError value');
  const n = D.toBigIntTrunc(d)!;
  if (target === 'int') {
    if (!fitsInt(n)) throw overflow(v.toString());
    return new Int32(Number(n));
  }
  if (!fitsLong(n)) throw overflow(v.toString());
  return Long.fromBigInt(n);
}

const NO_BINDATA_ARGS: BinDataArgs = { format: undefined, subtype: new Int32(0) };

/** The conversion table: `target` from a non-nullish `v`. */
export function convertValue(v: Value, target: Target, binData: BinDataArgs = NO_BINDATA_ARGS): Value {
  const from = typeOf(v);
  if (target === 'binData' || from === 'binData') {
    if (target !== 'bool') return convertBinData(v, from, target, binData);
  }
  if (target === 'bool') {
    // Every type converts to bool; numbers by value, everything else is true.
    return numKind(v) !== null ? coerceToBool(v) : from === 'bool' ? v : true;
  }
  if (from === target) return v;
  switch (target) {
    case 'double':
      switch (from) {
        case 'int':
        case 'long':
          return toDouble(v as Num);
        case 'decimal': {
          const x = D.toNumber(D.fromDecimal128(v as Decimal128));
          if (!Number.isFinite(x) && D.fromDecimal128(v as Decimal128).kind === 'finite') throw overflow((v as Decimal128).toString());
          return x;
        }
        case 'bool':
          return v ? 1 : 0;
        case 'string':
          return parseNumberString(v as string, 'double');
        case 'date':
          return dateMillisNumber(v as Date);
        default:
          throw unsupported(from, target);
      }
    case 'int':
      switch (from) {
        case 'double': {
          const x = v as number;
          checkFinite(x);
          if (!(x >= -2147483648 && x <= 2147483647)) throw overflow(formatG6(x));
          return new Int32(Math.trunc(x));
        }
        case 'long': {
          const n = (v as Long).toBigInt();
          if (!fitsInt(n)) throw conversionFailure('Conversion would overflow target type in $convert with no onError value: ');
          return new Int32(Number(n));
        }
        case 'decimal':
          return decimalToInteger(v as Decimal128, 'int');
        case 'bool':
          return new Int32(v ? 1 : 0);
        case 'string':
          return parseNumberString(v as string, 'int');
        default:
          throw unsupported(from, target);
      }
    case 'long':
      switch (from) {
        case 'double':
          return doubleToLong(v as number);
        case 'int':
          return Long.fromNumber((v as Int32).value);
        case 'decimal':
          return decimalToInteger(v as Decimal128, 'long');
        case 'bool':
          return Long.fromNumber(v ? 1 : 0);
        case 'string':
          return parseNumberString(v as string, 'long');
        case 'date':
          return dateToLong(v as Date);
        default:
          throw unsupported(from, target);
      }
    case 'decimal':
      switch (from) {
        case 'double':
        case 'int':
        case 'long':
          return decValue(toDec(v as Num));
        case 'bool':
          return Decimal128.fromString(v ? '1' : '0');
        case 'string':
          return parseNumberString(v as string, 'decimal');
        case 'date':
          return decValue(D.fromBigInt(dateMillis(v as Date)));
        default:
          throw unsupported(from, target);
      }
    case 'string':
      switch (from) {
        case 'double': {
          const x = v as number;
          if (Number.isNaN(x)) return 'NaN';
          if (!Number.isFinite(x)) return x < 0 ? '-Infinity' : 'Infinity';
          if (Object.is(x, -0)) return '-0';
          return formatG6(x);
        }
        case 'int':
        case 'long':
          return String(v);
        case 'decimal':
          return (v as Decimal128).toString();
        case 'bool':
          return v ? 'true' : 'false';
        case 'objectId':
          return (v as ObjectId).toHexString();
        case 'date':
          return formatDate(ISO_FORMAT, v as Date, UTC);
        default:
          throw unsupported(from, target);
      }
    case 'objectId':
      if (from !== 'string') throw unsupported(from, target);
      if ((v as string).length !== 24)
        throw conversionFailure(
          `Failed to parse objectId '${v as string}' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found ${(v as string).length}`,
        );
      if (!/^[0-9a-fA-F]{24}$/.test(v as string)) {
        const bad = [...(v as string)].find((c) => !/[0-9a-fA-F]/.test(c)) ?? '';
        throw conversionFailure(
          `Failed to parse objectId '${v as string}' in $convert with no onError value: Invalid character found in hex string: ${bad}`,
        );
      }
      return ObjectId.createFromHexString((v as string).toLowerCase());
    case 'date':
      switch (from) {
        case 'double':
          return dateFromMillis(doubleToLong(v as number).toBigInt());
        case 'long':
          return dateFromMillis((v as Long).toBigInt());
        case 'decimal':
          return dateFromMillis((decimalToInteger(v as Decimal128, 'long') as Long).toBigInt());
        case 'string':
          return parseDateString(v as string, UTC);
        case 'objectId':
        case 'timestamp':
          return coerceToDate(v);
        default:
          throw unsupported(from, target);
      }
    default:
      throw unsupported(from, target);
  }
}

interface TargetInfo {
  type: Target;
  subtype: Value | undefined;
}

/** `ConvertTargetTypeInfo::parse`: a type name or number, or `{type, subtype}` (subtype 0 by default). */
function targetInfo(to: Value): TargetInfo {
  if (isDoc(to)) return { type: targetType(to.get('type')), subtype: to.has('subtype') ? to.get('subtype') : new Int32(0) };
  return { type: targetType(to), subtype: new Int32(0) };
}

/** `ExpressionConvert::computeTargetType`. */
function targetType(to: Value | undefined): Target {
  if (to === undefined) throw fail(9, "$convert's 'to' argument must be a string or number, but is missing");
  if (typeof to === 'string') {
    if (to === 'missing') return 'missing';
    if (!VALID_NAMES.has(to)) throw fail(2, `Unknown type name: ${to}`);
    return to as BsonTypeName;
  }
  if (numKind(to) !== null) {
    const n = integralInt(to as Num);
    if (n === null) throw fail(9, "In $convert, numeric 'to' argument is not an integer");
    const name = NAMES_BY_NUMBER.get(n);
    if (!name) throw fail(9, `In $convert, numeric value for 'to' does not correspond to a BSON type: ${n}`);
    return name;
  }
  throw fail(9, `$convert's 'to' argument must be a string or number, but is ${typeName(to)}`);
}

class ConvertNode implements ExprNode {
  readonly kind = 'convert' as const;
  constructor(
    readonly input: ExprNode,
    readonly to: ExprNode,
    readonly onError: ExprNode | undefined,
    readonly onNull: ExprNode | undefined,
    readonly format: ExprNode | undefined = undefined,
  ) {}
  evaluate(scope: Scope): Value | undefined {
    const toValue = this.to.evaluate(scope);
    const input = this.input.evaluate(scope);
    const formatValue = this.format?.evaluate(scope);
    const target = nullish(toValue) ? undefined : targetInfo(toValue);
    if (nullish(input)) return this.onNull ? this.onNull.evaluate(scope) : null;
    if (target === undefined) return null;
    const format = binDataFormat(formatValue);
    try {
      if (target.type === 'missing') throw unsupported(typeOf(input), 'missing');
      return convertValue(input, target.type, { format, subtype: target.subtype });
    } catch (e) {
      if (this.onError && isEngineError(e) && e.code === 241) return this.onError.evaluate(scope);
      throw e;
    }
  }
}

const parseConvert: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(9, `$convert expects an object of named arguments but found: ${typeName(arg)}`);
  let input: ExprNode | undefined;
  let to: ExprNode | undefined;
  let onError: ExprNode | undefined;
  let onNull: ExprNode | undefined;
  let format: ExprNode | undefined;
  for (const [k, v] of arg) {
    if (k === 'input') input = ctx.parse(v);
    else if (k === 'to') to = ctx.parse(v);
    else if (k === 'onError') onError = ctx.parse(v);
    else if (k === 'onNull') onNull = ctx.parse(v);
    // 'format' (BinData <-> string) is 8.0's; 'byteOrder' (8.1) and 'base' (8.3) are unknown here.
    else if (k === 'format') format = ctx.parse(v);
    else throw fail(9, `$convert found an unknown argument: ${k}`);
  }
  if (!input) throw fail(9, "Missing 'input' parameter to $convert");
  if (!to) throw fail(9, "Missing 'to' parameter to $convert");
  return new ConvertNode(input, to, onError, onNull, format);
};

const constant = (value: Value): ExprNode => ({ evaluate: () => value });

/** `$toX`: `$convert` with a constant `to` (and `format`: 'auto' for `$toString`, 'uuid' for `$toUUID`). */
function shortcut(target: Value, format?: BinDataFormat): OperatorParser {
  return (arg, ctx, op) => {
    const args = parseArgs(arg, ctx);
    if (args.length !== 1) throw fail(50723, `${op} requires a single argument, got ${args.length}`);
    return new ConvertNode(args[0]!, constant(target), undefined, undefined, format && constant(format));
  };
}

export const typeOperators = {
  $type: (arg, ctx, op) => new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => typeName(v)),
  $isNumber: (arg, ctx, op) => new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => numKind(v) !== null),
  $convert: parseConvert,
  $toBool: shortcut('bool'),
  $toDate: shortcut('date'),
  $toDecimal: shortcut('decimal'),
  $toDouble: shortcut('double'),
  $toInt: shortcut('int'),
  $toLong: shortcut('long'),
  $toObjectId: shortcut('objectId'),
  $toString: shortcut('string', 'auto'),
  $toUUID: shortcut(new Map<string, Value>([['type', 'binData'], ['subtype', new Int32(4)]]), 'uuid'),
} satisfies Record<string, OperatorParser>;
