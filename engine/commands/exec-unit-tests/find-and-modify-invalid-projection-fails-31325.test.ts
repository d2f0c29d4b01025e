/**
 * findAndModify with an invalid projection (issue 16, theme 6). `fields` is parsed by
 * `makeProjection` (get_executor.cpp) with find's policies once the canonical query exists,
 * before any document is read: an unknown `$` operator as a field's value is 31325 `Unknown
 * expression $…` (projection_parser.cpp, when the name is not a valid field path either), in the
 * update, `new: true` and `remove` forms alike, with no executor context (it is a parse error) and
 * nothing written. The other parse errors keep their own codes (a positional projection with
 * `new: true` is 2).
 */
import { describe, expect, it } from 'vitest';
import { canon, contents, reply, seeded } from './harness.js';

const DOCS = '[{"_id": 1, "a": [1, 2]}]';

describe('findAndModify fields parse errors', () => {
  it.each([
    ['update', '"update": {"$set": {"t": 1}}'],
    ['update, new', '"update": {"$set": {"t": 1}}, "new": true'],
    ['remove', '"remove": true'],
    ['pipeline update', '"update": [{"$set": {"t": 1}}]'],
  ])('%s: 31325 before anything is written', (_form, rest) => {
    const e = seeded(DOCS);
    expect(reply(e, `{"findAndModify": "c", "query": {"_id": 1}, "fields": {"a": {"$bogus": 1}}, ${rest}}`)).toBe(
      canon('{"ok": 0.0, "errmsg": "Unknown expression $bogus", "code": 31325, "codeName": "Location31325"}'),
    );
    expect(contents(e)).toBe(canon(DOCS));
  });

  it('a one-field object whose name is a valid path is a sub-projection, not an expression', () => {
    const e = seeded('[{"_id": 1, "a": {"$id": 5, "b": 6}}]');
    expect(reply(e, '{"findAndModify": "c", "query": {}, "fields": {"a": {"$id": 1}}, "remove": true}')).toBe(
      canon('{"lastErrorObject": {"n": 1}, "value": {"_id": 1, "a": {"$id": 5}}, "ok": 1.0}'),
    );
  });

  it('a positional projection with new: true is 2, with remove it projects', () => {
    const e = seeded(DOCS);
    expect(
      reply(
        e,
        '{"findAndModify": "c", "query": {"a": 2}, "fields": {"a.$": 1}, "update": {"$set": {"t": 1}}, "new": true}',
      ),
    ).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "cannot use a positional projection and return the new document", "code": 2, "codeName": "BadValue"}',
      ),
    );
    expect(reply(e, '{"findAndModify": "c", "query": {"a": 2}, "fields": {"a.$": 1}, "remove": true}')).toBe(
      canon('{"lastErrorObject": {"n": 1}, "value": {"_id": 1, "a": [2]}, "ok": 1.0}'),
    );
  });
});
