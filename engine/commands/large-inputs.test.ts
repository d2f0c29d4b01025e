/**
 * Valid operations over large arrays and long paths work, or fail with the server's own error:
 * never an InternalError from a JavaScript stack overflow (argument spreads, deep recursion).
 */
import { describe, expect, it } from 'vitest';
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { canon, ejson, run, testEngine } from './testing.js';

const range = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => i));

function firstBatch(reply: Doc): Doc[] {
  return ((reply.get('cursor') as Doc).get('firstBatch') as Doc[]) ?? [];
}

describe('large arrays never overflow the stack', { timeout: 60_000 }, () => {
  it('$push with $each of 130,000 elements appends them all', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "arr": [-1]}]}');
    const reply = run(
      engine,
      't',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$push": {"arr": {"$each": ${range(130_000)}, "$position": 1}}}}]}`,
    );
    expect(ejson(reply)).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    const arr = engine.documents('t', 'c')[0]!.get('arr') as Value[];
    expect(arr.length).toBe(130_001);
    expect(arr[0]).toEqual(new Int32(-1));
    expect(arr[130_000]).toEqual(new Int32(129_999));
  });

  it('a multikey index over a 130,000-element array is built by createIndexes and kept by insert', () => {
    const engine = testEngine();
    run(engine, 't', `{"insert": "m", "documents": [{"_id": 1, "a": ${range(130_000)}}]}`);
    expect(ejson(run(engine, 't', '{"createIndexes": "m", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}'))).toBe(
      canon('{"numIndexesBefore": 1, "numIndexesAfter": 2, "createdCollectionAutomatically": false, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', `{"insert": "m", "documents": [{"_id": 2, "a": ${range(130_000)}}]}`))).toBe(
      canon('{"n": 1, "ok": 1.0}'),
    );
    const found = run(engine, 't', '{"find": "m", "filter": {"a": 129999}, "projection": {"_id": 1}, "hint": "a_1"}');
    expect(ejson(firstBatch(found))).toBe(canon('[{"_id": 1}, {"_id": 2}]'));
  });

  it('$concatArrays and $setUnion over 200,000-element arrays answer', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(
      engine,
      't',
      `{"aggregate": "c", "cursor": {}, "pipeline": [{"$project": {
        "concat": {"$size": {"$concatArrays": [{"$range": [0, 200000]}, {"$range": [0, 200000]}]}},
        "union": {"$size": {"$setUnion": [{"$range": [0, 200000]}, {"$range": [100000, 300000]}]}},
        "zip": {"$size": {"$zip": {"inputs": [{"$range": [0, 200000]}, [1, 2]], "useLongestLength": true}}}}}]}`,
    );
    expect(ejson(firstBatch(reply))).toBe(canon('[{"_id": 1, "concat": 400000, "union": 300000, "zip": 200000}]'));
  });

  it('distinct over a 200,000-element array answers with every value', () => {
    const engine = testEngine();
    run(engine, 't', `{"insert": "d", "documents": [{"_id": 1, "a": ${range(200_000)}}]}`);
    const values = run(engine, 't', '{"distinct": "d", "key": "a"}').get('values') as Value[];
    expect(values.length).toBe(200_000);
  });
});

describe('long update paths get the server depth error', () => {
  const path = (n: number): string => Array.from({ length: n }, () => 'p').join('.');

  it('$set of a 2,000-part path fails with 15 Overflow and leaves the document unchanged', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "x": 1}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"${path(2000)}": 1}}}]}`);
    expect(ejson(reply)).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 15, "errmsg": "Plan executor error during update :: caused by :: Document exceeds maximum nesting depth of 180"}], "nModified": 0, "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1, "x": 1}]'));
  });

  it('a 2,000-part path through a scalar is PathNotViable (28), as at any depth', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "p": 5}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"${path(2000)}": 1}}}]}`);
    expect((reply.get('writeErrors') as Doc[])[0]!.get('code')).toEqual(new Int32(28));
  });

  it('$unset of a missing 2,000-part path is a no-op', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$unset": {"${path(2000)}": 1}}}]}`);
    expect(ejson(reply)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
  });

  it('a pipeline field path of 201 parts is 15 "FieldPath is too long" (the limit is 200)', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a": "$${path(201)}"}}]}]}`);
    expect(ejson(reply)).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 15, "errmsg": "Invalid $set :: caused by :: FieldPath is too long"}], "nModified": 0, "ok": 1.0}',
      ),
    );
    const ok = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a": "$${path(200)}"}}]}]}`);
    expect(ejson(ok)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
  });
});

describe('documents nested past the BSON depth limit', () => {
  const nest = (levels: number): string =>
    `{"$reduce": {"input": {"$range": [0, ${levels}]}, "initialValue": {}, "in": {"x": "$$value"}}}`;

  it('a pipeline update building 100,000 levels fails with 15 (cannot convert document to BSON), unchanged', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a": ${nest(100_000)}}}]}]}`);
    expect(ejson(reply)).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 15, "errmsg": "Plan executor error during update :: caused by :: cannot convert document to BSON because it exceeds the limit of 200 levels of nesting"}], "nModified": 0, "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1}]'));
  });

  it('a pipeline update within 200 levels but past 180 gets the storage depth error', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(engine, 't', `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a": ${nest(190)}}}]}]}`);
    expect((reply.get('writeErrors') as Doc[])[0]!.get('errmsg')).toBe(
      'Plan executor error during update :: caused by :: Document exceeds maximum nesting depth of 180',
    );
  });

  it('an aggregate result nested 200 levels deep is returned; 201 levels fail with 15', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const agg = (levels: number): Doc =>
      run(engine, 't', `{"aggregate": "c", "cursor": {}, "pipeline": [{"$set": {"a": ${nest(levels)}}}]}`);
    expect(firstBatch(agg(198)).length).toBe(1);
    expect(ejson(agg(199))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "PlanExecutor error during aggregation :: caused by :: cannot convert document to BSON because it exceeds the limit of 200 levels of nesting", "code": 15, "codeName": "Overflow"}',
      ),
    );
  });
});
