// Written from source/crud/tests/unified/findOneAndUpdate-hint.json: `hint` as a name and as a key pattern.
import { command, data, entities, op, started, test, type J, type PortedFile } from '../support.js';

const coll = 'findOneAndUpdate_hint';
const withHint = (description: string, hint: J) =>
  test(
    description,
    [
      op(
        'findOneAndUpdate',
        { filter: { _id: 1 }, update: { $inc: { x: 1 } }, hint },
        { expectResult: { _id: 1, x: 11 } },
      ),
    ],
    {
      expectEvents: started(
        command('findAndModify', { findAndModify: coll, query: { _id: 1 }, update: { $inc: { x: 1 } }, hint }),
      ),
      outcome: [
        data('crud-v2', coll, [
          { _id: 1, x: 12 },
          { _id: 2, x: 22 },
        ]),
      ],
    },
  );

export const findOneAndUpdateHint: PortedFile = {
  source: 'crud/tests/unified/findOneAndUpdate-hint.json',
  description: 'findOneAndUpdate-hint',
  runOnRequirements: [{ minServerVersion: '4.3.1' }],
  createEntities: entities({ db: 'crud-v2', coll }),
  initialData: [
    data('crud-v2', coll, [
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
    ]),
  ],
  tests: [
    withHint('FindOneAndUpdate with hint string', '_id_'),
    withHint('FindOneAndUpdate with hint document', { _id: 1 }),
  ],
};
