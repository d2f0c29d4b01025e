import { describe, expect, it } from 'vitest';
import { parseEJSONDoc, stringifyEJSON } from '../engine/bson/ejson.js';
import type { Doc } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import type { CommandEvent } from '../engine/shell/api.js';
import { ShellClient } from '../engine/shell/api.js';
import { ChangeStreamOperations } from './change-streams.js';
import { FailPointEngine } from './fail-points.js';

function setup(): {
  ops: ChangeStreamOperations;
  entities: { kind(id: string): { type: string } | undefined };
  events: CommandEvent[];
  admin: ShellClient;
} {
  const engine = new FailPointEngine(new Engine({ topology: 'replicaset' }));
  const events: CommandEvent[] = [];
  const client = new ShellClient(engine, { observer: (e) => events.push(e) });
  const admin = new ShellClient(engine);
  admin.db('db').createCollection('c');
  const coll = client.db('db').collection('c');
  const map = new Map<string, { type: string }>([['coll', { type: 'collection', coll } as { type: string }]]);
  return { ops: new ChangeStreamOperations(), entities: { kind: (id) => map.get(id) }, events, admin };
}

const op = (text: string): Doc => parseEJSONDoc(text);

describe('unified-format change streams', () => {
  it('sends the driver-shaped aggregate and getMore, and returns events in order', () => {
    const { ops, entities, events, admin } = setup();
    ops.run(
      op(
        '{"name": "createChangeStream", "object": "coll", "arguments": {"pipeline": [], "fullDocument": "updateLookup", "comment": "hi"}, "saveResultAsEntity": "cs"}',
      ),
      entities,
    );
    admin.db('db').collection('c').insertOne(parseEJSONDoc('{"_id": 1}'));
    const ev = ops.run(op('{"name": "iterateUntilDocumentOrError", "object": "cs"}'), entities) as Doc;
    expect(ev.get('operationType')).toBe('insert');
    const started = events
      .filter((e) => e.kind === 'started')
      .map((e) => stringifyEJSON(e.command!, { relaxed: true }));
    expect(started[0]).toContain(
      '"aggregate":"c","pipeline":[{"$changeStream":{"fullDocument":"updateLookup"}}],"cursor":{},"comment":"hi"',
    );
    expect(started[1]).toContain('"collection":"c","comment":"hi"');
    expect(ops.run(op('{"name": "iterateOnce", "object": "cs"}'), entities)).toBeUndefined();
  });

  it('resumes after a network error on getMore with resumeAfter the cached token', () => {
    const { ops, entities, events, admin } = setup();
    ops.run(
      op(
        '{"name": "createChangeStream", "object": "coll", "arguments": {"pipeline": [], "batchSize": 1}, "saveResultAsEntity": "cs"}',
      ),
      entities,
    );
    admin.db('db').collection('c').insertOne(parseEJSONDoc('{"_id": 1}'));
    admin.db('db').collection('c').insertOne(parseEJSONDoc('{"_id": 2}'));
    admin
      .db('admin')
      .runCommand(
        parseEJSONDoc(
          '{"configureFailPoint": "failCommand", "mode": {"times": 1}, "data": {"failCommands": ["getMore"], "closeConnection": true}}',
        ),
      );
    const first = ops.run(op('{"name": "iterateUntilDocumentOrError", "object": "cs"}'), entities) as Doc;
    const second = ops.run(op('{"name": "iterateUntilDocumentOrError", "object": "cs"}'), entities) as Doc;
    expect(
      [first, second].map((d) => stringifyEJSON((d.get('documentKey') as Doc).get('_id')!, { relaxed: true })),
    ).toEqual(['1', '2']);
    const names = events.filter((e) => e.kind === 'started').map((e) => e.commandName);
    expect(names).toEqual(['aggregate', 'getMore', 'aggregate', 'getMore']);
    const resume = events.filter((e) => e.kind === 'started')[2]!.command!;
    expect(stringifyEJSON(resume, { relaxed: true })).toMatch(
      /"\$changeStream":\{"resumeAfter":\{"_data":"82[0-9A-F]+"\}\}/,
    );
  });
});
