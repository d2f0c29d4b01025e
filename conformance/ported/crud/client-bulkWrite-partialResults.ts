// Written from source/crud/tests/unified/client-bulkWrite-partialResults.json: a client bulk write
// error carries a partial result only when some write is known to have succeeded (bulk-write.md).
import { data, entities, op, test, type J, type PortedFile } from '../support.js';
import { insertOne, NO_PARTIAL_RESULT, since80, summary, verbose } from './client-bulk-results.js';

const existing = insertOne({ _id: 1, x: 11 });
const fresh = insertOne({ _id: 2, x: 22 });

const fails = (description: string, models: J[], options: { [key: string]: J }, expectResult: J) =>
  test(description, [op('clientBulkWrite', { models, ...options }, { expectError: { expectResult } }, 'client0')]);
/** The partial result of one insert of `_id: 2` at `index`. */
const oneInserted = (isVerbose: boolean, index: number): J =>
  isVerbose
    ? verbose({ inserted: 1 }, { insertResults: { [String(index)]: { insertedId: 2 } } })
    : summary({ inserted: 1 });

const cases: J[] = [];
for (const [mode, isVerbose] of [
  ['verbose', true],
  ['summary', false],
] as const) {
  cases.push(
    fails(
      `partialResult is unset when first operation fails during an ordered bulk write (${mode})`,
      [existing, fresh],
      { ordered: true, verboseResults: isVerbose },
      NO_PARTIAL_RESULT,
    ),
  );
}
for (const [mode, isVerbose] of [
  ['verbose', true],
  ['summary', false],
] as const) {
  cases.push(
    fails(
      `partialResult is set when second operation fails during an ordered bulk write (${mode})`,
      [fresh, existing],
      { ordered: true, verboseResults: isVerbose },
      oneInserted(isVerbose, 0),
    ),
  );
}
cases.push(
  fails(
    'partialResult is unset when all operations fail during an unordered bulk write',
    [existing, existing],
    { ordered: false },
    NO_PARTIAL_RESULT,
  ),
);
for (const [which, models, index] of [
  ['first', [existing, fresh], 1],
  ['second', [fresh, existing], 0],
] as const) {
  for (const [mode, isVerbose] of [
    ['verbose', true],
    ['summary', false],
  ] as const) {
    cases.push(
      fails(
        `partialResult is set when ${which} operation fails during an unordered bulk write (${mode})`,
        [...models],
        { ordered: false, verboseResults: isVerbose },
        oneInserted(isVerbose, index),
      ),
    );
  }
}

export const clientBulkWritePartialResults: PortedFile = {
  source: 'crud/tests/unified/client-bulkWrite-partialResults.json',
  description: 'client bulkWrite partial results',
  schemaVersion: '1.4',
  runOnRequirements: since80,
  createEntities: entities({ db: 'crud-tests', coll: 'coll0', observe: [] }),
  initialData: [data('crud-tests', 'coll0', [{ _id: 1, x: 11 }])],
  tests: cases,
};
