/**
 * The CRUD helpers that update, through the shell: findOneAndDelete / findOneAndReplace /
 * findOneAndUpdate with projection, sort, returnNewDocument and upsert; replaceOne / updateOne /
 * updateMany with their counts (mongosh's UpdateResult) and the documents they leave; an update
 * document without operators or a replacement with them is refused before anything is sent; a
 * unique index refuses an upsert that duplicates a key.
 *
 * From jstests/core/write/crud_api.js (its findOneAnd*, replaceOne, updateOne, updateMany and
 * unique-index parts; the legacy shell's result objects differ from mongosh's, so the counts are
 * asserted in mongosh's UpdateResult form, and the `w: 0` cases assert the documents only).
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

const three = '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}]';
const P = 'projection: {x: 1, _id: 0}, sort: {x: 1}';

function run(method: string, params: string): { result: string; docs: string } {
  const s = jsShell();
  s.js(`db.c.insertMany(${three})`);
  const result = s.js(`db.c.${method}(${params})`);
  return { result, docs: s.js('db.c.find({}).sort({_id: 1}).toArray()') };
}

describe('findOneAnd* (crud_api.js)', () => {
  it.each([
    ['findOneAndDelete', `{_id: {$gt: 2}}, {${P}}`, '{x: 33}', '[{_id: 1, x: 11}, {_id: 2, x: 22}]'],
    ['findOneAndDelete', `{_id: 2}, {${P}}`, '{x: 22}', '[{_id: 1, x: 11}, {_id: 3, x: 33}]'],
    ['findOneAndDelete', `{_id: 4}, {${P}}`, 'null', three],
    [
      'findOneAndReplace',
      `{_id: {$gt: 1}}, {x: 32}, {${P}}`,
      '{x: 22}',
      '[{_id: 1, x: 11}, {_id: 2, x: 32}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndReplace',
      `{_id: {$gt: 1}}, {x: 32}, {${P}, returnNewDocument: true}`,
      '{x: 32}',
      '[{_id: 1, x: 11}, {_id: 2, x: 32}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndReplace',
      `{_id: 2}, {x: 32}, {${P}}`,
      '{x: 22}',
      '[{_id: 1, x: 11}, {_id: 2, x: 32}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndReplace',
      `{_id: 2}, {x: 32}, {${P}, returnNewDocument: true}`,
      '{x: 32}',
      '[{_id: 1, x: 11}, {_id: 2, x: 32}, {_id: 3, x: 33}]',
    ],
    ['findOneAndReplace', `{_id: 4}, {x: 44}, {${P}}`, 'null', three],
    [
      'findOneAndReplace',
      `{_id: 4}, {x: 44}, {${P}, upsert: true}`,
      'null',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 44}]',
    ],
    ['findOneAndReplace', `{_id: 4}, {x: 44}, {${P}, returnNewDocument: true}`, 'null', three],
    [
      'findOneAndReplace',
      `{_id: 4}, {x: 44}, {${P}, returnNewDocument: true, upsert: true}`,
      '{x: 44}',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 44}]',
    ],
    [
      'findOneAndUpdate',
      `{_id: {$gt: 1}}, {$inc: {x: 1}}, {${P}}`,
      '{x: 22}',
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndUpdate',
      `{_id: {$gt: 1}}, {$inc: {x: 1}}, {${P}, returnNewDocument: true}`,
      '{x: 23}',
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndUpdate',
      `{_id: 2}, {$inc: {x: 1}}, {${P}}`,
      '{x: 22}',
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
    [
      'findOneAndUpdate',
      `{_id: 2}, {$inc: {x: 1}}, {${P}, returnNewDocument: true}`,
      '{x: 23}',
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
    ['findOneAndUpdate', `{_id: 4}, {$inc: {x: 1}}, {${P}}`, 'null', three],
    [
      'findOneAndUpdate',
      `{_id: 4}, {$inc: {x: 1}}, {${P}, upsert: true}`,
      'null',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    ['findOneAndUpdate', `{_id: 4}, {$inc: {x: 1}}, {${P}, returnNewDocument: true}`, 'null', three],
    [
      'findOneAndUpdate',
      `{_id: 4}, {$inc: {x: 1}}, {${P}, returnNewDocument: true, upsert: true}`,
      '{x: 1}',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
  ])('%s(%s)', (method, params, result, docs) => {
    const out = run(method, params);
    expect(out.result).toBe(result === 'null' ? 'null' : lit(result));
    expect(out.docs).toBe(lit(docs));
  });
});

describe('replaceOne, updateOne, updateMany (crud_api.js)', () => {
  const counts = (matched: number, modified: number, upsertedId = 'null') =>
    lit(
      `{acknowledged: true, insertedId: ${upsertedId}, matchedCount: ${matched}, modifiedCount: ${modified}, upsertedCount: ${upsertedId === 'null' ? 0 : 1}}`,
    );

  it.each([
    ['replaceOne', '{_id: {$gt: 1}}, {x: 111}', counts(1, 1), '[{_id: 1, x: 11}, {_id: 2, x: 111}, {_id: 3, x: 33}]'],
    ['replaceOne', '{_id: 1}, {_id: 1, x: 111}', counts(1, 1), '[{_id: 1, x: 111}, {_id: 2, x: 22}, {_id: 3, x: 33}]'],
    ['replaceOne', '{_id: 4}, {_id: 4, x: 1}', counts(0, 0), three],
    [
      'replaceOne',
      '{_id: 4}, {x: 1}, {upsert: true}',
      counts(0, 0, '4'),
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'replaceOne',
      '{_id: 4}, {_id: 4, x: 1}, {upsert: true}',
      counts(0, 0, '4'),
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'replaceOne',
      '{_id: 4}, {_id: 4, x: 1}, {upsert: true, writeConcern: {w: 0}}',
      '',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'updateMany',
      '{_id: {$gt: 1}}, {$inc: {x: 1}}',
      counts(2, 2),
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 34}]',
    ],
    ['updateMany', '{_id: 1}, {$inc: {x: 1}}', counts(1, 1), '[{_id: 1, x: 12}, {_id: 2, x: 22}, {_id: 3, x: 33}]'],
    ['updateMany', '{_id: 4}, {$inc: {x: 1}}', counts(0, 0), three],
    [
      'updateMany',
      '{_id: 4}, {$inc: {x: 1}}, {upsert: true}',
      counts(0, 0, '4'),
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'updateMany',
      '{_id: 4}, {$inc: {x: 1}}, {upsert: true, writeConcern: {w: 0}}',
      '',
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'updateOne',
      '{_id: {$gt: 1}}, {$inc: {x: 1}}',
      counts(1, 1),
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
    ['updateOne', '{_id: 1}, {$inc: {x: 1}}', counts(1, 1), '[{_id: 1, x: 12}, {_id: 2, x: 22}, {_id: 3, x: 33}]'],
    ['updateOne', '{_id: 4}, {$inc: {x: 1}}', counts(0, 0), three],
    [
      'updateOne',
      '{_id: 4}, {$inc: {x: 1}}, {upsert: true}',
      counts(0, 0, '4'),
      '[{_id: 1, x: 11}, {_id: 2, x: 22}, {_id: 3, x: 33}, {_id: 4, x: 1}]',
    ],
    [
      'updateOne',
      '{_id: {$gt: 1}}, {$inc: {x: 1}}, {writeConcern: {w: 0}}',
      '',
      '[{_id: 1, x: 11}, {_id: 2, x: 23}, {_id: 3, x: 33}]',
    ],
  ])('%s(%s)', (method, params, result, docs) => {
    const out = run(method, params);
    if (result !== '') expect(out.result).toBe(result);
    else expect((JSON.parse(out.result) as { acknowledged: boolean }).acknowledged).toBe(false);
    expect(out.docs).toBe(lit(docs));
  });
});

describe('refused before sending, and unique-index refusals (crud_api.js)', () => {
  it.each([
    ['findOneAndReplace({a: 1}, {$set: {b: 1}})', 'Replacement document must not contain atomic operators'],
    ['replaceOne({a: 1}, {$set: {b: 1}})', 'Replacement document must not contain atomic operators'],
    ['findOneAndUpdate({a: 1}, {})', 'Update document requires atomic operators'],
    ['findOneAndUpdate({a: 1}, {b: 1})', 'Update document requires atomic operators'],
    ['updateMany({a: 1}, {})', 'Update document requires atomic operators'],
    ['updateMany({a: 1}, {b: 1})', 'Update document requires atomic operators'],
    ['updateOne({a: 1}, {})', 'Update document requires atomic operators'],
    ['updateOne({a: 1}, {b: 1})', 'Update document requires atomic operators'],
  ])('%s', (call, message) => {
    const s = jsShell();
    s.js(`db.c.insertMany(${three})`);
    const e = s.fails(`db.c.${call}`);
    expect(`${e.name}: ${e.message}`).toBe(`MongoInvalidArgumentError: ${message}`);
    expect(s.js('db.c.find({}).sort({_id: 1}).toArray()')).toBe(lit(three));
  });

  it.each(['updateOne', 'updateMany'])('%s upserting a duplicate of a unique key throws DuplicateKey', (method) => {
    const s = jsShell();
    s.js('db.c.createIndex({a: 1}, {unique: true})');
    s.js('db.c.insertOne({_id: 1, a: 0, b: 0})');
    const e = s.fails(`db.c.${method}({b: 2}, {$set: {a: 0}}, {upsert: true})`);
    expect([e.name, e.code]).toEqual(['MongoServerError', 11000]);
    expect(s.js('db.c.find({}).toArray()')).toBe(lit('[{_id: 1, a: 0, b: 0}]'));
  });
});
