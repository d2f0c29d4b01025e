// Written from source/crud/tests/unified/updateMany-pipeline.json: a pipeline update sent as `u: [...]`, multi.
import { command, data, entities, op, started, test, unsetOr, updateResult, type PortedFile } from '../support.js';

const pipeline = [{ $project: { x: 1 } }, { $addFields: { foo: 1 } }];

export const updateManyPipeline: PortedFile = {
  source: 'crud/tests/unified/updateMany-pipeline.json',
  description: 'updateMany-pipeline',
  runOnRequirements: [{ minServerVersion: '4.1.11' }],
  createEntities: entities({ db: 'crud-tests', coll: 'test' }),
  initialData: [
    data('crud-tests', 'test', [
      { _id: 1, x: 1, y: 1, t: { u: { v: 1 } } },
      { _id: 2, x: 2, y: 1 },
    ]),
  ],
  tests: [
    test(
      'UpdateMany using pipelines',
      [op('updateMany', { filter: {}, update: pipeline }, { expectResult: updateResult(2, 2) })],
      {
        expectEvents: started(
          command(
            'update',
            { update: 'test', updates: [{ q: {}, u: pipeline, multi: true, upsert: unsetOr(false) }] },
            'crud-tests',
          ),
        ),
        outcome: [
          data('crud-tests', 'test', [
            { _id: 1, x: 1, foo: 1 },
            { _id: 2, x: 2, foo: 1 },
          ]),
        ],
      },
    ),
  ],
};
