import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { parseSort, sortDocuments } from './sort.js';

function docs(...texts: string[]): Doc[] {
  return texts.map((t) => parseEJSON(t) as Doc);
}

function sorted(spec: string, input: Doc[], collator: Intl.Collator | null = null): string[] {
  return sortDocuments(input, parseSort(parseEJSON(spec) as Doc), collator).map((d) =>
    stringifyEJSON(d.get('_id')!, { relaxed: true }),
  );
}

function err(spec: string): [number, string] {
  try {
    parseSort(parseEJSON(spec) as Doc);
  } catch (e) {
    if (isEngineError(e)) return [e.code, e.errmsg];
    throw e;
  }
  throw new Error('no error');
}

describe('sort', () => {
  const input = docs(
    '{"_id":1,"a":3}',
    '{"_id":2,"a":[5,0]}',
    '{"_id":3}',
    '{"_id":4,"a":"x"}',
    '{"_id":5,"a":[]}',
    '{"_id":6,"a":null}',
    '{"_id":7,"a":2.5}',
  );

  it('sorts arrays by their min ascending and max descending; missing = null; [] lowest', () => {
    expect(sorted('{"a":1}', input)).toEqual(['5', '3', '6', '2', '7', '1', '4']);
    expect(sorted('{"a":-1}', input)).toEqual(['4', '2', '1', '7', '3', '6', '5']);
  });

  it('uses later keys to break ties and keeps input order otherwise', () => {
    const d = docs('{"_id":1,"a":1,"b":2}', '{"_id":2,"a":1,"b":1}', '{"_id":3,"a":0}', '{"_id":4,"a":1,"b":1}');
    expect(sorted('{"a":1,"b":1}', d)).toEqual(['3', '2', '4', '1']);
    expect(sorted('{}', d)).toEqual(['1', '2', '3', '4']);
    expect(sorted('{"$natural":-1}', d)).toEqual(['4', '3', '2', '1']);
    expect(sorted('{"a":1,"$natural":-1}', d)).toEqual(['3', '4', '2', '1']);
  });

  it('follows dotted paths through arrays of documents', () => {
    const d = docs('{"_id":1,"a":[{"b":5},{"b":1}]}', '{"_id":2,"a":{"b":3}}', '{"_id":3,"a":[{"b":2},{}]}');
    expect(sorted('{"a.b":1}', d)).toEqual(['3', '1', '2']);
    expect(sorted('{"a.b":-1}', d)).toEqual(['1', '2', '3']);
  });

  it('applies the collation to strings', () => {
    const d = docs('{"_id":1,"s":"b"}', '{"_id":2,"s":"B"}', '{"_id":3,"s":"a"}');
    expect(sorted('{"s":1}', d)).toEqual(['2', '3', '1']);
    expect(sorted('{"s":1}', d, new Intl.Collator('en'))).toEqual(['3', '1', '2']);
  });

  it('rejects bad specs', () => {
    expect(err('{"a":2}')).toEqual([15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)']);
    expect(err('{"a":"asc"}')).toEqual([15974, 'Illegal key in $sort specification: a: "asc"']);
    expect(err('{"$a":1}')[0]).toBe(16410);
    expect(err('{"a":{"$meta":"textScore"}}')[1]).toMatch(/not supported in the Upsert Lab playground/);
    expect(err('{"a":{"x":1}}')[0]).toBe(17312);
  });
});
