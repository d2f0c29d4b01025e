// Written from source/command-logging-and-monitoring/tests/monitoring/updateOne.json: the update
// command updateOne sends and the server's reply (n, upserted, writeErrors) in the succeeded event.
import { command, data, op, startedEvent, succeededEvent, test, unsetOr, type J, type PortedFile } from '../support.js';

const db = 'command-monitoring-tests';
const sent = (q: J, u: J, upsert: J) =>
  startedEvent(
    command('update', { update: 'test', updates: [{ q, u, upsert, multi: unsetOr(false) }], ordered: true }, db),
  );
const onClient = (...events: J[]): J[] => [{ client: 'client', events }];
const updateOne = (args: { [key: string]: J }, expect: { [key: string]: J } = {}) =>
  op('updateOne', args, expect, 'collection');

export const monitoringUpdateOne: PortedFile = {
  source: 'command-logging-and-monitoring/tests/monitoring/updateOne.json',
  description: 'updateOne',
  createEntities: [
    {
      client: {
        id: 'client',
        observeEvents: ['commandStartedEvent', 'commandSucceededEvent', 'commandFailedEvent'],
      },
    },
    { database: { id: 'database', client: 'client', databaseName: db } },
    { collection: { id: 'collection', database: 'database', collectionName: 'test' } },
  ],
  initialData: [
    data(db, 'test', [
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
      { _id: 3, x: 33 },
    ]),
  ],
  tests: [
    test('A successful updateOne', [updateOne({ filter: { _id: { $gt: 1 } }, update: { $inc: { x: 1 } } })], {
      expectEvents: onClient(
        sent({ _id: { $gt: 1 } }, { $inc: { x: 1 } }, unsetOr(false)),
        succeededEvent('update', { ok: 1, n: 1 }),
      ),
    }),
    test(
      'A successful updateOne with upsert where the upserted id is not an ObjectId',
      [updateOne({ filter: { _id: 4 }, update: { $inc: { x: 1 } }, upsert: true })],
      {
        expectEvents: onClient(
          sent({ _id: 4 }, { $inc: { x: 1 } }, true),
          succeededEvent('update', { ok: 1, n: 1, upserted: [{ index: 0, _id: 4 }] }),
        ),
      },
    ),
    test(
      'A successful updateOne with write errors',
      [
        updateOne(
          { filter: { _id: { $gt: 1 } }, update: { $unsupported: { x: 1 } } },
          { expectError: { isClientError: false } },
        ),
      ],
      {
        // an unknown operator is a write error inside an ok: 1 reply
        expectEvents: onClient(
          sent({ _id: { $gt: 1 } }, { $unsupported: { x: 1 } }, unsetOr(false)),
          succeededEvent('update', { ok: 1, n: 0, writeErrors: { $$type: 'array' } }),
        ),
      },
    ),
  ],
};
