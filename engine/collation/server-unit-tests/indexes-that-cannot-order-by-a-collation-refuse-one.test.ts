/**
 * Only btree, 2dsphere, hashed and wildcard indexes take a collation: a text or 2d index given one,
 * or inheriting the collection's default, is refused with 67 and the full spec
 * (IndexCatalogImpl::_isSpecOk); `{locale: "simple"}` overrides the default. A v=1 index never
 * inherits the default and refuses a collation option (index_key_validate's validateIndexSpec and
 * validateIndexSpecCollation).
 *
 * Ported from jstests/core/query/collation/collation.js: "Should not be possible to create a text
 * index with an explicit non-simple collation", "Text index builds which inherit a non-simple
 * default collation should fail", "Text index build should succeed … if it explicitly overrides
 * the default with {locale: "simple"}", "Ensure that a v=1 index doesn't inherit the
 * collection-default collation".
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { canon, ejson, outcome, run, testEngine } from './harness.js';

const EN =
  '{ locale: "en", caseLevel: false, caseFirst: "off", strength: 3, numericOrdering: false, alternate: "non-ignorable", maxVariable: "punct", normalization: false, backwards: false, version: "57.1" }';
const EN_SPEC =
  '{"locale": "en", "caseLevel": false, "caseFirst": "off", "strength": 3, "numericOrdering": false, "alternate": "non-ignorable", "maxVariable": "punct", "normalization": false, "backwards": false, "version": "57.1"}';

function collection(defaultCollation: string | null) {
  const engine = testEngine();
  run(engine, 't', defaultCollation === null ? '{"create": "c"}' : `{"create": "c", "collation": ${defaultCollation}}`);
  return {
    index: (spec: string) => outcome(run(engine, 't', `{"createIndexes": "c", "indexes": [${spec}]}`)),
    listed: (name: string): string => {
      const reply = run(engine, 't', '{"listIndexes": "c"}');
      const batch = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
      return ejson(batch.find((d) => d.get('name') === name)!);
    },
  };
}

const refused = (plugin: string) => [67, `Index type '${plugin}' does not support collation: ${EN}`];

describe('indexes that cannot order strings by a collation refuse one (collation.js)', () => {
  it('a text index with an explicit non-simple collation is refused', () => {
    const c = collection(null);
    expect(c.index('{"key": {"a": "text"}, "name": "a_text", "collation": {"locale": "en"}}')).toEqual(refused('text'));
    expect(c.index('{"key": {"a": 1, "b": "text"}, "name": "ab", "collation": {"locale": "en"}}')).toEqual(
      refused('text'),
    );
  });

  it('a text index inheriting a non-simple default is refused; {locale: "simple"} overrides it', () => {
    const c = collection('{"locale": "en"}');
    expect(c.index('{"key": {"a": "text"}, "name": "a_text"}')).toEqual(refused('text'));
    expect(c.index('{"key": {"a": "text"}, "name": "a_text", "collation": {"locale": "simple"}}')).toBe('ok');
  });

  it('a 2d index is refused a collation too', () => {
    expect(collection(null).index('{"key": {"p": "2d"}, "name": "p_2d", "collation": {"locale": "en"}}')).toEqual(
      refused('2d'),
    );
    expect(collection('{"locale": "en"}').index('{"key": {"p": "2d"}, "name": "p_2d"}')).toEqual(refused('2d'));
  });

  it('btree, 2dsphere, hashed and wildcard indexes keep the collation', () => {
    const c = collection('{"locale": "en"}');
    for (const [key, name] of [
      ['{"a": 1}', 'a_1'],
      ['{"g": "2dsphere"}', 'g_2dsphere'],
      ['{"h": "hashed"}', 'h_hashed'],
      ['{"$**": 1}', '$**_1'],
    ] as const) {
      expect(c.index(`{"key": ${key}, "name": "${name}"}`)).toBe('ok');
      expect(JSON.parse(c.listed(name)).collation).toEqual(JSON.parse(canon(EN_SPEC)));
    }
  });

  it('a v=1 index does not inherit the default collation and refuses one', () => {
    const c = collection('{"locale": "en"}');
    expect(c.index('{"key": {"c": 1}, "name": "c_1", "v": 1}')).toBe('ok');
    expect(c.listed('c_1')).toBe(canon('{"v": 1, "key": {"c": 1}, "name": "c_1"}'));
    expect(c.index('{"key": {"d": 1}, "name": "d_1", "v": 1, "collation": {"locale": "en"}}')).toEqual([
      67,
      `Invalid index specification { key: { d: 1 }, name: "d_1", v: 1, collation: { locale: "en" } }; cannot create an index with the 'collation' option and v=1`,
    ]);
  });
});

describe('the index version is validated before the collation (index_key_validate.cpp)', () => {
  it('v must be a 32-bit integer number, 1 or 2; _fixIndexSpec stores it as an int', () => {
    const c = collection('{"locale": "en"}');
    expect(c.index('{"key": {"x": 1}, "name": "x", "v": "2"}')).toEqual([
      14,
      "The field 'v' must be a number, but got string",
    ]);
    expect(c.index('{"key": {"x": 1}, "name": "x", "v": 1.5}')).toEqual([
      2,
      'Index version must be representable as a 32-bit integer, but got 1.5',
    ]);
    expect(c.index('{"key": {"x": 1}, "name": "x", "v": 3}')).toEqual([
      67,
      'Invalid index specification { key: { x: 1 }, name: "x", v: 3 }; cannot create an index with v=3',
    ]);
    expect(c.index('{"key": {"y": 1}, "name": "y", "v": 1.0}')).toBe('ok');
    expect(c.listed('y')).toBe(canon('{"v": 1, "key": {"y": 1}, "name": "y"}'));
  });
});
