/**
 * The command documents the shell helpers send, built as the Node driver (which mongosh uses)
 * builds them: field order and presence follow the driver (an option that is absent, or falsy where
 * the driver tests `if (options.x)`, is left out; booleans the driver tests with `typeof` are sent
 * even when false, e.g. `bypassDocumentValidation: false`). Session, transaction, write concern and
 * API fields are added later by the client (ShellClient.send).
 */
import { returnsNewDocument } from './find-and-modify-options.js';
import type { Doc, Value } from '../bson/values.js';
import { boolOpt, build, indexName, int, opt, truthyOpt } from './api-support.js';

/** One `updates[]` statement (driver's makeUpdateStatement): `multi` only when true. */
export function updateStatement(filter: Doc, update: Value, options: Doc | undefined, multi: boolean): Doc {
  return build([
    ['q', filter],
    ['u', update],
    ['upsert', boolOpt(options, 'upsert')],
    ['multi', multi ? true : undefined],
    ['hint', truthyOpt(options, 'hint')],
    ['arrayFilters', truthyOpt(options, 'arrayFilters')],
    ['collation', truthyOpt(options, 'collation')],
    ['sort', truthyOpt(options, 'sort')],
  ]);
}

export function updateCommand(collection: string, statements: Doc[], options: Doc | undefined): Doc {
  return build([
    ['update', collection],
    ['updates', statements],
    ['ordered', boolOpt(options, 'ordered') ?? true],
    ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
}

/** One `deletes[]` statement: `limit` 1 for deleteOne, 0 for deleteMany. */
export function deleteStatement(filter: Doc, options: Doc | undefined, many: boolean): Doc {
  return build([
    ['q', filter],
    ['limit', int(many ? 0 : 1)],
    ['collation', truthyOpt(options, 'collation')],
    ['hint', truthyOpt(options, 'hint')],
  ]);
}

export function deleteCommand(collection: string, statements: Doc[], options: Doc | undefined): Doc {
  return build([
    ['delete', collection],
    ['deletes', statements],
    ['ordered', boolOpt(options, 'ordered') ?? true],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
}

export function insertCommand(collection: string, documents: Doc[], options: Doc | undefined): Doc {
  return build([
    ['insert', collection],
    ['documents', documents],
    ['ordered', boolOpt(options, 'ordered') ?? true],
    ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
}

/** `returnDocument` ('before' | 'after'), or mongosh's `returnNewDocument` / legacy `returnOriginal`. */
/** findAndModify as the driver builds it: `remove`, `new`, `upsert` always present. */
export function findAndModifyCommand(
  collection: string,
  kind: 'update' | 'replace' | 'delete',
  filter: Doc,
  update: Value | undefined,
  options: Doc | undefined,
): Doc {
  const returnNew = kind === 'delete' ? false : returnsNewDocument(options);
  return build([
    ['findAndModify', collection],
    ['query', filter],
    ['remove', kind === 'delete'],
    ['new', returnNew],
    ['upsert', kind === 'delete' ? false : boolOpt(options, 'upsert') === true],
    ['sort', truthyOpt(options, 'sort')],
    ['fields', truthyOpt(options, 'projection')],
    ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ['update', kind === 'delete' ? undefined : update],
    ['bypassDocumentValidation', kind === 'delete' ? undefined : boolOpt(options, 'bypassDocumentValidation')],
    ['arrayFilters', kind === 'update' ? truthyOpt(options, 'arrayFilters') : undefined],
    ['collation', truthyOpt(options, 'collation')],
    ['hint', truthyOpt(options, 'hint')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
}

export function findCommand(collection: string, filter: Doc, options: Doc | undefined): Doc {
  return build([
    ['find', collection],
    ['filter', filter],
    ['sort', truthyOpt(options, 'sort')],
    ['projection', truthyOpt(options, 'projection')],
    ['hint', truthyOpt(options, 'hint')],
    ['skip', truthyOpt(options, 'skip')],
    ['limit', truthyOpt(options, 'limit')],
    ['batchSize', truthyOpt(options, 'batchSize')],
    ['singleBatch', boolOpt(options, 'singleBatch')],
    ['comment', opt(options, 'comment')],
    ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ['collation', truthyOpt(options, 'collation')],
    ['let', truthyOpt(options, 'let')],
  ]);
}

export function aggregateCommand(collection: string | Value, pipeline: Value[], options: Doc | undefined): Doc {
  const batchSize = truthyOpt(options, 'batchSize');
  return build([
    ['aggregate', collection],
    ['pipeline', pipeline],
    ['cursor', batchSize !== undefined ? build([['batchSize', batchSize]]) : new Map()],
    ['allowDiskUse', boolOpt(options, 'allowDiskUse')],
    ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
    ['hint', truthyOpt(options, 'hint')],
    ['collation', truthyOpt(options, 'collation')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
    ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
  ]);
}

/** countDocuments: `aggregate` of `$match` (+ `$skip`/`$limit`) and `$group: {_id: 1, n: {$sum: 1}}`. */
export function countDocumentsCommand(collection: string, filter: Doc, options: Doc | undefined): Doc {
  const pipeline: Value[] = [build([['$match', filter]])];
  const skip = truthyOpt(options, 'skip');
  const limit = truthyOpt(options, 'limit');
  if (skip !== undefined) pipeline.push(build([['$skip', skip]]));
  if (limit !== undefined) pipeline.push(build([['$limit', limit]]));
  const group = build([
    ['_id', int(1)],
    ['n', build([['$sum', int(1)]])],
  ]);
  pipeline.push(build([['$group', group]]));
  return build([
    ['aggregate', collection],
    ['pipeline', pipeline],
    ['cursor', new Map()],
    ['hint', truthyOpt(options, 'hint')],
    ['collation', truthyOpt(options, 'collation')],
    ['comment', opt(options, 'comment')],
    ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
  ]);
}

export function countCommand(collection: string, filter: Doc, options: Doc | undefined): Doc {
  return build([
    ['count', collection],
    ['query', filter],
    ['limit', truthyOpt(options, 'limit')],
    ['skip', truthyOpt(options, 'skip')],
    ['hint', truthyOpt(options, 'hint')],
    ['collation', truthyOpt(options, 'collation')],
    ['comment', opt(options, 'comment')],
  ]);
}

export function distinctCommand(collection: string, field: string, filter: Doc, options: Doc | undefined): Doc {
  return build([
    ['distinct', collection],
    ['key', field],
    ['query', filter],
    ['collation', truthyOpt(options, 'collation')],
    ['comment', opt(options, 'comment')],
  ]);
}

/** createIndexes: one spec per key pattern, each with every option but the command-level ones. */
export function createIndexesCommand(collection: string, keyPatterns: Doc[], options: Doc | undefined): Doc {
  const specs: Doc[] = keyPatterns.map((keys) => {
    const spec = build([['key', keys]]);
    const name = opt(options, 'name');
    spec.set('name', typeof name === 'string' && keyPatterns.length === 1 ? name : indexName(keys));
    for (const [k, v] of options ?? []) {
      if (k === 'name' || k === 'session' || k === 'writeConcern' || k === 'commitQuorum' || k === 'comment') continue;
      spec.set(k, v);
    }
    return spec;
  });
  return build([
    ['createIndexes', collection],
    ['indexes', specs],
    ['commitQuorum', opt(options, 'commitQuorum')],
    ['comment', opt(options, 'comment')],
  ]);
}

export function listIndexesCommand(collection: string): Doc {
  return build([
    ['listIndexes', collection],
    ['cursor', new Map()],
  ]);
}

export function dropIndexesCommand(collection: string, index: string | Doc): Doc {
  return build([
    ['dropIndexes', collection],
    ['index', index],
  ]);
}
