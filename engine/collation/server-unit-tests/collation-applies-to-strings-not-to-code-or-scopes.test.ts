/**
 * A collation compares string values (and symbols, the same canonical type) — not JavaScript code,
 * and not the strings inside a code-with-scope's scope, which compares with field names and
 * without the collator (bsonelement.cpp `compareElementValues`). Equality, hashing ($group,
 * distinct) and matching all follow. A string and a code with the same text are never equal.
 *
 * From collation_bson_comparison_test.cpp: ElementStringComparisonShouldRespectCollation,
 * ElementStringHashShouldRespectCollation, ObjStringComparisonShouldRespectCollation,
 * ObjStringHashShouldRespectCollation, ElementCodeComparisonShouldNotRespectCollation,
 * ElementCodeHashShouldNotRespectCollation, ObjCodeComparisonShouldNotRespectCollation,
 * ObjCodeHashShouldNotRespectCollation, CompareCodeWScopeElementWithCollationShouldNotRespectCollation,
 * CompareCodeWScopeObjWithCollationShouldNotRespectCollation, HashingCodeWScopeElementWithCollationShouldNotRespectCollation,
 * HashingCodeWScopeObjWithCollationShouldNotRespectCollation, IdenticalCodeAndStringValuesAreNotEqual,
 * IdenticalCodeAndStringValuesDoNotHashEqually. The mock "always equal" collator becomes `en` at
 * strength 1 and strings that differ only in case and accents.
 */
import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from './harness.js';

const lenient = '{"locale": "en", "strength": 1}';

function collection() {
  const engine = testEngine();
  run(
    engine,
    't',
    `{"insert": "c", "documents": [
      {"_id": 1, "a": "foo"}, {"_id": 2, "a": "FÖO"},
      {"_id": 3, "a": {"$code": "foo"}}, {"_id": 4, "a": {"$code": "FOO"}},
      {"_id": 5, "a": {"$code": "js", "$scope": {"foo": "bar"}}}, {"_id": 6, "a": {"$code": "js", "$scope": {"foo": "BAR"}}},
      {"_id": 7, "o": {"a": "foo"}}, {"_id": 8, "o": {"a": "FOO"}}
    ]}`,
  );
  const ids = (filter: string, collation = lenient): number[] => {
    const reply = run(engine, 't', `{"find": "c", "filter": ${filter}, "sort": {"_id": 1}, "collation": ${collation}}`);
    const batch = (reply.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[];
    return batch.map((d) => Number(d.get('_id')));
  };
  return { engine, ids };
}

describe('what a collation applies to', () => {
  it('strings compare by the collation, in a value and inside a document', () => {
    const { ids } = collection();
    expect(ids('{"a": "foo"}')).toEqual([1, 2]);
    expect(ids('{"o": {"a": "foo"}}')).toEqual([7, 8]);
    expect(ids('{"a": "foo"}', '{"locale": "simple"}')).toEqual([1]);
  });

  it('code compares by its text, whatever the collation; a string never equals code', () => {
    const { ids } = collection();
    expect(ids('{"a": {"$code": "foo"}}')).toEqual([3]);
    expect(ids('{"a": {"$code": "FOO"}}')).toEqual([4]);
  });

  it("a code-with-scope's scope compares exactly, with or without a collation", () => {
    const { ids } = collection();
    expect(ids('{"a": {"$code": "js", "$scope": {"foo": "bar"}}}')).toEqual([5]);
    expect(ids('{"a": {"$code": "js", "$scope": {"foo": "bar"}}}', '{"locale": "simple"}')).toEqual([5]);
    expect(ids('{"a": {"$code": "js", "$scope": {"foo": "baz"}}}')).toEqual([]);
  });

  it('grouping and distinct hash strings by the collation and code (and scopes) exactly', () => {
    const { engine } = collection();
    const groups = run(
      engine,
      't',
      `{"aggregate": "c", "pipeline": [{"$match": {"a": {"$exists": true}}}, {"$group": {"_id": "$a", "n": {"$sum": 1}}}, {"$sort": {"n": -1, "_id": 1}}], "cursor": {}, "collation": ${lenient}}`,
    );
    const batch = (groups.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[];
    expect(batch.map((d) => ejson(d.get('n') as never))).toEqual([
      canon('2'),
      canon('1'),
      canon('1'),
      canon('1'),
      canon('1'),
    ]);
    const distinct = run(engine, 't', `{"distinct": "c", "key": "a", "collation": ${lenient}}`);
    expect((distinct.get('values') as unknown[]).length).toBe(5);
  });
});
