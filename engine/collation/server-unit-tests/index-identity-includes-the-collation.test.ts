/**
 * An index is identified by its key pattern and its unique, sparse, collation and
 * partialFilterExpression options (IndexDescriptor::compareIndexOptions): the same name with
 * another collation is 86 IndexKeySpecsConflict; the same key under another name with another
 * collation is a second index; an explicit collation on the `_id` index other than the
 * collection default is 67 (IndexCatalogImpl::_isSpecOk). Options outside the identity
 * (expireAfterSeconds …) make an "equivalent" index: 85 under the same or another name.
 *
 * From index_catalog_impl.cpp (_isSpecOk, _doesSpecConflictWithExisting) and index_descriptor.cpp,
 * read for collation.js's index cases and index_creation_on_different_collations.js.
 */
import { describe, expect, it } from 'vitest';
import { outcome, run, testEngine } from './harness.js';

const FR =
  '{ locale: "fr", caseLevel: false, caseFirst: "off", strength: 3, numericOrdering: false, alternate: "non-ignorable", maxVariable: "punct", normalization: false, backwards: false, version: "57.1" }';
const EN =
  '{ locale: "en", caseLevel: false, caseFirst: "off", strength: 3, numericOrdering: false, alternate: "non-ignorable", maxVariable: "punct", normalization: false, backwards: false, version: "57.1" }';

function collection(create = '{"create": "c"}') {
  const engine = testEngine();
  run(engine, 't', create);
  return (spec: string) => outcome(run(engine, 't', `{"createIndexes": "c", "indexes": [${spec}]}`));
}

describe('an index is identified by its key and its collation', () => {
  it('the same name with another collation is 86', () => {
    const index = collection();
    expect(index('{"key": {"a": 1}, "name": "a_1", "collation": {"locale": "en"}}')).toBe('ok');
    expect(index('{"key": {"a": 1}, "name": "a_1", "collation": {"locale": "fr"}}')).toEqual([
      86,
      `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: { a: 1 }, name: "a_1", collation: ${FR} }, existing index: { v: 2, key: { a: 1 }, name: "a_1", collation: ${EN} }`,
    ]);
    expect(index('{"key": {"a": 1}, "name": "a_1"}')).toEqual([
      86,
      `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: { a: 1 }, name: "a_1" }, existing index: { v: 2, key: { a: 1 }, name: "a_1", collation: ${EN} }`,
    ]);
  });

  it('the same key under another name with another collation is a second index', () => {
    const index = collection();
    expect(index('{"key": {"a": 1}, "name": "en", "collation": {"locale": "en"}}')).toBe('ok');
    expect(index('{"key": {"a": 1}, "name": "fr", "collation": {"locale": "fr"}}')).toBe('ok');
    expect(index('{"key": {"a": 1}, "name": "simple"}')).toBe('ok');
    expect(index('{"key": {"a": 1}, "name": "fr2", "collation": {"locale": "fr", "strength": 3}}')).toEqual([
      85,
      'Index already exists with a different name: fr',
    ]);
  });

  it('options outside the identity make an equivalent index: 85 under either name', () => {
    const index = collection();
    expect(index('{"key": {"a": 1}, "name": "a_1", "expireAfterSeconds": 10}')).toBe('ok');
    expect(index('{"key": {"a": 1}, "name": "a_1", "expireAfterSeconds": 20}')).toEqual([
      85,
      'An equivalent index already exists with the same name but different options. Requested index: { v: 2, key: { a: 1 }, name: "a_1", expireAfterSeconds: 20 }, existing index: { v: 2, key: { a: 1 }, name: "a_1", expireAfterSeconds: 10 }',
    ]);
    expect(index('{"key": {"a": 1}, "name": "other", "expireAfterSeconds": 20}')).toEqual([
      85,
      'An equivalent index already exists with a different name and options. Requested index: { v: 2, key: { a: 1 }, name: "other", expireAfterSeconds: 20 }, existing index: { v: 2, key: { a: 1 }, name: "a_1", expireAfterSeconds: 10 }',
    ]);
  });

  it('the _id index takes only the collection default collation', () => {
    const index = collection('{"create": "c", "collation": {"locale": "en"}}');
    expect(index('{"key": {"_id": 1}, "name": "_id_", "collation": {"locale": "fr"}}')).toEqual([
      67,
      '_id index must have the collection default collation',
    ]);
    expect(index('{"key": {"_id": 1}, "name": "_id_", "collation": {"locale": "en"}}')).toBe('ok');
    expect(index('{"key": {"_id": 1}, "name": "_id_"}')).toBe('ok');
    expect(collection()('{"key": {"_id": 1}, "name": "_id_", "collation": {"locale": "en"}}')).toEqual([
      67,
      '_id index must have the collection default collation',
    ]);
  });
});
