/**
 * Which check fails first, and the size limits, per write path (server sources named per test):
 * - a replacement (`ObjectReplaceExecutor::applyReplacementUpdate`) runs storage validation
 *   (`storageValidIdField`: 53 for an array, regex or undefined `_id`) before the immutable-path
 *   checks (54 array, 66 removed/altered); an upsert applies it without storage validation, so
 *   the immutable check's 54 comes first, and the inserted document is validated afterwards
 *   (`UpsertStage::_assertDocumentToBeInsertedIsValid`: 53);
 * - sizes: exactly 16 MiB is accepted; past it 17419 (update) or 17420 (upsert); past the
 *   internal maximum 16 MiB + 16 KiB building the object fails first with 10334;
 * - index keys: a numeric path component that addresses an array element while an embedded
 *   document has the same field name is ambiguous (16746);
 * - the positional `$` needs an implicit array traversal in the query: `{"a.0": 1}` addresses
 *   by position and records no index.
 */
import { describe, expect, test } from 'vitest';
import { bsonSize } from '../../bson/size.js';
import { runFindAndModify } from '../find-and-modify.js';
import { runUpdate } from './command.js';
import { d, ej, testDb, type TestDb } from './test-support.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

function err(code: number, msg: string): string {
  return `{"n":0,"writeErrors":[{"index":0,"code":${code},"errmsg":"${PREFIX}${msg}"}],"nModified":0,"ok":1.0}`;
}

function upd(t: TestDb, statement: string): string {
  return ej(runUpdate(t.ctx(`{"update": "c", "updates": [${statement}]}`)));
}

function seeded(docs = '[{"_id": 1, "a": [1, 2]}]'): TestDb {
  const t = testDb();
  t.seed('c', docs);
  return t;
}

const ARRAY_ID = "After applying the update to the document, the (immutable) field '_id' was found to be an array or array descendant.";

describe('validation order for _id', () => {
  test('a replacement with an array _id fails storage validation (53) before the immutable check', () => {
    const t = seeded();
    expect(upd(t, '{"q": {"_id": 1}, "u": {"_id": [1]}}')).toBe(err(53, "The '_id' value cannot be of type array"));
    expect(upd(t, '{"q": {"_id": 1}, "u": {"_id": {"$regularExpression": {"pattern": "a", "options": ""}}}}')).toBe(
      err(53, "The '_id' value cannot be of type regex"),
    );
    expect(upd(t, '{"q": {"_id": 1}, "u": {"_id": {"$undefined": true}}}')).toBe(err(53, "The '_id' value cannot be of type undefined"));
    expect(t.contents('c')).toBe('[{"_id":1,"a":[1,2]}]');
  });

  test('findAndModify follows the same order', () => {
    const t = seeded();
    let caught: { code?: number; errmsg?: string } = {};
    try {
      runFindAndModify(t.ctx('{"findAndModify": "c", "query": {"_id": 1}, "update": {"_id": [1]}}'));
    } catch (e) {
      caught = e as { code: number; errmsg: string };
    }
    expect([caught.code, caught.errmsg]).toEqual([
      53,
      "Plan executor error during findAndModify :: caused by :: The '_id' value cannot be of type array",
    ]);
  });

  test('a replacement that changes the type of _id is 66', () => {
    const t = seeded();
    expect(upd(t, '{"q": {"_id": 1}, "u": {"_id": 1.0, "x": 1}}')).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(upd(t, '{"q": {"_id": 1}, "u": {"_id": "1"}}')).toBe(
      err(66, "After applying the update, the (immutable) field '_id' was found to have been altered to _id: \\\"1\\\""),
    );
  });

  test('upserts: replacement and pipeline meet the immutable check (54) first; modifiers the storage check (53)', () => {
    const t = seeded('[]');
    expect(upd(t, '{"q": {"_id": 5}, "u": {"_id": [1]}, "upsert": true}')).toBe(err(54, ARRAY_ID));
    expect(upd(t, '{"q": {"x": 5}, "u": {"_id": [1]}, "upsert": true}')).toBe(err(54, ARRAY_ID));
    expect(upd(t, '{"q": {"x": 5}, "u": [{"$set": {"_id": [1]}}], "upsert": true}')).toBe(err(54, ARRAY_ID));
    expect(upd(t, '{"q": {"x": 5}, "u": {"$set": {"_id": [1]}}, "upsert": true}')).toBe(err(53, "The '_id' value cannot be of type array"));
    expect(t.contents('c')).toBe('[]');
  });

  test('a pipeline that sets an array _id on an existing document: 53', () => {
    const t = seeded();
    expect(upd(t, '{"q": {"_id": 1}, "u": [{"$set": {"_id": [1]}}]}')).toBe(err(53, "The '_id' value cannot be of type array"));
  });
});

const MiB16 = 16 * 1024 * 1024;
const HALF = 'a'.repeat(8 * 1024 * 1024);

/** The string `s` that makes `{_id: 1, a: HALF, s}` exactly `size` bytes. */
function filler(size: number): string {
  return 'x'.repeat(size - bsonSize(d(`{"_id": 1, "a": "${HALF}", "s": ""}`)));
}

describe('document size limits', () => {
  test('an update result of exactly 16 MiB is accepted; one byte more is 17419', () => {
    const t = seeded(`[{"_id": 1, "a": "${HALF}"}]`);
    expect(upd(t, `{"q": {"_id": 1}, "u": {"$set": {"s": "${filler(MiB16)}"}}}`)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    const u = seeded(`[{"_id": 1, "a": "${HALF}"}]`);
    expect(upd(u, `{"q": {"_id": 1}, "u": {"$set": {"s": "${filler(MiB16 + 1)}"}}}`)).toBe(
      err(17419, 'Resulting document after update is larger than 16777216'),
    );
  });

  test('an upsert document of exactly 16 MiB is inserted; one byte more is 17420', () => {
    // The statement's q + u must stay within 16 MiB, so the content comes from `let`.
    const upsert = (size: number): string => {
      const t = seeded('[]');
      const cmd = `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"a": "$$a", "s": "$$s"}}], "upsert": true}], "let": {"a": "${HALF}", "s": "${filler(size)}"}}`;
      return ej(runUpdate(t.ctx(cmd)));
    };
    expect(upsert(MiB16)).toBe('{"n":1,"upserted":[{"index":0,"_id":1}],"nModified":0,"ok":1.0}');
    expect(upsert(MiB16 + 1)).toBe(err(17420, 'Document to upsert is larger than 16777216'));
  });

  test('a result past 16 MiB + 16 KiB cannot be built: 10334', () => {
    const big = 'y'.repeat(10 * 1024 * 1024);
    const t = seeded(`[{"_id": 1, "a": "${big}"}]`);
    const reply = upd(t, `{"q": {"_id": 1}, "u": {"$set": {"b": "${big}"}}}`);
    const size = 2 * big.length + bsonSize(d('{"_id": 1, "a": "", "b": ""}'));
    expect(reply).toBe(
      err(
        10334,
        `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB) First element: _id: 1`,
      ),
    );
  });
});

describe('ambiguous index paths (16746)', () => {
  test('an update that puts a field "0" in an embedded document of an array indexed by a.0 fails', () => {
    const t = seeded('[{"_id": 1, "a": [{"b": 1}]}]');
    t.createIndex('c', '{"key": {"a.0": 1}, "name": "a0"}');
    expect(upd(t, '{"q": {"_id": 1}, "u": {"$set": {"a.0.0": 5}}}')).toBe(
      err(
        16746,
        "Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '0' for array: { 0: { b: 1, 0: 5 } }",
      ),
    );
    expect(t.contents('c')).toBe('[{"_id":1,"a":[{"b":1}]}]');
  });
});

describe('positional $ and array offsets in the query', () => {
  test('{"a.0": 1} addresses by position: "a.$" has no match', () => {
    const t = seeded();
    expect(upd(t, '{"q": {"_id": 1, "a.0": 1}, "u": {"$set": {"a.$": 9}}}')).toBe(
      err(2, 'The positional operator did not find the match needed from the query.'),
    );
    expect(upd(t, '{"q": {"_id": 1, "a": 2}, "u": {"$set": {"a.$": 9}}}')).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":[1,9]}]');
  });
  test('an array below the offset still records its index', () => {
    const t = seeded('[{"_id": 1, "a": [{"b": [5, 6]}]}]');
    expect(upd(t, '{"q": {"a.0.b": 6}, "u": {"$set": {"a.0.b.$": 0}}}')).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":[{"b":[5,0]}]}]');
  });
});
