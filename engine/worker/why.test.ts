/** The `why` request: a statement of a script traced on the state it saw, leaving the engine as it was. */
import { describe, expect, it } from 'vitest';
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
