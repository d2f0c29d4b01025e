/**
 * The shell's findAndModify family reads its options as mongosh does (collection.ts
 * findAndModify, helpers.ts processFindAndModifyOptions): `remove`, `new`, `returnNewDocument`
 * and `returnOriginal` by truthiness, the first present of returnDocument / returnOriginal /
 * returnNewDocument / new decides, `fields` is the projection.
 * Cases from jstests/core/write/find_and_modify/find_and_modify.js (`remove: 1`),
 * find_and_modify_invalid_query_params.js (`new: 1`, `remove: 0`), and mongosh's own rules.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from '../commands/jstests/statement-shell.js';

function seeded() {
  const s = jsShell();
  s.js('db.c.insertMany([{_id: 1, p: 1}, {_id: 2, p: 2}])');
  return s;
}

describe('findAndModify helper options', () => {
  it('remove: 1 removes (truthy), and any update given with it is ignored as mongosh does', () => {
    const s = seeded();
    expect(s.js('db.c.findAndModify({query: {}, sort: {p: 1}, remove: 1})')).toBe(lit('{_id: 1, p: 1}'));
    expect(s.js('db.c.findAndModify({query: {}, update: {$set: {x: 1}}, remove: true})')).toBe(lit('{_id: 2, p: 2}'));
    expect(s.contents('c')).toBe('[]');
  });

  it('remove: 0 and remove: false update; new: 1 returns the new document, new: 0 the old', () => {
    const s = seeded();
    expect(s.js('db.c.findAndModify({query: {_id: 1}, update: {$inc: {p: 1}}, remove: 0, new: 1})')).toBe(
      lit('{_id: 1, p: 2}'),
    );
    expect(s.js('db.c.findAndModify({query: {_id: 1}, update: {$inc: {p: 1}}, remove: false, new: 0})')).toBe(
      lit('{_id: 1, p: 2}'),
    );
    expect(s.contents('c')).toBe(lit('[{_id: 1, p: 3}, {_id: 2, p: 2}]'));
  });

  it('no truthy update and no remove: mongosh refuses before sending anything', () => {
    const s = seeded();
    for (const spec of ['{query: {}}', '{query: {}, remove: 0}', '{query: {}, update: null}']) {
      const e = s.fails(`db.c.findAndModify(${spec})`);
      expect(`${e.name}: ${e.message}`).toBe(
        'MongoshInvalidInputError: [COMMON-10001] Must specify options.update or options.remove',
      );
    }
  });

  it('fields is the projection; fields and projection together are refused', () => {
    const s = seeded();
    expect(s.js('db.c.findAndModify({query: {_id: 2}, update: {$set: {q: 1}}, fields: {_id: 0, p: 1}})')).toBe(
      lit('{p: 2}'),
    );
    expect(s.js('db.c.findAndModify({query: {_id: 2}, update: {$set: {q: 2}}, projection: {q: 1}, new: true})')).toBe(
      lit('{_id: 2, q: 2}'),
    );
    const e = s.fails(
      'db.c.findAndModify({query: {_id: 2}, update: {$set: {q: 1}}, fields: {p: 1}, projection: {p: 1}})',
    );
    expect(e.message).toBe('[COMMON-10001] Cannot specify both .fields and .projection for findAndModify()');
  });

  it('the first present of returnDocument, returnOriginal, returnNewDocument, new decides, by truthiness', () => {
    const s = seeded();
    const after = (options: string) => s.js(`db.c.findOneAndUpdate({_id: 1}, {$inc: {p: 1}}, ${options})`);
    expect(after(`{returnOriginal: false}`)).toBe(lit('{_id: 1, p: 2}'));
    expect(after(`{returnOriginal: true, returnNewDocument: true}`)).toBe(lit('{_id: 1, p: 2}'));
    expect(after(`{returnNewDocument: 1}`)).toBe(lit('{_id: 1, p: 4}'));
    expect(after(`{new: true}`)).toBe(lit('{_id: 1, p: 5}'));
    expect(after(`{returnNewDocument: 0, new: true}`)).toBe(lit('{_id: 1, p: 5}'));
    expect(after(`{returnDocument: 'after', returnOriginal: true}`)).toBe(lit('{_id: 1, p: 7}'));
  });

  it('explain().findAndModify sends the same command under explain', () => {
    const s = seeded();
    expect(s.js(`db.c.explain().findAndModify({query: {p: 1}, remove: 1}).queryPlanner.winningPlan.stage`)).toBe(
      '"DELETE"',
    );
    expect(
      s.js(`db.c.explain().findAndModify({query: {p: 1}, update: [{$set: {y: 1}}]}).queryPlanner.winningPlan.stage`),
    ).toBe('"UPDATE"');
    expect(s.contents('c')).toBe(lit('[{_id: 1, p: 1}, {_id: 2, p: 2}]'));
  });
});
