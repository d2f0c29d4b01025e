/**
 * A document whose `_id` is null (issue 16, theme 6): `{_id: {$type: "null"}}` (and `$type: 10`)
 * is a type predicate, not an equality, so it never takes the `_id` fast path (IDHACK needs
 * `isSimpleIdQuery`: one equality) and matches through every command: find, count, the driver's
 * countDocuments (aggregate `$match` + `$group` `$sum: 1`), update, findAndModify, delete. The
 * same for `{_id: null}` (an equality that also matches a missing `_id`, which a stored document
 * cannot have).
 */
import { describe, expect, it } from 'vitest';
import { canon, contents, reply, seeded } from './harness.js';

const DOCS = '[{"_id": null, "a": 1}, {"_id": 0, "a": 2}, {"_id": "", "a": 3}, {"_id": {"x": null}, "a": 4}]';

describe.each(['{"$type": "null"}', '{"$type": 10}', '{"$type": ["null", "undefined"]}', 'null'])(
  '_id: %s',
  (predicate) => {
    const filter = `{"_id": ${predicate}}`;

    it('find and count', () => {
      const e = seeded(DOCS);
      expect(reply(e, `{"find": "c", "filter": ${filter}}`)).toBe(
        canon(
          '{"cursor": {"firstBatch": [{"_id": null, "a": 1}], "id": {"$numberLong": "0"}, "ns": "exec.c"}, "ok": 1.0}',
        ),
      );
      expect(reply(e, `{"count": "c", "query": ${filter}}`)).toBe(canon('{"n": 1, "ok": 1.0}'));
      expect(reply(e, `{"count": "c", "query": ${filter}, "hint": "_id_"}`)).toBe(canon('{"n": 1, "ok": 1.0}'));
    });

    it("countDocuments (the driver's aggregate)", () => {
      const e = seeded(DOCS);
      expect(
        reply(
          e,
          `{"aggregate": "c", "pipeline": [{"$match": ${filter}}, {"$group": {"_id": 1, "n": {"$sum": 1}}}], "cursor": {}}`,
        ),
      ).toBe(
        canon(
          '{"cursor": {"firstBatch": [{"_id": 1, "n": 1}], "id": {"$numberLong": "0"}, "ns": "exec.c"}, "ok": 1.0}',
        ),
      );
    });

    it('update, findAndModify and delete reach it', () => {
      const e = seeded(DOCS);
      expect(reply(e, `{"update": "c", "updates": [{"q": ${filter}, "u": {"$inc": {"a": 10}}}]}`)).toBe(
        canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
      );
      expect(reply(e, `{"findAndModify": "c", "query": ${filter}, "update": {"$inc": {"a": 100}}, "new": true}`)).toBe(
        canon('{"lastErrorObject": {"n": 1, "updatedExisting": true}, "value": {"_id": null, "a": 111}, "ok": 1.0}'),
      );
      expect(reply(e, `{"delete": "c", "deletes": [{"q": ${filter}, "limit": 1}]}`)).toBe(canon('{"n": 1, "ok": 1.0}'));
      expect(contents(e)).toBe(canon('[{"_id": 0, "a": 2}, {"_id": "", "a": 3}, {"_id": {"x": null}, "a": 4}]'));
    });
  },
);
