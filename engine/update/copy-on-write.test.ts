/**
 * Copy-on-write apply: the new document shares every sub-document and array the update does not
 * write through with the pre-image (stored documents are immutable), copies only the containers on
 * the written paths, and never mutates the pre-image — also when the post-image is updated again.
 */
import { describe, expect, it } from 'vitest';
import { Int32 } from 'bson';
import { parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { applyTo, parseForTest, TEST_ENV } from './test-support.js';

const PRE =
  '{"_id": 1, "n": 5, "a": {"x": 1, "y": {"z": 2}}, "b": {"q": 1}, "tags": ["r", "g"], ' +
  '"items": [{"q": 1, "s": "a"}, {"q": 2, "s": "b"}, {"q": 3, "s": "c"}]}';

function apply(update: string, pre: Doc, opts: { arrayFilters?: string; matched?: string } = {}): Doc {
  const exec = parseForTest(update, opts);
  return exec.apply(pre, {
    isUpsertInsert: false,
    immutablePaths: ['_id'],
    matchedArrayIndex: opts.matched,
    env: TEST_ENV,
  }).doc;
}

function at(doc: Value | undefined, ...path: (string | number)[]): Value | undefined {
  let cur = doc;
  for (const p of path) {
    if (cur instanceof Map) cur = cur.get(String(p));
    else if (Array.isArray(cur)) cur = cur[Number(p)];
    else return undefined;
  }
  return cur;
}

describe('copy-on-write apply', () => {
  it('$inc on a top-level field shares every sub-document and array', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    const post = apply('{"$inc": {"n": 1}}', pre);
    expect(post).not.toBe(pre);
    expect(stringifyEJSON(pre)).toBe(text);
    expect(at(post, 'n')).toEqual(new Int32(6));
    for (const f of ['a', 'b', 'tags', 'items']) expect(at(post, f)).toBe(at(pre, f));
  });

  it('a nested $set copies only the containers on its path', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    const post = apply('{"$set": {"a.y.z": 3}}', pre);
    expect(stringifyEJSON(pre)).toBe(text);
    expect(at(post, 'a')).not.toBe(at(pre, 'a'));
    expect(at(post, 'a', 'y')).not.toBe(at(pre, 'a', 'y'));
    expect(at(post, 'a', 'y', 'z')).toEqual(new Int32(3));
    expect(at(pre, 'a', 'y', 'z')).toEqual(new Int32(2));
    for (const f of ['b', 'tags', 'items']) expect(at(post, f)).toBe(at(pre, f));
  });

  it('an array-filter update copies the array and only the matching elements', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    const post = apply('{"$inc": {"items.$[e].q": 10}}', pre, { arrayFilters: '[{"e.s": "b"}]' });
    expect(stringifyEJSON(pre)).toBe(text);
    expect(at(post, 'items')).not.toBe(at(pre, 'items'));
    expect(at(post, 'items', 1)).not.toBe(at(pre, 'items', 1));
    expect(at(post, 'items', 0)).toBe(at(pre, 'items', 0));
    expect(at(post, 'items', 2)).toBe(at(pre, 'items', 2));
    expect(at(post, 'items', 1, 'q')).toEqual(new Int32(12));
    expect(at(pre, 'items', 1, 'q')).toEqual(new Int32(2));
  });

  it('a positional update copies only the matched element', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    const post = apply('{"$set": {"items.$.s": "z"}}', pre, { matched: '2' });
    expect(stringifyEJSON(pre)).toBe(text);
    expect(at(post, 'items', 2, 's')).toBe('z');
    expect(at(post, 'items', 0)).toBe(at(pre, 'items', 0));
    expect(at(post, 'items', 1)).toBe(at(pre, 'items', 1));
  });

  it('$rename and $unset copy the source parent, not the pre-image', () => {
    const pre = parseEJSONDoc(PRE);
    const text = stringifyEJSON(pre);
    // "a0" sorts before "b": the rename runs before anything descends into "b".
    const post = apply('{"$rename": {"b.q": "a0"}, "$unset": {"a.x": ""}}', pre);
    expect(stringifyEJSON(pre)).toBe(text);
    expect(stringifyEJSON(post, { relaxed: true })).toBe(
      stringifyEJSON(
        parseEJSONDoc(
          '{"_id": 1, "n": 5, "a": {"y": {"z": 2}}, "b": {}, "tags": ["r", "g"], ' +
            '"items": [{"q": 1, "s": "a"}, {"q": 2, "s": "b"}, {"q": 3, "s": "c"}], "a0": 1}',
        ),
        { relaxed: true },
      ),
    );
    expect(at(post, 'a', 'y')).toBe(at(pre, 'a', 'y'));
    expect(at(post, 'items')).toBe(at(pre, 'items'));
  });

  it('updating the post-image again leaves both earlier versions unchanged', () => {
    const pre = parseEJSONDoc(PRE);
    const preText = stringifyEJSON(pre);
    const mid = apply('{"$set": {"a.x": 9}, "$push": {"tags": "b"}}', pre);
    const midText = stringifyEJSON(mid);
    const updates = [
      '{"$set": {"a.y.z": 7, "b.q": 0}}',
      '{"$inc": {"items.$[].q": 1}}',
      '{"$rename": {"a.y": "b.y"}}',
      '{"$unset": {"a.x": "", "items.0.s": ""}}',
      '{"$pop": {"tags": -1}, "$pull": {"items": {"q": 2}}}',
      '{"$set": {"a.new.deep": 1, "a.new.other": 2}}',
    ];
    for (const u of updates) {
      apply(u, mid);
      expect(stringifyEJSON(mid)).toBe(midText);
      expect(stringifyEJSON(pre)).toBe(preText);
    }
  });

  it('results and oplog replay are unchanged (test-support checks replay and non-mutation)', () => {
    const r = applyTo('{"$set": {"a.new.deep": 1, "a.new.other": 2, "items.1.q": 5}}', PRE);
    expect(r.doc).toBe(
      '{"_id":1,"n":5,"a":{"x":1,"y":{"z":2},"new":{"deep":1,"other":2}},"b":{"q":1},"tags":["r","g"],' +
        '"items":[{"q":1,"s":"a"},{"q":5,"s":"b"},{"q":3,"s":"c"}]}',
    );
    expect(r.oplog).toBe(
      '{"$v":2,"diff":{"sa":{"i":{"new":{"deep":1,"other":2}}},"sitems":{"a":true,"s1":{"u":{"q":5}}}}}',
    );
  });
});
