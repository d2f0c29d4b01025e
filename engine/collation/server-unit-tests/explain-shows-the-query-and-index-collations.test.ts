/**
 * Explain shows the query's collation (the command's, else the collection default) after
 * `parsedQuery`, and an index scan shows its index's collation after `indexName`
 * (explain.cpp's generatePlannerInfo, plan_explainer_impl.cpp's IXSCAN stats); the simple
 * collation shows neither. An IDHACK write has no canonical query, so no collation either.
 *
 * Ported from jstests/core/query/collation/collation.js: "Explain of find should include query
 * collation", "… when inherited from collection default", "Explain of IXSCAN stage should
 * include index collation", "… when index collation is inherited from collection default".
 */
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../bson/values.js';
import { canon, ejson, run, testEngine } from './harness.js';

const FR_CA =
  '{"locale": "fr_CA", "caseLevel": false, "caseFirst": "off", "strength": 3, "numericOrdering": false, "alternate": "non-ignorable", "maxVariable": "punct", "normalization": false, "backwards": true, "version": "57.1"}';

function planner(reply: Doc): Doc {
  return reply.get('queryPlanner') as Doc;
}
function ixscan(plan: Doc): Doc | undefined {
  if (plan.get('stage') === 'IXSCAN') return plan;
  const input = plan.get('inputStage') as Doc | undefined;
  return input === undefined ? undefined : ixscan(input);
}
const show = (v: Value | undefined) => (v === undefined ? 'absent' : ejson(v));

describe('explain shows the query and index collations (collation.js)', () => {
  it('find: the command collation, else the collection default, after parsedQuery', () => {
    const engine = testEngine();
    const explained = planner(
      run(
        engine,
        't',
        `{"explain": {"find": "c", "filter": {"str": "foo"}, "collation": {"locale": "fr_CA"}}, "verbosity": "executionStats"}`,
      ),
    );
    expect(show(explained.get('collation'))).toBe(canon(FR_CA));
    expect([...explained.keys()].slice(0, 4)).toEqual(['namespace', 'parsedQuery', 'collation', 'indexFilterSet']);
    run(engine, 't', '{"create": "d", "collation": {"locale": "fr_CA"}}');
    expect(
      show(planner(run(engine, 't', '{"explain": {"find": "d", "filter": {"str": "foo"}}}')).get('collation')),
    ).toBe(canon(FR_CA));
    expect(
      show(
        planner(
          run(engine, 't', '{"explain": {"find": "d", "filter": {"str": "foo"}, "collation": {"locale": "simple"}}}'),
        ).get('collation'),
      ),
    ).toBe('absent');
    expect(
      show(planner(run(engine, 't', '{"explain": {"find": "c", "filter": {"str": "foo"}}}')).get('collation')),
    ).toBe('absent');
  });

  it('IXSCAN shows the index collation, given or inherited from the collection default', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"str": 1}, "name": "str_1", "collation": {"locale": "fr_CA"}}]}',
    );
    let scan = ixscan(
      planner(
        run(engine, 't', '{"explain": {"find": "c", "filter": {"str": "foo"}, "collation": {"locale": "fr_CA"}}}'),
      ).get('winningPlan') as Doc,
    )!;
    expect(show(scan.get('collation'))).toBe(canon(FR_CA));
    expect([...scan.keys()].slice(0, 5)).toEqual(['stage', 'keyPattern', 'indexName', 'collation', 'isMultiKey']);
    run(engine, 't', '{"create": "d", "collation": {"locale": "fr_CA"}}');
    run(engine, 't', '{"createIndexes": "d", "indexes": [{"key": {"str": 1}, "name": "str_1"}]}');
    scan = ixscan(
      planner(run(engine, 't', '{"explain": {"find": "d", "filter": {"str": "foo"}}}')).get('winningPlan') as Doc,
    )!;
    expect(show(scan.get('collation'))).toBe(canon(FR_CA));
    run(engine, 't', '{"createIndexes": "e", "indexes": [{"key": {"str": 1}, "name": "str_1"}]}');
    scan = ixscan(
      planner(run(engine, 't', '{"explain": {"find": "e", "filter": {"str": "foo"}}}')).get('winningPlan') as Doc,
    )!;
    expect(show(scan.get('collation'))).toBe('absent');
  });

  it('a v=1 index scan reports indexVersion 1', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"str": 1}, "name": "str_1", "v": 1}]}');
    const scan = ixscan(
      planner(run(engine, 't', '{"explain": {"find": "c", "filter": {"str": "foo"}}}')).get('winningPlan') as Doc,
    )!;
    expect(show(scan.get('indexVersion'))).toBe(canon('1'));
  });

  it('update, delete and findAndModify show the statement collation; an IDHACK write shows none', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "collation": {"locale": "en_US"}}');
    const explained = (cmd: string) => planner(run(engine, 't', `{"explain": ${cmd}, "verbosity": "queryPlanner"}`));
    expect(
      show(
        explained(
          '{"update": "c", "updates": [{"q": {"str": "foo"}, "u": {"$set": {"a": 1}}, "collation": {"locale": "fr_CA"}}]}',
        ).get('collation'),
      ),
    ).toBe(canon(FR_CA));
    expect(
      show(
        explained(
          '{"delete": "c", "deletes": [{"q": {"str": "foo"}, "limit": 1, "collation": {"locale": "fr_CA"}}]}',
        ).get('collation'),
      ),
    ).toBe(canon(FR_CA));
    expect(
      show(
        explained(
          '{"findAndModify": "c", "query": {"str": "foo"}, "remove": true, "collation": {"locale": "fr_CA"}}',
        ).get('collation'),
      ),
    ).toBe(canon(FR_CA));
    const idhack = explained('{"update": "c", "updates": [{"q": {"_id": "foo"}, "u": {"$set": {"a": 1}}}]}');
    expect((idhack.get('winningPlan') as Doc).get('inputStage')).toEqual(new Map([['stage', 'IDHACK']]));
    expect(show(idhack.get('collation'))).toBe('absent');
  });
});
