/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for type conversion: convert.js,
 * is_number.js. Each expression runs through aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { Binary, BSONRegExp, BSON_UNDEFINED, Code, DBRef, Decimal128, MinKey, ObjectId, Timestamp, typeOf } from '../../bson/values.js';
import { expr, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const dec = (s: string): Decimal128 => Decimal128.fromString(s);
const oid = new ObjectId('0123456789abcdef01234567');
const ms = (n: number): Date => new Date(n);

const conversions: [Lit, string, Lit][] = [
  [1.9, 'double', 1.9], [1.9, 'string', '1.9'], [1.9, 'bool', true], [1.9, 'date', ms(1)], [1.9, 'int', i(1)], [1.9, 'long', l(1)],
  [1.9, 'decimal', dec('1.90000000000000')],
  ['1.9', 'double', 1.9], ['str', 'string', 'str'], ['0123456789abcdef01234567', 'objectId', oid], ['', 'bool', true],
  ['1970-01-01T00:00:00.001Z', 'date', ms(1)], ['1', 'int', i(1)], ['1', 'long', l(1)], ['1.9', 'decimal', dec('1.9')],
  [oid, 'string', '0123456789abcdef01234567'], [oid, 'bool', true], [oid, 'objectId', oid], [oid, 'date', new Date('1970-08-09T22:25:43Z')],
  [false, 'double', 0.0], [false, 'string', 'false'], [false, 'bool', false], [false, 'int', i(0)], [false, 'long', l(0)], [false, 'decimal', dec('0')],
  [ms(123), 'double', 123.0], [ms(123), 'string', '1970-01-01T00:00:00.123Z'], [ms(123), 'bool', true], [ms(123), 'date', ms(123)],
  [ms(123), 'long', l(123)], [ms(123), 'decimal', dec('123')],
  [i(1), 'double', 1.0], [i(1), 'string', '1'], [i(1), 'bool', true], [i(1), 'int', i(1)], [i(1), 'long', l(1)], [i(1), 'decimal', dec('1')],
  [l(1), 'double', 1.0], [l(1), 'string', '1'], [l(1), 'bool', true], [l(1), 'date', ms(1)], [l(1), 'int', i(1)], [l(1), 'long', l(1)], [l(1), 'decimal', dec('1')],
  [dec('1.9'), 'double', 1.9], [dec('1.9'), 'string', '1.9'], [dec('1.9'), 'bool', true], [dec('1.9'), 'date', ms(1)], [dec('1.9'), 'int', i(1)],
  [dec('1.9'), 'long', l(1)], [dec('1.9'), 'decimal', dec('1.9')],
  [new MinKey(), 'bool', true], [{ foo: 1, bar: 2 }, 'bool', true], [[1, 2], 'bool', true],
  [new Binary(Buffer.from('BBBBBBBBBBBBBBBBBBBBBBBBBBBB', 'base64'), 0), 'bool', true], [new BSONRegExp('B*', ''), 'bool', true],
  [new DBRef('db.test', 'oid' as never), 'bool', true], [new Code('function() {}'), 'bool', true], [new Timestamp({ t: 0, i: 1 }), 'bool', true],
];

const shorthand: Record<string, string> = {
  double: '$toDouble', string: '$toString', objectId: '$toObjectId', bool: '$toBool', date: '$toDate', int: '$toInt', long: '$toLong', decimal: '$toDecimal',
};

describe('convert.js', () => {
  it('each supported conversion, with $convert and with the $toX shorthand, gives the value and the type', () => {
    for (const [input, target, expected] of conversions) {
      const doc = { input, target };
      const viaConvert = expr({ $convert: { to: '$target', input: '$input' } }, doc);
      expect(viaConvert, `${String(input)} to ${target}`).toEqual(expected);
      expect(typeOf(viaConvert!)).toBe(target);
      expect(expr({ [shorthand[target]!]: '$input' }, doc)).toEqual(expected);
    }
  });

  it('an error in the input expression is not caught by onError', () => {
    expect(exprError({ $convert: { to: 'string', input: { $divide: [1, 0] }, onError: 'ERROR' } }).code).toBe(2);
  });

  const illegal: [Lit, string][] = [
    [1.9, 'objectId'], [oid, 'double'], [oid, 'int'], [oid, 'long'], [oid, 'decimal'], [false, 'objectId'], [false, 'date'],
    [ms(123), 'objectId'], [ms(123), 'int'], [i(1), 'objectId'], [i(1), 'date'], [l(1), 'objectId'], [dec('1.9'), 'objectId'],
    [1.9, 'minKey'], [1.9, 'missing'], [1.9, 'object'], [1.9, 'array'], [1.9, 'binData'], [1.9, 'undefined'], [1.9, 'null'],
    [1.9, 'regex'], [1.9, 'dbPointer'], [1.9, 'javascript'], [1.9, 'symbol'], [1.9, 'javascriptWithScope'], [1.9, 'timestamp'], [1.9, 'maxKey'],
  ];

  it('unsupported conversions fail, use onError when given, and $$REMOVE leaves the field out', () => {
    for (const [input, target] of illegal) {
      const doc = { input, target };
      expect(() => expr({ $convert: { to: '$target', input: '$input' } }, doc), `${String(input)} to ${target}`).toThrow();
      expect(expr({ $convert: { to: '$target', input: '$input', onError: 'ERROR' } }, doc)).toBe('ERROR');
      expect(expr({ $convert: { to: '$target', input: '$input', onError: '$$REMOVE' } }, doc)).toBeUndefined();
    }
    expect(exprError({ $convert: { to: 'objectId', input: 1.9 } })).toEqual({ code: 241, errmsg: 'Unsupported conversion from double to objectId in $convert with no onError value' });
    expect(exprError({ $convert: { to: 'minKey', input: 1.9 } }).code).toBe(241);
  });

  it('null, undefined and missing input give onNull, even when "to" is null', () => {
    for (const doc of [{ input: null }, { input: BSON_UNDEFINED }, {}]) {
      expect(expr({ $convert: { to: 'int', input: '$input', onNull: 'NULL' } }, doc as never)).toBe('NULL');
      expect(expr({ $convert: { to: null, input: '$input', onNull: 'NULL' } }, doc as never)).toBe('NULL');
    }
  });
});

describe('is_number.js', () => {
  it('true for the four number types only, from fields, nested fields and literals', () => {
    for (const n of [i(56072), 56072.2, dec('1.234'), l(123456789)]) {
      expect(expr({ $isNumber: '$x' }, { x: n })).toBe(true);
      expect(expr({ $isNumber: '$p.n' }, { p: { n } })).toBe(true);
      expect(expr({ $isNumber: { $literal: n } })).toBe(true);
    }
    for (const v of [null, [1], '1234', new Date(), new Binary(Buffer.alloc(16), 4)]) {
      expect(expr({ $isNumber: '$x' }, { x: v } as never)).toBe(false);
      expect(expr({ $isNumber: '$p.n' }, { p: { other: v } } as never)).toBe(false);
    }
    expect(expr({ $isNumber: '$missing' })).toBe(false);
    expect(expr({ $isNumber: null })).toBe(false);
    expect(expr({ $isNumber: [[2]] })).toBe(false);
    expect(expr({ $isNumber: 'a literal string' })).toBe(false);
    expect(expr({ $isNumber: new Date() })).toBe(false);
  });
});
