/**
 * Pipeline updates share what the stages left alone with the pre-image (copy-on-write, as the
 * modifier executor), and literals with each other: the pre-image is never mutated, and a later
 * update of one document never shows through in another that shares a value with it.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { Engine } from '../engine.js';
import { ManualClock } from '../catalog/clock.js';
import { parseUpdate } from './parse-update.js';
import { TEST_ENV } from './test-support.js';

const PRE = '{"_id": 1, "a": 1, "b": 2, "sub": {"x": [1, 2]}, "items": [{"q": 1}, {"q": 2}]}';

function pipeline(text: string) {
  return parseUpdate(parseEJSONDoc(`{"u": ${text}}`).get('u')!, { collator: null });
}

function run(engine: Engine, command: string): Doc {
  const reply = engine.runCommand('test', parseEJSONDoc(command));
  expect(reply.get('ok')).toBe(1);
  expect(reply.get('writeErrors')).toBeUndefined();
  return reply;
}

describe('pipeline update copy-on-write', () => {
  it('shares untouched sub-documents and arrays with the pre-image and never mutates it', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    const res = pipeline('[{"$set": {"total": {"$add": ["$a", "$b"]}}}, {"$unset": "b"}]').apply(pre, {
      isUpsertInsert: false,
      immutablePaths: ['_id'],
      env: TEST_ENV,
    });
    expect(stringifyEJSON(res.doc, { relaxed: true })).toBe(
      '{"_id":1,"a":1,"sub":{"x":[1,2]},"items":[{"q":1},{"q":2}],"total":3}',
    );
    expect(res.doc).not.toBe(pre);
    expect(res.doc.get('sub')).toBe(pre.get('sub'));
    expect(res.doc.get('items')).toBe(pre.get('items'));
    expect(stringifyEJSON(pre)).toBe(text);
  });

  it('a literal stored in many documents stays right when one of them is updated again', () => {
    const engine = new Engine({ clock: new ManualClock() });
    run(engine, '{"insert": "c", "documents": [{"_id": 1, "a": {"k": 1}}, {"_id": 2, "a": {"k": 1}}]}');
    run(
      engine,
      '{"update": "c", "updates": [{"q": {}, "u": [{"$set": {"lit": {"$literal": {"x": [1]}}, "copy": "$a"}}], "multi": true}]}',
    );
    const before = engine.documents('test', 'c').map((d) => stringifyEJSON(d, { relaxed: true }));
    run(engine, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$push": {"lit.x": 9}, "$set": {"copy.k": 5}}}]}');
    run(engine, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a.k": 7}}]}]}');
    const after = engine.documents('test', 'c').map((d) => stringifyEJSON(d, { relaxed: true }));
    expect(after[0]).toBe('{"_id":1,"a":{"k":7},"lit":{"x":[1,9]},"copy":{"k":5}}');
    expect(after[1]).toBe(before[1]);
    expect(after[1]).toBe('{"_id":2,"a":{"k":1},"lit":{"x":[1]},"copy":{"k":1}}');
    // The oplog replays to the same documents (its entries were not changed by later writes).
    const entries = engine.oplogEntries().filter((e) => e.get('op') === 'u');
    const diffs = entries.map((e) => stringifyEJSON(e.get('o') as Value, { relaxed: true }));
    expect(diffs).toEqual([
      '{"$v":2,"diff":{"i":{"lit":{"x":[1]},"copy":{"k":1}}}}',
      '{"$v":2,"diff":{"i":{"lit":{"x":[1]},"copy":{"k":1}}}}',
      '{"$v":2,"diff":{"scopy":{"u":{"k":5}},"slit":{"sx":{"a":true,"u1":9}}}}',
      '{"$v":2,"diff":{"u":{"a":{"k":7}}}}',
    ]);
  });
});
