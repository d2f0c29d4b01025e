/**
 * The `errInfo` a collection validator's refusal carries, seen as a user sees it: the write error
 * of an `insert` (code 121), and the same for an `update` that writes the document (a
 * replacement of `{_id: 1}` stored with `bypassDocumentValidation`) and for `findAndModify`.
 * The three must agree; the insert's `errInfo` is returned as canonical Extended JSON.
 */
import { expect } from 'vitest';
import { parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import { Int32, isDoc, type Doc, type Value } from '../../bson/values.js';
import { canon, testEngine } from '../../commands/testing.js';

const engine = testEngine({ topology: 'standalone' });
let counter = 0;

function run(command: [string, Value][]): Doc {
  return engine.runCommand('t', new Map<string, Value>(command));
}

function writeErrInfo(reply: Doc): string {
  const error = (reply.get('writeErrors') as Value[] | undefined)?.[0];
  if (!isDoc(error)) throw new Error(`not refused: ${stringifyEJSON(reply)}`);
  expect(Number(error.get('code'))).toBe(121);
  // An update's per-document error carries the executor's context (8.0).
  expect(String(error.get('errmsg'))).toMatch(
    /^(Plan executor error during update :: caused by :: )?Document failed validation$/,
  );
  return stringifyEJSON(error.get('errInfo') as Doc);
}

/**
 * The `errInfo` of inserting `doc` (given `_id: 1` after its fields when it has none, as the C++
 * tests do) into a new collection with `validator`. With `viaUpdates` (default true) an update and
 * a findAndModify replacing `{_id: 1}` by the same fields must report the same `errInfo` (only
 * when `doc` has no `_id`: a replacement keeps `_id` first).
 */
export function validationErrInfo(
  validator: string,
  doc: string,
  options: { viaUpdates?: boolean; collation?: string } = {},
): string {
  const name = `v${++counter}`;
  const create: [string, Value][] = [
    ['create', name],
    ['validator', parseEJSONDoc(validator)],
  ];
  if (options.collation) create.push(['collation', parseEJSONDoc(options.collation)]);
  const created = run(create);
  if (created.get('ok') !== 1 && Number(created.get('ok')) !== 1)
    throw new Error(`create failed: ${stringifyEJSON(created)}`);
  const parsed = parseEJSONDoc(doc);
  const hasId = parsed.has('_id');
  const stored = hasId ? parsed : new Map<string, Value>([...parsed, ['_id', new Int32(1)]]);
  const inserted = writeErrInfo(
    run([
      ['insert', name],
      ['documents', [stored]],
    ]),
  );
  if (options.viaUpdates !== false && !hasId) {
    // A replacement keeps `_id` first: the update paths must report what inserting that document does.
    const idFirst = new Map<string, Value>([['_id', new Int32(1)], ...parsed]);
    const expectedForUpdate = writeErrInfo(
      run([
        ['insert', name],
        ['documents', [idFirst]],
      ]),
    );
    run([
      ['insert', name],
      ['documents', [new Map([['_id', new Int32(1)]])]],
      ['bypassDocumentValidation', true],
    ]);
    const updated = writeErrInfo(
      run([
        ['update', name],
        [
          'updates',
          [
            new Map<string, Value>([
              ['q', new Map([['_id', new Int32(1)]])],
              ['u', parsed],
            ]),
          ],
        ],
      ]),
    );
    expect(updated).toBe(expectedForUpdate);
    const fam = run([
      ['findAndModify', name],
      ['query', new Map([['_id', new Int32(1)]])],
      ['update', parsed],
    ]);
    expect(Number(fam.get('code'))).toBe(121);
    expect(stringifyEJSON(fam.get('errInfo') as Doc)).toBe(expectedForUpdate);
  }
  return inserted;
}

/** The expected `errInfo` for a document whose `_id` is 1. */
export function expectedErrInfo(details: string, id = '1'): string {
  return canon(`{"failingDocumentId":${id},"details":${details}}`);
}
