// Written from source/crud/tests/unified/bulkWrite-updateMany-let.json: bulkWrite's `let` reaches a $expr filter.
import { command, data, entities, op, started, test, unsetOr, type PortedFile } from '../support.js';

const filter = { $expr: { $eq: ['$_id', '$$id'] } };
const update = [{ $set: { x: 21 } }];
const letVars = { id: 1 };
const requests = [{ updateMany: { filter, update } }];
const sent = command('update', {
  update: 'coll0',
  updates: [{ q: filter, u: update, multi: true, upsert: unsetOr(false) }],
  let: letVars,
});

export const bulkWriteUpdateManyLet: PortedFile = {
  source: 'crud/tests/unified/bulkWrite-updateMany-let.json',
  description: 'BulkWrite updateMany-let',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [
    data('crud-tests', 'coll0', [
      { _id: 1, x: 20 },
      { _id: 2, x: 21 },
    ]),
  ],
  tests: [
    test('BulkWrite updateMany with let option', [op('bulkWrite', { requests, let: letVars })], {
      runOnRequirements: [{ minServerVersion: '5.0' }],
      expectEvents: started(sent),
      outcome: [
        data('crud-tests', 'coll0', [
          { _id: 1, x: 21 },
          { _id: 2, x: 21 },
        ]),
      ],
    }),
    test(
      'BulkWrite updateMany with let option unsupported (server-side error)',
      [
        op(
          'bulkWrite',
          { requests, let: letVars },
          { expectError: { errorContains: "'update.let' is an unknown field", isClientError: false } },
        ),
      ],
      {
        runOnRequirements: [{ minServerVersion: '4.2.0', maxServerVersion: '4.9' }],
        expectEvents: started(sent),
        outcome: [
          data('crud-tests', 'coll0', [
            { _id: 1, x: 20 },
            { _id: 2, x: 21 },
          ]),
        ],
      },
    ),
  ],
};
