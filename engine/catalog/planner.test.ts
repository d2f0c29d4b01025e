import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from '../commands/testing.js';
import { parseEJSONDoc } from '../bson/ejson.js';
import { resolveCollation } from './collation-info.js';
import { compileFilter } from './filter.js';
import { planQuery } from './planner.js';
import type { Engine } from '../engine.js';

function setup(): Engine {
  const engine = testEngine();
  run(
    engine,
    't',
    '{"insert": "c", "documents": [{"_id": 1, "a": 3, "s": "x"}, {"_id": 2, "a": 1, "s": "y"}, {"_id": 3, "a": 2, "s": "X"}, {"_id": 4, "b": 1}]}',
  );
  run(
    engine,
    't',
    '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}, {"key": {"a": 1, "b": 1}}, {"key": {"s": 1}, "collation": {"locale": "en", "strength": 2}}]}',
  );
  return engine;
}

function plan(engine: Engine, filter: string, options: { hint?: string; collation?: string } = {}) {
  const coll = engine.catalog.getCollection('t', 'c')!;
  const f = parseEJSONDoc(filter);
  const collation = options.collation ? resolveCollation(parseEJSONDoc(options.collation)) : coll.collation;
  return planQuery(coll, {
    root: compileFilter(f, collation?.collator ?? null).root,
    collation,
    hint: options.hint,
    filter: f,
  });
}

const ids = (docs: Map<string, unknown>[]) => docs.map((d) => d.get('_id'));

describe('planQuery', () => {
  it('uses IDHACK for an equality on _id alone', () => {
    const p = plan(setup(), '{"_id": 2}');
    expect(p.stage).toBe('IDHACK');
    expect(ejson(p.describe())).toBe(canon('{"stage": "IDHACK"}'));
    expect(ejson(p.candidates())).toBe(canon('[{"_id": 2, "a": 1, "s": "y"}]'));
  });

  it('uses an index whose first field has an equality, preferring the shorter key pattern', () => {
    const p = plan(setup(), '{"a": 2}');
    expect(p.stage).toBe('IXSCAN');
    expect(p.index!.name).toBe('a_1');
    expect(ejson(p.describe())).toBe(
      canon(`{"stage": "FETCH", "inputStage": {"stage": "IXSCAN", "keyPattern": {"a": 1}, "indexName": "a_1",
        "isMultiKey": false, "multiKeyPaths": {"a": []}, "isUnique": false, "isSparse": false, "isPartial": false,
        "indexVersion": 2, "direction": "forward", "indexBounds": {"a": ["[2, 2]"]}}}`),
    );
  });

  it('yields IXSCAN candidates in index order', () => {
    const p = plan(setup(), '{"a": {"$gte": 1}}');
    expect(ids(p.candidates())).toEqual([2, 3, 1].map((n) => expect.objectContaining({ value: n })));
    expect(ejson((p.describe().get('inputStage') as Map<string, never>).get('indexBounds')!)).toBe(
      canon('{"a": ["[1, inf.0]"]}'),
    );
  });

  it('scans the collection when no index applies', () => {
    const p = plan(setup(), '{"b": 1}');
    expect(p.stage).toBe('COLLSCAN');
    expect(ejson(p.describe())).toBe(canon('{"stage": "COLLSCAN", "direction": "forward"}'));
    expect(p.candidates().length).toBe(4);
  });

  it('does not use a collated index for a string predicate under another collation', () => {
    expect(plan(setup(), '{"s": "x"}').stage).toBe('COLLSCAN');
    const p = plan(setup(), '{"s": "x"}', { collation: '{"locale": "en", "strength": 2}' });
    expect(p.stage).toBe('IXSCAN');
    expect(ids(p.candidates()).length).toBe(2);
  });

  it('follows a hint by name or key pattern, and fails an unknown hint with 2', () => {
    const engine = setup();
    expect(plan(engine, '{"a": 1}', { hint: 'a_1_b_1' }).index!.name).toBe('a_1_b_1');
    const coll = engine.catalog.getCollection('t', 'c')!;
    expect(planQuery(coll, { root: null, collation: null, hint: parseEJSONDoc('{"$natural": 1}') }).stage).toBe(
      'COLLSCAN',
    );
    expect(() => plan(engine, '{"a": 1}', { hint: 'zz' })).toThrow(
      /hint provided does not correspond to an existing index/,
    );
  });

  it('returns a snapshot that stays valid while the collection changes', () => {
    const engine = setup();
    const p = plan(engine, '{}');
    const docs = p.candidates();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 5}]}');
    expect(docs.length).toBe(4);
  });
});
