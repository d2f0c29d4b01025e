/**
 * mongosh's Collection: each method builds exactly the command the Node driver builds, sends it
 * through the client and shapes the reply as mongosh returns it.
 */
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { collectionBulkWrite } from './api-bulk.js';
import { ShellBulk } from './api-legacy-bulk.js';
import { ShellCursor } from './api-cursor.js';
import { findAndModifyCall } from './find-and-modify-options.js';
import { ShellExplainable } from './api-explain.js';
import {
  deleteResultOf,
  findAndModifyValue,
  throwFirstWriteError,
  updateResultOf,
  writeResultOf,
} from './api-results.js';
import {
  aggregateCommand,
  createIndexesCommand,
  dropIndexesCommand,
  listIndexesCommand,
  countCommand,
  countDocumentsCommand,
  deleteCommand,
  deleteStatement,
  distinctCommand,
  findAndModifyCommand,
  findCommand,
  insertCommand,
  updateCommand,
  updateStatement,
} from './command-builders.js';
import {
  boolOpt,
  build,
  checkReplacementDocument,
  checkUpdateDocument,
  docArray,
  int,
  isAcknowledged,
  opt,
  requireDoc,
  toNumber,
  truthyOpt,
  TXN_WRITE_CONCERN_ERROR,
  withId,
} from './api-support.js';
import { MongoServerError, ShellClientError } from './client-errors.js';
import type {
  BulkWriteResult,
  DeleteResult,
  InsertManyResult,
  InsertOneResult,
  UpdateResult,
  WriteResult,
} from './results.js';
import type { NamespaceOptions, ShellClient } from './api-client.js';
import type { ShellDatabase } from './api-database.js';
import type { ShellSession } from './api-session.js';
import { sessionOf } from './api-session-of.js';
import { drainCursor } from './api-drain-cursor.js';

/** A command ready to send: target database, document, session and resolved write concern. */
export interface BuiltCommand {
  dbName: string;
  command: Doc;
  session: ShellSession | undefined;
  writeConcern: Doc | undefined;
}

export class ShellCollection {
  readonly db: ShellDatabase;
  readonly name: string;
  readonly options: NamespaceOptions;
  readonly session: ShellSession | undefined;

  constructor(db: ShellDatabase, name: string, options: NamespaceOptions, session: ShellSession | undefined) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.session = session;
  }

  get client(): ShellClient {
    return this.db.client;
  }

  /** `db.name` + `.` + collection name. */
  get fullName(): string {
    return `${this.db.name}.${this.name}`;
  }

  withSession(session: ShellSession | undefined): ShellCollection {
    return new ShellCollection(this.db, this.name, this.options, session);
  }

  /** Collection write concern → database → client; `{}` means the server default. */
  get writeConcern(): Doc | undefined {
    const wc = this.options.writeConcern;
    if (wc !== undefined) return wc.size > 0 ? wc : undefined;
    return this.db.writeConcern;
  }

  get readConcern(): Doc | undefined {
    const rc = this.options.readConcern ?? this.db.options.readConcern ?? this.client.options.readConcern;
    return rc !== undefined && rc.size > 0 ? rc : undefined;
  }

  private ctxSession(options: Doc | undefined): ShellSession | undefined {
    return sessionOf(options, this.session);
  }

  private resolveWriteConcern(options: Doc | undefined): Doc | undefined {
    const wc = opt(options, 'writeConcern');
    if (isDoc(wc)) return wc.size > 0 ? wc : undefined;
    return this.writeConcern;
  }

  private run(built: BuiltCommand): Doc {
    return this.client.send(built.dbName, built.command, { session: built.session, writeConcern: built.writeConcern });
  }

  private write(command: Doc, options: Doc | undefined): BuiltCommand {
    const session = this.ctxSession(options);
    // Inside a transaction the transaction's write concern applies at commit; statements are acknowledged.
    const inTxn = session?.inTransaction ?? false;
    if (inTxn && isDoc(opt(options, 'writeConcern'))) throw TXN_WRITE_CONCERN_ERROR();
    return {
      dbName: this.db.name,
      command,
      session,
      writeConcern: inTxn ? undefined : this.resolveWriteConcern(options),
    };
  }

  private read(command: Doc, options: Doc | undefined): BuiltCommand {
    const session = this.ctxSession(options);
    const rc = this.readConcern;
    // Inside a transaction the read concern travels with the transaction's first command only.
    if (rc !== undefined && !(session?.inTransaction ?? false) && !command.has('readConcern'))
      command.set('readConcern', rc);
    return { dbName: this.db.name, command, session, writeConcern: undefined };
  }

  // --- command builders (shared by the methods and by explain) -----------------------------

  buildUpdateOne(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, false)], options), options);
  }

  buildUpdateMany(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    checkUpdateDocument(update);
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, true)], options), options);
  }

  buildReplaceOne(filter: Doc, replacement: Value, options?: Doc): BuiltCommand {
    checkReplacementDocument(replacement);
    return this.write(
      updateCommand(this.name, [updateStatement(filter, replacement, options, false)], options),
      options,
    );
  }

  /** Legacy `update`: any update form (the server decides), `multi`/`upsert` from the options. */
  buildLegacyUpdate(filter: Doc, update: Value, options?: Doc): BuiltCommand {
    const multi = boolOpt(options, 'multi') === true;
    if (!isDoc(update) && !isArray(update)) throw new ShellClientError('Update document must be an object or an array');
    return this.write(updateCommand(this.name, [updateStatement(filter, update, options, multi)], options), options);
  }

  buildDelete(filter: Doc, options: Doc | undefined, many: boolean): BuiltCommand {
    return this.write(deleteCommand(this.name, [deleteStatement(filter, options, many)], options), options);
  }

  buildFindAndModify(
    kind: 'update' | 'replace' | 'delete',
    filter: Doc,
    update: Value | undefined,
    options?: Doc,
  ): BuiltCommand {
    if (kind === 'update' && update !== undefined) checkUpdateDocument(update);
    if (kind === 'replace' && update !== undefined) checkReplacementDocument(update);
    return this.write(findAndModifyCommand(this.name, kind, filter, update, options), options);
  }

  buildInsert(documents: Doc[], options: Doc | undefined): BuiltCommand {
    return this.write(insertCommand(this.name, documents, options), options);
  }

  buildFind(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(findCommand(this.name, filter, options), options);
  }

  buildAggregate(pipeline: Value[], options: Doc | undefined): BuiltCommand {
    const command = aggregateCommand(this.name, pipeline, options);
    if (pipeline.some((s) => isDoc(s) && (s.has('$out') || s.has('$merge')))) {
      // $out/$merge is a write (write concern) that still reads with the collection's read concern.
      const built = this.write(command, options);
      const rc = this.readConcern;
      if (rc !== undefined && !(built.session?.inTransaction ?? false)) command.set('readConcern', rc);
      return built;
    }
    return this.read(command, options);
  }

  buildCountDocuments(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(countDocumentsCommand(this.name, filter, options), options);
  }

  buildCount(filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(countCommand(this.name, filter, options), options);
  }

  buildDistinct(field: string, filter: Doc, options: Doc | undefined): BuiltCommand {
    return this.read(distinctCommand(this.name, field, filter, options), options);
  }

  // --- update family -----------------------------------------------------------------------

  /**
   * Legacy `update(query, update, {upsert, multi, …})`: returns a WriteResult; a write error is
   * reported inside it (`writeError`), as the mongo shell does, not thrown.
   */
  update(filter: Doc, update: Value, options?: Doc): WriteResult {
    const built = this.buildLegacyUpdate(filter, update, options);
    const reply = this.run(built);
    return writeResultOf(reply, isAcknowledged(built.writeConcern));
  }

  updateOne(filter: Doc, update: Value, options?: Doc): UpdateResult {
    const built = this.buildUpdateOne(filter, update, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  updateMany(filter: Doc, update: Value, options?: Doc): UpdateResult {
    const built = this.buildUpdateMany(filter, update, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  replaceOne(filter: Doc, replacement: Value, options?: Doc): UpdateResult {
    const built = this.buildReplaceOne(filter, replacement, options);
    return updateResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  findOneAndUpdate(filter: Doc, update: Value, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('update', filter, update, options)));
  }

  findOneAndReplace(filter: Doc, replacement: Value, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('replace', filter, replacement, options)));
  }

  findOneAndDelete(filter: Doc, options?: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildFindAndModify('delete', filter, undefined, options)));
  }

  /** `findAndModify({query, update | remove, new, …})`, the legacy shell helper. */
  findAndModify(spec: Doc): Doc | null {
    return findAndModifyValue(this.run(this.buildLegacyFindAndModify(spec)));
  }

  /** The command of `findAndModify({query, update | remove, new, fields, …})` (also for explain). */
  buildLegacyFindAndModify(spec: Doc): BuiltCommand {
    const call = findAndModifyCall(spec);
    return this.buildFindAndModify(call.kind, call.filter, call.update, call.options);
  }

  // --- insert / delete ---------------------------------------------------------------------

  insertOne(document: Doc, options?: Doc): InsertOneResult {
    const d = withId(requireDoc(document, 'document'), this.db.client.options.keepNullId);
    const built = this.buildInsert([d], options);
    const reply = this.run(built);
    const ack = isAcknowledged(built.writeConcern);
    throwFirstWriteError(reply);
    return { kind: 'InsertOneResult', acknowledged: ack, insertedId: d.get('_id') ?? null };
  }

  insertMany(documents: Value[], options?: Doc): InsertManyResult {
    const models: Value[] = documents.map((d) => build([['insertOne', build([['document', d]])]]));
    const result = this.bulkWrite(models, options);
    return { kind: 'InsertManyResult', acknowledged: result.acknowledged, insertedIds: result.insertedIds };
  }

  /** mongosh's `insert`: a document or an array of documents; returns the insertedIds. */
  insert(documents: Value, options?: Doc): InsertManyResult {
    return this.insertMany(isArray(documents) ? documents : [requireDoc(documents, 'document')], options);
  }

  deleteOne(filter: Doc, options?: Doc): DeleteResult {
    const built = this.buildDelete(filter, options, false);
    return deleteResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  deleteMany(filter: Doc, options?: Doc): DeleteResult {
    const built = this.buildDelete(filter, options, true);
    return deleteResultOf(this.run(built), isAcknowledged(built.writeConcern));
  }

  /** Legacy `remove(query, justOne?)`. */
  remove(filter: Doc, options?: Doc | boolean): DeleteResult {
    const justOne = typeof options === 'boolean' ? options : boolOpt(options, 'justOne') === true;
    const opts = typeof options === 'boolean' ? undefined : options;
    return justOne ? this.deleteOne(filter, opts) : this.deleteMany(filter, opts);
  }

  // --- bulk --------------------------------------------------------------------------------

  /** Collection bulkWrite: one command per batch of same-type operations (driver batching). */
  bulkWrite(operations: readonly Value[], options?: Doc): BulkWriteResult {
    return collectionBulkWrite(this, operations, options);
  }

  /** @internal used by bulkWrite. */
  sendBatch(
    kind: 'insert' | 'update' | 'delete',
    statements: Doc[],
    options: Doc | undefined,
  ): { reply: Doc; acknowledged: boolean } {
    const command =
      kind === 'update'
        ? updateCommand(this.name, statements, options)
        : kind === 'insert'
          ? insertCommand(this.name, statements, options)
          : deleteCommand(this.name, statements, options);
    const built = this.write(command, options);
    return { reply: this.run(built), acknowledged: isAcknowledged(built.writeConcern) };
  }

  // --- reads -------------------------------------------------------------------------------

  find(filter: Doc = new Map(), projection?: Doc, options?: Doc): ShellCursor {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    return new ShellCursor(this, filter, opts);
  }

  /** @internal runs a find and drains its cursor. */
  runFind(filter: Doc, options: Doc): Doc[] {
    const built = this.buildFind(filter, options);
    const reply = this.run(built);
    return drainCursor(this.client, this.db.name, reply, built.session, truthyOpt(options, 'batchSize'));
  }

  findOne(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc | null {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    opts.set('limit', int(1));
    opts.set('singleBatch', true);
    return this.runFind(filter, opts)[0] ?? null;
  }

  aggregate(pipeline: Value[], options?: Doc): Doc[] {
    const built = this.buildAggregate(pipeline, options);
    const reply = this.run(built);
    return drainCursor(this.client, this.db.name, reply, built.session, truthyOpt(options, 'batchSize'));
  }

  countDocuments(filter: Doc = new Map(), options?: Doc): number {
    const built = this.buildCountDocuments(filter, options);
    const docs = drainCursor(this.client, this.db.name, this.run(built), built.session);
    return toNumber(docs[0]?.get('n'));
  }

  estimatedDocumentCount(options?: Doc): number {
    const built = this.read(
      build([
        ['count', this.name],
        ['comment', opt(options, 'comment')],
      ]),
      options,
    );
    return toNumber(this.run(built).get('n'));
  }

  count(filter: Doc = new Map(), options?: Doc): number {
    return toNumber(this.run(this.buildCount(filter, options)).get('n'));
  }

  distinct(field: string, filter: Doc = new Map(), options?: Doc): Value[] {
    const values = this.run(this.buildDistinct(field, filter, options)).get('values');
    return isArray(values) ? values : [];
  }

  // --- indexes and collection management -----------------------------------------------------

  createIndex(keys: Doc, options?: Doc): string {
    return this.createIndexes([keys], options)[0] ?? '';
  }

  /** mongosh's createIndexes(keyPatterns, options): every pattern gets the same options. */
  createIndexes(keyPatterns: Doc[], options?: Doc): string[] {
    const command = createIndexesCommand(this.name, keyPatterns, options);
    this.run(this.write(command, options));
    return docArray(command.get('indexes')).map((s) => s.get('name') as string);
  }

  getIndexes(): Doc[] {
    const built = this.read(listIndexesCommand(this.name), undefined);
    return drainCursor(this.client, this.db.name, this.run(built), built.session);
  }

  dropIndex(index: string | Doc): Doc {
    return this.run(this.write(dropIndexesCommand(this.name, index), undefined));
  }

  /** `drop()`: true when dropped, false when the collection did not exist (NamespaceNotFound). */
  drop(options?: Doc): boolean {
    try {
      this.run(this.write(build([['drop', this.name]]), options));
      return true;
    } catch (e) {
      if (e instanceof MongoServerError && e.code === 26) return false;
      throw e;
    }
  }

  /** mongosh's legacy Bulk API: operations queued, then sent by `execute()` (api-legacy-bulk.ts). */
  initializeOrderedBulkOp(): ShellBulk {
    return new ShellBulk(this, true);
  }

  initializeUnorderedBulkOp(): ShellBulk {
    return new ShellBulk(this, false);
  }

  explain(verbosity: string = 'queryPlanner'): ShellExplainable {
    return new ShellExplainable(this, verbosity);
  }

  /** @internal sends `{explain: <command>, verbosity}`. */
  runExplain(built: BuiltCommand, verbosity: string): Doc {
    const inner: Doc = new Map(built.command);
    inner.delete('writeConcern');
    return this.client.send(
      built.dbName,
      build([
        ['explain', inner],
        ['verbosity', verbosity],
      ]),
      { session: built.session },
    );
  }
}
