import { describe, expect, it } from 'vitest';
import { parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import { applyOplogDiff } from './apply-diff.js';

const run = (pre: string, diff: string) =>
  stringifyEJSON(applyOplogDiff(parseEJSONDoc(pre), parseEJSONDoc(diff)), { relaxed: true });

describe('applyOplogDiff', () => {
  it('updates existing fields in place and appends absent ones', () => {
    expect(run('{"a": 1, "b": 2}', '{"u": {"a": 5, "z": 1}}')).toBe('{"a":5,"b":2,"z":1}');
  });

  it('re-appends inserted fields at the end, after appended updates', () => {
    expect(run('{"a": 1, "b": 2, "c": 3}', '{"u": {"y": 0}, "i": {"b": 2, "x": 9}}')).toBe('{"a":1,"c":3,"y":0,"b":2,"x":9}');
  });

  it('deletes fields', () => {
    expect(run('{"a": 1, "b": 2}', '{"d": {"a": false}}')).toBe('{"b":2}');
  });

  it('applies nested document and array sub-diffs', () => {
    expect(run('{"a": {"b": 1}, "c": [1, 2, {"x": 1}]}', '{"sa": {"i": {"z": 1}}, "sc": {"a": true, "u0": 9, "s2": {"u": {"x": 2}}}}')).toBe(
      '{"a":{"b":1,"z":1},"c":[9,2,{"x":2}]}',
    );
  });

  it('pads with null for updates past the end', () => {
    expect(run('{"a": [0]}', '{"sa": {"a": true, "u3": 1}}')).toBe('{"a":[0,null,null,1]}');
  });

  it('treats l as the final length: truncating or padding', () => {
    expect(run('{"a": [1, 2, 3, 4, 5]}', '{"sa": {"a": true, "l": 2}}')).toBe('{"a":[1,2]}');
    expect(run('{"a": [1]}', '{"sa": {"a": true, "l": 3}}')).toBe('{"a":[1,null,null]}');
    expect(run('{"a": [1, 2, 3]}', '{"sa": {"a": true, "l": 2, "u1": 9}}')).toBe('{"a":[1,9]}');
  });

  it('replays the E3 pipeline diff', () => {
    expect(run('{"_id": 1, "name": "n", "arr": [1, 2, 3, 4, 5], "x": 1}', '{"d": {"x": false}, "sarr": {"a": true, "l": 2}}')).toBe(
      '{"_id":1,"name":"n","arr":[1,2]}',
    );
  });

  it('does not mutate the pre-image', () => {
    const pre = parseEJSONDoc('{"a": {"b": [1]}}');
    applyOplogDiff(pre, parseEJSONDoc('{"sa": {"sb": {"a": true, "u0": 2}}}'));
    expect(stringifyEJSON(pre, { relaxed: true })).toBe('{"a":{"b":[1]}}');
  });

  it('rejects unknown sections', () => {
    expect(() => run('{"a": 1}', '{"x": {}}')).toThrow('Unexpected section: x in document diff');
  });
});
