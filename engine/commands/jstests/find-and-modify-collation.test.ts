/**
 * A findAndModify pipeline update evaluates its expressions with the operation's collation: the
 * command's `collation`, else the collection's default (here `$indexOfArray` of "B" finds "b" at
 * strength 2 and "B" at strength 3), in `$set`, `$project` and `$replaceWith` stages alike; a
 * stage that drops `_id` keeps the document's `_id`.
 *
 * From jstests/core/write/collation_find_and_modify.js.
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

const caseInsensitive = '{locale: "en_US", strength: 2}';
const caseSensitive = '{locale: "en_US", strength: 3}';
const X = `x: [1, 2, "a", "b", "c", "B"]`;

describe('collation in findAndModify pipeline updates (collation_find_and_modify.js)', () => {
  it('the collection default collation applies when the command gives none', () => {
    const s = jsShell();
    s.js(`db.createCollection("c", {collation: ${caseInsensitive}})`);
    s.js(`db.c.insertOne({_id: 1, ${X}})`);
    expect(
      s.js(`db.c.findAndModify({query: {}, update: [{$set: {newField: {$indexOfArray: ["$x", "B"]}}}], new: true})`),
    ).toBe(lit(`{_id: 1, ${X}, newField: 3}`));
  });

  it.each([
    ['$set', caseSensitive, `{_id: 1, ${X}, newField: 5}`],
    ['$project', caseSensitive, `{_id: 1, newField: 5}`],
    ['$replaceWith', caseSensitive, `{_id: 1, newField: 5}`],
    ['$set', caseInsensitive, `{_id: 1, ${X}, newField: 3}`],
    ['$project', caseInsensitive, `{_id: 1, newField: 3}`],
    ['$replaceWith', caseInsensitive, `{_id: 1, newField: 3}`],
  ])('%s with collation %s', (stage, collation, expected) => {
    const s = jsShell();
    s.js(`db.c.insertOne({_id: 1, ${X}})`);
    expect(
      s.js(
        `db.c.findAndModify({query: {}, update: [{${stage}: {newField: {$indexOfArray: ["$x", "B"]}}}], collation: ${collation}, new: true})`,
      ),
    ).toBe(lit(expected));
    expect(s.contents('c')).toBe(lit(`[${expected}]`));
  });
});
