import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Collator } from '../bson/compare.js';
import type { Doc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import type { MatchDetails } from '../runtime.js';
import { compileQuery } from './index.js';

function d(text: string): Doc {
  return parseEJSON(text) as Doc;
}

function matches(filter: string, doc: string, collator: Collator | null = null): boolean {
  return compileQuery(d(filter), { collator }).matches(d(doc));
}

/** Which of the documents match (by position). */
function which(filter: string, docs: string[], collator: Collator | null = null): number[] {
  const m = compileQuery(d(filter), { collator });
  return docs.flatMap((doc, i) => (m.matches(d(doc)) ? [i] : []));
}

function key(filter: string, doc: string): string | undefined {
  const details: MatchDetails = {};
  expect(compileQuery(d(filter), { collator: null }).matches(d(doc), undefined, details)).toBe(true);
  return details.elemMatchKey;
}

describe('equality and implicit array matching', () => {
  it('matches scalars, array elements and whole arrays', () => {
    expect(matches('{"a":1}', '{"a":1}')).toBe(true);
    expect(matches('{"a":1}', '{"a":1.0}')).toBe(true);
    expect(matches('{"a":1}', '{"a":{"$numberLong":"1"}}')).toBe(true);
    expect(matches('{"a":1}', '{"a":{"$numberDecimal":"1.000"}}')).toBe(true);
    expect(matches('{"a":1}', '{"a":"1"}')).toBe(false);
    expect(matches('{"a":1}', '{"a":[3,1]}')).toBe(true);
    expect(matches('{"a":[1,2]}', '{"a":[1,2]}')).toBe(true);
    expect(matches('{"a":[1,2]}', '{"a":[2,1]}')).toBe(false);
    expect(matches('{"a":[1,2]}', '{"a":[[1,2],3]}')).toBe(true);
    expect(matches('{"a":[1]}', '{"a":1}')).toBe(false);
  });

  it('compares embedded documents exactly, field order included', () => {
    expect(matches('{"a":{"b":1,"c":2}}', '{"a":{"b":1,"c":2}}')).toBe(true);
    expect(matches('{"a":{"b":1,"c":2}}', '{"a":{"c":2,"b":1}}')).toBe(false);
    expect(matches('{"a":{}}', '{"a":{}}')).toBe(true);
  });

  it('follows dotted paths through arrays of documents', () => {
    const docs = [
      '{"a":[{"b":1},{"b":2}]}',
      '{"a":{"b":[2,3]}}',
      '{"a":[{"b":[5,2]}]}',
      '{"a":[[{"b":2}]]}',
      '{"a":2}',
    ];
    expect(which('{"a.b":2}', docs)).toEqual([0, 1, 2]);
  });

  it('treats numeric components as array positions or field names', () => {
    expect(matches('{"a.1":5}', '{"a":[4,5]}')).toBe(true);
    expect(matches('{"a.0":5}', '{"a":[4,5]}')).toBe(false);
    expect(matches('{"a.0.b":1}', '{"a":[{"b":1}]}')).toBe(true);
    expect(matches('{"a.0":1}', '{"a":{"0":1}}')).toBe(true);
    expect(matches('{"a.0":1}', '{"a":[{"0":1}]}')).toBe(true);
    expect(matches('{"a.1.b":2}', '{"a":[{"b":1},{"b":2}]}')).toBe(true);
    expect(matches('{"a.01":5}', '{"a":[4,5]}')).toBe(false);
    expect(matches('{"a.0.1":3}', '{"a":[[2,3]]}')).toBe(true);
  });

  it('matches null against null and missing, not undefined (8.0)', () => {
    const docs = ['{"a":null}', '{}', '{"a":{"$undefined":true}}', '{"a":1}', '{"a":[null]}', '{"a":[1]}'];
    expect(which('{"a":null}', docs)).toEqual([0, 1, 4]);
    expect(which('{"a":{"$eq":null}}', docs)).toEqual([0, 1, 4]);
    expect(which('{"a":{"$in":[null]}}', docs)).toEqual([0, 1, 4]);
    expect(which('{"a":{"$ne":null}}', docs)).toEqual([2, 3, 5]);
    expect(which('{"a":{"$gte":null}}', docs)).toEqual([0, 1, 4]);
    expect(which('{"a":{"$gt":null}}', docs)).toEqual([]);
  });

  it('applies null to dotted paths as the server does (jstests/core/null2.js)', () => {
    const docs = [
      '{"a":[{"b":5}]}',
      '{"a":[{}]}',
      '{"a":[]}',
      '{"a":[{},{"b":5}]}',
      '{"a":[5,{"b":5}]}',
      '{"a":5}',
      '{"a":{}}',
    ];
    expect(which('{"a.b":null}', docs)).toEqual([1, 3, 5, 6]);
    expect(which('{"a.b":{"$in":[null]}}', docs)).toEqual([1, 3, 5, 6]);
  });
});

describe('comparison operators', () => {
  const docs = [
    '{"a":1}',
    '{"a":5}',
    '{"a":"x"}',
    '{"a":[1,10]}',
    '{}',
    '{"a":{"$numberDouble":"NaN"}}',
    '{"a":{"$minKey":1}}',
    '{"a":{"$maxKey":1}}',
  ];

  it('brackets by type', () => {
    expect(which('{"a":{"$gt":4}}', docs)).toEqual([1, 3]);
    expect(which('{"a":{"$gte":5}}', docs)).toEqual([1, 3]);
    expect(which('{"a":{"$lt":5}}', docs)).toEqual([0, 3]);
    expect(which('{"a":{"$lte":1}}', docs)).toEqual([0, 3]);
    expect(which('{"a":{"$gt":"a"}}', docs)).toEqual([2]);
    expect(which('{"a":{"$gt":4,"$lt":6}}', docs)).toEqual([1, 3]);
  });

  it('lets MinKey and MaxKey bounds cross type brackets', () => {
    expect(which('{"a":{"$gt":{"$minKey":1}}}', docs)).toEqual([0, 1, 2, 3, 4, 5, 7]);
    expect(which('{"a":{"$lt":{"$maxKey":1}}}', docs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(which('{"a":{"$lte":{"$maxKey":1}}}', docs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('handles NaN: equal to NaN, otherwise incomparable', () => {
    const nan = '{"$numberDouble":"NaN"}';
    expect(which(`{"a":{"$gte":${nan}}}`, docs)).toEqual([5]);
    expect(which(`{"a":{"$lt":${nan}}}`, docs)).toEqual([]);
    expect(which(`{"a":${nan}}`, docs)).toEqual([5]);
    expect(which('{"a":{"$lt":100}}', docs)).toEqual([0, 1, 3]);
  });

  it('compares numbers across int32, int64, double and decimal', () => {
    expect(
      matches('{"a":{"$gt":{"$numberLong":"9007199254740992"}}}', '{"a":{"$numberLong":"9007199254740993"}}'),
    ).toBe(true);
    expect(matches('{"a":{"$gt":9007199254740992.0}}', '{"a":{"$numberLong":"9007199254740993"}}')).toBe(true);
    expect(matches('{"a":{"$lt":{"$numberDecimal":"0.1"}}}', '{"a":0.1}')).toBe(false);
    expect(matches('{"a":{"$gt":{"$numberDecimal":"0.1"}}}', '{"a":0.1}')).toBe(true);
    expect(matches('{"a":{"$eq":{"$numberDecimal":"2"}}}', '{"a":2.0}')).toBe(true);
  });

  it('compares dates, object ids, strings by code point', () => {
    expect(matches('{"d":{"$gt":{"$date":"2020-01-01T00:00:00Z"}}}', '{"d":{"$date":"2021-01-01T00:00:00Z"}}')).toBe(
      true,
    );
    expect(matches('{"s":{"$gt":"\\uffff"}}', '{"s":"\\ud83d\\ude00"}')).toBe(true);
  });

  it('$ne and $nin look at every element', () => {
    const arr = ['{"a":[1,2]}', '{"a":[3]}', '{}', '{"a":null}'];
    expect(which('{"a":{"$ne":1}}', arr)).toEqual([1, 2, 3]);
    expect(which('{"a":{"$nin":[1,3]}}', arr)).toEqual([2, 3]);
    expect(which('{"a":{"$nin":[null]}}', arr)).toEqual([0, 1]);
  });

  it('$in matches values, whole arrays and regexes; $in: [] matches nothing', () => {
    const arr = ['{"a":"apple"}', '{"a":["x","berry"]}', '{"a":[1,2]}', '{"a":3}', '{}'];
    expect(which('{"a":{"$in":[3,{"$regularExpression":{"pattern":"^b","options":""}}]}}', arr)).toEqual([1, 3]);
    expect(which('{"a":{"$in":[[1,2]]}}', arr)).toEqual([2]);
    expect(which('{"a":{"$in":[]}}', arr)).toEqual([]);
    const many = JSON.stringify({ a: { $in: Array.from({ length: 50 }, (_, i) => i * 2) } });
    expect(which(many, ['{"a":40}', '{"a":41}', '{"a":98.0}'])).toEqual([0, 2]);
  });
});

describe('logical operators', () => {
  const docs = ['{"a":1,"b":2}', '{"a":1,"b":3}', '{"a":2}'];
  it('$and, $or, $nor, $not', () => {
    expect(which('{"$and":[{"a":1},{"b":2}]}', docs)).toEqual([0]);
    expect(which('{"$or":[{"a":2},{"b":3}]}', docs)).toEqual([1, 2]);
    expect(which('{"$nor":[{"a":2},{"b":3}]}', docs)).toEqual([0]);
    expect(which('{"b":{"$not":{"$gt":2}}}', docs)).toEqual([0, 2]);
    expect(which('{"b":{"$not":{"$regularExpression":{"pattern":"x","options":""}}}}', docs)).toEqual([0, 1, 2]);
    expect(which('{"b":{"$not":{"$eq":2,"$lt":10}}}', docs)).toEqual([1, 2]);
    expect(which('{}', docs)).toEqual([0, 1, 2]);
    expect(which('{"$comment":"hi","a":1}', docs)).toEqual([0, 1]);
    expect(which('{"$alwaysFalse":1}', docs)).toEqual([]);
    expect(which('{"$alwaysTrue":1}', docs)).toEqual([0, 1, 2]);
    expect(which('{"$sampleRate":1}', docs)).toEqual([0, 1, 2]);
    expect(which('{"$sampleRate":0}', docs)).toEqual([]);
  });
});

describe('$exists, $type, $size, $mod, $all', () => {
  it('$exists', () => {
    const docs = ['{"a":null}', '{}', '{"a":[]}', '{"a":[{"b":1},{"c":1}]}', '{"a":[1]}'];
    expect(which('{"a":{"$exists":true}}', docs)).toEqual([0, 2, 3, 4]);
    expect(which('{"a":{"$exists":false}}', docs)).toEqual([1]);
    expect(which('{"a.b":{"$exists":true}}', docs)).toEqual([3]);
    expect(which('{"a.b":{"$exists":false}}', docs)).toEqual([0, 1, 2, 4]);
    expect(which('{"a":{"$exists":0}}', docs)).toEqual([1]);
  });

  it('$type by number, alias, "number" and arrays of them', () => {
    const docs = [
      '{"a":1}',
      '{"a":1.5}',
      '{"a":{"$numberLong":"1"}}',
      '{"a":"s"}',
      '{"a":[1,"x"]}',
      '{"a":[]}',
      '{}',
      '{"a":null}',
    ];
    expect(which('{"a":{"$type":"int"}}', docs)).toEqual([0, 4]);
    expect(which('{"a":{"$type":16}}', docs)).toEqual([0, 4]);
    expect(which('{"a":{"$type":1.0}}', docs)).toEqual([1]);
    expect(which('{"a":{"$type":"number"}}', docs)).toEqual([0, 1, 2, 4]);
    expect(which('{"a":{"$type":["string","long"]}}', docs)).toEqual([2, 3, 4]);
    expect(which('{"a":{"$type":"array"}}', docs)).toEqual([4, 5]);
    expect(which('{"a":{"$type":"null"}}', docs)).toEqual([7]);
  });

  it('$size counts the array at the path, not its elements', () => {
    const docs = ['{"a":[1,2]}', '{"a":[[1,2]]}', '{"a":[{"b":[1,2]}]}', '{"a":2}', '{"a":[]}'];
    expect(which('{"a":{"$size":2}}', docs)).toEqual([0]);
    expect(which('{"a.b":{"$size":2}}', docs)).toEqual([2]);
    expect(which('{"a":{"$size":0}}', docs)).toEqual([4]);
    expect(which('{"a":{"$size":2.0}}', docs)).toEqual([0]);
    expect(which('{"a":{"$size":{"$numberLong":"2"}}}', docs)).toEqual([0]);
  });

  it('$mod truncates and keeps the dividend sign', () => {
    const docs = [
      '{"a":7}',
      '{"a":-7}',
      '{"a":7.9}',
      '{"a":"7"}',
      '{"a":{"$numberDouble":"Infinity"}}',
      '{"a":[1,10]}',
    ];
    expect(which('{"a":{"$mod":[4,3]}}', docs)).toEqual([0, 2]);
    expect(which('{"a":{"$mod":[4,-3]}}', docs)).toEqual([1]);
    expect(which('{"a":{"$mod":[4.5,3]}}', docs)).toEqual([0, 2]);
    expect(which('{"a":{"$mod":[3,1]}}', docs)).toEqual([0, 2, 5]);
    expect(which('{"a":{"$mod":[-1,0]}}', docs)).toEqual([0, 1, 2, 5]);
  });

  it('$all with values, regexes and $elemMatch', () => {
    const docs = ['{"a":[1,2,3]}', '{"a":[1]}', '{"a":1}', '{"a":[[1,2]]}', '{"a":[{"x":1,"y":2},{"x":3}]}'];
    expect(which('{"a":{"$all":[1,2]}}', docs)).toEqual([0]);
    expect(which('{"a":{"$all":[1]}}', docs)).toEqual([0, 1, 2]);
    expect(which('{"a":{"$all":[]}}', docs)).toEqual([]);
    expect(which('{"a":{"$all":[[1,2]]}}', docs)).toEqual([3]);
    expect(which('{"a":{"$all":[{"$elemMatch":{"x":1}},{"$elemMatch":{"x":3}}]}}', docs)).toEqual([4]);
  });
});

describe('$elemMatch', () => {
  it('value form tests each element with all conditions', () => {
    const docs = ['{"a":[1,10]}', '{"a":[5]}', '{"a":5}', '{"a":[[5]]}'];
    expect(which('{"a":{"$elemMatch":{"$gt":3,"$lt":7}}}', docs)).toEqual([1]);
    expect(which('{"a":{"$gt":3,"$lt":7}}', docs)).toEqual([0, 1, 2]);
    expect(which('{"a":{"$elemMatch":{"$elemMatch":{"$eq":5}}}}', docs)).toEqual([3]);
    // [5] is not a number, so "not > 3" holds for it (type bracketing)
    expect(which('{"a":{"$elemMatch":{"$not":{"$gt":3}}}}', docs)).toEqual([0, 3]);
  });

  it('object form matches one element against the whole sub-filter', () => {
    const docs = ['{"a":[{"x":1,"y":2},{"x":2,"y":1}]}', '{"a":[{"x":1,"y":1}]}', '{"a":{"x":1,"y":1}}'];
    expect(which('{"a":{"$elemMatch":{"x":1,"y":1}}}', docs)).toEqual([1]);
    expect(which('{"a.x":1,"a.y":1}', docs)).toEqual([0, 1, 2]);
    expect(which('{"a":{"$elemMatch":{"$or":[{"x":2},{"y":1}]}}}', docs)).toEqual([0, 1]);
    expect(which('{"a":{"$elemMatch":{}}}', docs)).toEqual([0, 1]);
  });

  it('reaches arrays nested under arrays of documents', () => {
    expect(matches('{"a.b":{"$elemMatch":{"$gte":2}}}', '{"a":[{"b":[1]},{"b":[3]}]}')).toBe(true);
  });
});

describe('$regex', () => {
  const docs = [
    '{"s":"Hello"}',
    '{"s":"hello\\nworld"}',
    '{"s":{"$symbol":"hello"}}',
    '{"s":["x","hello"]}',
    '{"s":5}',
    '{"s":{"$regularExpression":{"pattern":"^h","options":""}}}',
  ];

  it('matches strings, symbols and identical stored regexes', () => {
    expect(which('{"s":{"$regularExpression":{"pattern":"^h","options":""}}}', docs)).toEqual([1, 2, 3, 5]);
    expect(which('{"s":{"$regex":"^h","$options":"i"}}', docs)).toEqual([0, 1, 2, 3]);
    expect(which('{"s":{"$regex":{"$regularExpression":{"pattern":"^H","options":"i"}}}}', docs)).toEqual([0, 1, 2, 3]);
    expect(which('{"s":{"$eq":{"$regularExpression":{"pattern":"^h","options":""}}}}', docs)).toEqual([5]);
  });

  it('supports the m, s and x options and PCRE anchors', () => {
    expect(which('{"s":{"$regex":"^world$","$options":"m"}}', docs)).toEqual([1]);
    expect(which('{"s":{"$regex":"^world$"}}', docs)).toEqual([]);
    expect(which('{"s":{"$regex":"o.w","$options":"s"}}', docs)).toEqual([1]);
    expect(which('{"s":{"$regex":"o.w"}}', docs)).toEqual([]);
    expect(which('{"s":{"$regex":" h e l # comment\\n l o ","$options":"x"}}', docs)).toEqual([1, 2, 3]);
    expect(which('{"s":{"$regex":"\\\\Ahello\\\\z"}}', docs)).toEqual([2, 3]);
    expect(which('{"s":{"$regex":"(?i)^HELLO$"}}', docs)).toEqual([0, 2, 3]);
    expect(matches('{"s":{"$regex":"a$"}}', '{"s":"a\\n"}')).toBe(true);
  });
});

describe('bit tests', () => {
  const docs = ['{"a":5}', '{"a":-1}', '{"a":2.5}', '{"a":{"$binary":{"base64":"BQ==","subType":"00"}}}', '{"a":"x"}'];
  it('tests numbers (sign-extended) and BinData', () => {
    expect(which('{"a":{"$bitsAllSet":[0,2]}}', docs)).toEqual([0, 1, 3]);
    expect(which('{"a":{"$bitsAllSet":5}}', docs)).toEqual([0, 1, 3]);
    expect(which('{"a":{"$bitsAnySet":[1,200]}}', docs)).toEqual([1]);
    expect(which('{"a":{"$bitsAllClear":[1]}}', docs)).toEqual([0, 3]);
    expect(which('{"a":{"$bitsAnyClear":[0,1]}}', docs)).toEqual([0, 3]);
    expect(which('{"a":{"$bitsAllSet":{"$binary":{"base64":"BQ==","subType":"00"}}}}', docs)).toEqual([0, 1, 3]);
  });
});

describe('collation', () => {
  const ci: Collator = new Intl.Collator('en', { sensitivity: 'base' });
  it('applies to string comparisons, $in and $nin but not regex', () => {
    expect(matches('{"a":"ABC"}', '{"a":"abc"}', ci)).toBe(true);
    expect(matches('{"a":"ABC"}', '{"a":"abc"}')).toBe(false);
    expect(matches('{"a":{"$in":["X","ABC"]}}', '{"a":"abc"}', ci)).toBe(true);
    expect(matches('{"a":{"$nin":["ABC"]}}', '{"a":"abc"}', ci)).toBe(false);
    expect(matches('{"a":{"$regex":"ABC"}}', '{"a":"abc"}', ci)).toBe(false);
    expect(matches('{"a":{"b":"ABC"}}', '{"a":{"b":"abc"}}', ci)).toBe(true);
    expect(matches('{"a":{"$gt":"abc"}}', '{"a":"ABD"}', ci)).toBe(true);
  });
});

describe('positional elemMatchKey', () => {
  it('records the index in the first array traversed', () => {
    expect(key('{"a":3}', '{"a":[1,2,3]}')).toBe('2');
    expect(key('{"a.b":2}', '{"a":[{"b":1},{"b":2}]}')).toBe('1');
    expect(key('{"a.b":5}', '{"a":[{"b":[1]},{"b":[4,5]}]}')).toBe('1');
    expect(key('{"a":{"$elemMatch":{"x":2}}}', '{"a":[{"x":1},{"x":2}]}')).toBe('1');
    expect(key('{"a":[1,2]}', '{"a":[1,2]}')).toBeUndefined();
    expect(key('{"b":1,"a":{"$gt":1}}', '{"b":1,"a":[0,7]}')).toBe('1');
    expect(key('{"$or":[{"a":7}]}', '{"a":[0,7]}')).toBe('1');
    expect(key('{"$or":[{"a":7},{"b":1}]}', '{"a":[0,7]}')).toBeUndefined();
    expect(key('{"a":7,"$or":[{"b":1},{"c":1}]}', '{"a":[0,7],"b":1}')).toBe('1');
  });
  it('takes the key of the last recording clause in canonical order, not written order', () => {
    // Sorted by match type (EQ < LTE < LT < GT < GTE < ...) then path: $lt before $gte.
    expect(key('{"g":{"$gte":80,"$lt":90}}', '{"g":[95,85]}')).toBe('0');
    expect(key('{"g":{"$lt":90,"$gte":80}}', '{"g":[95,85]}')).toBe('0');
    // Same type: by path, so "b" records last whatever the written order.
    expect(key('{"b":2,"a":1}', '{"a":[0,1],"b":[2,0]}')).toBe('0');
    expect(key('{"a":1,"b":2}', '{"a":[0,1],"b":[2,0]}')).toBe('0');
    // Nested $and is flattened before sorting; EQ sorts before $in.
    expect(key('{"$and":[{"a":{"$in":[1]}},{"$and":[{"b":2}]}]}', '{"a":[0,1],"b":[2,0]}')).toBe('1');
    // A one-path $or of equalities is an $in, which records.
    expect(key('{"$or":[{"a":7},{"a":3}]}', '{"a":[0,3,7]}')).toBe('1');
  });
});

function err(filter: string): [number, string] {
  try {
    compileQuery(d(filter), { collator: null });
  } catch (e) {
    if (isEngineError(e)) return [e.code, e.errmsg];
    throw e;
  }
  throw new Error('no error for ' + filter);
}

describe('parse errors', () => {
  it('report the server codes and messages', () => {
    expect(err('{"a":{"$foo":1}}')).toEqual([2, 'unknown operator: $foo']);
    expect(err('{"a":{"$gt":1,"b":1}}')).toEqual([2, 'unknown operator: b']);
    expect(err('{"$foo":1}')).toEqual([
      2,
      "unknown top level operator: $foo. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.",
    ]);
    expect(err('{"a":{"$in":1}}')).toEqual([2, '$in needs an array']);
    expect(err('{"a":{"$nin":{}}}')).toEqual([2, '$nin needs an array']);
    expect(err('{"a":{"$in":[{"$gt":1}]}}')).toEqual([2, 'cannot nest $ under $in']);
    expect(err('{"$and":[]}')).toEqual([2, '$and/$or/$nor must be a nonempty array']);
    expect(err('{"$or":{}}')).toEqual([2, '$or must be an array']);
    expect(err('{"$nor":[1]}')).toEqual([2, '$or/$and/$nor entries need to be full objects']);
    expect(err('{"a":{"$not":1}}')).toEqual([2, '$not needs a regex or a document']);
    expect(err('{"a":{"$not":{}}}')).toEqual([2, '$not cannot be empty']);
    expect(err('{"a":{"$size":"x"}}')).toEqual([2, 'Failed to parse $size. Expected a number in: $size: "x"']);
    expect(err('{"a":{"$size":-1}}')).toEqual([2, 'Failed to parse $size. Expected a positive number in: $size: -1']);
    expect(err('{"a":{"$size":1.5}}')).toEqual([2, 'Failed to parse $size. Expected an integer: $size: 1.5']);
    expect(err('{"a":{"$size":3000000000}}')).toEqual([
      2,
      'Failed to parse $size. Cannot represent $size: 3000000000 in an int',
    ]);
    expect(err('{"a":{"$elemMatch":1}}')).toEqual([2, '$elemMatch needs an Object']);
    expect(err('{"a":{"$all":1}}')).toEqual([2, '$all needs an array']);
    expect(err('{"a":{"$all":[{"$elemMatch":{}},1]}}')).toEqual([2, '$all/$elemMatch has to be consistent']);
    expect(err('{"a":{"$all":[{"$gt":1}]}}')).toEqual([2, 'no $ expressions in $all']);
    expect(err('{"a":{"$regex":1}}')).toEqual([2, '$regex has to be a string']);
    expect(err('{"a":{"$options":"i"}}')).toEqual([2, '$options needs a $regex']);
    expect(err('{"a":{"$regex":"x","$options":1}}')).toEqual([2, '$options has to be a string']);
    expect(err('{"a":{"$regex":"x","$options":"z"}}')).toEqual([51108, ' invalid flag in regex options: z']);
    expect(err('{"a":{"$regex":"("}}')[0]).toBe(51091);
    expect(err('{"a":{"$mod":1}}')).toEqual([2, 'malformed mod, needs to be an array']);
    expect(err('{"a":{"$mod":[1]}}')).toEqual([2, 'malformed mod, not enough elements']);
    expect(err('{"a":{"$mod":[1,2,3]}}')).toEqual([2, 'malformed mod, too many elements']);
    expect(err('{"a":{"$mod":["x",2]}}')).toEqual([2, 'malformed mod, divisor not a number']);
    expect(err('{"a":{"$mod":[1,"x"]}}')).toEqual([2, 'malformed mod, remainder not a number']);
    expect(err('{"a":{"$mod":[0,1]}}')).toEqual([2, 'divisor cannot be 0']);
    expect(err('{"a":{"$type":"foo"}}')).toEqual([2, 'Unknown type name alias: foo']);
    expect(err('{"a":{"$type":100}}')).toEqual([2, 'Invalid numerical type code: 100']);
    expect(err('{"a":{"$type":16.3}}')).toEqual([2, 'Invalid numerical type code: 16.3']);
    expect(err('{"a":{"$type":null}}')).toEqual([14, 'type must be represented as a number or a string']);
    expect(err('{"a.b":{"$type":[]}}')).toEqual([9, 'a.b must match at least one type']);
    expect(err('{"a":{"$gt":{"$regularExpression":{"pattern":"x","options":""}}}}')).toEqual([
      2,
      "Can't have RegEx as arg to predicate over field 'a'.",
    ]);
    expect(err('{"a":{"$undefined":true}}')).toEqual([2, 'cannot compare to undefined']);
    expect(err('{"a":{"$bitsAllSet":"x"}}')).toEqual([
      2,
      'a takes an Array, a number, or a BinData but received: $bitsAllSet: "x"',
    ]);
    expect(err('{"a":{"$bitsAllSet":[-1]}}')).toEqual([
      2,
      'Failed to parse bit position. Expected a positive number in: 0: -1',
    ]);
    expect(err('{"a":{"$bitsAllSet":-1}}')).toEqual([9, 'Expected a positive number in: $bitsAllSet: -1']);
    expect(err('{"a":{"$elemMatch":{"$expr":{"$eq":[1,1]}}}}')).toEqual([
      2,
      '$expr can only be applied to the top-level document',
    ]);
    expect(err('{"a":{"$elemMatch":{"b":1,"$expr":{"$eq":[1,1]}}}}')).toEqual([
      2,
      '$expr can only be applied to the top-level document',
    ]);
    expect(err('{"$jsonSchema":1}')).toEqual([14, '$jsonSchema must be an object']);
    expect(err('{"$alwaysTrue":2}')).toEqual([9, '$alwaysTrue must be an integer value of 1']);
    expect(err('{"$not":{"a":1}}')).toEqual([
      2,
      'unknown top level operator: $not. If you are trying to negate an entire expression, use $nor.',
    ]);
    expect(err('{"a":{"$regex":{"$regularExpression":{"pattern":"x","options":"i"}},"$options":"m"}}')).toEqual([
      51075,
      'options set in both $regex and $options',
    ]);
    expect(err('{"a":{"$options":"m","$regex":{"$regularExpression":{"pattern":"x","options":"i"}}}}')).toEqual([
      51074,
      'options set in both $regex and $options',
    ]);
    expect(err('{"$sampleRate":2}')).toEqual([2, 'numeric argument to $sampleRate must be in [0, 1]']);
  });

  it('names unsupported operators', () => {
    expect(err('{"$where":"this.a > 1"}')[1]).toMatch(/^\$where is not supported in the Upsert Lab playground/);
    expect(err('{"$text":{"$search":"x"}}')[1]).toMatch(/^\$text is not supported in the Upsert Lab playground/);
    expect(err('{"loc":{"$near":[0,0]}}')[1]).toMatch(/^\$near is not supported in the Upsert Lab playground/);
    expect(err('{"loc":{"$geoWithin":{}}}')[1]).toMatch(/^\$geoWithin is not supported/);
    expect(err('{"a":{"$where":"x"}}')).toEqual([2, '$where cannot be applied to a field']);
  });

  it('honours context restrictions (arrayFilters)', () => {
    const q = d('{"$expr":{"$eq":[1,1]}}');
    expect(() => compileQuery(q, { collator: null, allowExpr: false })).toThrow('$expr is not allowed in this context');
  });
});

describe('$expr', () => {
  it('evaluates aggregation expressions against the document', () => {
    const docs = ['{"a":1,"b":2}', '{"a":3,"b":2}'];
    expect(which('{"$expr":{"$gt":["$a","$b"]}}', docs)).toEqual([1]);
    const m = compileQuery(d('{"$expr":{"$lt":["$a","$b"]}}'), { collator: null });
    expect(m.hasExpr).toBe(true);
  });
});

describe('MatchNode tree', () => {
  it('exposes the compiled structure', () => {
    const m = compileQuery(d('{"a":1,"b":{"$in":[1,2]},"c":{"$ne":3}}'), { collator: null });
    expect(m.root.kind).toBe('and');
    if (m.root.kind !== 'and') return;
    expect(m.root.children.map((c) => c.kind)).toEqual(['compare', 'in', 'not']);
    expect(Object.isFrozen(m.root)).toBe(true);
    const single = compileQuery(d('{"a.b":{"$gte":5}}'), { collator: null }).root;
    expect(single).toMatchObject({ kind: 'compare', op: '$gte', path: 'a.b' });
  });
});
