import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { Engine } from '../engine.js';
import { MongoClientBulkWriteError, ShellClient, ShellClientError } from './api.js';

// The CRUD specification's client bulk write rules (source/crud/bulk-write.md): which requests the
// driver refuses before sending, and when an error carries a partial result.

const d = (text: string): Doc => parseEJSON(text) as Doc;
const models = (text: string): Value[] => parseEJSON(text) as Value[];
const v = (text: string): Value => parseEJSON(text);

function setup() {
  const engine = new Engine({ topology: 'replicaset' });
  const sent: string[] = [];
  const client = new ShellClient(engine, {
    observer: (e) => {
      if (e.kind === 'started') sent.push(e.commandName);
    },
  });
  client.db('db').collection('c').insertOne(d('{"_id": 1, "x": 11}'));
  sent.length = 0;
  return { engine, client, sent };
}

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('unacknowledged client bulk writes are refused before sending', () => {
  it('with verboseResults: "Cannot request unacknowledged write concern and verbose results"', () => {
    const { client, sent } = setup();
    const e = caught(() =>
      client.bulkWrite(
        models('[{"insertOne": {"namespace": "db.c", "document": {"_id": 10}}}]'),
        d('{"verboseResults": true, "ordered": false, "writeConcern": {"w": 0}}'),
      ),
    );
    expect(e).toBeInstanceOf(ShellClientError);
    expect((e as Error).message).toBe('Cannot request unacknowledged write concern and verbose results');
    expect(sent).toEqual([]);
  });

  it('ordered (given or by default): "Cannot request unacknowledged write concern and ordered writes"', () => {
    const { client, sent } = setup();
    for (const options of ['{"writeConcern": {"w": 0}}', '{"ordered": true, "writeConcern": {"w": 0}}']) {
      const e = caught(() =>
        client.bulkWrite(models('[{"insertOne": {"namespace": "db.c", "document": {"_id": 10}}}]'), d(options)),
      );
      expect((e as Error).message).toBe('Cannot request unacknowledged write concern and ordered writes');
    }
    expect(sent).toEqual([]);
  });

  it('unordered and summary results with w:0 are sent', () => {
    const { client, sent, engine } = setup();
    const r = client.bulkWrite(
      models('[{"insertOne": {"namespace": "db.c", "document": {"_id": 10}}}]'),
      d('{"ordered": false, "writeConcern": {"w": 0}}'),
    );
    expect(r.acknowledged).toBe(false);
    expect(sent).toEqual(['bulkWrite']);
    expect(engine.documents('db', 'c').length).toBe(2);
  });
});

describe('partialResult is set only when a write is known to have succeeded', () => {
  const dup = '{"insertOne": {"namespace": "db.c", "document": {"_id": 1}}}';
  const fresh = '{"insertOne": {"namespace": "db.c", "document": {"_id": 2}}}';
  const partial = (ms: string, options: string) => {
    const { client } = setup();
    const e = caught(() => client.bulkWrite(models(ms), d(options)));
    expect(e).toBeInstanceOf(MongoClientBulkWriteError);
    return (e as MongoClientBulkWriteError).partialResult;
  };

  it('ordered: unset when the first write fails, set when a later one does', () => {
    for (const verbose of ['true', 'false']) {
      expect(partial(`[${dup}, ${fresh}]`, `{"ordered": true, "verboseResults": ${verbose}}`)).toBeUndefined();
      expect(partial(`[${fresh}, ${dup}]`, `{"ordered": true, "verboseResults": ${verbose}}`)?.insertedCount).toBe(1);
    }
  });

  it('unordered: unset when every write fails, set when any succeeds', () => {
    expect(partial(`[${dup}, ${dup}]`, '{"ordered": false}')).toBeUndefined();
    expect(partial(`[${dup}, ${fresh}]`, '{"ordered": false}')?.insertedCount).toBe(1);
    expect(partial(`[${fresh}, ${dup}]`, '{"ordered": false, "verboseResults": true}')).toMatchObject({
      insertedCount: 1,
      insertResults: new Map([[0, { insertedId: v('2') }]]),
    });
  });
});
