// Written from source/crud/tests/unified/client-bulkWrite-ordered.json: `ordered` is sent as given and defaults to true.
import { command, data, entities, op, started, test, type J, type PortedFile } from '../support.js';
import { insertOne, NS, since80, verbose } from './client-bulk-results.js';

const inserts = (description: string, ordered: boolean | undefined) =>
  test(
    description,
    [
      op(
        'clientBulkWrite',
        { models: [insertOne({ _id: 1, x: 11 })], verboseResults: true, ...(ordered === undefined ? {} : { ordered }) },
        { expectResult: verbose({ inserted: 1 }, { insertResults: { '0': { insertedId: 1 } } }) },
        'client0',
      ),
    ],
    {
      expectEvents: started(
        command(
          'bulkWrite',
          {
            bulkWrite: 1,
            errorsOnly: false,
            ordered: ordered ?? true,
            ops: [{ insert: 0, document: { _id: 1, x: 11 } }],
            nsInfo: [{ ns: NS }],
          } as { [key: string]: J },
          'admin',
        ),
      ),
      outcome: [data('crud-tests', 'coll0', [{ _id: 1, x: 11 }])],
    },
  );

export const clientBulkWriteOrdered: PortedFile = {
  source: 'crud/tests/unified/client-bulkWrite-ordered.json',
  description: 'client bulkWrite with ordered option',
  schemaVersion: '1.4',
  runOnRequirements: since80,
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', [])],
  tests: [
    inserts('client bulkWrite with ordered: false', false),
    inserts('client bulkWrite with ordered: true', true),
    inserts('client bulkWrite defaults to ordered: true', undefined),
  ],
};
