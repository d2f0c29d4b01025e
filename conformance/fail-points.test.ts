import { describe, expect, it } from 'vitest';
import { parseEJSON, toRelaxed } from '../engine/bson/ejson.js';
import type { Doc } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { MongoNetworkError, ShellClient } from '../engine/shell/api.js';
import { FailPointEngine } from './fail-points.js';

const d = (text: string): Doc => parseEJSON(text) as Doc;

function setup() {
  const engine = new FailPointEngine(new Engine({ topology: 'replicaset' }));
  const client = new ShellClient(engine, { implicitSessions: true });
  const coll = client.db('t').collection('c');
  coll.insertMany([d('{"_id": 1, "x": 1}')]);
  const configure = (fp: string) => client.db('admin').runCommand(d(fp));
  return { engine, client, coll, configure };
}

describe('FailPointEngine', () => {
  it('failCommand with a retryable code: the retry runs the write once', () => {
    const { coll, configure } = setup();
    configure(
      '{"configureFailPoint": "failCommand", "mode": {"times": 1}, "data": {"failCommands": ["update"], "errorCode": 189}}',
    );
    expect(coll.updateOne(d('{"_id": 1}'), d('{"$inc": {"x": 1}}')).modifiedCount).toBe(1);
    expect(toRelaxed(coll.find().toArray())).toBe('[{"_id":1,"x":2}]');
  });

  it('writeConcernError after the write: the retry replays the remembered result', () => {
    const { coll, configure } = setup();
    configure(
      '{"configureFailPoint": "failCommand", "mode": {"times": 1}, "data": {"failCommands": ["update"], "writeConcernError": {"code": 91, "errmsg": "shutting down"}}}',
    );
    expect(coll.updateOne(d('{"_id": 1}'), d('{"$inc": {"x": 1}}')).modifiedCount).toBe(1);
    expect(toRelaxed(coll.find().toArray())).toBe('[{"_id":1,"x":2}]');
  });

  it('closeConnection twice: a network error labelled RetryableWriteError, nothing written', () => {
    const { coll, configure } = setup();
    configure(
      '{"configureFailPoint": "failCommand", "mode": {"times": 2}, "data": {"failCommands": ["update"], "closeConnection": true}}',
    );
    expect(() => coll.updateOne(d('{"_id": 1}'), d('{"$inc": {"x": 1}}'))).toThrow(MongoNetworkError);
    expect(toRelaxed(coll.find().toArray())).toBe('[{"_id":1,"x":1}]');
  });

  it('onPrimaryTransactionalWrite: statements that committed are not run again', () => {
    const { coll, configure } = setup();
    configure('{"configureFailPoint": "onPrimaryTransactionalWrite", "mode": {"skip": 1}}');
    const r = coll.insertMany([d('{"_id": 2}'), d('{"_id": 3}')]);
    expect(r.insertedIds.size).toBe(2);
    expect(toRelaxed(coll.find().sort(d('{"_id": 1}')).toArray())).toBe('[{"_id":1,"x":1},{"_id":2},{"_id":3}]');
  });
});
