/**
 * The shell method API: the collection/database/session methods mongosh offers, each building
 * exactly the command document the Node driver (which mongosh uses) builds, running it through the
 * engine's `runCommand`, reporting it to an observer as command-monitoring events, and shaping the
 * reply the way mongosh returns it.
 *
 * Options arrive as engine documents (`Doc`), as both the mongosh interpreter and the conformance
 * runner hold them. Unknown options are ignored, as the driver ignores them.
 */
export type {
  BulkWriteResult,
  ClientBulkWriteResult,
  DeleteResult,
  InsertManyResult,
  InsertOneResult,
  UpdateResult,
  WriteResult,
} from './results.js';
export { ShellCursor } from './api-cursor.js';
export { ShellExplainable } from './api-explain.js';
export { indexName, toNumber } from './api-support.js';
export {
  MongoBulkWriteError,
  MongoClientBulkWriteError,
  MongoNetworkError,
  MongoServerError,
  ShellClientError,
  isMongoNetworkError,
  isMongoServerError,
  isShellClientError,
} from './client-errors.js';
export * from './api-client.js';
export * from './api-session.js';
export * from './api-database.js';
export * from './api-collection.js';
