/**
 * An upsert builds its new document from the query's equality fields (null included), then
 * applies the modifiers; once the document exists the same statement updates it, with or without
 * an index on the query's fields. A `$ne` condition contributes nothing.
 * From jstests/core/write/update/update5.js, update8.js and update9.js.
 */
import { describe, expect, it } from 'vitest';
import { d, got, shell, text, type Lit } from './harness.js';

describe('upsert seeds the new document from the query', () => {
  it('repeated upserts of $inc find the document they inserted (update5.js)', () => {
    const keys: { [k: string]: Lit }[] = [
      { a: 5 },
      { a: 5 },
      { a: 5, b: 7 },
      { a: null, b: 7 },
      { referer: 'blah' },
      { referer: 'blah', lame: 'bar' },
      { referer: 'blah', name: 'bar' },
      { date: null, referer: 'blah', name: 'bar' },
    ];
    const { fresh } = shell();
    for (const key of keys) {
      const t = fresh('update5');
      for (let n = 1; n <= 4; n++) {
        if (n === 4) t.createIndex(d(Object.fromEntries(Object.keys(key).map((k) => [k, 1]))));
        t.update(d(key), d({ $inc: { n: 1 } }), d({ upsert: true }));
        expect(t.find().count()).toBe(1);
        const doc = t.findOne();
        expect(got(doc?.get('n'))).toBe(text(n));
        // the query's equalities in path order (pathsupport's EqualityMatches is a std::map), then the modifier's
        expect([...(doc?.keys() ?? [])]).toEqual(['_id', ...Object.keys(key).sort(), 'n']);
      }
    }
  });

  it('an _id equality seeds _id, a $ne seeds nothing (update8.js)', () => {
    const { fresh } = shell();
    const t = fresh('update8');
    t.update(d({ _id: 1, tags: { $ne: 'a' } }), d({ $push: { tags: 'a' } }), d({ upsert: true }));
    expect(got(t.findOne())).toBe(text({ _id: 1, tags: ['a'] }));
  });

  it('a numeric path component into an object names a field (update9.js)', () => {
    const { fresh } = shell();
    const t = fresh('update9');
    const orig = { _id: 1, question: 'a', choices: { '1': { choice: 'b' }, '0': { choice: 'c' } } };
    t.insert(d(orig));
    expect(got(t.findOne())).toBe(text(orig));
    t.update(d({ _id: 1, 'choices.0.votes': { $ne: 1 } }), d({ $push: { 'choices.0.votes': 1 } }));
    expect(got(t.findOne())).toBe(
      text({ _id: 1, question: 'a', choices: { '1': { choice: 'b' }, '0': { choice: 'c', votes: [1] } } }),
    );
  });
});
