/**
 * The Stable API (versioned API) checks the server makes before running a command
 * (`APIParameters`, `checkAPIParameters`):
 * - `apiVersion` must be "1"                       → 322 APIVersionError
 * - `apiStrict`/`apiDeprecationErrors` need apiVersion → 322
 * - with `apiStrict: true`, commands outside API Version 1 → 323 APIStrictError
 *   ("Provided apiStrict:true, but the command distinct is not in API Version 1. ...")
 * - with `apiStrict: true`, aggregation stages outside API Version 1 → 323.
 */
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

/** Commands in API Version 1 (MongoDB's Stable API command list). */
export const API_V1_COMMANDS: ReadonlySet<string> = new Set([
  'abortTransaction',
  'aggregate',
  'authenticate',
  'bulkWrite',
  'collMod',
  'commitTransaction',
  'count',
  'create',
  'createIndexes',
  'delete',
  'drop',
  'dropDatabase',
  'dropIndexes',
  'endSessions',
  'explain',
  'find',
  'findAndModify',
  'getMore',
  'hello',
  'insert',
  'killCursors',
  'listCollections',
  'listDatabases',
  'listIndexes',
  'ping',
  'refreshSessions',
  'update',
]);

/** Aggregation stages that are not part of API Version 1. */
const NON_V1_STAGES: ReadonlySet<string> = new Set([
  '$collStats',
  '$currentOp',
  '$indexStats',
  '$listLocalSessions',
  '$listSessions',
  '$planCacheStats',
  '$search',
  '$searchMeta',
  '$listSearchIndexes',
]);

const DOC_LINK =
  'Information on supported commands and migrations in API Version 1 can be found at https://dochub.mongodb.org/core/manual-versioned-api';

/** Whether the command asks for strict API Version 1. */
export function isApiStrict(command: Doc): boolean {
  return command.get('apiStrict') === true;
}

export function checkApiParameters(name: string, command: Doc): void {
  const version = command.get('apiVersion');
  if (version === undefined) {
    for (const k of ['apiStrict', 'apiDeprecationErrors']) {
      if (command.has(k)) throw fail(322, `Cannot pass in API parameter field ${k}`);
    }
    return;
  }
  if (version !== '1') {
    throw fail(322, `API version must be "1"`);
  }
  if (isApiStrict(command) && !API_V1_COMMANDS.has(name)) {
    throw fail(323, `Provided apiStrict:true, but the command ${name} is not in API Version 1. ${DOC_LINK}`);
  }
}

/** Under `apiStrict: true`, refuses pipeline stages outside API Version 1. */
export function checkApiStrictPipeline(command: Doc, pipeline: readonly Value[]): void {
  if (!isApiStrict(command)) return;
  for (const stage of pipeline) {
    if (!isDoc(stage)) continue;
    const name = stage.keys().next().value;
    if (name !== undefined && NON_V1_STAGES.has(name)) {
      throw fail(323, `${name} is not allowed with 'apiStrict: true' in API Version 1`);
    }
  }
}
