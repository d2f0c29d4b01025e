/**
 * `$convert` of a string to a number, after `parseStringToNumber` in the server's conversion
 * table and `NumberParser` (src/mongo/base/parse_number.cpp): a literal "0x" prefix is refused
 * first; integers are read in base 10 digit by digit (no leading whitespace, an optional sign,
 * "Overflow" past the type's range); doubles are read as C's `strtod` reads them (hexadecimal
 * floats, inf/infinity/nan in any case, "Out of range" for overflow and underflow); every
 * failure is ConversionFailure (241) naming NumberParser's reason.
 */
import { Int32, Long, type Value } from '../bson/values.js';
import { conversionFailure } from './conversion-errors.js';
import * as D from './decimal.js';
import { decValue, fitsInt, fitsLong } from './numeric.js';

export type NumberTarget = 'double' | 'int' | 'long' | 'decimal';

/** ctype::isSpace: the C locale's white space. */
const isSpace = (c: string | undefined): boolean => c !== undefined && ' \t\n\v\f\r'.includes(c);

export function parseNumberString(s: string, target: NumberTarget): Value {
  if (s.startsWith('0x')) throw conversionFailure(`Illegal hexadecimal input in $convert with no onError value: ${s}`);
  const reason =
    target === 'int' || target === 'long'
      ? parseIntegral(s, target)
      : target === 'double'
        ? parseDouble(s)
        : parseDecimal(s);
  if (typeof reason === 'string')
    throw conversionFailure(`Failed to parse number '${s}' in $convert with no onError value: ${reason}`);
  return reason.value;
}

type Parsed = { value: Value } | string;

/** `_parseNumber` for integral types with base 10: sign, digits, then the range check. */
function parseIntegral(s: string, target: 'int' | 'long'): Parsed {
  const negative = s.startsWith('-');
  const magnitude = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
  if (magnitude.length === 0) return 'No digits';
  let consumed = 0;
  while (consumed < magnitude.length && magnitude[consumed]! >= '0' && magnitude[consumed]! <= '9') consumed++;
  if (consumed !== magnitude.length) return 'Did not consume whole string.';
  const n = BigInt(magnitude);
  // _parseMagnitude accumulates in a uint64; the signed range check follows ("Overflow" both).
  const value = negative ? -n : n;
  if (target === 'int' ? !fitsInt(value) : !fitsLong(value)) return 'Overflow';
  return { value: target === 'int' ? new Int32(Number(value)) : Long.fromBigInt(value) };
}

const DECIMAL_FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;
const HEX_FLOAT = /^[+-]?0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)([pP][+-]?\d+)?/;
const INF_NAN = /^[+-]?(infinity|inf|nan(\([0-9A-Za-z_]*\))?)/i;
const MIN_NORMAL = 2.2250738585072014e-308;

/** `_parseNumber` for double: strtod's longest prefix, then what is left over. */
function parseDouble(s: string): Parsed {
  if (s.length === 0) return 'Empty string';
  if (isSpace(s[0])) return 'Leading whitespace';
  const special = INF_NAN.exec(s);
  const hex = special ? null : HEX_FLOAT.exec(s);
  const decimal = special || hex ? null : DECIMAL_FLOAT.exec(s);
  const match = special ?? hex ?? decimal;
  if (!match) return 'Did not consume any digits';
  const text = match[0];
  let x: number;
  if (special) x = /nan/i.test(text) ? NaN : text.startsWith('-') ? -Infinity : Infinity;
  else if (hex) x = hexFloat(text);
  else x = Number(text);
  // glibc's strtod sets ERANGE on overflow and on an inexact result below the normal range.
  if (!special && (!Number.isFinite(x) || (Math.abs(x) < MIN_NORMAL && !allZero(text)))) return 'Out of range';
  if (text.length !== s.length) return 'Did not consume whole string.';
  return { value: x };
}

function allZero(text: string): boolean {
  const mantissa = text.replace(/^[+-]?(0[xX])?/, '').split(/[eEpP]/)[0]!;
  return !/[1-9a-fA-F]/.test(mantissa);
}

function hexFloat(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]?0[xX]/, '');
  const [mantissa, exponent] = body.split(/[pP]/) as [string, string | undefined];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string | undefined];
  const digits = whole + fraction;
  const value = Number(BigInt(`0x${digits || '0'}`));
  return sign * value * 2 ** (Number(exponent ?? '0') - 4 * fraction.length);
}

/**
 * `_parseNumber` for Decimal128: the whole string must be a number (the library's flags make
 * anything else "Failed to parse string to decimal"); a value past the largest decimal overflows,
 * and a tiny one that cannot be held exactly (below 1E-6143, digits lost at exponent -6176)
 * underflows, as the library's flags say.
 */
function parseDecimal(s: string): Parsed {
  if (s.length === 0) return 'Empty string';
  if (/^[+-]?(inf|infinity|nan)$/i.test(s)) return { value: decValue(D.parseDec(s)) };
  const m = /^[+-]?(\d+)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return 'Failed to parse string to decimal';
  const digits = ((m[1] ?? '') + (m[2] ?? '')).replace(/^0+/, '');
  if (digits.length > 0) {
    const exponent = Number(m[3] ?? '0') - (m[2] ?? '').length;
    const significant = digits.replace(/0+$/, '');
    const lowest = exponent + (digits.length - significant.length);
    const adjusted = exponent + digits.length - 1;
    if (adjusted > 6144) return 'Conversion from string to decimal would overflow';
    const kept = Math.min(34, significant.length + (lowest - -6176));
    if (adjusted < -6143 && kept < significant.length) return 'Conversion from string to decimal would underflow';
  }
  return { value: decValue(D.parseDec(s)) };
}
