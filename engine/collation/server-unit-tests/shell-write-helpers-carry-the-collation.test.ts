/**
 * The shell's write helpers send each statement's collation: the legacy Bulk API's
 * `find().collation()`, the CRUD helpers' `collation` option and bulkWrite's per-operation
 * `collation` (two deletes of one bulkWrite may use two collations); explain of update, remove and
 * findAndModify counts what the collation matches; a null `backwards` is refused (SERVER-54482).
 *
 * Ported from jstests/core/query/collation/collation.js: "Explain of update/remove/findAndModify
 * should return correct results when collation specified", "Tests for the bulk API", "Tests for
 * the CRUD API" (deleteOne … bulkWrite, "updateOne with undefined/null collation.backwards
 * parameter").
 */
import { describe, expect, it } from 'vitest';
import { jsShell } from '../../commands/jstests/statement-shell.js';

const ci = '{locale: "en_US", strength: 2}';

function twoFoos() {
  const s = jsShell();
  s.js('db.c.insertMany([{_id: 1, str: "foo"}, {_id: 2, str: "foo"}])');
  return s;
}
const num = (s: ReturnType<typeof jsShell>, expr: string): number => Number(JSON.parse(s.js(expr)).$numberInt);

describe('explain counts what the collation matches (collation.js)', () => {
  it('update, remove and findAndModify', () => {
    const s = twoFoos();
    expect(
      num(
        s,
        `db.c.explain("executionStats").update({str: "FOO"}, {$set: {other: 99}}, {multi: true, collation: ${ci}}).executionStats.executionStages.nWouldModify`,
      ),
    ).toBe(2);
    expect(
      num(
        s,
        `db.c.explain("executionStats").remove({str: "FOO"}, {justOne: true, collation: ${ci}}).executionStats.executionStages.nWouldDelete`,
      ),
    ).toBe(1);
    s.js('db.c.insertOne({_id: 3, str: "bar"})');
    expect(
      num(
        s,
        `db.c.explain("executionStats").findAndModify({query: {str: "BAR"}, update: {$set: {str: "baz"}}, new: true, collation: ${ci}}).executionStats.executionStages.nWouldModify`,
      ),
    ).toBe(1);
    expect(
      num(
        s,
        `db.c.explain("executionStats").findAndModify({query: {str: "BAR"}, remove: true, collation: ${ci}}).executionStats.executionStages.nWouldDelete`,
      ),
    ).toBe(1);
  });

  it('an _id query takes the _id fast path only when its collation is the collection default (classic IDHACK here; 8.0 may show EXPRESS_UPDATE/EXPRESS_DELETE: README)', () => {
    const s = jsShell();
    s.js('db.createCollection("d", {collation: {locale: "en_US"}})');
    const input = (expr: string) => JSON.parse(s.js(`${expr}.queryPlanner.winningPlan.inputStage.stage`)) as string;
    expect(input('db.d.explain("executionStats").update({_id: "foo"}, {$set: {other: 99}})')).toBe('IDHACK');
    expect(
      input('db.d.explain("executionStats").update({_id: "foo"}, {$set: {other: 99}}, {collation: {locale: "en_US"}})'),
    ).toBe('IDHACK');
    expect(
      input('db.d.explain("executionStats").update({_id: "foo"}, {$set: {other: 99}}, {collation: {locale: "fr_CA"}})'),
    ).toBe('COLLSCAN');
    expect(input('db.d.explain("executionStats").remove({_id: "foo"})')).toBe('IDHACK');
    expect(input('db.d.explain("executionStats").remove({_id: "foo"}, {collation: {locale: "en_US"}})')).toBe('IDHACK');
    expect(input('db.d.explain("executionStats").remove({_id: "foo"}, {collation: {locale: "fr_CA"}})')).toBe(
      'COLLSCAN',
    );
  });
});

describe('the legacy Bulk API carries find().collation() (collation.js "Tests for the bulk API")', () => {
  const bulk = (op: string) => {
    const s = twoFoos();
    return JSON.parse(s.js(`var b = db.c.initializeUnorderedBulkOp(); b.find({str: "FOO"})${op}; b.execute()`)) as {
      matchedCount: unknown;
      modifiedCount: unknown;
      upsertedCount: unknown;
      deletedCount: unknown;
    };
  };
  const n = (v: unknown) => Number((v as { $numberInt: string }).$numberInt);

  it('update, updateOne, replaceOne', () => {
    expect(n(bulk(`.collation(${ci}).update({$set: {other: 99}})`).modifiedCount)).toBe(2);
    expect(n(bulk(`.collation(${ci}).updateOne({$set: {other: 99}})`).modifiedCount)).toBe(1);
    expect(n(bulk(`.collation(${ci}).replaceOne({str: "oof"})`).modifiedCount)).toBe(1);
  });

  it('replaceOne with upsert: strength 3 inserts, strength 2 replaces', () => {
    const s = twoFoos();
    const run = (collation: string) =>
      JSON.parse(
        s.js(
          `var b = db.c.initializeUnorderedBulkOp(); b.find({str: "FOO"}).collation(${collation}).upsert().replaceOne({str: "foo"}); b.execute()`,
        ),
      ) as { upsertedCount: unknown; modifiedCount: unknown };
    const first = run('{locale: "en_US"}');
    expect([n(first.upsertedCount), n(first.modifiedCount)]).toEqual([1, 0]);
    const second = run(ci);
    expect([n(second.upsertedCount), n(second.modifiedCount)]).toEqual([0, 1]);
  });

  it('removeOne and remove', () => {
    expect(n(bulk(`.collation(${ci}).removeOne()`).deletedCount)).toBe(1);
    expect(n(bulk(`.collation(${ci}).remove()`).deletedCount)).toBe(2);
  });
});

describe('the CRUD helpers carry their collation option (collation.js "Tests for the CRUD API")', () => {
  const count = (expr: string, field: string) => {
    const s = twoFoos();
    return Number(JSON.parse(s.js(expr))[field].$numberInt);
  };

  it('deleteOne, deleteMany, replaceOne, updateOne, updateMany', () => {
    expect(count(`db.c.deleteOne({str: "FOO"}, {collation: ${ci}})`, 'deletedCount')).toBe(1);
    expect(count(`db.c.deleteMany({str: "FOO"}, {collation: ${ci}})`, 'deletedCount')).toBe(2);
    expect(count(`db.c.replaceOne({str: "FOO"}, {str: "bar"}, {collation: ${ci}})`, 'modifiedCount')).toBe(1);
    expect(count(`db.c.updateOne({str: "FOO"}, {$set: {other: 99}}, {collation: ${ci}})`, 'modifiedCount')).toBe(1);
    expect(count(`db.c.updateMany({str: "FOO"}, {$set: {other: 99}}, {collation: ${ci}})`, 'modifiedCount')).toBe(2);
  });

  it('findOneAndDelete, findOneAndReplace, findOneAndUpdate return the matched document', () => {
    let s = jsShell();
    s.js('db.c.insertOne({_id: 1, str: "foo"})');
    expect(s.js(`db.c.findOneAndDelete({str: "FOO"}, {collation: ${ci}})`)).toBe(
      '{"_id":{"$numberInt":"1"},"str":"foo"}',
    );
    expect(s.js('db.c.findOne({_id: 1})')).toBe('null');
    s = jsShell();
    s.js('db.c.insertOne({_id: 1, str: "foo"})');
    expect(s.js(`db.c.findOneAndReplace({str: "FOO"}, {str: "bar"}, {collation: ${ci}})`)).toBe(
      '{"_id":{"$numberInt":"1"},"str":"foo"}',
    );
    expect(s.contents('c')).toBe('[{"_id":{"$numberInt":"1"},"str":"bar"}]');
    s = jsShell();
    s.js('db.c.insertOne({_id: 1, str: "foo"})');
    expect(s.js(`db.c.findOneAndUpdate({str: "FOO"}, {$set: {other: 99}}, {collation: ${ci}})`)).toBe(
      '{"_id":{"$numberInt":"1"},"str":"foo"}',
    );
    expect(s.contents('c')).toBe('[{"_id":{"$numberInt":"1"},"str":"foo","other":{"$numberInt":"99"}}]');
  });

  it('bulkWrite operations each carry their own collation', () => {
    expect(
      count(
        `db.c.bulkWrite([{updateOne: {filter: {str: "FOO"}, update: {$set: {other: 99}}, collation: ${ci}}}])`,
        'matchedCount',
      ),
    ).toBe(1);
    expect(
      count(
        `db.c.bulkWrite([{updateMany: {filter: {str: "FOO"}, update: {$set: {other: 99}}, collation: ${ci}}}])`,
        'matchedCount',
      ),
    ).toBe(2);
    expect(
      count(
        `db.c.bulkWrite([{replaceOne: {filter: {str: "FOO"}, replacement: {str: "bar"}, collation: ${ci}}}])`,
        'matchedCount',
      ),
    ).toBe(1);
    expect(count(`db.c.bulkWrite([{deleteOne: {filter: {str: "FOO"}, collation: ${ci}}}])`, 'deletedCount')).toBe(1);
    expect(count(`db.c.bulkWrite([{deleteMany: {filter: {str: "FOO"}, collation: ${ci}}}])`, 'deletedCount')).toBe(2);
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 1, str: "foo"}, {_id: 2, str: "bar"}])');
    expect(
      JSON.parse(
        s.js(
          `db.c.bulkWrite([{deleteOne: {filter: {str: "FOO"}, collation: {locale: "fr", strength: 2}}}, {deleteOne: {filter: {str: "BAR"}, collation: ${ci}}}])`,
        ),
      ).deletedCount,
    ).toEqual({ $numberInt: '2' });
  });

  it('a bulkWrite updateOne whose collation has an undefined or null backwards fails (SERVER-54482)', () => {
    for (const backwards of ['undefined', 'null']) {
      const s = twoFoos();
      const error = s.fails(
        `db.c.bulkWrite([{updateOne: {filter: {str: "foo"}, update: {$set: {str: "bar"}}, collation: {locale: "en_US", backwards: ${backwards}}}}])`,
      );
      expect(error.code).toBe(14);
      expect(s.contents('c')).toBe('[{"_id":{"$numberInt":"1"},"str":"foo"},{"_id":{"$numberInt":"2"},"str":"foo"}]');
    }
  });
});
