/**
 * Port of MongoDB's jstests/aggregation/expressions/convert_bindata.js (with
 * jstests/libs/convert_shared.js's four runs) and the BinData rules of the server's conversion
 * table (`parseStringToBinData`, `performConvertBinDataToString`, `performConvertBinDataToBinData`,
 * `computeBinDataType`, `parseBinDataFormat`, `makeConversionFunc`'s format check) as 8.0 has
 * them: string <-> BinData with `format`, BinData -> BinData of the same subtype, `to: {type,
 * subtype}`, `$toUUID`, and `$toString`'s 'auto' format. Each expression runs through aggregate and
 * an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { Binary, Decimal128, ObjectId } from '../../bson/values.js';
import { expr, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const UUID_SUBTYPE = 4;
const GENERAL = 0;
const bin = (subtype: number, base64: string): Binary => new Binary(Buffer.from(base64, 'base64'), subtype);
const uuid = (s: string): Binary => new Binary(Buffer.from(s.replaceAll('-', ''), 'hex'), UUID_SUBTYPE);
const UUID_TEXT = '867dee52-c331-484e-92d1-c56479b8e67e';
const B64 = 'hn3uUsMxSE6S0cVkebjmfg==';

interface Case {
  input: Lit;
  target: Lit;
  format?: string;
  expected?: Lit;
}

const conversions: Case[] = [
  { input: 1.9, target: { type: 'double' }, expected: 1.9 },
  { input: 1.9, target: { type: 'string' }, expected: '1.9' },
  { input: 1.9, target: { type: 'bool' }, expected: true },
  { input: 1.9, target: { type: 'date' }, expected: new Date(1) },
  { input: 1.9, target: { type: 'int' }, expected: i(1) },
  { input: 1.9, target: { type: 'long' }, expected: l(1) },
  { input: 1.9, target: { type: 'decimal' }, expected: Decimal128.fromString('1.90000000000000') },
  { input: UUID_TEXT, target: { type: 'binData', subtype: UUID_SUBTYPE }, format: 'uuid', expected: bin(UUID_SUBTYPE, B64) },
  { input: B64, target: { type: 'binData', subtype: GENERAL }, format: 'base64', expected: bin(GENERAL, B64) },
  { input: 'hn3uUsMxSE6S0cVkebjmfg', target: { type: 'binData', subtype: GENERAL }, format: 'base64url', expected: bin(GENERAL, B64) },
  { input: '867DEE52C331484E92D1C56479B8E67E', target: { type: 'binData', subtype: GENERAL }, format: 'hex', expected: bin(GENERAL, B64) },
  { input: '🙂😎', target: { type: 'binData', subtype: GENERAL }, format: 'utf8', expected: bin(GENERAL, '8J+ZgvCfmI4=') },
  { input: uuid(UUID_TEXT), target: 'string', format: 'uuid', expected: UUID_TEXT },
  { input: bin(UUID_SUBTYPE, B64), target: 'string', format: 'auto', expected: UUID_TEXT },
  { input: bin(GENERAL, B64), target: 'string', format: 'auto', expected: B64 },
  { input: bin(UUID_SUBTYPE, B64), target: 'string', format: 'base64', expected: B64 },
  { input: bin(GENERAL, B64), target: 'string', format: 'base64url', expected: 'hn3uUsMxSE6S0cVkebjmfg' },
  { input: bin(GENERAL, B64), target: 'string', format: 'hex', expected: '867DEE52C331484E92D1C56479B8E67E' },
  { input: bin(GENERAL, '8J+ZgvCfmI4='), target: 'string', format: 'utf8', expected: '🙂😎' },
  { input: uuid(UUID_TEXT), target: { type: 'binData', subtype: UUID_SUBTYPE }, expected: bin(UUID_SUBTYPE, B64) },
  { input: bin(GENERAL, B64), target: { type: 'binData', subtype: GENERAL }, expected: bin(GENERAL, B64) },
  { input: bin(GENERAL, B64), target: 'binData', expected: bin(GENERAL, B64) },
];

const illegal: Case[] = [
  { input: new ObjectId('0123456789abcdef01234567'), target: { type: 'binData', subtype: UUID_SUBTYPE } },
  { input: new ObjectId('0123456789abcdef01234567'), target: { type: 'binData', subtype: GENERAL } },
  { input: UUID_TEXT, target: { type: 'binData', subtype: GENERAL }, format: 'uuid' },
  { input: '867dee--52-c331-484e-', target: { type: 'binData', subtype: UUID_SUBTYPE }, format: 'uuid' },
  { input: '867dee--52-c331-484e-', target: { type: 'binData', subtype: GENERAL }, format: 'base64' },
  { input: '867dee--52-c331-484e-', target: { type: 'binData', subtype: GENERAL }, format: 'base64url' },
  { input: '867dee--52-c331-484e-zx', target: { type: 'binData', subtype: GENERAL }, format: 'hex' },
  { input: UUID_TEXT, target: { type: 'binData', subtype: GENERAL }, format: 'auto' },
  { input: B64, target: { type: 'binData', subtype: UUID_SUBTYPE }, format: 'base64' },
  { input: B64, target: { type: 'binData', subtype: UUID_SUBTYPE }, format: 'auto' },
  { input: uuid(UUID_TEXT), target: { type: 'binData', subtype: GENERAL } },
  { input: bin(GENERAL, B64), target: { type: 'binData', subtype: UUID_SUBTYPE } },
  { input: uuid(UUID_TEXT), target: { type: 'binData', subtype: 255 } },
  { input: bin(255, B64), target: { type: 'binData', subtype: 0 } },
];

const convert = (c: Case, extra: Record<string, Lit> = {}): Lit => ({
  $convert: { to: '$target', input: '$input', ...(c.format !== undefined ? { format: '$format' } : {}), ...extra },
});
const docOf = (c: Case): Lit => ({ _id: 0, input: c.input, target: c.target, ...(c.format !== undefined ? { format: c.format } : {}) });
const typeOfTarget = (t: Lit): string => (typeof t === 'string' ? t : String((t as { type: string }).type));

function shorthandFor(c: Case): Lit {
  const t = typeOfTarget(c.target);
  if (t === 'binData' && (c.target as { subtype?: number }).subtype === UUID_SUBTYPE && typeof c.input === 'string') return { $toUUID: '$input' };
  const names: Record<string, string> = { double: '$toDouble', bool: '$toBool', date: '$toDate', int: '$toInt', long: '$toLong', decimal: '$toDecimal' };
  if (names[t]) return { [names[t]]: '$input' };
  if (t === 'string' && (c.format === 'auto' || c.format === 'uuid' || c.format === undefined)) return { $toString: '$input' };
  return convert(c);
}

describe('convert_bindata.js', () => {
  it('each valid conversion, through $convert and through the shorthand ($toUUID, $toString with the auto format)', () => {
    for (const c of conversions) {
      expect(expr(convert(c), docOf(c)), JSON.stringify(c.target)).toEqual(c.expected);
      expect(expr(shorthandFor(c), docOf(c)), `shorthand ${JSON.stringify(c.target)}`).toEqual(c.expected);
    }
  });

  it('each illegal conversion fails, is caught by onError, and onError: $$REMOVE leaves the field missing', () => {
    for (const c of illegal) {
      expect(exprError(convert(c), docOf(c)).code, JSON.stringify(c)).toBe(241);
      expect(expr(convert(c, { onError: 'ERROR' }), docOf(c))).toBe('ERROR');
      expect(expr(convert(c, { onError: '$$REMOVE' }), docOf(c))).toBeUndefined();
    }
  });

  it("an invalid subtype or type in 'to' is a parse error that onError does not catch", () => {
    const bad: [Lit, Lit, number][] = [
      [{ type: 'binData', subtype: -1 }, 'base64', 4341107],
      [{ type: 'binData', subtype: 1000 }, 'base64', 4341107],
      [{ type: 'binData', subtype: 256 }, 'base64', 4341107],
      [{ type: 'binData', subtype: 127 }, 'base64', 4341107],
    ];
    for (const [target, format, code] of bad) {
      for (const extra of [{}, { onError: 'NULL' }]) {
        expect(exprError(convert({ input: B64, target, format: 'x' }, extra), { _id: 0, input: B64, target, format }).code).toBe(code);
      }
    }
    for (const target of [{ type: -2 }, -2]) {
      for (const extra of [{}, { onError: 'NULL' }]) {
        expect(exprError(convert({ input: 123, target }, extra), { _id: 0, input: 123, target })).toEqual({
          code: 9,
          errmsg: "In $convert, numeric value for 'to' does not correspond to a BSON type: -2",
        });
      }
    }
  });
});

describe('BinData rules of the conversion table (expression_convert.cpp)', () => {
  const toBin = (input: Lit, subtype: Lit, format: Lit): Lit => ({ $convert: { input, to: { type: 'binData', subtype }, format } });

  it('computeBinDataType: a non-integral subtype is 4341106, out of 0-8/128-255 is 4341107, a non-number is 4341108', () => {
    expect(exprError(toBin('abc', 1.5, 'base64'))).toEqual({ code: 4341106, errmsg: "In $convert, numeric 'subtype' argument is not an integer" });
    expect(exprError(toBin('abc', 900, 'base64'))).toEqual({
      code: 4341107,
      errmsg: "In $convert, numeric value for 'subtype' does not correspond to a BinData type: 900",
    });
    expect(exprError(toBin('abc', 'newUUID', 'uuid'))).toEqual({
      code: 4341108,
      errmsg: "For BinData, $convert's 'subtype' argument must be a number, but is string",
    });
    expect(expr(toBin('AAEC', i(8), 'base64'))).toEqual(new Binary(Uint8Array.from([0, 1, 2]), 8));
    expect(expr(toBin('AAEC', l(128), 'base64'))).toEqual(new Binary(Uint8Array.from([0, 1, 2]), 128));
    expect(expr(toBin('AAEC', 2.0, 'base64'))).toEqual(new Binary(Uint8Array.from([0, 1, 2]), 2));
  });

  it('parseBinDataFormat: a non-string format is 4341114, an unknown one 4341125, both past onError; a null format is no format', () => {
    expect(exprError({ $convert: { input: 'abc', to: 'binData', format: 1, onError: 'E' } })).toEqual({
      code: 4341114,
      errmsg: "$convert requires that 'format' be a string, found: double with value 1",
    });
    expect(exprError({ $convert: { input: 'abc', to: 'binData', format: 'base32', onError: 'E' } })).toEqual({
      code: 4341125,
      errmsg: "Invalid 'format' argument for $convert: base32",
    });
    // The format is read only after the nullish checks: a null input never looks at it.
    expect(expr({ $convert: { input: null, to: 'binData', format: 1 } })).toBeNull();
  });

  it('a string <-> BinData conversion without a format is 4341115, which onError does not catch', () => {
    expect(exprError({ $convert: { input: 'abc', to: 'binData', onError: 'E' } })).toEqual({
      code: 4341115,
      errmsg: "Format must be speficied when converting from 'string' to 'binData'",
    });
    expect(exprError({ $convert: { input: { $literal: bin(0, 'AAEC') }, to: 'string', format: null } })).toEqual({
      code: 4341115,
      errmsg: "Format must be speficied when converting from 'binData' to 'string'",
    });
  });

  it('decode failures are 241 with the decoder reason (base64, base64url, hex, utf8, uuid, the UUID-subtype rule)', () => {
    const reason = (input: string, subtype: number, format: string): string => exprError(toBin(input, subtype, format)).errmsg;
    const prefix = (input: string): string => `Failed to parse BinData '${input}' in $convert with no onError value: `;
    expect(reason('abc', 0, 'base64')).toBe(`${prefix('abc')}invalid base64`);
    expect(reason('ab=c', 0, 'base64')).toBe(`${prefix('ab=c')}Invalid base64 character`);
    expect(reason('a', 0, 'base64url')).toBe(`${prefix('a')}invalid base64`);
    expect(reason('abc', 0, 'hex')).toBe(`${prefix('abc')}Hex blob with odd digit count`);
    expect(reason('zz', 0, 'hex')).toBe(`${prefix('zz')}The character \\x7a failed to parse from hex.`);
    expect(reason('867dee52---484e-92d1', 4, 'uuid')).toBe(`${prefix('867dee52---484e-92d1')}Invalid UUID string: 867dee52---484e-92d1`);
    expect(reason(UUID_TEXT, 0, 'uuid')).toBe(`${prefix(UUID_TEXT)}Only the 'uuid' format is allowed with the UUID subtype`);
    expect(reason('abc', 0, 'auto')).toBe(`${prefix('abc')}Invalid format 'auto'`);
    expect(exprError(toBin('abc', 0, 'base64')).code).toBe(241);
  });

  it('base64url takes an unpadded final group of 2 or 3; base64 needs whole groups; empty strings are empty BinData', () => {
    expect(expr(toBin('AAE', 0, 'base64url'))).toEqual(new Binary(Uint8Array.from([0, 1]), 0));
    expect(expr(toBin('AA', 0, 'base64url'))).toEqual(new Binary(Uint8Array.from([0]), 0));
    expect(expr(toBin('AAE=', 0, 'base64url'))).toEqual(new Binary(Uint8Array.from([0, 1]), 0));
    expect(expr(toBin('-_8=', 0, 'base64url'))).toEqual(new Binary(Uint8Array.from([0xfb, 0xff]), 0));
    expect(exprError(toBin('-_8=', 0, 'base64')).code).toBe(241);
    expect(expr(toBin('', 0, 'base64'))).toEqual(new Binary(new Uint8Array(0), 0));
    expect(expr(toBin('', 0, 'hex'))).toEqual(new Binary(new Uint8Array(0), 0));
    expect(expr(toBin('0aFf', 0, 'hex'))).toEqual(new Binary(Uint8Array.from([0x0a, 0xff]), 0));
    expect(expr(toBin('867DEE52-C331-484E-92D1-C56479B8E67E', 4, 'uuid'))).toEqual(uuid(UUID_TEXT));
  });

  it('BinData to string: utf8 needs valid UTF-8 (4341122), uuid a 16-byte subtype 4 (4341121), both 241 and caught by onError', () => {
    const toStr = (b: Binary, format: string, extra: Record<string, Lit> = {}): Lit => ({
      $convert: { input: { $literal: b }, to: 'string', format, ...extra },
    });
    expect(exprError(toStr(new Binary(Uint8Array.from([0xe2, 0x82]), 0), 'utf8'))).toEqual({
      code: 241,
      errmsg: `Failed to convert 'BinData(0, "\uFFFD")' to string in $convert with no onError value: BinData does not represent a valid UTF-8 string`,
    });
    expect(exprError(toStr(bin(0, B64), 'uuid')).errmsg).toMatch(/^Failed to convert 'BinData\(0, ".*"\)' to string in \$convert with no onError value: BinData does not represent a valid UUID$/s);
    expect(exprError(toStr(new Binary(Uint8Array.from([1, 2]), 4), 'uuid')).code).toBe(241);
    expect(expr(toStr(new Binary(Uint8Array.from([1, 2]), 4), 'auto'))).toBe('AQI=');
    expect(expr(toStr(bin(0, B64), 'uuid', { onError: 'E' }))).toBe('E');
    expect(expr({ $toString: { $literal: new Binary(Uint8Array.from([0x61, 0x22, 0x0a]), 5) } })).toBe('YSIK');
  });

  it("'to' as a document: subtype defaults to 0, a missing type is FailedToParse, the subtype is read only for BinData", () => {
    expect(expr({ $convert: { input: 'AAEC', to: { type: 'binData' }, format: 'base64' } })).toEqual(new Binary(Uint8Array.from([0, 1, 2]), 0));
    expect(expr({ $convert: { input: '5', to: { type: 'int', subtype: 'anything' } } })).toEqual(i(5));
    expect(expr({ $convert: { input: '5', to: { type: i(16) } } })).toEqual(i(5));
    expect(exprError({ $convert: { input: 1, to: { dinosaur: 'Tyrannosaurus rex' }, onError: 0 } })).toEqual({
      code: 9,
      errmsg: "$convert's 'to' argument must be a string or number, but is missing",
    });
    expect(exprError({ $convert: { input: 1, to: { type: 'dinosaur' }, onError: 0 } })).toEqual({ code: 2, errmsg: 'Unknown type name: dinosaur' });
  });

  it('other types to BinData and BinData to numbers are unsupported in 8.0 (the numeric forms are 8.1)', () => {
    for (const input of [i(1), l(1), 1.5, true, new Date(0)] as Lit[]) {
      expect(exprError({ $convert: { input, to: 'binData' } }).code).toBe(241);
    }
    expect(exprError({ $convert: { input: { $literal: bin(0, 'AAAAAA==') }, to: 'int' } })).toEqual({
      code: 241,
      errmsg: 'Unsupported conversion from binData to int in $convert with no onError value',
    });
    expect(expr({ $toBool: { $literal: bin(0, '') } })).toBe(true);
  });

  it('$toUUID: a UUID string to subtype 4, null for null, 241 for anything else, one argument (50723)', () => {
    expect(expr({ $toUUID: UUID_TEXT })).toEqual(uuid(UUID_TEXT));
    expect(expr({ $toUUID: null })).toBeNull();
    expect(expr({ $toUUID: '$missing' })).toBeNull();
    expect(exprError({ $toUUID: '867dee52---484e-92d1' })).toEqual({
      code: 241,
      errmsg: "Failed to parse BinData '867dee52---484e-92d1' in $convert with no onError value: Invalid UUID string: 867dee52---484e-92d1",
    });
    expect(expr({ $toUUID: { $literal: uuid(UUID_TEXT) } })).toEqual(uuid(UUID_TEXT));
    expect(exprError({ $toUUID: { $literal: bin(0, B64) } }).code).toBe(241);
    expect(exprError({ $toUUID: 5 })).toEqual({ code: 241, errmsg: 'Unsupported conversion from double to binData in $convert with no onError value' });
    expect(exprError({ $toUUID: [1, 2] }).code).toBe(50723);
  });
});
