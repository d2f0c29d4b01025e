/** The `why` request: a statement of a script traced on the state it saw, leaving the engine as it was. */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import { renderValue } from '../bson/render.js';
import type { Doc } from '../bson/values.js';
import { Engine } from '../index.js';
import { collectionViews, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';
import { explainScriptCommand } from './why.js';

describe('explainScriptCommand', () => {
  it('traces the second command on the state the first one left, then restores everything', async () => {
    const engine = new Engine({ topology: 'replicaset' });
    expect(
      runSetup(engine, 'test', true, [
        '{"insert": "students", "documents": [{"_id": 1, "score": 80}, {"_id": 2, "score": 60}]}',
      ]),
    ).toBeUndefined();
    const before = JSON.stringify(collectionViews(engine, 'test'));
    const oplogBefore = engine.oplogEntries().length;
    const shell = await loadEngineShell();
    const script =
      'db.students.updateOne({_id: 2}, {$inc: {score: 30}})\ndb.students.updateMany({score: {$gte: 85}}, {$set: {pass: true}})';
    const trace = explainScriptCommand(engine, shell, 'test', script, { command: 1, statement: 0, documentId: '2' });
    expect(trace.namespace).toBe('test.students');
    // Document 2 was raised to 90 by the first statement: the second statement sees it match.
    expect(trace.documents).toEqual([
      { id: '1', matched: false, firstFailing: '{ score: { $gte: 85 } }, but score: 80' },
      { id: '2', matched: true },
    ]);
    expect(trace.document!.steps).toEqual([
      { operator: '$set', field: 'pass', path: 'pass', before: 'missing', after: 'true', changed: true },
    ]);
    expect(JSON.stringify(collectionViews(engine, 'test'))).toBe(before);
    expect(engine.oplogEntries().length).toBe(oplogBefore);
  });

  it('says so when the command is not an update', async () => {
    const engine = new Engine({ topology: 'replicaset' });
    const shell = await loadEngineShell();
    const trace = explainScriptCommand(engine, shell, 'test', 'db.c.insertOne({a: 1})', { command: 0, statement: 0 });
    expect(trace.error).toBe('Why explains the statements of an update command, not insert');
  });
});

describe('explainScriptCommand: the server order, validators and ordered batches', () => {
  it("visits documents in the index's order and stops a multi-update at the validator's refusal", async () => {
    const engine = new Engine({ topology: 'replicaset' });
    expect(
      runSetup(engine, 'test', true, [
        '{"create": "stock", "validator": {"qty": {"$gte": 0}}}',
        '{"createIndexes": "stock", "indexes": [{"key": {"qty": -1}, "name": "qty_-1"}]}',
        '{"insert": "stock", "documents": [{"_id": 1, "qty": 2}, {"_id": 2, "qty": 8}, {"_id": 3, "qty": 5}]}',
      ]),
    ).toBeUndefined();
    const shell = await loadEngineShell();
    // The index reads qty descending (8, 5, 2): 8 - 6 passes, 5 - 6 is refused, 2 is never reached.
    // In natural order _id 1 (2 - 6) would be refused first.
    const script = 'db.stock.updateMany({qty: {$gte: 0}}, {$inc: {qty: -6}}, {hint: {qty: -1}})';
    const trace = explainScriptCommand(engine, shell, 'test', script, { command: 0, statement: 0, documentId: '3' });
    expect(trace.stoppedAt).toEqual({ id: '3', error: '121: Document failed validation' });
    expect(trace.documents).toEqual([
      { id: '2', matched: true },
      { id: '3', matched: true },
      {
        id: '1',
        matched: true,
        visited: false,
        notVisited: 'never visited: the update stopped at the error on _id 3 (121: Document failed validation)',
      },
    ]);
    expect(trace.document!.validation).toMatchObject({
      passed: false,
      outcome: '121: Document failed validation',
      failing: { text: '{ qty: { $gte: 0 } }', values: ['qty: -1'] },
    });
    // The real update agrees: _id 2 updated, refused at _id 3, _id 1 untouched.
    const run = engine.runCommand(
      'test',
      parseEJSON(
        '{"update":"stock","updates":[{"q":{"qty":{"$gte":0}},"u":{"$inc":{"qty":-6}},"multi":true,"hint":{"qty":-1}}]}',
      ) as Doc,
    );
    const [error] = run.get('writeErrors') as Doc[];
    expect(renderValue((error!.get('errInfo') as Doc).get('failingDocumentId')!)).toBe('3');
    expect(renderValue(engine.documents('test', 'stock'))).toBe(
      '[ { _id: 1, qty: 2 }, { _id: 2, qty: 2 }, { _id: 3, qty: 5 } ]',
    );
  });

  it('a statement after a failed one in an ordered batch was never run', async () => {
    const engine = new Engine({ topology: 'replicaset' });
    expect(runSetup(engine, 'test', true, ['{"insert": "c", "documents": [{"_id": 1, "a": 1}]}'])).toBeUndefined();
    const shell = await loadEngineShell();
    const script =
      'db.c.bulkWrite([{updateOne: {filter: {_id: 1}, update: {$set: {a: 2}}}}, {updateOne: {filter: {_id: 1}, update: {$set: {_id: 9}}}}, {updateOne: {filter: {_id: 1}, update: {$inc: {a: 1}}}}])';
    const second = explainScriptCommand(engine, shell, 'test', script, { command: 0, statement: 1, documentId: '1' });
    // The first statement ran: the second sees a: 2.
    expect(second.document!.filter.values).toEqual(['_id: 1']);
    expect(second.stoppedAt).toEqual({
      id: '1',
      error: "66: Performing an update on the path '_id' would modify the immutable field '_id'",
    });
    const third = explainScriptCommand(engine, shell, 'test', script, { command: 0, statement: 2, documentId: '1' });
    expect(third.documents).toEqual([]);
    expect(third.notRun).toBe(
      "never run: statement 1 of this ordered batch failed (66: Plan executor error during update :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'), so the server stopped before this one",
    );
  });
});
