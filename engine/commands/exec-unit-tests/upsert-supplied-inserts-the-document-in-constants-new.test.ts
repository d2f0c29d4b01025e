/**
 * `upsertSupplied` (issue 16, theme 6), from upsert_stage.cpp `_produceNewDocumentForInsert` and
 * update_util.cpp `generateNewDocumentFromSuppliedDoc`: when nothing matches, the document to
 * insert starts from the query's equality fields (as every upsert), and `c.new` is then applied
 * to it as a replacement (so the query's `_id` stays, everything else is `c.new`'s); the pipeline
 * is not run. The request checks (write_ops_parsers / update_request): `upsertSupplied` needs
 * `upsert: true`, and `c.new` must be a document (FailedToParse, 9). A matched document is
 * updated by the pipeline as usual.
 */
import { describe, expect, it } from 'vitest';
import { canon, contents, reply, seeded } from './harness.js';

const update = (statement: string): string => `{"update": "c", "updates": [${statement}]}`;

describe('upsertSupplied', () => {
  it('inserts c.new over the query equality fields, without running the pipeline', () => {
    const e = seeded('[{"_id": 1, "a": 1}]');
    expect(
      reply(
        e,
        update(
          '{"q": {"_id": "y", "k": 3}, "u": [{"$set": {"ran": true}}], "upsert": true, "upsertSupplied": true, "c": {"new": {"z": 7, "k": 4}}}',
        ),
      ),
    ).toBe(canon('{"n": 1, "upserted": [{"index": 0, "_id": "y"}], "nModified": 0, "ok": 1.0}'));
    expect(contents(e)).toBe(canon('[{"_id": 1, "a": 1}, {"_id": "y", "z": 7, "k": 4}]'));
  });

  it('a c.new with its own _id equal to the query keeps it first', () => {
    const e = seeded('[]');
    reply(
      e,
      update(
        '{"q": {"_id": 5}, "u": [{"$set": {"x": 1}}], "upsert": true, "upsertSupplied": true, "c": {"new": {"b": 2, "_id": 5}}}',
      ),
    );
    expect(contents(e)).toBe(canon('[{"_id": 5, "b": 2}]'));
  });

  it('a matched document is updated by the pipeline, c.new is ignored', () => {
    const e = seeded('[{"_id": 1, "a": 1}]');
    expect(
      reply(
        e,
        update(
          '{"q": {"_id": 1}, "u": [{"$set": {"a": 2}}], "upsert": true, "upsertSupplied": true, "c": {"new": {"z": 9}}}',
        ),
      ),
    ).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(contents(e)).toBe(canon('[{"_id": 1, "a": 2}]'));
  });

  it('c.new that is not a document, or upsertSupplied without upsert, is FailedToParse (9)', () => {
    const e = seeded('[]');
    expect(
      reply(
        e,
        update('{"q": {"_id": 1}, "u": [{"$set": {"a": 2}}], "upsert": true, "upsertSupplied": true, "c": {"new": 5}}'),
      ),
    ).toBe(
      canon(
        `{"n": 0, "writeErrors": [{"index": 0, "code": 9, "errmsg": "the parameter 'upsertSupplied' is set to 'true', but no document was supplied"}], "nModified": 0, "ok": 1.0}`,
      ),
    );
    expect(
      reply(e, update('{"q": {"_id": 1}, "u": [{"$set": {"a": 2}}], "upsertSupplied": true, "c": {"new": {"a": 1}}}')),
    ).toBe(
      canon(
        `{"n": 0, "writeErrors": [{"index": 0, "code": 9, "errmsg": "cannot specify 'upsertSupplied: true' for a non-upsert operation"}], "nModified": 0, "ok": 1.0}`,
      ),
    );
    expect(contents(e)).toBe(canon('[]'));
  });
});
