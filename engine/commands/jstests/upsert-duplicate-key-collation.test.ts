/**
 * An upsert that hits a unique index is retried as an update only when the query's collation and
 * the index's agree (`shouldRetryDuplicateKeyException`); otherwise, and when an update of a
 * matched document collides, the statement fails with DuplicateKey 11000 and nothing changes.
 *
 * From jstests/core/query/update/upsert_duplicate_key_retry_collation.js (its three blocks: the
 * jstest expects one of each pair of statements to throw; these say which one).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { jsShell, lit, type JsShell } from './statement-shell.js';

function code(s: JsShell, statement: string): number {
  const reply = parseEJSON(s.js(`db.runCommand({update: "t", updates: [${statement}]})`)) as Doc;
  const errors = reply.get('writeErrors') as Doc[] | undefined;
  return errors ? Number(String(errors[0]!.get('code'))) : 0;
}

describe('upserts, unique indexes and collation (upsert_duplicate_key_retry_collation.js)', () => {
  it('index without collation, query with one: the matched "UNIQUE" set to "unique" collides', () => {
    const s = jsShell();
    s.js('db.t.createIndex({x: 1}, {unique: true})');
    s.js('db.t.insertMany([{_id: 0, x: "UNIQUE"}, {_id: 1, x: "unique"}])');
    const strength1 = 'upsert: true, collation: {locale: "en", strength: 1}';
    expect(code(s, `{q: {x: "unique"}, u: {$set: {x: "unique"}}, ${strength1}}`)).toBe(11000);
    expect(code(s, `{q: {x: "unique"}, u: {$set: {x: "UNIQUE"}}, ${strength1}}`)).toBe(0);
    expect(s.contents('t')).toBe(lit('[{_id: 0, x: "UNIQUE"}, {_id: 1, x: "unique"}]'));
  });

  it('index with collation, query without: the upsert insert collides and is not retried', () => {
    const s = jsShell();
    s.js('db.t.createIndex({x: 1}, {unique: true, collation: {locale: "en", strength: 2}})');
    s.js('db.t.insertOne({_id: 0, x: "UNIQUE"})');
    expect(code(s, '{q: {x: "unique"}, u: {$set: {x: "Unique"}}, upsert: true}')).toBe(11000);
    const e = s.fails('db.t.updateOne({x: "unique"}, {$set: {x: "Unique"}}, {upsert: true})');
    expect([e.name, e.code]).toEqual(['MongoServerError', 11000]);
    expect(s.contents('t')).toBe(lit('[{_id: 0, x: "UNIQUE"}]'));
  });

  it('index and query of different strengths: the matched "UNIQUË" set to "UNIQUE" collides', () => {
    const s = jsShell();
    s.js('db.t.createIndex({x: 1}, {unique: true, collation: {locale: "en", strength: 3}})');
    s.js('db.t.insertMany([{_id: 0, x: "UNIQUË"}, {_id: 1, x: "UNIQUE"}])');
    const strength1 = 'upsert: true, collation: {locale: "en", strength: 1}';
    expect(code(s, `{q: {x: "UNIQUE"}, u: {$set: {x: "UNIQUE"}}, ${strength1}}`)).toBe(11000);
    expect(code(s, `{q: {x: "UNIQUE"}, u: {$set: {x: "UNIQUË"}}, ${strength1}}`)).toBe(0);
    expect(s.contents('t')).toBe(lit('[{_id: 0, x: "UNIQUË"}, {_id: 1, x: "UNIQUE"}]'));
  });
});
