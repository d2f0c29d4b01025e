// Written from source/crud/tests/unified/updateMany-collation.json: a strength-2 collation matches case-insensitively.
import { data, entities, op, test, updateResult, type PortedFile } from '../support.js';

export const updateManyCollation: PortedFile = {
  source: 'crud/tests/unified/updateMany-collation.json',
  description: 'updateMany-collation',
  schemaVersion: '1.4',
  runOnRequirements: [{ minServerVersion: '3.4', serverless: 'forbid' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [
    data('crud-v1', 'coll', [
      { _id: 1, x: 11 },
      { _id: 2, x: 'ping' },
      { _id: 3, x: 'pINg' },
    ]),
  ],
  tests: [
    test(
      'UpdateMany when many documents match with collation',
      [
        op(
          'updateMany',
          { filter: { x: 'ping' }, update: { $set: { x: 'pong' } }, collation: { locale: 'en_US', strength: 2 } },
          { expectResult: updateResult(2, 2) },
        ),
      ],
      {
        outcome: [
          data('crud-v1', 'coll', [
            { _id: 1, x: 11 },
            { _id: 2, x: 'pong' },
            { _id: 3, x: 'pong' },
          ]),
        ],
      },
    ),
  ],
};
