// Written from source/transactions/tests/unified/findOneAndDelete.json: findOneAndDelete (a match and
// a miss) in a transaction; a collection's write concern is ignored inside it.
import { command, data, op, startedEvent, test, type J, type PortedFile } from '../support.js';
import { commitStarted, inTxn, majorityCollection, TXN_DB, txnEntities, txnRequirements } from './txn-support.js';

const noReadConcern = { readConcern: { $$exists: false } };
const deleted = (id: number, first: boolean): J =>
  startedEvent(
    command(
      'findAndModify',
      { findAndModify: 'test', query: { _id: id }, remove: true, ...inTxn(first), ...noReadConcern },
      TXN_DB,
    ),
  );
const deleteThree = (coll: string) =>
  op('findOneAndDelete', { session: 'session0', filter: { _id: 3 } }, { expectResult: { _id: 3 } }, coll);

export const transactionsFindOneAndDelete: PortedFile = {
  source: 'transactions/tests/unified/findOneAndDelete.json',
  description: 'findOneAndDelete',
  schemaVersion: '1.9',
  runOnRequirements: txnRequirements,
  createEntities: txnEntities,
  initialData: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }, { _id: 3 }])],
  tests: [
    test(
      'findOneAndDelete',
      [
        op('startTransaction', {}, {}, 'session0'),
        deleteThree('collection0'),
        op('findOneAndDelete', { session: 'session0', filter: { _id: 4 } }),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      {
        expectEvents: [
          { client: 'client0', events: [deleted(3, true), deleted(4, false), commitStarted(undefined, noReadConcern)] },
        ],
        outcome: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }])],
      },
    ),
    test(
      'collection writeConcern ignored for findOneAndDelete',
      [
        majorityCollection('collection_wc_majority'),
        op('startTransaction', { writeConcern: { w: 'majority' } }, {}, 'session0'),
        deleteThree('collection_wc_majority'),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      {
        expectEvents: [
          { client: 'client0', events: [deleted(3, true), commitStarted({ w: 'majority' }, noReadConcern)] },
        ],
      },
    ),
  ],
};
