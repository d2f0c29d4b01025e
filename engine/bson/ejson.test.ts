import { describe, expect, it } from 'vitest';
import { isEngineError } from '../errors.js';
import { docFromJS, ejsonErrorOffset, fromJS, parseEJSON, parseEJSONDoc, stringifyEJSON } from './ejson.js';
import {
  BSON_UNDEFINED,
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  Decimal128,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  typeOf,
  type Doc,
  type Value,
} from './values.js';
import { binaryEqual } from './compare.js';

function parseFails(text: string): string {
  try {
    parseEJSON(text);
  } catch (e) {
    if (isEngineError(e)) {
      expect(e.code).toBe(9);
      return e.errmsg;
    }
    throw e;
  }
  throw new Error('expected a parse error for ' + text);
}

describe('parseEJSON', () => {
  it('keeps field order including integer-looking names', () => {
    const d = parseEJSONDoc('{"b":1,"0":2,"10":3,"a":{"2":1,"1":2}}');
    expect([...d.keys()]).toEqual(['b', '0', '10', 'a']);
    expect([...(d.get('a') as Doc).keys()]).toEqual(['2', '1']);
    expect(stringifyEJSON(d, { relaxed: true })).toBe('{"b":1,"0":2,"10":3,"a":{"2":1,"1":2}}');
  });

  it('types plain numbers by their written form', () => {
    const d = parseEJSONDoc(
      '{"a":1,"b":2147483648,"c":1.0,"d":1e2,"e":-2147483648,"f":9223372036854775807,"g":9223372036854775808,"h":-0}',
    );
    expect(typeOf(d.get('a')!)).toBe('int');
    expect(typeOf(d.get('b')!)).toBe('long');
    expect(typeOf(d.get('c')!)).toBe('double');
    expect(typeOf(d.get('d')!)).toBe('double');
    expect(typeOf(d.get('e')!)).toBe('int');
    expect((d.get('f') as Long).toString()).toBe('9223372036854775807');
    expect(d.get('g')).toBe(9223372036854775808);
    expect(Object.is(d.get('h'), -0)).toBe(true);
    // relaxed mode reads numbers the same way
    expect(typeOf(parseEJSON('1', { relaxed: true }))).toBe('int');
  });

  it('parses strings with escapes and surrogate pairs', () => {
    expect(parseEJSON('"a\\"b\\\\c\\/\\n\\u00e9\\ud83d\\ude00"')).toBe('a"b\\c/\né😀');
  });

  it('parses every type wrapper', () => {
    const d = parseEJSONDoc(
      JSON.stringify({
        oid: { $oid: '0123456789abcdef01234567' },
        date1: { $date: '2020-01-02T03:04:05.678Z' },
        date2: { $date: { $numberLong: '-1000' } },
        date3: { $date: 86400000 },
        date4: { $date: '2020-01-02T03:04:05+01:00' },
        i: { $numberInt: '-5' },
        l: { $numberLong: '123456789012' },
        d1: { $numberDouble: '1.5' },
        d2: { $numberDouble: 'Infinity' },
        d3: { $numberDouble: '-Infinity' },
        d4: { $numberDouble: 'NaN' },
        d5: { $numberDouble: '-0.0' },
        dec: { $numberDecimal: '1.50' },
        bin: { $binary: { base64: 'YWJj', subType: '00' } },
        legacyBin: { $binary: 'YWJj', $type: '80' },
        uuid: { $uuid: '00112233-4455-6677-8899-aabbccddeeff' },
        ts: { $timestamp: { t: 4294967295, i: 1 } },
        re: { $regularExpression: { pattern: 'a.c', options: 'mi' } },
        min: { $minKey: 1 },
        max: { $maxKey: 1 },
        undef: { $undefined: true },
        sym: { $symbol: 'x' },
        code: { $code: 'f()' },
        codews: { $code: 'g()', $scope: { x: 1 } },
        regexOp: { $regex: 'a', $options: 'i' },
        ref: { $ref: 'c', $id: 1 },
      }),
    );
    expect((d.get('oid') as ObjectId).toHexString()).toBe('0123456789abcdef01234567');
    expect((d.get('date1') as Date).toISOString()).toBe('2020-01-02T03:04:05.678Z');
    expect((d.get('date2') as Date).getTime()).toBe(-1000);
    expect((d.get('date3') as Date).getTime()).toBe(86400000);
    expect((d.get('date4') as Date).toISOString()).toBe('2020-01-02T02:04:05.000Z');
    expect(d.get('i')).toEqual(new Int32(-5));
    expect((d.get('l') as Long).toString()).toBe('123456789012');
    expect(d.get('d1')).toBe(1.5);
    expect(d.get('d2')).toBe(Infinity);
    expect(d.get('d3')).toBe(-Infinity);
    expect(d.get('d4')).toBeNaN();
    expect(Object.is(d.get('d5'), -0)).toBe(true);
    expect((d.get('dec') as Decimal128).toString()).toBe('1.50');
    expect((d.get('bin') as Binary).toString('utf8')).toBe('abc');
    expect((d.get('legacyBin') as Binary).sub_type).toBe(0x80);
    expect((d.get('uuid') as Binary).sub_type).toBe(4);
    expect((d.get('uuid') as Binary).toString('hex')).toBe('00112233445566778899aabbccddeeff');
    expect((d.get('ts') as Timestamp).t).toBe(4294967295);
    expect((d.get('re') as BSONRegExp).options).toBe('im');
    expect(d.get('min')).toBeInstanceOf(MinKey);
    expect(d.get('max')).toBeInstanceOf(MaxKey);
    expect(d.get('undef')).toBe(BSON_UNDEFINED);
    expect((d.get('sym') as BSONSymbol).value).toBe('x');
    expect((d.get('code') as Code).code).toBe('f()');
    expect((d.get('codews') as Code).scope).toEqual({ x: new Int32(1) });
    // the query operator form stays a document
    expect(typeOf(d.get('regexOp')!)).toBe('object');
    expect(typeOf(d.get('ref')!)).toBe('object');
  });

  it('rejects malformed input with code 9 and an offset', () => {
    expect(parseFails('{"a":1,}')).toMatch(/offset 7/);
    try {
      parseEJSON('[1,,2]');
    } catch (e) {
      expect(isEngineError(e) && ejsonErrorOffset(e.errmsg)).toBe(3);
    }
    expect(parseFails('{"a":1')).toMatch(/offset 6/);
    expect(parseFails('{a:1}')).toMatch(/field name/);
    expect(parseFails('[1 2]')).toMatch(/offset 3/);
    expect(parseFails('01')).toMatch(/leading zero/);
    expect(parseFails('"abc')).toMatch(/unterminated/);
    expect(parseFails('{} x')).toMatch(/after the value/);
    expect(parseFails('')).toMatch(/end of input/);
    expect(parseFails('{"a":1,"a":2}')).toMatch(/duplicate field name "a"/);
    expect(parseFails('{"$oid":"zz"}')).toMatch(/invalid \$oid/);
    expect(parseFails('{"$oid":"0123456789abcdef01234567","x":1}')).toMatch(/only field/);
    expect(parseFails('{"x":1,"$numberInt":"1"}')).toMatch(/only field/);
    expect(parseFails('{"$numberInt":"2147483648"}')).toMatch(/numberInt/);
    expect(parseFails('{"$numberLong":"9223372036854775808"}')).toMatch(/out of range/);
    expect(parseFails('{"$numberDouble":"abc"}')).toMatch(/numberDouble/);
    expect(parseFails('{"$date":"yesterday"}')).toMatch(/\$date/);
    expect(parseFails('{"$binary":{"base64":"YWJj"}}')).toMatch(/binary/);
    expect(parseFails('{"$regularExpression":{"pattern":"a","options":"z"}}')).toMatch(/options/);
  });

  it('enforces a nesting limit without overflowing the stack', () => {
    expect(parseFails('['.repeat(100000))).toMatch(/nesting depth exceeds 200/);
    expect(() => parseEJSON('['.repeat(200) + ']'.repeat(200))).not.toThrow();
  });

  it('is linear on large inputs: eight times the input costs far less than 64 times the time', () => {
    // A ratio within one process, not a time limit: a quadratic parser (re-slicing the text, string
    // concatenation per token) takes ~64x for 8x the input; a linear one ~8x, whatever the load.
    const input = (n: number): string =>
      '[' + Array.from({ length: n }, (_, i) => `{"k${i}":"${'x'.repeat(5)}\\n","n":${i}}`).join(',') + ']';
    const fastest = (text: string, count: number): number => {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const t0 = performance.now();
        const v = parseEJSON(text) as Value[];
        best = Math.min(best, performance.now() - t0);
        expect(v.length).toBe(count);
      }
      return best;
    };
    const small = fastest(input(25000), 25000);
    const large = fastest(input(200000), 200000);
    expect(large / small).toBeLessThan(24);
  });
});

describe('stringifyEJSON', () => {
  const all: Doc = new Map<string, Value>([
    ['_id', ObjectId.createFromHexString('0123456789abcdef01234567')],
    ['i', new Int32(1)],
    ['l', Long.fromString('-9007199254740993')],
    ['d', 1],
    ['d2', 1.25],
    ['nz', -0],
    ['inf', Infinity],
    ['nan', NaN],
    ['big', 1e300],
    ['dec', Decimal128.fromString('0.10')],
    ['s', 'h"i'],
    ['t', true],
    ['n', null],
    ['date', new Date(Date.UTC(2021, 5, 7))],
    ['old', new Date(-1)],
    ['ts', new Timestamp({ t: 5, i: 6 })],
    ['bin', new Binary(new Uint8Array([1, 2, 3]), 4)],
    ['re', new BSONRegExp('^a', 'si')],
    ['min', new MinKey()],
    ['max', new MaxKey()],
    ['u', BSON_UNDEFINED],
    ['sym', new BSONSymbol('sy')],
    ['code', new Code('x')],
    ['arr', [new Int32(1), 'a', []]],
    [
      'obj',
      new Map<string, Value>([
        ['10', new Int32(1)],
        ['2', new Int32(2)],
      ]),
    ],
    ['empty', new Map()],
  ]);

  it('writes canonical EJSON', () => {
    expect(stringifyEJSON(all)).toBe(
      '{"_id":{"$oid":"0123456789abcdef01234567"},"i":{"$numberInt":"1"},"l":{"$numberLong":"-9007199254740993"},' +
        '"d":{"$numberDouble":"1.0"},"d2":{"$numberDouble":"1.25"},"nz":{"$numberDouble":"-0.0"},' +
        '"inf":{"$numberDouble":"Infinity"},"nan":{"$numberDouble":"NaN"},"big":{"$numberDouble":"1e+300"},' +
        '"dec":{"$numberDecimal":"0.10"},"s":"h\\"i","t":true,"n":null,' +
        '"date":{"$date":{"$numberLong":"1623024000000"}},"old":{"$date":{"$numberLong":"-1"}},' +
        '"ts":{"$timestamp":{"t":5,"i":6}},"bin":{"$binary":{"base64":"AQID","subType":"04"}},' +
        '"re":{"$regularExpression":{"pattern":"^a","options":"is"}},"min":{"$minKey":1},"max":{"$maxKey":1},' +
        '"u":{"$undefined":true},"sym":{"$symbol":"sy"},"code":{"$code":"x"},' +
        '"arr":[{"$numberInt":"1"},"a",[]],"obj":{"10":{"$numberInt":"1"},"2":{"$numberInt":"2"}},"empty":{}}',
    );
  });

  it('writes relaxed EJSON', () => {
    expect(stringifyEJSON(all, { relaxed: true })).toBe(
      '{"_id":{"$oid":"0123456789abcdef01234567"},"i":1,"l":-9007199254740993,"d":1.0,"d2":1.25,"nz":-0.0,' +
        '"inf":{"$numberDouble":"Infinity"},"nan":{"$numberDouble":"NaN"},"big":1e+300,' +
        '"dec":{"$numberDecimal":"0.10"},"s":"h\\"i","t":true,"n":null,' +
        '"date":{"$date":"2021-06-07T00:00:00.000Z"},"old":{"$date":{"$numberLong":"-1"}},' +
        '"ts":{"$timestamp":{"t":5,"i":6}},"bin":{"$binary":{"base64":"AQID","subType":"04"}},' +
        '"re":{"$regularExpression":{"pattern":"^a","options":"is"}},"min":{"$minKey":1},"max":{"$maxKey":1},' +
        '"u":{"$undefined":true},"sym":{"$symbol":"sy"},"code":{"$code":"x"},' +
        '"arr":[1,"a",[]],"obj":{"10":1,"2":2},"empty":{}}',
    );
  });

  it('round-trips every type exactly in both modes', () => {
    for (const relaxed of [false, true]) {
      const back = parseEJSON(stringifyEJSON(all, { relaxed }));
      expect(binaryEqual(back, all)).toBe(true);
      expect(stringifyEJSON(back)).toBe(stringifyEJSON(all));
    }
  });

  it('pretty-prints with indent', () => {
    const d = docFromJS({ a: [1, { b: 'x' }] });
    expect(stringifyEJSON(d, { relaxed: true, indent: 2 })).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": "x"\n    }\n  ]\n}',
    );
  });
});

describe('fromJS', () => {
  it('maps integers to int32 and others to doubles', () => {
    const d = docFromJS({ a: 1, b: 1.5, c: 2 ** 40, d: 5n, e: [true, null], f: { g: 'x' }, h: undefined });
    expect(stringifyEJSON(d)).toBe(
      '{"a":{"$numberInt":"1"},"b":{"$numberDouble":"1.5"},"c":{"$numberDouble":"1099511627776.0"},"d":{"$numberLong":"5"},"e":[true,null],"f":{"g":"x"}}',
    );
    expect(fromJS(new Int32(3))).toEqual(new Int32(3));
    expect(stringifyEJSON(fromJS(/a.b/gi))).toBe('{"$regularExpression":{"pattern":"a.b","options":"i"}}');
  });
});
