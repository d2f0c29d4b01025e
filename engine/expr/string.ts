/**
 * String operators. Byte semantics are UTF-8 (`$substrBytes`, `$strLenBytes`, `$indexOfBytes`),
 * code-point semantics for the `CP` variants; `$toLower`/`$toUpper`/`$strcasecmp` change ASCII
 * letters only (the server's `boost::to_lower` in the C locale).
 */
import { utf8Length } from '../bson/size.js';
import { checkedString, checkStringBytes } from './string-limit.js';
import { formatG6 } from '../bson/render.js';
import { Int32, isDoc, typeOf, type Decimal128, type Long, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { regexOperator } from './regex.js';
import { coerceToLong } from './arithmetic.js';
import { integralInt, numKind, type Num } from './numeric.js';
import type { ExprNode, OperatorParser, Scope } from './types.js';
import { CallNode, SequentialNode, nullish, parseArgs, parseFixed, rangedArity, typeName } from './util.js';
import { formatDate, ISO_FORMAT } from './date.js';
import { UTC } from './timezone.js';
import { valueToString } from './value-string.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const int = (n: number): Int32 => new Int32(n);

/** `Value::coerceToString`. */
export function coerceToString(v: Value | undefined): string {
  if (nullish(v)) return '';
  switch (typeOf(v)) {
    case 'string':
      return v as string;
    case 'double':
      return formatG6(v as number);
    case 'int':
    case 'long':
      return String(v as Int32 | Long);
    case 'decimal':
      return (v as Decimal128).toString();
    case 'date':
      // `Value::coerceToString`: the UTC ISO format, so years outside 0-9999 fail with 18537.
      return formatDate(ISO_FORMAT, v as Date, UTC);
    case 'symbol':
      return String((v as { value: string }).value);
    case 'javascript':
      return String((v as { code: string }).code);
    case 'timestamp':
      return valueToString(v);
    default:
      throw fail(16007, `can't convert from BSON type ${typeName(v)} to String`);
  }
}

function isContinuation(b: number | undefined): boolean {
  return b !== undefined && (b & 0xc0) === 0x80;
}

const parseConcat: OperatorParser = (arg, ctx, op) =>
  new SequentialNode(op, parseArgs(arg, ctx), (values) => {
    let out = '';
    for (const v of values) {
      if (nullish(v)) return null;
      if (typeof v !== 'string') throw fail(16702, `$concat only supports strings, not ${typeName(v)}`);
      // Checked while growing, so a huge result is refused before it is built.
      out = checkedString(out + v);
    }
    return out;
  });

/** `$substrBytes` (and its old name `$substr`, which reports itself as `$substrBytes`). */
const parseSubstrBytes: OperatorParser = (arg, ctx) => {
  const op = '$substrBytes';
  return new CallNode(op, parseFixed(arg, ctx, op, 3), ([s, lower, length]) => {
    const bytes = enc.encode(coerceToString(s));
    if (numKind(lower) === null)
      throw fail(16034, `${op}:  starting index must be a numeric type (is BSON type ${typeName(lower)})`);
    if (numKind(length) === null)
      throw fail(16035, `${op}:  length must be a numeric type (is BSON type ${typeName(length)})`);
    const lo = coerceToLong(lower as Num);
    if (lo < 0n) throw fail(50752, `${op}:  starting index must be non-negative (got: ${lo})`);
    const len = coerceToLong(length as Num);
    const start = Number(lo > BigInt(bytes.length) ? BigInt(bytes.length) : lo);
    const count = len < 0n ? bytes.length : Number(len > BigInt(bytes.length) ? BigInt(bytes.length) : len);
    if (start < bytes.length && isContinuation(bytes[start]))
      throw fail(28656, `${op}:  Invalid range, starting index is a UTF-8 continuation byte.`);
    if (start + count < bytes.length && isContinuation(bytes[start + count]))
      throw fail(28657, `${op}:  Invalid range, ending index is in the middle of a UTF-8 character.`);
    if (start >= bytes.length) return '';
    return dec.decode(bytes.subarray(start, Math.min(bytes.length, start + count)));
  });
};

const parseSubstrCP: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 3), ([s, lower, length]) => {
    const str = coerceToString(s);
    if (numKind(lower) === null)
      throw fail(34450, `${op}: starting index must be a numeric type (is BSON type ${typeName(lower)})`);
    const start = integralInt(lower as Num);
    if (start === null)
      throw fail(
        34451,
        `${op}: starting index cannot be represented as a 32-bit integral value: ${valueToString(lower)}`,
      );
    if (numKind(length) === null)
      throw fail(34452, `${op}: length must be a numeric type (is BSON type ${typeName(length)})`);
    const len = integralInt(length as Num);
    if (len === null)
      throw fail(34453, `${op}: length cannot be represented as a 32-bit integral value: ${valueToString(length)}`);
    if (len < 0) throw fail(34454, `${op}: length must be a nonnegative integer.`);
    if (start < 0) throw fail(34455, `${op}: the starting index must be nonnegative integer.`);
    return [...str].slice(start, start + len).join('');
  });

const parseStrLenBytes: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (typeof v !== 'string') throw fail(34473, `$strLenBytes requires a string argument, found: ${typeName(v)}`);
    return int(enc.encode(v).length);
  });

const parseStrLenCP: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => {
    if (typeof v !== 'string') throw fail(34471, `$strLenCP requires a string argument, found: ${typeName(v)}`);
    let n = 0;
    for (const _ of v) n++;
    return int(n);
  });

const asciiLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const asciiUpper = (s: string): string => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

const parseToLower: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => asciiLower(coerceToString(v)));
const parseToUpper: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => asciiUpper(coerceToString(v)));

/** UTF-8 byte order, which equals code point order. */
function compareUtf8(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

const parseStrcasecmp: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([a, b]) =>
    int(compareUtf8(asciiUpper(coerceToString(a)), asciiUpper(coerceToString(b)))),
  );

/** Whitespace `$trim` removes by default. */
const DEFAULT_TRIM = [
  '\0',
  ' ',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u00a0',
  '\u1680',
  ...Array.from({ length: 11 }, (_, i) => String.fromCodePoint(0x2000 + i)),
];

function trimOperator(left: boolean, right: boolean): OperatorParser {
  return (arg, ctx, op) => {
    if (!isDoc(arg)) throw fail(50696, `${op} only supports an object as an argument, found ${typeName(arg)}`);
    let input: ExprNode | undefined;
    let chars: ExprNode | undefined;
    for (const [k, v] of arg) {
      if (k === 'input') input = ctx.parse(v);
      else if (k === 'chars') chars = ctx.parse(v);
      else throw fail(50694, `${op} found an unknown argument: ${k}`);
    }
    if (!input) throw fail(50695, `${op} requires an 'input' field`);
    const inputNode = input;
    const charsNode = chars;
    return {
      evaluate(scope: Scope): Value {
        const s = inputNode.evaluate(scope);
        if (nullish(s)) return null;
        if (typeof s !== 'string')
          throw fail(
            50699,
            `${op} requires its input to be a string, got ${valueToString(s)} (of type ${typeName(s)}) instead.`,
          );
        let set = DEFAULT_TRIM;
        if (charsNode) {
          const c = charsNode.evaluate(scope);
          if (nullish(c)) return null;
          if (typeof c !== 'string')
            throw fail(
              50700,
              `${op} requires 'chars' to be a string, got ${valueToString(c)} (of type ${typeName(c)}) instead.`,
            );
          set = [...c];
        }
        const cps = [...s];
        let a = 0;
        let b = cps.length;
        if (left) while (a < b && set.includes(cps[a]!)) a++;
        if (right) while (b > a && set.includes(cps[b - 1]!)) b--;
        return cps.slice(a, b).join('');
      },
    };
  };
}

const parseSplit: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 2), ([s, sep]) => {
    if (nullish(s) || nullish(sep)) return null;
    if (typeof s !== 'string')
      throw fail(
        40085,
        `$split requires an expression that evaluates to a string as a first argument, found: ${typeName(s)}`,
      );
    if (typeof sep !== 'string')
      throw fail(
        40086,
        `$split requires an expression that evaluates to a string as a second argument, found: ${typeName(sep)}`,
      );
    if (sep === '') throw fail(40087, '$split requires a non-empty separator');
    return s.split(sep);
  });

function indexArg(v: Value | undefined, op: string, what: string): number {
  const n = numKind(v) === null ? null : integralInt(v as Num);
  if (n === null)
    throw fail(
      40096,
      `${op}requires an integral ${what}, found a value of type: ${typeName(v)}, with value: ${valueToString(v)}`,
    );
  if (n < 0) throw fail(40097, `${op} requires a nonnegative ${what}, found: ${valueToString(v)}`);
  return n;
}

function matchesAt(units: readonly (number | string)[], tok: readonly (number | string)[], at: number): boolean {
  if (at + tok.length > units.length) return false;
  for (let j = 0; j < tok.length; j++) if (units[at + j] !== tok[j]) return false;
  return true;
}

/** `$indexOfBytes` (UTF-8 bytes) and `$indexOfCP` (code points). */
function indexOfOperator(bytes: boolean): OperatorParser {
  return (arg, ctx, op) => {
    const args = parseArgs(arg, ctx);
    rangedArity(op, args, 2, 4);
    const [firstCode, secondCode] = bytes ? [40091, 40092] : [40093, 40094];
    return {
      evaluate(scope: Scope): Value {
        const s = args[0]!.evaluate(scope);
        if (nullish(s)) return null;
        if (typeof s !== 'string')
          throw fail(firstCode, `${op} requires a string as the first argument, found: ${typeName(s)}`);
        const token = args[1]!.evaluate(scope);
        if (typeof token !== 'string')
          throw fail(secondCode, `${op} requires a string as the second argument, found: ${typeName(token)}`);
        const units: (number | string)[] = bytes ? Array.from(enc.encode(s)) : [...s];
        const tok: (number | string)[] = bytes ? Array.from(enc.encode(token)) : [...token];
        const start = args.length > 2 ? indexArg(args[2]!.evaluate(scope), op, 'starting index') : 0;
        const end =
          args.length > 3
            ? Math.min(units.length, indexArg(args[3]!.evaluate(scope), op, 'ending index'))
            : units.length;
        if (bytes) {
          // input.substr(0, end).find(token, start)
          if (start > units.length || end < start) return int(-1);
          const hay = units.slice(0, end);
          for (let i = start; i + tok.length <= hay.length; i++) if (matchesAt(hay, tok, i)) return int(i);
          return int(-1);
        }
        if (end < start) return int(-1);
        if (start === 0 && units.length === 0 && tok.length === 0) return int(0);
        for (let i = start; i < end; i++) if (matchesAt(units, tok, i)) return int(i);
        return int(-1);
      },
    };
  };
}

function replaceOperator(all: boolean): OperatorParser {
  return (arg, ctx, op) => {
    if (!isDoc(arg)) throw fail(51751, `${op} requires an object as an argument, found: ${typeName(arg)}`);
    let input: ExprNode | undefined;
    let find: ExprNode | undefined;
    let replacement: ExprNode | undefined;
    for (const [k, v] of arg) {
      if (k === 'input') input = ctx.parse(v);
      else if (k === 'find') find = ctx.parse(v);
      else if (k === 'replacement') replacement = ctx.parse(v);
      else throw fail(51750, `${op} found an unknown argument: ${k}`);
    }
    if (!input) throw fail(51749, `${op} requires 'input' to be specified`);
    if (!find) throw fail(51748, `${op} requires 'find' to be specified`);
    if (!replacement) throw fail(51747, `${op} requires 'replacement' to be specified`);
    const nodes = [input, find, replacement] as const;
    return {
      evaluate(scope: Scope): Value {
        const [i, f, r] = nodes.map((n) => n.evaluate(scope)) as [
          Value | undefined,
          Value | undefined,
          Value | undefined,
        ];
        if (!(typeof i === 'string' || nullish(i)))
          throw fail(51746, `${op} requires that 'input' be a string, found: ${valueToString(i)}`);
        if (!(typeof f === 'string' || nullish(f)))
          throw fail(51745, `${op} requires that 'find' be a string, found: ${valueToString(f)}`);
        if (!(typeof r === 'string' || nullish(r)))
          throw fail(51744, `${op} requires that 'replacement' be a string, found: ${valueToString(r)}`);
        if (nullish(i) || nullish(f) || nullish(r)) return null;
        if (!all) {
          const at = i.indexOf(f);
          return at < 0 ? i : checkedString(i.slice(0, at) + r + i.slice(at + f.length));
        }
        // The result's size is known before it is built: refuse an oversized one up front.
        const matches = f === '' ? [...i].length + 1 : i.split(f).length - 1;
        checkStringBytes(utf8Length(i) + matches * (utf8Length(r) - utf8Length(f)));
        if (f === '') {
          // An empty `find` matches before every character and at the end.
          let out = '';
          for (const c of i) out += r + c;
          return out + r;
        }
        return i.split(f).join(r);
      },
    };
  };
}

export const stringOperators = {
  $concat: parseConcat,
  $substr: parseSubstrBytes,
  $substrBytes: parseSubstrBytes,
  $substrCP: parseSubstrCP,
  $strLenBytes: parseStrLenBytes,
  $strLenCP: parseStrLenCP,
  $toLower: parseToLower,
  $toUpper: parseToUpper,
  $strcasecmp: parseStrcasecmp,
  $trim: trimOperator(true, true),
  $ltrim: trimOperator(true, false),
  $rtrim: trimOperator(false, true),
  $split: parseSplit,
  $indexOfBytes: indexOfOperator(true),
  $indexOfCP: indexOfOperator(false),
  $replaceOne: replaceOperator(false),
  $replaceAll: replaceOperator(true),
  $regexMatch: regexOperator('match'),
  $regexFind: regexOperator('find'),
  $regexFindAll: regexOperator('findAll'),
} satisfies Record<string, OperatorParser>;
