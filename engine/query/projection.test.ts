import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import type { MatchDetails } from '../runtime.js';
import { compileQuery } from './index.js';
import { parseProjection } from './projection.js';

const d = (t: string): Doc => parseEJSON(t) as Doc;

function project(spec: string, doc: string, query?: string): string {
  const q = query === undefined ? undefined : compileQuery(d(query), { collator: null });
  const p = parseProjection(d(spec), q ? { collator: null, query: q.root } : { collator: null });
  const details: MatchDetails = {};
  if (q) expect(q.matches(d(doc), undefined, details)).toBe(true);
  return stringifyEJSON(p.apply(d(doc), undefined, details), { relaxed: true });
}

function err(spec: string, query?: string): [number, string] {
  try {
    const q = query === undefined ? undefined : compileQuery(d(query), { collator: null });
    parseProjection(d(spec), q ? { collator: null, query: q.root } : { collator: null });
  } catch (e) {
    if (isEngineError(e)) return [e.code, e.errmsg];
    throw e;
  }
  throw new Error('no error');
}

const doc = '{"_id":1,"a":1,"b":{"c":2,"d":3},"arr":[{"x":1,"y":2},{"x":3,"y":4},5],"n":[1,2,3,4,5]}';

describe('find projection', () => {
  it('includes fields in document order with _id by default', () => {
    expect(project('{"b":1,"a":1}', doc)).toBe('{"_id":1,"a":1,"b":{"c":2,"d":3}}');
    expect(project('{"a":1,"_id":0}', doc)).toBe('{"a":1}');
    expect(project('{"b.c":1}', doc)).toBe('{"_id":1,"b":{"c":2}}');
    expect(project('{"b":{"d":1}}', doc)).toBe('{"_id":1,"b":{"d":3}}');
    expect(project('{"arr.x":1}', doc)).toBe('{"_id":1,"arr":[{"x":1},{"x":3}]}');
    expect(project('{"_id":1}', doc)).toBe('{"_id":1}');
    expect(project('{}', doc)).toBe(doc);
    expect(project('{"zz":1}', doc)).toBe('{"_id":1}');
  });

  it('excludes fields in place', () => {
    expect(project('{"b":0,"n":0}', doc)).toBe('{"_id":1,"a":1,"arr":[{"x":1,"y":2},{"x":3,"y":4},5]}');
    expect(project('{"arr.y":0,"_id":0,"b":0,"n":0}', doc)).toBe('{"a":1,"arr":[{"x":1},{"x":3},5]}');
    expect(project('{"_id":0}', '{"_id":1,"a":2}')).toBe('{"a":2}');
  });

  it('computes expression fields after included ones', () => {
    expect(project('{"s":{"$add":["$a",10]},"a":1}', doc)).toBe('{"_id":1,"a":1,"s":11}');
    expect(project('{"t":"$b.c","u":"lit"}', doc)).toBe('{"_id":1,"t":2,"u":"lit"}');
  });

  it('slices arrays', () => {
    expect(project('{"n":{"$slice":2}}', doc)).toBe(
      '{"_id":1,"a":1,"b":{"c":2,"d":3},"arr":[{"x":1,"y":2},{"x":3,"y":4},5],"n":[1,2]}',
    );
    expect(project('{"n":{"$slice":-2},"a":1}', doc)).toBe('{"_id":1,"a":1,"n":[4,5]}');
    expect(project('{"n":{"$slice":[1,2]},"_id":0,"a":1}', doc)).toBe('{"a":1,"n":[2,3]}');
    expect(project('{"n":{"$slice":[-2,5]},"_id":0,"a":1}', doc)).toBe('{"a":1,"n":[4,5]}');
  });

  it('projects the first element matching $elemMatch', () => {
    expect(project('{"arr":{"$elemMatch":{"x":{"$gt":1}}}}', doc)).toBe('{"_id":1,"arr":[{"x":3,"y":4}]}');
    expect(project('{"arr":{"$elemMatch":{"x":9}},"a":1}', doc)).toBe('{"_id":1,"a":1}');
  });

  it('projects the element the query matched with .$', () => {
    expect(project('{"n.$":1}', doc, '{"n":{"$gt":3}}')).toBe('{"_id":1,"n":[4]}');
    expect(project('{"arr.$":1}', doc, '{"arr.x":3}')).toBe('{"_id":1,"arr":[{"x":3,"y":4}]}');
  });

  it('rejects invalid projections with the server errors', () => {
    expect(err('{"a":1,"b":0}')).toEqual([31254, 'Cannot do exclusion on field b in inclusion projection']);
    expect(err('{"a":0,"b":1}')).toEqual([31253, 'Cannot do inclusion on field b in exclusion projection']);
    expect(err('{"a":1,"a.b":1}')).toEqual([31249, 'Path collision at a.b remaining portion b']);
    expect(err('{"a.b":{"$elemMatch":{"x":1}}}')[0]).toBe(31275);
    expect(err('{"a":{"$elemMatch":1}}')[0]).toBe(31274);
    expect(err('{"n.$":1,"a.$":1}', '{"n":1,"a":1}')[0]).toBe(31276);
    expect(err('{"n.$":1}', '{"z":1}')).toEqual([2, "Positional projection 'n.$' does not match the query document."]);
    expect(err('{"a":{"$meta":"textScore"}}')[1]).toMatch(/not supported in the Upsert Lab playground/);
    expect(err('{"$a":1}')[0]).toBe(16410);
  });
});
