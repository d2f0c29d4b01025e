/**
 * mongosh's legacy Bulk API: `initializeOrderedBulkOp()` / `initializeUnorderedBulkOp()`, which
 * mongosh hands to the Node driver's OrderedBulkOperation / UnorderedBulkOperation
 * (`mongodb/lib/bulk/common.js`). Operations are queued and sent by `execute()`, batched as the
 * driver batches them (ordered: runs of the same kind; unordered: inserts, updates, deletes).
 *
 * As in the driver, `find(selector)` starts the bulk's *current operation*; `upsert()`,
 * `collation()`, `arrayFilters()` and `hint()` add to it, and the verb that ends it (`update`,
 * `updateOne`, `replaceOne`, `delete`, `deleteOne`) consumes it, so a second verb on the same
 * find has no selector left.
 */
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { batchesOf, executeBulkOps, type BulkOp } from './api-bulk.js';
import { build, hasAtomicOperators, int, withId } from './api-support.js';
import { deleteStatement, updateStatement } from './command-builders.js';
import type { ShellCollection } from './api-collection.js';
import { ShellClientError } from './client-errors.js';
import type { BulkWriteResult } from './results.js';

/** The driver's `currentOp`: the selector from `find`, then what the builder methods added. */
interface CurrentOp {
  selector?: Value;
  upsert?: boolean;
  collation?: Value;
  arrayFilters?: Value;
  hint?: Value;
}

/** The driver's BatchType numbers, as `getOperations()` reports them. */
const BATCH_TYPE = { insert: 1, update: 2, delete: 3 } as const;

export class ShellBulk {
  readonly collection: ShellCollection;
  readonly ordered: boolean;
  /** mongosh's `_batchCounts`, printed by `toJSON()`. */
  nInsertOps = 0;
  nUpdateOps = 0;
  nRemoveOps = 0;
  private readonly ops: BulkOp[] = [];
  private current: CurrentOp | undefined;
  private executed = false;

  constructor(collection: ShellCollection, ordered: boolean) {
    this.collection = collection;
    this.ordered = ordered;
  }

  find(selector: Value): ShellBulkFindOp {
    if (selector === null || selector === false || selector === 0 || selector === '') {
      throw new ShellClientError('Bulk find operation must specify a selector');
    }
    this.current = { selector };
    return new ShellBulkFindOp(this);
  }

  insert(document: Doc): ShellBulk {
    this.nInsertOps++;
    // maybeAddIdToDocuments: an `_id` that is null or missing becomes a new ObjectId.
    this.add('insert', withId(document, this.collection.client.options.keepNullId));
    return this;
  }

  /** `execute(writeConcern?)`: mongosh does not pass the argument on; the collection's write concern applies. */
  execute(): BulkWriteResult {
    if (this.executed)
      throw new ShellClientError(
        'This batch has already been executed, create new batch to execute',
        'MongoBatchReExecutionError',
      );
    if (this.ops.length === 0) throw new ShellClientError('Invalid BulkOperation, Batch cannot be empty');
    this.executed = true;
    return executeBulkOps(this.collection, this.ops, this.ordered, build([['ordered', this.ordered]]));
  }

  /** What mongosh prints for a Bulk: the operation counts and the number of batches so far. */
  toJSON(): Doc {
    return build([
      ['nInsertOps', int(this.nInsertOps)],
      ['nUpdateOps', int(this.nUpdateOps)],
      ['nRemoveOps', int(this.nRemoveOps)],
      ['nBatches', int(batchesOf(this.ops, this.ordered).length)],
    ]);
  }

  /** The batches sent, after `execute()`: `{originalZeroIndex, batchType, operations}` each. */
  getOperations(): Doc[] {
    if (!this.executed) {
      throw new ShellClientError(
        '[COMMON-10002] Cannot call getOperations on an unexecuted Bulk operation',
        'MongoshInvalidInputError',
      );
    }
    return batchesOf(this.ops, this.ordered).map((batch) =>
      build([
        ['originalZeroIndex', int(batch[0]?.index ?? 0)],
        ['batchType', int(BATCH_TYPE[batch[0]?.kind ?? 'insert'])],
        ['operations', batch.map((op) => op.statement)],
      ]),
    );
  }

  /** @internal the builder methods of ShellBulkFindOp write to the bulk's current operation. */
  currentOp(): CurrentOp {
    this.current ??= {};
    return this.current;
  }

  /** @internal the driver's buildCurrentOp: the current operation is consumed by the verb that ends it. */
  takeCurrentOp(): CurrentOp {
    const op = this.current ?? {};
    this.current = undefined;
    return op;
  }

  /** @internal */
  add(kind: BulkOp['kind'], statement: Doc): ShellBulk {
    this.ops.push({ kind, index: this.ops.length, statement });
    return this;
  }
}

export class ShellBulkFindOp {
  private readonly bulk: ShellBulk;

  constructor(bulk: ShellBulk) {
    this.bulk = bulk;
  }

  upsert(): ShellBulkFindOp {
    this.bulk.currentOp().upsert = true;
    return this;
  }

  collation(spec: Value): ShellBulkFindOp {
    this.bulk.currentOp().collation = spec;
    return this;
  }

  arrayFilters(filters: Value): ShellBulkFindOp {
    this.bulk.currentOp().arrayFilters = filters;
    return this;
  }

  hint(hint: Value): ShellBulkFindOp {
    this.bulk.currentOp().hint = hint;
    return this;
  }

  /** A multi-document update (`multi: true`); any update form, the server decides. */
  update(update: Value): ShellBulk {
    this.bulk.nUpdateOps++;
    return this.bulk.add('update', updateStatementOf(this.bulk.takeCurrentOp(), update, true));
  }

  updateOne(update: Value): ShellBulk {
    this.bulk.nUpdateOps++;
    if (!hasAtomicOperators(update)) throw new ShellClientError('Update document requires atomic operators');
    return this.bulk.add('update', updateStatementOf(this.bulk.takeCurrentOp(), update, false));
  }

  replaceOne(replacement: Value): ShellBulk {
    this.bulk.nUpdateOps++;
    if (hasAtomicOperators(replacement)) {
      throw new ShellClientError('Replacement document must not use atomic operators');
    }
    return this.bulk.add('update', updateStatementOf(this.bulk.takeCurrentOp(), replacement, false));
  }

  delete(): ShellBulk {
    this.bulk.nRemoveOps++;
    return this.bulk.add('delete', deleteStatementOf(this.bulk.takeCurrentOp(), true));
  }

  deleteOne(): ShellBulk {
    this.bulk.nRemoveOps++;
    return this.bulk.add('delete', deleteStatementOf(this.bulk.takeCurrentOp(), false));
  }

  remove(): ShellBulk {
    return this.delete();
  }

  removeOne(): ShellBulk {
    return this.deleteOne();
  }
}

/** The builder methods' options, as the statement builders read them. */
function optionsOf(op: CurrentOp): Doc {
  return build([
    ['upsert', op.upsert],
    ['hint', op.hint],
    ['arrayFilters', op.arrayFilters],
    ['collation', op.collation],
  ]);
}

/** makeUpdateStatement refuses a selector or an update that is not an object. */
function updateStatementOf(op: CurrentOp, update: Value, multi: boolean): Doc {
  const filter = op.selector;
  if (!isDoc(filter)) throw new ShellClientError('Selector must be a valid JavaScript object');
  if (!isDoc(update) && !isArray(update)) throw new ShellClientError('Document must be a valid JavaScript object');
  return updateStatement(filter, update, optionsOf(op), multi);
}

/** makeDeleteStatement does not check its selector: a missing one reaches the server as a missing `q`. */
function deleteStatementOf(op: CurrentOp, many: boolean): Doc {
  const statement = deleteStatement(new Map(), optionsOf(op), many);
  if (op.selector === undefined) statement.delete('q');
  else statement.set('q', op.selector);
  return statement;
}
