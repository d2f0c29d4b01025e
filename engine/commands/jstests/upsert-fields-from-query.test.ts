/**
 * Which query fields an upsert copies into the document it inserts: equalities (`{x: 1}`,
 * `$eq`, one-element `$in`, `$all` of equal values, inside `$and` and a one-branch `$or`, or a
 * `$or` whose branches are the same) are copied for an operator-style update and, for a
 * replacement, only `_id`; ranges, negations (`$ne`, `$not`, `$nor`), several-branch `$or`,
 * `$elemMatch`, `$exists` and regexes are not; two different equalities on one path, a path and a
 * prefix of it, and an `_id` an array, undefined or regex fail; dotted `_id` paths build an `_id`
 * document only for an operator-style update.
 * From jstests/core/write/update/upsert_fields.js, upsert_fields_duplicate_or.js, upsert_and.js,
 * upsert_nor.js and updateb.js.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { stringifyEJSON } from '../../bson/ejson.js';
import { JsShell, x } from './shell-harness.js';

const sh = new JsShell();

/** Upserts on an empty collection; the inserted document, or the write error's code. */
function upsert(query: string, update: string): Doc | { code: number } {
  sh.command('{"drop": "upsert_field_gen"}');
  const reply = sh.command(
    `{"update": "upsert_field_gen", "updates": [{"q": ${query}, "u": ${update}, "upsert": true}]}`,
  );
  const errors = reply.get('writeErrors');
  if (Array.isArray(errors)) return { code: Number((errors[0] as Doc).get('code')) };
  const docs = (sh.command('{"find": "upsert_field_gen"}').get('cursor') as Doc).get('firstBatch') as Doc[];
  expect(docs.length).toBe(1);
  return docs[0]!;
}

function field(query: string, update: string, name: string): string {
  const doc = upsert(query, update);
  if (!(doc instanceof Map)) throw new Error(`${query} ${update}: write error ${doc.code}`);
  const value: Value | undefined = doc.get(name);
  return value === undefined ? 'missing' : stringifyEJSON(value);
}

function isWriteError(query: string, update: string): boolean {
  return !(upsert(query, update) instanceof Map);
}

const GENERATED = x('{"$oid": "000000000000000000000001"}').slice(0, 8);
const STYLES = [
  ['replacement', '{}'],
  ['$set', '{"$set": {"a": 1}}'],
  ['$setOnInsert', '{"$setOnInsert": {"a": 1}}'],
] as const;

describe('_id (upsert_fields.js)', () => {
  it('is generated when the query and update give none, and kept with other fields', () => {
    for (const u of ['{}', '{"a": 1}', '{"$set": {"a": 1}}', '{"$setOnInsert": {"a": 1}}']) {
      expect(field('{}', u, '_id').startsWith(GENERATED)).toBe(true);
      if (u !== '{}') expect(field('{}', u, 'a')).toBe(x('1'));
    }
  });

  it('comes from the update', () => {
    for (const u of ['{"_id": 1}', '{"$set": {"_id": 1}}', '{"$setOnInsert": {"_id": 1}}']) {
      expect(field('{}', u, '_id')).toBe(x('1'));
    }
  });

  it.each([
    '{"_id": [1, 2]}',
    '{"_id": {"$undefined": true}}',
    '{"$set": {"_id": [1, 2]}}',
    '{"$setOnInsert": {"_id": {"$undefined": true}}}',
    '{"_id": {"$regularExpression": {"pattern": "abc", "options": ""}}}',
    '{"$set": {"_id": {"$regularExpression": {"pattern": "abc", "options": ""}}}}',
  ])('an update giving it the value %s fails', (u) => {
    expect(isWriteError('{}', u)).toBe(true);
  });

  it('a regex in the query is not copied', () => {
    expect(
      field('{"_id": {"$regularExpression": {"pattern": "abc", "options": ""}}}', '{}', '_id').startsWith(GENERATED),
    ).toBe(true);
  });

  describe.each(STYLES)('%s style', (style, u) => {
    it.each([
      '{"_id": 1}',
      '{"_id": {"$eq": 1}}',
      '{"_id": {"$all": [1]}}',
      '{"_id": {"$in": [1]}}',
      '{"$and": [{"_id": 1}]}',
      '{"$and": [{"_id": {"$eq": 1}}]}',
      '{"$or": [{"_id": 1}]}',
      '{"$or": [{"_id": {"$eq": 1}}]}',
      '{"$or": [{"_id": 1}, {"_id": 1}]}',
    ])('copied from %s', (q) => {
      expect(field(q, u, '_id')).toBe(x('1'));
    });

    it.each([
      '{"_id": {"$gt": 1}}',
      '{"_id": {"$ne": 1}}',
      '{"_id": {"$in": [1, 2]}}',
      '{"_id": {"$elemMatch": {"$eq": 1}}}',
      '{"_id": {"$exists": true}}',
      '{"_id": {"$not": {"$eq": 1}}}',
      '{"$or": [{"_id": {"$eq": 1}}, {"_id": 2}]}',
      '{"$nor": [{"_id": 1}]}',
      '{"$nor": [{"_id": {"$eq": 1}}]}',
      '{"$nor": [{"_id": {"$eq": 1}}, {"_id": 1}]}',
    ])('generated for %s', (q) => {
      expect(field(q, u, '_id').startsWith(GENERATED)).toBe(true);
    });

    it.each([
      '{"_id": [1, 2]}',
      '{"_id": {"$undefined": true}}',
      '{"_id": {"$eq": [1, 2]}}',
      '{"_id": {"$eq": {"$undefined": true}}}',
      '{"_id": {"$all": [1, 2]}}',
      '{"$and": [{"_id": 1}, {"_id": 2}]}',
      '{"$and": [{"_id": {"$eq": 1}}, {"_id": 2}]}',
      '{"_id": 1, "_id.x": 1}',
      '{"_id": {"x": 1}, "_id.x": 1}',
    ])('fails for %s', (q) => {
      expect(isWriteError(q, u)).toBe(true);
    });

    it('dotted _id paths', () => {
      if (style === 'replacement') expect(isWriteError('{"_id.x": 1, "_id.y": 2}', u)).toBe(true);
      else expect(field('{"_id.x": 1, "_id.y": 2}', u, '_id')).toBe(x('{"x": 1, "y": 2}'));
    });
  });
});

describe('other fields (upsert_fields.js, upsert_fields_duplicate_or.js)', () => {
  describe.each(STYLES)('%s style', (style, u) => {
    const repl = style === 'replacement';
    it.each([
      ['{"x": 1}', '1'],
      ['{"x": {"$eq": 1}}', '1'],
      ['{"x": {"$in": [1]}}', '1'],
      ['{"x": {"$all": [1]}}', '1'],
      ['{"$and": [{"x": 1}]}', '1'],
      ['{"$and": [{"x": {"$eq": 1}}]}', '1'],
      ['{"$or": [{"x": 1}]}', '1'],
      ['{"$or": [{"x": {"$eq": 1}}]}', '1'],
      ['{"$or": [{"x": 1}, {"x": 1}]}', '1'],
      ['{"x": [1, 2]}', '[1, 2]'],
      ['{"x": {"x.x": 1}}', '{"x.x": 1}'],
      ['{"x.x": 1}', '{"x": 1}'],
      ['{"x.x": {"$eq": 1}}', '{"x": 1}'],
      ['{"x.x": {"$all": [1]}}', '{"x": 1}'],
      ['{"$and": [{"x.x": 1}]}', '{"x": 1}'],
      ['{"$and": [{"x.x": {"$eq": 1}}]}', '{"x": 1}'],
      ['{"$or": [{"x.x": 1}]}', '{"x": 1}'],
      ['{"$or": [{"x.x": {"$eq": 1}}]}', '{"x": 1}'],
    ])('%s gives x = %s (not for a replacement)', (q, value) => {
      expect(field(q, u, 'x')).toBe(repl ? 'missing' : x(value));
    });

    it.each([
      '{"x": {"$gt": 1}}',
      '{"x": {"$ne": 1}}',
      '{"x": {"$in": [1, 2]}}',
      '{"x": {"$elemMatch": {"$eq": 1}}}',
      '{"x": {"$exists": true}}',
      '{"x": {"$not": {"$eq": 1}}}',
      '{"$or": [{"x": {"$eq": 1}}, {"x": 2}]}',
      '{"$nor": [{"x": 1}]}',
      '{"$nor": [{"x": {"$eq": 1}}]}',
      '{"$nor": [{"x": {"$eq": 1}}, {"x": 1}]}',
    ])('%s gives no x', (q) => {
      expect(field(q, u, 'x')).toBe('missing');
    });

    it('x: undefined fails', () => {
      expect(isWriteError('{"x": {"$undefined": true}}', u)).toBe(true);
    });

    it.each([
      '{"x": {"$all": [1, 2]}}',
      '{"$and": [{"x": 1}, {"x": 2}]}',
      '{"$and": [{"x": {"$eq": 1}}, {"x": 2}]}',
      '{"x": 1, "x.x": 1}',
      '{"x": {}, "x.x": 1}',
      '{"x": {"x": 1}, "x.x": 1}',
      '{"x": {"x": 1}, "x.y": 1}',
      '{"x": [1, {"x": 1}], "x.x": 1}',
    ])('conflicting equalities %s fail, except for a replacement (no x)', (q) => {
      if (repl) expect(field(q, u, 'x')).toBe('missing');
      else expect(isWriteError(q, u)).toBe(true);
    });
  });

  it('a replacement ignores $and duplicates too', () => {
    expect(field('{"$and": [{"x": 1}, {"x": 1}]}', '{}', 'x')).toBe('missing');
  });

  const abc = '{"$regularExpression": {"pattern": "abc", "options": ""}}';
  it('a regex is a value in the update, and copied from the query only under $eq', () => {
    expect(field('{}', `{"x": ${abc}}`, 'x')).toBe(x(abc));
    expect(field('{}', `{"$set": {"x": ${abc}}}`, 'x')).toBe(x(abc));
    expect(field(`{"x": {"$eq": ${abc}}}`, '{"$set": {"a": 1}}', 'x')).toBe(x(abc));
    expect(field(`{"x": ${abc}}`, '{"$set": {"a": 1}}', 'x')).toBe('missing');
  });

  it('a replacement ignores conflicts except on _id', () => {
    expect(field('{"_id": 1, "x": [1, {"x": 1}], "x.x": 1}', '{}', '_id')).toBe(x('1'));
  });

  it('a DBRef field path in the query does not stop the $set of the DBRef (SERVER-14024)', () => {
    expect(field('{"x.$id": 1}', '{"$set": {"x": {"$ref": "a", "$id": 1}}}', 'x')).toBe(x('{"$ref": "a", "$id": 1}'));
  });
});

// The jstest's docEq ignores field order; the engine adds query fields in sorted path order
// (engine/commands/update/upsert-seed.ts says why).
describe('$and conditions seed the upsert (upsert_and.js)', () => {
  it.each([
    [
      '{"_id": 1, "$and": [{"c": 1}, {"d": 1}], "a": 12}',
      '{"$inc": {"y": 1}}',
      '{"_id": 1, "a": 12, "c": 1, "d": 1, "y": 1}',
    ],
    ['{"$and": [{"c": 1}, {"d": 1}]}', '{"$setOnInsert": {"_id": 1}}', '{"_id": 1, "c": 1, "d": 1}'],
    [
      '{"$and": [{"c": 1}, {"d": 1}, {"$or": [{"x": 1}]}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '{"_id": 1, "c": 1, "d": 1, "x": 1}',
    ],
    [
      '{"$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '{"_id": 1, "c": 1, "d": 1}',
    ],
    [
      '{"r": {"$gt": 3}, "$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '{"_id": 1, "c": 1, "d": 1}',
    ],
    [
      '{"r": {"$regularExpression": {"pattern": "s", "options": ""}}, "$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '{"_id": 1, "c": 1, "d": 1}',
    ],
  ])('%s with %s', (q, u, expected) => {
    const doc = upsert(q, u);
    expect(isDoc(doc) ? stringifyEJSON(doc) : doc).toBe(x(expected));
  });

  it('two different equalities on c fail (NotSingleValueField)', () => {
    sh.command('{"drop": "upsert4"}');
    const reply = sh.command(
      '{"update": "upsert4", "updates": [{"q": {"c": 2, "$and": [{"c": 1}, {"d": 1}]}, "u": {"$setOnInsert": {"_id": 1}}, "upsert": true}]}',
    );
    expect(stringifyEJSON(reply.get('writeErrors') as Value)).toBe(
      x(
        `[{"index": 0, "code": 54, "errmsg": "Plan executor error during update :: caused by :: cannot infer query fields to set, path 'c' is matched twice"}]`,
      ),
    );
  });
});

describe('fields behind a negation are never copied (upsert_nor.js)', () => {
  it('a $nor that a boolean simplifier could turn into {x: 3} copies nothing', () => {
    const s = new JsShell();
    expect(
      s.ejson(
        'db.upsert_nor.updateOne({$nor: [{$or: [{x: 1}, {y: 2}]}, {x: {$ne: 3}}]}, [{$unset: "z"}], {upsert: true})',
      ),
    ).toBe(
      x(
        '{"acknowledged": true, "insertedId": {"$oid": "000000000000000000000001"}, "matchedCount": 0, "modifiedCount": 0, "upsertedCount": 1}',
      ),
    );
    expect(s.ejson('db.upsert_nor.find({}, {_id: 0}).toArray()')).toBe(x('[{}]'));
    expect(s.value('db.upsert_nor.find({x: 3}).count()')).toBe(0);
  });
});

describe('a dotted query path builds an embedded document (updateb.js)', () => {
  it('{"x.y": 2} with $inc', () => {
    const s = new JsShell();
    s.value('db.t.update({"x.y": 2}, {$inc: {a: 7}}, {upsert: true})');
    expect(s.ejson('db.t.find({}, {_id: 0}).toArray()')).toBe(x('[{"x": {"y": 2}, "a": 7}]'));
  });
});
