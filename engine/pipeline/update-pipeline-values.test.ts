/**
 * Update pipelines and the expression language, through the update command:
 * - `$set`/`$addFields` accept an empty object as a value since 6.1 (SERVER-54046), at the top
 *   level and nested; `$project` still refuses it (51270);
 * - an inclusion `$project` that names a sub-path of `_id` does not add the whole `_id`
 *   (`idSpecified` covers `_id.x`), so the result changes `_id` and fails with 66;
 * - the update pipeline is parsed without optimization (`PipelineExecutor` does not call
 *   `optimize()`), so an expression over a constant that cannot be evaluated (`$toUpper` of a
 *   regex) fails per document, with the executor prefix, and not when nothing matches.
 */
import { describe, expect, test } from 'vitest';
import { runUpdate } from '../commands/update/command.js';
import { ej, testDb } from '../commands/update/test-support.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

function update(seed: string, u: string, q = '{}'): { reply: string; contents: string } {
  const t = testDb();
  t.seed('c', seed);
  const reply = ej(runUpdate(t.ctx(`{"update": "c", "updates": [{"q": ${q}, "u": ${u}}]}`)));
  return { reply, contents: t.contents('c') };
}

describe('empty objects in $set/$addFields (6.1+)', () => {
  test('$set: {a: {}} replaces a with an empty object', () => {
    expect(update('[{"_id": 1, "a": {"x": 1}}]', '[{"$set": {"a": {}}}]')).toEqual({
      reply: '{"n":1,"nModified":1,"ok":1.0}',
      contents: '[{"_id":1,"a":{}}]',
    });
  });
  test('a nested empty object is set inside the sub-document', () => {
    expect(update('[{"_id": 1, "a": {"x": 1}}]', '[{"$addFields": {"a": {"b": {}}}}]').contents).toBe(
      '[{"_id":1,"a":{"x":1,"b":{}}}]',
    );
    expect(update('[{"_id": 1}]', '[{"$set": {"a.b": {}}}]').contents).toBe('[{"_id":1,"a":{"b":{}}}]');
  });
  test('$project still refuses an empty object (projection_ast: 51270)', () => {
    expect(update('[{"_id": 1}]', '[{"$project": {"a": {}}}]').reply).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":51270,"errmsg":"Invalid $project :: caused by :: An empty sub-projection is not a valid value. Found empty object at path"}],"nModified":0,"ok":1.0}',
    );
  });
});

describe('$project of a sub-path of _id', () => {
  test('{"_id.x": 1} keeps only _id.x, which changes _id: 66', () => {
    expect(update('[{"_id": {"x": 1, "y": 2}, "b": 1}]', '[{"$project": {"_id.x": 1}}]')).toEqual({
      reply: `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: { x: 1 }"}],"nModified":0,"ok":1.0}`,
      contents: '[{"_id":{"x":1,"y":2},"b":1}]',
    });
  });
  test('{"_id.x": 1, "_id.y": 1} keeps the whole _id and drops the rest', () => {
    expect(update('[{"_id": {"x": 1, "y": 2}, "b": 1}]', '[{"$project": {"_id.x": 1, "_id.y": 1}}]').contents).toBe(
      '[{"_id":{"x":1,"y":2}}]',
    );
  });
});

describe('no constant folding in update pipelines', () => {
  const u = '[{"$set": {"a": {"$toUpper": {"$regularExpression": {"pattern": "a", "options": ""}}}}}]';
  test('$toUpper of a regex constant fails when a document is updated', () => {
    expect(update('[{"_id": 1}]', u).reply).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":16007,"errmsg":"${PREFIX}can't convert from BSON type regex to String"}],"nModified":0,"ok":1.0}`,
    );
  });
  test('and is not an error when nothing matches', () => {
    expect(update('[{"_id": 1}]', u, '{"_id": 2}').reply).toBe('{"n":0,"nModified":0,"ok":1.0}');
  });
});
