// Written from source/transactions/tests/unified/findOneAndReplace.json: findOneAndReplace (before,
// and upserting after) in a transaction; a collection's write concern is ignored inside it.
import { command, data, op, startedEvent, test, unsetOr, type PortedFile } from '../support.js';
import { commitStarted, inTxn, majorityCollection, TXN_DB, txnEntities, txnRequirements } from './txn-support.js';

const noReadConcern = { readConcern: { $$exists: false } };
const replaceThreeBefore = (coll: string) =>
  op(
    'findOneAndReplace',
    { session: 'session0', filter: { _id: 3 }, replacement: { x: 1 }, returnDocument: 'Before' },
    {
      expectResult: { _id: 3 },
    },
    coll,
  );
const replaceThreeSent = startedEvent(
  command(
    'findAndModify',
    {
      findAndModify: 'test',
      query: { _id: 3 },
      update: { x: 1 },
      new: unsetOr(false),
      ...inTxn(true),
      ...noReadConcern,
    },
    TXN_DB,
  ),
);

export const transactionsFindOneAndReplace: PortedFile = {
  source: 'transactions/tests/unified/findOneAndReplace.json',
  description: 'findOneAndReplace',
  schemaVersion: '1.9',
  runOnRequirements: txnRequirements,
  createEntities: txnEntities,
  initialData: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }, { _id: 3 }])],
  tests: [
    test(
      'findOneAndReplace',
      [
        op('startTransaction', {}, {}, 'session0'),
        replaceThreeBefore('collection0'),
        op(
          'findOneAndReplace',
          { session: 'session0', filter: { _id: 4 }, replacement: { x: 1 }, upsert: true, returnDocument: 'After' },
          { expectResult: { _id: 4, x: 1 } },
        ),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      {
        expectEvents: [
          {
            client: 'client0',
            events: [
              replaceThreeSent,
              startedEvent(
                command(
                  'findAndModify',
                  {
                    findAndModify: 'test',
                    query: { _id: 4 },
                    update: { x: 1 },
                    new: true,
                    upsert: true,
                    ...inTxn(false),
                    ...noReadConcern,
                  },
                  TXN_DB,
                ),
              ),
              commitStarted(undefined, noReadConcern),
            ],
          },
        ],
        outcome: [data(TXN_DB, 'test', [{ _id: 1 }, { _id: 2 }, { _id: 3, x: 1 }, { _id: 4, x: 1 }])],
      },
    ),
    test(
      'collection writeConcern ignored for findOneAndReplace',
      [
        majorityCollection('collection_wc_majority'),
        op('startTransaction', { writeConcern: { w: 'majority' } }, {}, 'session0'),
        replaceThreeBefore('collection_wc_majority'),
        op('commitTransaction', {}, {}, 'session0'),
      ],
      {
        expectEvents: [
          { client: 'client0', events: [replaceThreeSent, commitStarted({ w: 'majority' }, noReadConcern)] },
        ],
      },
    ),
  ],
};
