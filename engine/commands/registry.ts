/**
 * The command table: command name → handler. Explicit and exhaustive in one place (no
 * registration by import side effect). Names are case-sensitive as on the server; aliases the
 * server accepts (`isMaster`/`ismaster`, `buildinfo`) are listed as their own keys.
 *
 * Helper F2 adds its commands in the marked section (update, findAndModify, bulkWrite, explain).
 */
import type { CommandHandler } from './context.js';
import { aggregateCommand } from './aggregate.js';
import { buildInfoCommand, helloCommand, pingCommand } from './server-info.js';
import { collModCommand } from './coll-mod.js';
import { countCommand } from './count.js';
import { createCommand } from './create.js';
import { createIndexesCommand } from './create-indexes.js';
import { deleteCommand } from './delete.js';
import { distinctCommand } from './distinct.js';
import { dropCommand } from './drop.js';
import { dropDatabaseCommand } from './drop-database.js';
import { dropIndexesCommand } from './drop-indexes.js';
import { findCommand } from './find.js';
import { getMoreCommand, killCursorsCommand } from './get-more.js';
import { insertCommand } from './insert.js';
import { listCollectionsCommand } from './list-collections.js';
import { listDatabasesCommand } from './list-databases.js';
import { listIndexesCommand } from './list-indexes.js';
import { renameCollectionCommand } from './rename-collection.js';
import { updateCommand } from './update/command.js';
import { findAndModifyCommand } from './find-and-modify.js';
import { upsertRaceCommand } from './interleave.js';
import { bulkWriteCommand } from './bulk-write.js';
import { explainCommand } from './explain.js';

export const COMMANDS: Readonly<Record<string, CommandHandler>> = {
  // Catalog and reads/writes (helper F1).
  insert: insertCommand,
  find: findCommand,
  getMore: getMoreCommand,
  killCursors: killCursorsCommand,
  delete: deleteCommand,
  count: countCommand,
  distinct: distinctCommand,
  aggregate: aggregateCommand,
  create: createCommand,
  drop: dropCommand,
  dropDatabase: dropDatabaseCommand,
  renameCollection: renameCollectionCommand,
  listCollections: listCollectionsCommand,
  listDatabases: listDatabasesCommand,
  collMod: collModCommand,
  createIndexes: createIndexesCommand,
  listIndexes: listIndexesCommand,
  dropIndexes: dropIndexesCommand,
  deleteIndexes: dropIndexesCommand,
  ping: pingCommand,
  hello: helloCommand,
  isMaster: helloCommand,
  ismaster: helloCommand,
  buildInfo: buildInfoCommand,
  buildinfo: buildInfoCommand,

  // ---- Update family (helper F2): add `update`, `findAndModify`, `bulkWrite`, `explain` here. ----
  update: updateCommand,
  findAndModify: findAndModifyCommand,
  findandmodify: findAndModifyCommand,
  bulkWrite: bulkWriteCommand,
  explain: explainCommand,
  // Playground extension (not a MongoDB command): a staged concurrent-upsert race.
  upsertRace: upsertRaceCommand,
};

/** The handler for a command name, or undefined (→ 59 CommandNotFound). */
export function lookupCommand(name: string): CommandHandler | undefined {
  return Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
}
