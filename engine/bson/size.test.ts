import { describe, expect, it } from 'vitest';
import { Double, serialize } from 'bson';
import { parseEJSON } from './ejson.js';
import { bsonSize, exceedsDepth, MAX_BSON_SIZE, nestingDepth, utf8Length } from './size.js';
import type { Doc, Value } from './values.js';

/** The same document in the shape the bson package serializes (doubles wrapped). */
function forBson(v: Value): unknown {
  if (typeof v === 'number') return new Double(v);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, forBson(x)]));
  if (Array.isArray(v)) return v.map(forBson);
  return v;
}

describe('bsonSize', () => {
  it('equals the serialized length for every type', () => {
    const d = parseEJSON(
      JSON.stringify({
        _id: { $oid: '0123456789abcdef01234567' },
        s: 'héllo 😀',
        i: { $numberInt: '1' },
        l: { $numberLong: '2' },
        d: 1.5,
        dec: { $numberDecimal: '1.1' },
        b: true,
        n: null,
        date: { $date: '2020-01-01T00:00:00Z' },
        ts: { $timestamp: { t: 1, i: 2 } },
        bin: { $binary: { base64: 'AQIDBA==', subType: '00' } },
        old: { $binary: { base64: 'AQIDBA==', subType: '02' } },
        re: { $regularExpression: { pattern: 'a+', options: 'i' } },
        min: { $minKey: 1 },
        max: { $maxKey: 1 },
        sym: { $symbol: 'x' },
        code: { $code: 'f()' },
        arr: [1, 'a', [{ x: [] }]],
        obj: { '0': 1, '10': { y: 2 } },
        ['ключ']: 1,
      }),
    ) as Doc;
    expect(bsonSize(d)).toBe(serialize(forBson(d) as Map<string, unknown>).length);
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    expect(bsonSize(new Map())).toBe(5);
    expect(MAX_BSON_SIZE).toBe(16777216);
  });
});

describe('nestingDepth', () => {
  it('counts documents and arrays', () => {
    expect(nestingDepth(parseEJSON('{}'))).toBe(1);
    expect(nestingDepth(parseEJSON('{"a":{"b":[{"c":1}]}}'))).toBe(4);
    expect(nestingDepth(1)).toBe(0);
  });

  it('detects documents deeper than the stored limit without recursion', () => {
    let v: Value = new Map();
    for (let i = 0; i < 179; i++) v = new Map([['a', v]]);
    expect(nestingDepth(v)).toBe(180);
    expect(exceedsDepth(v as Doc)).toBe(false);
    expect(exceedsDepth(new Map([['a', v]]))).toBe(true);
  });
});
