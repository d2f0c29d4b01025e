// Written from source/crud/tests/unified/findOneAndDelete.json and findOneAndDelete-collation.json:
// the deleted document, sorted and projected, and what remains.
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';

const deletes = (filter: J, expectResult: J, extra: { [key: string]: J } = {}) =>
  op('findOneAndDelete', { filter, projection: { x: 1, _id: 0 }, sort: { x: 1 }, ...extra }, { expectResult });
const remaining = (...rows: [number, J][]) => [data('crud-v1', 'coll', xs(...rows))];

export const findOneAndDelete: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete.json',
  description: 'findOneAndDelete',
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [data('crud-v1', 'coll', xs([1, 11], [2, 22], [3, 33]))],
  tests: [
    test('FindOneAndDelete when many documents match', [deletes({ _id: { $gt: 1 } }, { x: 22 })], {
      outcome: remaining([1, 11], [3, 33]),
    }),
    test('FindOneAndDelete when one document matches', [deletes({ _id: 2 }, { x: 22 })], {
      outcome: remaining([1, 11], [3, 33]),
    }),
    test('FindOneAndDelete when no documents match', [deletes({ _id: 4 }, null)], {
      outcome: remaining([1, 11], [2, 22], [3, 33]),
    }),
  ],
};

export const findOneAndDeleteCollation: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-collation.json',
  description: 'findOneAndDelete-collation',
  schemaVersion: '1.4',
  runOnRequirements: [{ minServerVersion: '3.4', serverless: 'forbid' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [data('crud-v1', 'coll', xs([1, 11], [2, 'ping'], [3, 'pINg']))],
  tests: [
    test(
      'FindOneAndDelete when one document matches with collation',
      [deletes({ _id: 2, x: 'PING' }, { x: 'ping' }, { collation: { locale: 'en_US', strength: 2 } })],
      { outcome: remaining([1, 11], [3, 'pINg']) },
    ),
  ],
};
