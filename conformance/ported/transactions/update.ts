// Written from source/transactions/tests/unified/update.json: updateOne (upsert), replaceOne and
// updateMany in one transaction; the session fields on each command; a collection's write concern ignored.
import { command, data, op, startedEvent, test, unsetOr, updateResult, type J, type PortedFile } from '../support.js';
import { commitStarted, inTxn, majorityCollection, TXN_DB, txnEntities, txnRequirements } from './txn-support.js';

const writes = (coll: string): J[] => [
  op(
    'updateOne',
    { session: 'session0', filter: { _id: 4 }, update: { $inc: { x: 1 } }, upsert: true },
    {
      expectResult: updateResult(0, 0, 1, 4),
    },
    coll,
  ),
  op(
    'replaceOne',
    { session: 'session0', filter: { x: 1 }, replacement: { y: 1 } },
    { expectResult: updateResult(1, 1) },
    coll,
  ),
  op(
    'updateMany',
    { session: 'session0', filter: { _id: { $gte: 3 } }, update: { $set: { z: 1 } } },
    {
      expectResult: updateResult(2, 2),
    },
    coll,
  ),
];
const updatesSent: J[] = [
  startedEvent(
    command(
      'update',
      {
        update: 'test',
        updates: [{ q: { _id: 4 }, u: { $inc: { x: 1 } }, upsert: true, multi: unsetOr(false) }],
        ordered: true,
        readConcern: { $$exists: false },
        ...inTxn(true),
      },
      TXN_DB,
    ),
  ),
  startedEvent(
    command(
      'update',
      {
        update: 'test',
        updates: [{ q: { x: 1 }, u: { y: 1 }, multi: unsetOr(false), upsert: unsetOr(false) }],
        ordered: true,
        ...inTxn(false),
      },
      TXN_DB,
    ),
  ),
  startedEvent(
    command(
      'update',
      {
        update: 'test',
        updates: [{ q: { _id: { $gte: 3 } }, u: { $set: { z: 1 } }, multi: true, upsert: unsetOr(false) }],
        ordered: true,
        ...inTxn(false),
      },
      TXN_DB,
    ),
  ),
];

export const transactionsUpdate: PortedFile = {
  source: 'transactions/tests/unified/update.json',
  description: 'update',
  schemaVersion: '1.9',
  runOnRequirements: txnRequirements,
  createEntities: txnEntities,
  initialData: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }, { _id: 3 }])],
  tests: [
    test(
      'update',
      [
        op('startTransaction', {}, {}, 'session0'),
        ...writes('collection0'),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      {
        expectEvents: [{ client: 'client0', events: [...updatesSent, commitStarted()] }],
        outcome: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }, { _id: 3, z: 1 }, { _id: 4, y: 1, z: 1 }])],
      },
    ),
    test(
      'collections writeConcern ignored for update',
      [
        majorityCollection('collection1'),
        op('startTransaction', { writeConcern: { w: 'majority' } }, {}, 'session0'),
        ...writes('collection1'),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      { expectEvents: [{ client: 'client0', events: [...updatesSent, commitStarted({ w: 'majority' })] }] },
    ),
  ],
};
