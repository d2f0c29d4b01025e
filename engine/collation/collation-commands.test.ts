/**
 * Collation options through the commands: find's sort and filter, update's matching, a unique
 * index's duplicate check and $group, each with an option Intl.Collator cannot express.
 */
import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';

function words(list: string[]): Engine {
  const engine = testEngine();
  const docs = list.map((w, i) => `{"_id": ${i + 1}, "w": ${JSON.stringify(w)}}`).join(', ');
  run(engine, 't', `{"insert": "c", "documents": [${docs}]}`);
  return engine;
}

function found(engine: Engine, find: string): string[] {
  const reply = run(engine, 't', find);
  const batch = (reply.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[];
  return batch.map((d) => d.get('w') as string);
}

describe('collation options through commands', () => {
  it('find sorts with alternate shifted at strength 4: punctuation orders at the quaternary level', () => {
    const engine = words(['deluge', 'de-Luge', 'demark', 'de Luge', 'de-luge', 'deLuge', 'death', 'de luge']);
    const collation = '{"locale": "en", "alternate": "shifted", "strength": 4}';
    expect(found(engine, `{"find": "c", "sort": {"w": 1}, "collation": ${collation}}`)).toEqual([
      'death',
      'de luge',
      'de-luge',
      'deluge',
      'de Luge',
      'de-Luge',
      'deLuge',
      'demark',
    ]);
  });

  it('find matches with maxVariable space: whitespace is ignored, punctuation is not', () => {
    const engine = words(['ab', 'a b', 'a-b', 'a\tb']);
    const collation = '{"locale": "en", "alternate": "shifted", "maxVariable": "space"}';
    expect(found(engine, `{"find": "c", "filter": {"w": "ab"}, "collation": ${collation}}`)).toEqual([
      'ab',
      'a b',
      'a\tb',
    ]);
  });

  it('update matches with caseLevel at strength 1: case counts, accents do not', () => {
    const engine = words(['role', 'rôle', 'Role', 'RÔLE']);
    const reply = run(
      engine,
      't',
      '{"update": "c", "updates": [{"q": {"w": "role"}, "u": {"$set": {"hit": true}}, "multi": true, "collation": {"locale": "en", "strength": 1, "caseLevel": true}}]}',
    );
    expect(ejson(reply)).toBe(canon('{"n": 2, "nModified": 2, "ok": 1.0}'));
    expect(found(engine, '{"find": "c", "filter": {"hit": true}}')).toEqual(['role', 'rôle']);
  });

  it('a unique index with alternate shifted refuses a value equal to an existing one but for punctuation', () => {
    const engine = words(['ab']);
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"w": 1}, "name": "w_1", "unique": true, "collation": {"locale": "en", "alternate": "shifted"}}]}',
    );
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 9, "w": "a-b"}]}');
    const error = (reply.get('writeErrors') as Map<string, unknown>[] | undefined)?.[0];
    expect(ejson(error?.get('code') as never)).toBe(canon('11000'));
  });

  it('$group with strength 1 and alternate shifted groups strings equal but for case, accents and punctuation', () => {
    const engine = words(['ab', 'A-B', 'áb', 'a+b']);
    const reply = run(
      engine,
      't',
      '{"aggregate": "c", "pipeline": [{"$group": {"_id": "$w", "n": {"$sum": 1}}}, {"$sort": {"n": -1}}], "cursor": {}, "collation": {"locale": "en", "strength": 1, "alternate": "shifted"}}',
    );
    const batch = (reply.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[];
    expect(batch.map((d) => ejson(d.get('n') as never))).toEqual([canon('3'), canon('1')]);
  });
});
