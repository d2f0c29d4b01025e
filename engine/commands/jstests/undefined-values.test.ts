/**
 * Removing or replacing BSON undefined: `$expr` with `$type` tests a path without the implicit
 * array traversal of the match-language `$type`, so `$set` reaches only the documents whose value
 * itself is undefined; a pipeline can drop or replace undefined top-level fields through
 * `$objectToArray`/`$filter`/`$arrayToObject`, or one level into an array or object with `$map`.
 * From jstests/core/write/update/update_undefined.js.
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const U = '{"$undefined": true}';
const docs = [
  '{"_id": 0, "a": 1}',
  `{"_id": 1, "a": ${U}}`,
  '{"_id": 2, "a": {}}',
  '{"_id": 3, "a": []}',
  `{"_id": 4, "a": [${U}, 1, [${U}, 1]]}`,
  `{"_id": 5, "b": ${U}}`,
  '{"_id": 10, "a": {"b": 1}}',
  '{"_id": 11, "a": {"b": {}}}',
  '{"_id": 12, "a": {"b": {"c": 1}}}',
  `{"_id": 13, "a": {"b": ${U}, "c": 1}}`,
  `{"_id": 20, "a": [{"b": ${U}, "c": 1}, {"c": 1}, 1, [{"b": ${U}, "c": 1}]]}`,
  '{"_id": 30, "a": {"b": []}}',
  '{"_id": 31, "a": {"b": [1, {"c": 1}]}}',
  `{"_id": 32, "a": {"b": [${U}, 1, [${U}]], "c": 1}}`,
  `{"_id": 33, "a": [{"b": [${U}]}, {"b": 1}, {"b": [1, ${U}]}, {"c": 1}]}`,
];

/** The documents with the given ones replaced (by `_id`). */
function withChanges(changes: Record<number, string>): string {
  return x(`[${docs.map((d) => changes[Number(/"_id": (\d+)/.exec(d)![1])] ?? d).join(', ')}]`);
}

function runUpdate(update: string): string {
  const sh = new JsShell();
  sh.command(`{"insert": "remove_undefined", "documents": [${docs.join(', ')}]}`);
  const reply = sh.command(`{"update": "remove_undefined", "updates": [${update}]}`);
  expect(reply.get('ok')).toBe(1);
  expect(reply.has('writeErrors')).toBe(false);
  return sh.docs('remove_undefined');
}

describe('removing undefined values (update_undefined.js)', () => {
  it('$expr $type at "a", then $set to null: only the undefined value itself', () => {
    expect(
      runUpdate('{"q": {"$expr": {"$eq": [{"$type": "$a"}, "undefined"]}}, "u": {"$set": {"a": null}}, "multi": true}'),
    ).toBe(withChanges({ 1: '{"_id": 1, "a": null}' }));
  });

  it('the same at "a.b": no traversal of arrays', () => {
    expect(
      runUpdate(
        '{"q": {"$expr": {"$eq": [{"$type": "$a.b"}, "undefined"]}}, "u": {"$set": {"a.b": null}}, "multi": true}',
      ),
    ).toBe(withChanges({ 13: '{"_id": 13, "a": {"b": null, "c": 1}}' }));
  });

  it('a pipeline drops undefined top-level fields', () => {
    const pipeline =
      '[{"$replaceWith": {"$arrayToObject": {"$filter": {"input": {"$objectToArray": "$$ROOT"}, "cond": {"$not": {"$eq": [{"$type": "$$this.v"}, "undefined"]}}}}}}]';
    expect(runUpdate(`{"q": {}, "u": ${pipeline}, "multi": true}`)).toBe(
      withChanges({ 1: '{"_id": 1}', 5: '{"_id": 5}' }),
    );
  });

  it('a pipeline replaces undefined with null in "a", one level into arrays and objects', () => {
    const isType = (path: string, type: string) => `{"$eq": [{"$type": "${path}"}, "${type}"]}`;
    const pipeline = `[{"$set": {"a": {"$cond": {"if": ${isType('$a', 'array')}, "then": {"$map": {"input": "$a", "in": {"$cond": {"if": ${isType('$$this', 'undefined')}, "then": null, "else": "$$this"}}}}, "else": {"$cond": {"if": ${isType('$a', 'object')}, "then": {"$arrayToObject": {"$map": {"input": {"$objectToArray": "$a"}, "in": {"$cond": {"if": ${isType('$$this.v', 'undefined')}, "then": {"k": "$$this.k", "v": null}, "else": "$$this"}}}}}, "else": {"$cond": {"if": ${isType('$a', 'undefined')}, "then": null, "else": "$a"}}}}}}}}]`;
    expect(runUpdate(`{"q": {}, "u": ${pipeline}, "multi": true}`)).toBe(
      withChanges({
        1: '{"_id": 1, "a": null}',
        4: `{"_id": 4, "a": [null, 1, [${U}, 1]]}`,
        13: '{"_id": 13, "a": {"b": null, "c": 1}}',
      }),
    );
  });
});
