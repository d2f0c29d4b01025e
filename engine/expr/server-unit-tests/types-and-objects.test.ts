/**
 * Port of expression_test.cpp's Type ($type), IsNumber, BuiltinRemoveVariable,
 * ExpressionMergeObjects, ToLower and ToUpper (null bytes) tests.
 */
import { describe, expect, it } from 'vitest';
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  BSON_UNDEFINED,
  Code,
  DBRef,
  Decimal128,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from '../../bson/values.js';
import { evalTyped, expr, exprError, expectResults, i, l, typed, v, type Lit } from './harness.js';

const values: [Lit, string, boolean][] = [
  [new MinKey(), 'minKey', false],
  [1.0, 'double', true],
  ['stringValue', 'string', false],
  ['5', 'string', false],
  [{ a: { $literal: i(1) } }, 'object', false],
  [[i(1), i(2)], 'array', false],
  [new Binary(Buffer.alloc(0), 0), 'binData', false],
  [BSON_UNDEFINED, 'undefined', false],
  [new ObjectId('000000000000000000000000'), 'objectId', false],
  [true, 'bool', false],
  [new Date(), 'date', false],
  [null, 'null', false],
  [new BSONRegExp('a.b', ''), 'regex', false],
  [new BSONSymbol('a'), 'symbol', false],
  // WithCodeWScopeValue: code with a scope, even an empty one, is its own type (15).
  [new Code('var x = 3', {}), 'javascriptWithScope', false],
  [new Code('var x = 3'), 'javascript', false],
  [i(1), 'int', true],
  [Decimal128.fromString('0.3'), 'decimal', true],
  [l(1), 'long', true],
  [new Timestamp({ t: 0, i: 0 }), 'timestamp', false],
  [new MaxKey(), 'maxKey', false],
];

describe('ExpressionTypeTest / ExpressionIsNumberTest', () => {
  it('$type names every BSON type; $isNumber is true only for the four numeric types', () => {
    for (const [x, name, numeric] of values) {
      expectResults('$type', [[[x], name]]);
      expectResults('$isNumber', [[[x], numeric]]);
    }
  });
  it('WithDBRefValue: a DBRef read from a document is an object with $ref/$id (the shell cannot make a dbPointer)', () => {
    expect(expr({ $type: '$x' }, { x: new DBRef('', new ObjectId('000000000000000000000000')) })).toBe('object');
  });
});

describe('BuiltinRemoveVariable', () => {
  it('TypeOfRemoveIsMissing / LiteralEscapesRemoveVar / RemoveSerializesCorrectly…: $$REMOVE (and $$REMOVE.a.b) is missing', () => {
    expect(evalTyped({ $type: ['$$REMOVE'] })).toEqual(['string', '"missing"']);
    expect(evalTyped({ $literal: ['$$REMOVE'] })).toEqual(typed(v(['$$REMOVE'])));
    expect(evalTyped('$$REMOVE')).toEqual(['missing', '']);
    expect(evalTyped('$$REMOVE.a.b')).toEqual(['missing', '']);
  });
});

describe('ExpressionMergeObjects', () => {
  it('MergingWithSingleObject… / Disjoint… / Intersecting… / IntersectingEmbedded… / WithEmptyDocument… / SingleArgumentArray…: later fields win, whole', () => {
    expectResults('$mergeObjects', [
      [[], {}],
      [[{ a: i(1), b: i(1) }], { a: i(1), b: i(1) }],
      [[{ a: i(1), b: i(1) }, { c: i(1) }], { a: i(1), b: i(1), c: i(1) }],
      [[{ a: 'oldValue', b: i(0), c: i(1) }, { a: 'newValue' }], { a: 'newValue', b: i(0), c: i(1) }],
      [
        [{ d: i(1), subDoc: { a: i(1), b: i(2), c: i(3) } }, { subDoc: { a: i(2), b: i(1) } }],
        { d: i(1), subDoc: { a: i(2), b: i(1) } },
      ],
      [[{ a: i(0), b: i(1), c: i(1) }, {}], { a: i(0), b: i(1), c: i(1) }],
      [[[{ a: i(1) }, { a: i(2) }]], { a: i(2) }],
    ]);
  });
  it('MergingArrayWithDocument… / …ArrayContainingInvalidTypes… / MergingNonObjects…: 40400', () => {
    const lit = (xs: Lit[]): Lit => ({ $mergeObjects: xs.map((x) => ({ $literal: x })) });
    expect(exprError(lit([[{ a: i(1) }, { a: i(2) }], { b: i(2) }])).code).toBe(40400);
    expect(exprError(lit([[{ validType: i(1) }, 'invalidType']])).code).toBe(40400);
    expect(exprError(lit(['invalidArg']))).toEqual({
      code: 40400,
      errmsg: '$mergeObjects requires object inputs, but input "invalidArg" is of type string',
    });
    expect(exprError(lit(['invalidArg', { validArg: i(1) }])).code).toBe(40400);
    expect(exprError(lit([i(1), { validArg: i(1) }])).code).toBe(40400);
  });
});

describe('ToLower / ToUpper', () => {
  it('NullBegin / NullMiddle / NullEnd: the whole string is converted', () => {
    for (const [s, lower, upper] of <[string, string, string][]>[
      ['\0aB', '\0ab', '\0AB'],
      ['a\0B', 'a\0b', 'A\0B'],
      ['aB\0', 'ab\0', 'AB\0'],
    ]) {
      expect(expr({ $toLower: [s] })).toBe(lower);
      expect(expr({ $toUpper: [s] })).toBe(upper);
    }
  });
});
