/**
 * End-to-end: mongosh text → parser → interpreter → shell API → engine, printed as mongosh would.
 * Kept to stable, seed-level behaviour; the details of each command are tested where they live.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import type { CommandEvent } from './api.js';
import {
  checkShellSyntax,
  createShellSession,
  formatShellResult,
  formatShellResultEJSON,
  runShellScript,
  SHELL_NAMES,
} from './index.js';

const NOW = new Date('2026-01-02T03:04:05.678Z');

function shell(script: string): string[] {
  let n = 0;
  const results = runShellScript(new Engine(), script, {
    now: () => NOW,
    newObjectId: () => new ObjectId((++n).toString(16).padStart(24, '0')),
    continueOnError: true,
  });
  return results.map((r) => formatShellResult(r));
}

describe('runShellScript against the engine', () => {
  it('runs the legacy update and prints the deprecation warning (once) and WriteResult', () => {
    expect(
      shell(`
        db.items.insertOne({_id: 1, qty: 5})
        db.items.update({_id: 1}, {$inc: {qty: 1}})
        db.items.update({_id: 2}, {$set: {qty: 1}}, {upsert: true})
        db.items.find().sort({_id: 1})
      `),
    ).toEqual([
      '{ acknowledged: true, insertedId: 1 }',
      'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.\nWriteResult({ nMatched: 1, nUpserted: 0, nModified: 1 })',
      // mongosh prints each deprecation warning once per session.
      'WriteResult({ nMatched: 0, nUpserted: 1, nModified: 0, _id: 2 })',
      '[ { _id: 1, qty: 6 }, { _id: 2, qty: 1 } ]',
    ]);
  });

  it('runs the CRUD helpers with bindings and prints their results', () => {
    expect(
      shell(`
        use shop
        const filter = {sku: "a"}
        db.stock.updateOne(filter, {$set: {n: NumberLong("2")}}, {upsert: true})
        db.stock.updateOne(filter, {$inc: {n: 1}})
        db.stock.find(filter).toArray()[0].n
        db.stock.countDocuments()
      `).map((s) => s.replace(/ObjectId\('[0-9a-f]{24}'\)/g, 'ObjectId(…)')),
    ).toEqual([
      'switched to db shop',
      '',
      '{\n  acknowledged: true,\n  insertedId: ObjectId(…),\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}',
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
      "Long('3')",
      '1',
    ]);
  });

  it('reports client-side and server errors as mongosh does', () => {
    expect(
      shell(`
        db.c.insertOne({_id: 1, s: "x"})
        db.c.updateOne({_id: 1}, {s: 1})
        db.c.updateOne({_id: 1}, {$set: {_id: 2}})
        db.c.nope()
      `),
    ).toEqual([
      '{ acknowledged: true, insertedId: 1 }',
      'MongoInvalidArgumentError: Update document requires atomic operators',
      expect.stringMatching(
        /^MongoServerError\[ImmutableField\]: .*Performing an update on the path '_id' would modify the immutable field '_id'$/,
      ),
      'TypeError: db.c.nope is not a function',
    ]);
  });

  it('reports the commands it sends to the observer', () => {
    const events: CommandEvent[] = [];
    runShellScript(new Engine(), 'db.c.updateOne({a: 1}, {$set: {b: 2}})', {
      client: { observer: (e) => events.push(e) },
    });
    const started = events.filter((e) => e.kind === 'started');
    expect(started.map((e) => e.commandName)).toEqual(['update']);
    expect(started[0]?.command?.get('update')).toBe('c');
  });

  it('prints relaxed Extended JSON for the command line', () => {
    const [r] = runShellScript(new Engine(), 'db.c.insertOne({_id: 1, n: NumberLong("5")})\ndb.c.findOne()').slice(1);
    const text = r === undefined ? '' : formatShellResultEJSON(r);
    expect(JSON.parse(text)).toEqual({ _id: 1, n: 5 });
    expect(text).toBe('{\n  "_id": 1,\n  "n": 5\n}');
  });

  it('keeps state across runs of one session', () => {
    const session = createShellSession(new Engine());
    session.run('use s\nconst d = {_id: 1}\ndb.c.insertOne(d)');
    expect(session.run('db.c.findOne(d)').map((r) => formatShellResult(r))).toEqual(['{ _id: 1 }']);
  });
});

describe('editor helpers', () => {
  it('checks syntax without running anything', () => {
    expect(checkShellSyntax('db.c.find({a: 1})')).toBeUndefined();
    expect(checkShellSyntax('db.c.find({a: })')).toMatchObject({
      line: 1,
      column: 15,
      message: "Unexpected token '}' — expected a value",
    });
  });

  it('lists the callable names per receiver', () => {
    expect(SHELL_NAMES.collection).toContain('updateOne');
    expect(SHELL_NAMES.globals).toContain('ObjectId');
    expect(SHELL_NAMES.cursor).toContain('toArray');
    expect(SHELL_NAMES.database).not.toContain('constructor');
  });
});
