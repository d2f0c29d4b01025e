/** The transactions specification's usual entities and the fields every command in a transaction carries. */
import { type J } from '../support.js';

export const TXN_DB = 'transaction-tests';

export const txnRequirements: J[] = [
  { minServerVersion: '4.0', topologies: ['replicaset'] },
  { minServerVersion: '4.1.8', topologies: ['sharded', 'load-balanced'] },
];

export const txnEntities: J[] = [
  { client: { id: 'client0', useMultipleMongoses: false, observeEvents: ['commandStartedEvent'] } },
  { database: { id: 'database0', client: 'client0', databaseName: TXN_DB } },
  { collection: { id: 'collection0', database: 'database0', collectionName: 'test' } },
  { session: { id: 'session0', client: 'client0' } },
];

/** A collection entity `id` on the same collection with a majority write concern, which a transaction ignores. */
export const majorityCollection = (id: string): J => ({
  object: 'testRunner',
  name: 'createEntities',
  arguments: {
    entities: [
      {
        collection: {
          id,
          database: 'database0',
          collectionName: 'test',
          collectionOptions: { writeConcern: { w: 'majority' } },
        },
      },
    ],
  },
});

/** The session fields of the first (`first`) or a later statement of transaction 1. */
export function inTxn(first: boolean): { [key: string]: J } {
  return {
    lsid: { $$sessionLsid: 'session0' },
    txnNumber: { $numberLong: '1' },
    startTransaction: first ? true : { $$exists: false },
    autocommit: false,
    writeConcern: { $$exists: false },
  };
}

export function commitStarted(writeConcern: J = { $$exists: false }, extra: { [key: string]: J } = {}): J {
  return {
    commandStartedEvent: {
      command: { commitTransaction: 1, ...inTxn(false), ...extra, writeConcern },
      commandName: 'commitTransaction',
      databaseName: 'admin',
    },
  };
}
