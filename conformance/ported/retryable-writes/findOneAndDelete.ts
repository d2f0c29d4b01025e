// Written from source/retryable-writes/tests/unified/findOneAndDelete.json: a findOneAndDelete retried
// once with the same txnNumber after a failed attempt (onPrimaryTransactionalWrite fail point).
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';

const DB = 'retryable-writes-tests';
const onPrimaryWrite = (times: number, failBeforeCommit: boolean): J =>
  op(
    'failPoint',
    {
      client: 'client0',
      failPoint: {
        configureFailPoint: 'onPrimaryTransactionalWrite',
        mode: { times },
        ...(failBeforeCommit ? { data: { failBeforeCommitExceptionCode: 1 } } : {}),
      },
    },
    {},
    'testRunner',
  );
const deleteFirst = (expect: { [key: string]: J }) =>
  op('findOneAndDelete', { filter: { x: { $gte: 11 } }, sort: { x: 1 } }, expect);
const attempt: J = {
  commandStartedEvent: { commandName: 'findAndModify', command: { txnNumber: { $$exists: true } } },
};

export const retryableFindOneAndDelete: PortedFile = {
  source: 'retryable-writes/tests/unified/findOneAndDelete.json',
  description: 'findOneAndDelete',
  runOnRequirements: [{ minServerVersion: '3.6', topologies: ['replicaset'] }],
  createEntities: [
    { client: { id: 'client0', useMultipleMongoses: false, observeEvents: ['commandStartedEvent'] } },
    ...entities({ db: DB, coll: 'coll' }).slice(1),
  ],
  initialData: [data(DB, 'coll', xs([1, 11], [2, 22]))],
  tests: [
    test(
      'FindOneAndDelete is committed on first attempt',
      [onPrimaryWrite(1, false), deleteFirst({ expectResult: { _id: 1, x: 11 } })],
      {
        outcome: [data(DB, 'coll', xs([2, 22]))],
        // the retry carries a txnNumber too
        expectEvents: [{ client: 'client0', events: [attempt, attempt] }],
      },
    ),
    test(
      'FindOneAndDelete is not committed on first attempt',
      [onPrimaryWrite(1, true), deleteFirst({ expectResult: { _id: 1, x: 11 } })],
      { outcome: [data(DB, 'coll', xs([2, 22]))] },
    ),
    test(
      'FindOneAndDelete is never committed',
      [onPrimaryWrite(2, true), deleteFirst({ expectError: { isError: true } })],
      { outcome: [data(DB, 'coll', xs([1, 11], [2, 22]))] },
    ),
  ],
};
