// Written from source/crud/tests/unified/findOneAndReplace-let.json: findAndModify's `let` reaches a $expr query.
import { command, data, entities, op, started, test, type PortedFile } from '../support.js';

const filter = { $expr: { $eq: ['$_id', '$$id'] } };
const args = { filter, replacement: { x: 'x' }, let: { id: 1 } };
const sent = command('findAndModify', { findAndModify: 'coll0', query: filter, update: { x: 'x' }, let: { id: 1 } });

export const findOneAndReplaceLet: PortedFile = {
  source: 'crud/tests/unified/findOneAndReplace-let.json',
  description: 'findOneAndReplace-let',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
  tests: [
    test('findOneAndReplace with let option', [op('findOneAndReplace', args, { expectResult: { _id: 1 } })], {
      runOnRequirements: [{ minServerVersion: '5.0' }],
      expectEvents: started(sent),
      outcome: [data('crud-tests', 'coll0', [{ _id: 1, x: 'x' }, { _id: 2 }])],
    }),
    test(
      'findOneAndReplace with let option unsupported (server-side error)',
      [
        op('findOneAndReplace', args, {
          expectError: { errorContains: "field 'let' is an unknown field", isClientError: false },
        }),
      ],
      {
        runOnRequirements: [{ minServerVersion: '4.2.0', maxServerVersion: '4.4.99' }],
        expectEvents: started(sent),
        outcome: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
      },
    ),
  ],
};
