// Written from source/crud/tests/unified/findOneAndReplace-upsert.json: an upserting replacement with
// and without `_id`, returning nothing before or the projected document after.
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';

const after = [data('crud-v1', 'coll', xs([1, 11], [2, 22], [3, 33], [4, 44]))];
const upserts = (description: string, replacement: J, returnAfter: boolean) =>
  test(
    description,
    [
      op(
        'findOneAndReplace',
        {
          filter: { _id: 4 },
          replacement,
          projection: { x: 1, _id: 0 },
          ...(returnAfter ? { returnDocument: 'After', sort: { x: 1 } } : {}),
          upsert: true,
        },
        { expectResult: returnAfter ? { x: 44 } : null },
      ),
    ],
    { outcome: after },
  );

export const findOneAndReplaceUpsert: PortedFile = {
  source: 'crud/tests/unified/findOneAndReplace-upsert.json',
  description: 'findOneAndReplace-upsert',
  runOnRequirements: [{ minServerVersion: '2.6' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [data('crud-v1', 'coll', xs([1, 11], [2, 22], [3, 33]))],
  tests: [
    upserts(
      'FindOneAndReplace when no documents match without id specified with upsert returning the document before modification',
      { x: 44 },
      false,
    ),
    upserts(
      'FindOneAndReplace when no documents match without id specified with upsert returning the document after modification',
      { x: 44 },
      true,
    ),
    upserts(
      'FindOneAndReplace when no documents match with id specified with upsert returning the document before modification',
      { _id: 4, x: 44 },
      false,
    ),
    upserts(
      'FindOneAndReplace when no documents match with id specified with upsert returning the document after modification',
      { _id: 4, x: 44 },
      true,
    ),
  ],
};
