/**
 * An index with a collation keys every string of a value by its collation key, inside embedded
 * documents and arrays too, and leaves other types as they are; a Symbol anywhere in the value
 * cannot be keyed: 201 CannotBuildIndexKeys (key_string.cpp / collation_index_key.cpp
 * `Cannot index type Symbol with a collation. Failed to index element: …`). Observable as a
 * unique index's duplicate decisions and as the error of the write or the index build.
 *
 * From collation_index_key_test.cpp: IsCollatableType* (strings, objects and arrays are collated,
 * numbers are not), CollationAwareAppendCorrectlyAppendsElementWithNullCollator,
 * CollationAwareAppendReversesStringWithReverseMockCollator, CollationAwareAppendCorrectlySerializesEmptyComparisonKey,
 * CollationAwareAppendCorrectlySerializesWithEmbeddedNullByte, CollationAwareAppendCorrectlyReversesSimpleEmbeddedObject,
 * CollationAwareAppendCorrectlyReversesSimpleEmbeddedArray, CollationAwareAppendCorrectlyReversesComplexNesting,
 * CollationAwareAppendThrowsIfSymbol, CollationAwareAppendDoesNotThrowOnSymbolIfNoCollation,
 * CollationAwareAppendThrowsIfSymbolInsideObject, CollationAwareAppendThrowsIfSymbolInsideArray.
 * The mock string-reversing collator becomes `en` at strength 2 (case-insensitive), against the
 * simple collation's binary keys.
 */
import { describe, expect, it } from 'vitest';
import { outcome, run, testEngine } from './harness.js';

function uniqueIndex(collation: string | null) {
  const engine = testEngine();
  const option = collation === null ? '' : `, "collation": ${collation}`;
  run(engine, 't', `{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true${option}}]}`);
  return (doc: string) => outcome(run(engine, 't', `{"insert": "c", "documents": [${doc}]}`));
}

const caseInsensitive = '{"locale": "en", "strength": 2}';

describe('collated index keys', () => {
  it('a top-level string is keyed by its collation key; the simple collation keys it as is', () => {
    const insert = uniqueIndex(caseInsensitive);
    expect(insert('{"_id": 1, "a": "string"}')).toBe('ok');
    expect(insert('{"_id": 2, "a": "STRING"}')[0]).toBe(11000);
    const binary = uniqueIndex(null);
    expect(binary('{"_id": 1, "a": "string"}')).toBe('ok');
    expect(binary('{"_id": 2, "a": "STRING"}')).toBe('ok');
  });

  it('the empty string and strings with a NUL character are keyed too', () => {
    const insert = uniqueIndex(caseInsensitive);
    expect(insert('{"_id": 1, "a": ""}')).toBe('ok');
    expect(insert('{"_id": 2, "a": ""}')[0]).toBe(11000);
    expect(insert('{"_id": 3, "a": "a\\u0000b"}')).toBe('ok');
    expect(insert('{"_id": 4, "a": "A\\u0000B"}')[0]).toBe(11000);
    expect(insert('{"_id": 5, "a": "a\\u0000c"}')).toBe('ok');
  });

  it('strings inside embedded documents and arrays are keyed, other types are not', () => {
    const insert = uniqueIndex(caseInsensitive);
    expect(insert('{"_id": 1, "a": {"a": "!foo"}}')).toBe('ok');
    expect(insert('{"_id": 2, "a": {"a": "!FOO"}}')[0]).toBe(11000);
    expect(
      insert('{"_id": 3, "a": [{"a": "ha", "b": 2}, "bar", {"c": 2, "d": "ah", "e": "abc", "f": ["cba", "xyz"]}]}'),
    ).toBe('ok');
    // Multikey: each element is a key, so "BAR" collides with "bar".
    expect(insert('{"_id": 4, "a": ["BAR"]}')[0]).toBe(11000);
    expect(insert('{"_id": 5, "a": {"c": 2, "d": "AH", "e": "ABC", "f": ["CBA", "XYZ"]}}')[0]).toBe(11000);
    expect(insert('{"_id": 6, "a": {"c": 2, "d": "AH", "e": "ABC", "f": ["CBA", "XYW"]}}')).toBe('ok');
    expect(insert('{"_id": 7, "a": 99}')).toBe('ok');
    expect(insert('{"_id": 8, "a": 99.0}')[0]).toBe(11000);
  });

  it('a Symbol cannot be keyed under a collation, at the top or nested', () => {
    const insert = uniqueIndex('{"locale": "en"}');
    expect(insert('{"_id": 1, "a": {"$symbol": "mySymbol"}}')).toEqual([
      201,
      'Cannot index type Symbol with a collation. Failed to index element: a: "mySymbol".',
    ]);
    expect(insert('{"_id": 2, "a": {"a": "foo", "b": {"$symbol": "mySymbol"}}}')).toEqual([
      201,
      'Cannot index type Symbol with a collation. Failed to index element: b: "mySymbol".',
    ]);
    expect(insert('{"_id": 3, "a": {"x": ["foo", {"$symbol": "mySymbol"}]}}')).toEqual([
      201,
      'Cannot index type Symbol with a collation. Failed to index element: 1: "mySymbol".',
    ]);
    expect(insert('{"_id": 4, "a": ["foo", {"$symbol": "mySymbol"}]}')[0]).toBe(201);
    expect(insert('{"_id": 5, "b": {"$symbol": "notIndexed"}}')).toBe('ok');
  });

  it('an update that writes a Symbol into a collated index fails the same way', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "collation": {"locale": "en"}}]}',
    );
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": "x"}]}');
    const reply = run(
      engine,
      't',
      '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": {"$symbol": "s"}}}}]}',
    );
    // The write's error is wrapped as every error raised while the update executes.
    expect(outcome(reply)).toEqual([
      201,
      'Plan executor error during update :: caused by :: Cannot index type Symbol with a collation. Failed to index element: a: "s".',
    ]);
  });

  it('without a collation a Symbol is indexed like any value', () => {
    const insert = uniqueIndex(null);
    expect(insert('{"_id": 1, "a": {"$symbol": "mySymbol"}}')).toBe('ok');
    expect(insert('{"_id": 2, "a": {"$symbol": "mySymbol"}}')[0]).toBe(11000);
  });

  it('building a collated index over a stored Symbol fails', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": {"$symbol": "mySymbol"}}]}');
    const reply = run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "collation": {"locale": "en"}}]}',
    );
    expect(outcome(reply)[0]).toBe(201);
  });
});
