/**
 * `hint: {$natural: -1}` is a backward collection scan for every command that plans a query, as
 * the server's planner builds its COLLSCAN with the hint's direction (`$natural: 1` forward).
 */
import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';
import type { Doc, Value } from '../bson/values.js';

function setup(): Engine {
  const engine = testEngine();
  run(engine, 't', '{"insert": "c", "documents": [{"_id": 2, "a": 1}, {"_id": 1, "a": 1}, {"_id": 3, "a": 1}]}');
  return engine;
}

const ids = (reply: Doc): string =>
  ejson(((reply.get('cursor') as Doc).get('firstBatch') as Doc[]).map((d) => d.get('_id') as Value));

describe('hint {$natural: ±1} sets the collection scan direction', () => {
  it('find returns natural order backwards for -1 and forwards for 1', () => {
    const engine = setup();
    expect(ids(run(engine, 't', '{"find": "c", "filter": {}, "hint": {"$natural": -1}}'))).toBe(canon('[3,1,2]'));
    expect(ids(run(engine, 't', '{"find": "c", "filter": {"a": 1}, "hint": {"$natural": 1}}'))).toBe(canon('[2,1,3]'));
  });

  it('find explain shows the backward COLLSCAN', () => {
    const engine = setup();
    const reply = run(engine, 't', '{"explain": {"find": "c", "filter": {}, "hint": {"$natural": -1}}}');
    const winning = (reply.get('queryPlanner') as Doc).get('winningPlan') as Doc;
    expect(ejson(winning)).toContain('"direction":"backward"');
  });

  it('findAndModify and a single delete take the last document in natural order', () => {
    const engine = setup();
    const fam = run(
      engine,
      't',
      '{"findAndModify": "c", "query": {"a": 1}, "update": {"$set": {"b": 1}}, "hint": {"$natural": -1}}',
    );
    expect(ejson((fam.get('value') as Doc).get('_id') as Value)).toBe(canon('3'));
    run(engine, 't', '{"delete": "c", "deletes": [{"q": {"a": 1}, "limit": 1, "hint": {"$natural": -1}}]}');
    expect(ids(run(engine, 't', '{"find": "c", "filter": {}}'))).toBe(canon('[2,1]'));
  });
});
