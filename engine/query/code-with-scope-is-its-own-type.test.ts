/**
 * Code with a scope (`{$code, $scope}`) is BSON type 15, `"javascriptWithScope"`, apart from plain
 * code (13, `"javascript"`): `$type` tells them apart in queries and expressions, it sorts after
 * all plain code, two values compare by code and then by scope (Value::compare, binary), an index
 * key includes the scope, and `$toString` refuses it (Value::coerceToString: 16007).
 * From expression_test.cpp (ExpressionTypeTest.WithCodeWScopeValue), value.cpp and
 * expression_parser_leaf_test.cpp / matcher_type_set_test.cpp (type 15 and its alias).
 */
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../bson/values.js';
import { canon, ejson, run, testEngine } from '../commands/testing.js';

const DOCS = `[
  {"_id": 1, "a": {"$code": "f()", "$scope": {"x": 1}}},
  {"_id": 2, "a": {"$code": "f()"}},
  {"_id": 3, "a": {"$code": "f()", "$scope": {}}},
  {"_id": 4, "a": {"$code": "e()", "$scope": {"x": 2}}},
  {"_id": 5, "a": {"$code": "g()"}}
]`;

function seeded() {
  const engine = testEngine();
  run(engine, 'test', `{"insert": "c", "documents": ${DOCS}}`);
  const ids = (filter: string, extra = ''): string => {
    const reply = run(engine, 'test', `{"find": "c", "filter": ${filter}, "projection": {"_id": 1}${extra}}`);
    const batch = ((reply.get('cursor') as Doc).get('firstBatch') as Doc[]).map((d) => d.get('_id') as Value);
    return ejson(batch);
  };
  return { engine, ids };
}

describe('code with scope is BSON type 15', () => {
  it('$type 15 and "javascriptWithScope" match code with a scope (even an empty one); 13 matches plain code', () => {
    const { ids } = seeded();
    expect(ids('{"a": {"$type": 15}}')).toBe(canon('[1, 3, 4]'));
    expect(ids('{"a": {"$type": "javascriptWithScope"}}')).toBe(canon('[1, 3, 4]'));
    expect(ids('{"a": {"$type": 13}}')).toBe(canon('[2, 5]'));
    expect(ids('{"a": {"$type": ["javascript", 15]}}')).toBe(canon('[1, 2, 3, 4, 5]'));
  });

  it('the $type expression names it, in aggregate and in an update pipeline', () => {
    const { engine } = seeded();
    const agg = run(
      engine,
      'test',
      '{"aggregate": "c", "pipeline": [{"$project": {"t": {"$type": "$a"}}}], "cursor": {}}',
    );
    expect(ejson((agg.get('cursor') as Doc).get('firstBatch') as Value)).toBe(
      canon(
        '[{"_id": 1, "t": "javascriptWithScope"}, {"_id": 2, "t": "javascript"}, {"_id": 3, "t": "javascriptWithScope"}, {"_id": 4, "t": "javascriptWithScope"}, {"_id": 5, "t": "javascript"}]',
      ),
    );
    run(engine, 'test', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"t": {"$type": "$a"}}}]}]}');
    const doc = run(engine, 'test', '{"find": "c", "filter": {"_id": 1}, "projection": {"t": 1, "_id": 0}}');
    expect(ejson((doc.get('cursor') as Doc).get('firstBatch') as Value)).toBe(canon('[{"t": "javascriptWithScope"}]'));
  });

  it('sorts after all plain code; equal code orders by scope; equality compares the scope', () => {
    const { ids } = seeded();
    expect(ids('{}', ', "sort": {"a": 1, "_id": 1}')).toBe(canon('[2, 5, 4, 3, 1]'));
    expect(ids('{"a": {"$code": "f()", "$scope": {"x": 1}}}')).toBe(canon('[1]'));
    expect(ids('{"a": {"$code": "f()", "$scope": {"x": 2}}}')).toBe(canon('[]'));
    expect(ids('{"a": {"$gt": {"$code": "f()", "$scope": {}}}}')).toBe(canon('[1]'));
  });

  it('a unique index keys the scope too', () => {
    const { engine } = seeded();
    run(engine, 'test', '{"delete": "c", "deletes": [{"q": {"_id": {"$ne": 1}}, "limit": 0}]}');
    const created = run(
      engine,
      'test',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true}]}',
    );
    expect(created.get('ok')).toBe(1);
    const other = run(
      engine,
      'test',
      '{"insert": "c", "documents": [{"_id": 6, "a": {"$code": "f()", "$scope": {"x": 2}}}]}',
    );
    expect(other.get('writeErrors')).toBeUndefined();
    const same = run(
      engine,
      'test',
      '{"insert": "c", "documents": [{"_id": 7, "a": {"$code": "f()", "$scope": {"x": 1}}}]}',
    );
    const [error] = same.get('writeErrors') as Doc[];
    expect(ejson(error?.get('code') as Value)).toBe(canon('11000'));
  });

  it('coercing it to a string fails (16007, $toUpper); plain code coerces to its text', () => {
    const { engine } = seeded();
    const upper = (id: number): Doc =>
      run(
        engine,
        'test',
        `{"aggregate": "c", "pipeline": [{"$match": {"_id": ${id}}}, {"$project": {"s": {"$toUpper": "$a"}}}], "cursor": {}}`,
      );
    expect(ejson((upper(2).get('cursor') as Doc).get('firstBatch') as Value)).toBe(canon('[{"_id": 2, "s": "F()"}]'));
    const scoped = upper(1);
    expect(ejson(scoped.get('code') as Value)).toBe(canon('16007'));
    expect(scoped.get('errmsg')).toBe(
      "PlanExecutor error during aggregation :: caused by :: can't convert from BSON type javascriptWithScope to String",
    );
  });
});
