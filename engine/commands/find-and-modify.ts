/**
 * `findAndModify` (alias `findandmodify`): update, replace, upsert or remove one document and
 * return it, as the shell's findOneAndUpdate / findOneAndReplace / findOneAndDelete do.
 *
 *   {findAndModify: 'c', query, sort, update | remove: true, new, fields, upsert, collation,
 *    arrayFilters, hint, let, bypassDocumentValidation, writeConcern, maxTimeMS, comment}
 *   → {lastErrorObject: {n, updatedExisting?, upserted?}, value, ok: 1}
 *
 * Every failure is a command error (`ok: 0`); errors raised while the plan runs carry the prefix
 * `Plan executor error during findAndModify :: caused by :: ` (`find_and_modify.cpp`).
 * `lastErrorObject` (`buildResponse`): `n` is 1 for an upsert, else the number matched;
 * `updatedExisting` is whether a document matched (updates only); `upserted` is the new `_id`.
 * `value` is always present: the pre-image, or the post-image with `new: true`, projected by
 * `fields`; null when nothing matched (or an upsert without `new`).
 */
import { Int32 } from 'bson';
import { isNumber, typeOf, type Doc, type Value } from '../bson/values.js';
import { deleteDocument } from '../catalog/writes.js';
import { fail, withErrorContext } from '../errors.js';
import { effectiveCollation } from './common.js';
import { parseProjection } from '../query/projection.js';
import type { MatchDetails } from '../runtime.js';
import { makeSortComparator, parseSort } from '../query/sort.js';
import type { CommandContext, CommandHandler } from './context.js';
import { defaultUpdateDeps, type UpdateDeps } from './update/deps.js';
import { GENERIC_ARGUMENTS, isAbsent, readObject, readSafeBool, unknownField, wrongType } from './update/fields.js';
import { planAccess, writeQueryFields } from './update/plan.js';
import { FIND_AND_MODIFY_EXEC_CONTEXT, isInterruption, toEngineError } from './update/reply.js';
import {
  checkStatementSize,
  defaultStatementOptions,
  defaultWriteCommandOptions,
  type HintSpec,
  parseUpdateModification,
  readStatementOption,
  readWriteCommandOption,
  type UpdateModification,
  type UpdateStatementSpec,
} from './update/request.js';
import { buildStatementContext, Deadline, type StatementContext } from './update/statement.js';
import { runStatement, withDryRun, writeConcernHookOf, type UpdateRunOptions } from './update/command.js';

export interface FindAndModifySpec {
  readonly collection: string;
  readonly query: Doc;
  readonly fields: Doc | undefined;
  readonly sort: Doc | undefined;
  readonly hint: HintSpec;
  readonly collation: Doc | undefined;
  readonly arrayFilters: readonly Doc[] | undefined;
  readonly remove: boolean;
  readonly update: UpdateModification | undefined;
  readonly upsert: boolean;
  readonly returnNew: boolean;
  readonly bypassDocumentValidation: boolean;
  readonly let: Doc | undefined;
  readonly writeConcern: Doc | undefined;
  readonly maxTimeMS: number | undefined;
  readonly comment: Value | undefined;
}

/** The statement options findAndModify shares with update (its `upsert` is a safeBool, read here). */
const FIND_AND_MODIFY_OPTIONS: ReadonlySet<string> = new Set(['sort', 'hint', 'collation', 'arrayFilters', 'sampleId']);

/** The write command options findAndModify takes (all but `ordered`). */
const FIND_AND_MODIFY_COMMAND_OPTIONS: ReadonlySet<string> = new Set([
  'bypassDocumentValidation',
  'let',
  'maxTimeMS',
  'writeConcern',
]);

/** IDL parse (`FindAndModifyCommandRequest`) and `validate()`. */
export function parseFindAndModify(cmd: Doc): FindAndModifySpec {
  const entries = [...cmd.entries()];
  const collection = entries[0]?.[1];
  if (collection === undefined || typeof collection !== 'string') {
    throw fail(73, `collection name has invalid type ${collection === undefined ? 'missing' : typeOf(collection)}`);
  }
  const p = (k: string) => `findAndModify.${k}`;
  let query: Doc = new Map();
  let fields: Doc | undefined;
  const options = defaultStatementOptions();
  let remove: boolean | undefined;
  let update: UpdateModification | undefined;
  let upsert: boolean | undefined;
  let returnNew: boolean | undefined;
  const commandOptions = defaultWriteCommandOptions();
  let comment: Value | undefined;
  for (const [k, v] of entries.slice(1)) {
    switch (k) {
      case 'query':
        if (!isAbsent(v)) query = readObject(p(k), v);
        break;
      case 'fields':
        if (!isAbsent(v)) fields = readObject(p(k), v);
        break;
      case 'batchSize':
        if (!isAbsent(v) && !isNumber(v)) wrongType(p(k), v, ['int']);
        break;
      case 'singleBatch':
        if (!isAbsent(v) && typeof v !== 'boolean') wrongType(p(k), v, ['bool']);
        break;
      case 'remove':
        if (!isAbsent(v)) remove = readSafeBool(p(k), v);
        break;
      case 'update':
        update = parseUpdateModification(v);
        break;
      case 'upsert':
        if (!isAbsent(v)) upsert = readSafeBool(p(k), v);
        break;
      case 'new':
        if (!isAbsent(v)) returnNew = readSafeBool(p(k), v);
        break;
      case 'comment':
        comment = v;
        break;
      case 'stmtId':
      case 'runtimeConstants':
      case 'encryptionInformation':
      case 'mirrored':
        break;
      default:
        if (
          !readStatementOption(options, k, p(k), v, FIND_AND_MODIFY_OPTIONS) &&
          !readWriteCommandOption(commandOptions, k, p(k), v, FIND_AND_MODIFY_COMMAND_OPTIONS) &&
          !GENERIC_ARGUMENTS.has(k)
        ) {
          unknownField(p(k));
        }
    }
  }
  const { sort, hint, collation, arrayFilters } = options;
  // `validate()`, in the server's order.
  if (!remove && !update) throw fail(9, 'Either an update or remove=true must be specified');
  if (remove) {
    if (update) throw fail(9, 'Cannot specify both an update and remove=true');
    if (upsert) throw fail(9, 'Cannot specify both upsert=true and remove=true ');
    if (returnNew) {
      throw fail(9, "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document");
    }
    if (arrayFilters) throw fail(9, 'Cannot specify arrayFilters and remove=true');
  }
  if (update?.kind === 'pipeline' && arrayFilters) throw fail(9, 'Cannot specify arrayFilters and a pipeline update');
  if (update) checkStatementSize(query, update);
  return {
    collection,
    query,
    fields,
    sort,
    hint,
    collation,
    arrayFilters,
    remove: remove ?? false,
    update,
    upsert: upsert ?? false,
    returnNew: returnNew ?? false,
    bypassDocumentValidation: commandOptions.bypassDocumentValidation,
    let: commandOptions.let,
    writeConcern: commandOptions.writeConcern,
    maxTimeMS: commandOptions.maxTimeMS,
    comment,
  };
}

function lastErrorObject(n: number, updatedExisting: boolean | undefined, upserted: Value | undefined): Doc {
  const d: Doc = new Map<string, Value>([['n', new Int32(n)]]);
  if (updatedExisting !== undefined) d.set('updatedExisting', updatedExisting);
  if (upserted !== undefined) d.set('upserted', upserted);
  return d;
}

export function runFindAndModify(ctx: CommandContext, options: UpdateRunOptions = {}): Doc {
  const spec = parseFindAndModify(ctx.command);
  const deps: UpdateDeps = options.deps ?? defaultUpdateDeps;
  return withDryRun(ctx.catalog, options.dryRun ?? false, () => {
    const sctx = buildStatementContext(ctx.catalog, ctx.startedAt, {
      db: ctx.db,
      collectionName: spec.collection,
      let: spec.let,
      bypassDocumentValidation: spec.bypassDocumentValidation,
      deps,
      deadline: Deadline.after(() => ctx.clock.now(), ctx.startedAt, spec.maxTimeMS),
      execContext: FIND_AND_MODIFY_EXEC_CONTEXT,
    });
    const { env, letNames } = sctx;
    // The projection is parsed where the server builds the plan executor (`makeProjection` in
    // `getExecutorUpdate` / `getExecutorDelete`): after the query and the update are parsed, before
    // any document is read, and only when the collection exists (a missing one is an EOF plan that
    // never parses it). Returning the new document forbids a positional projection, since the
    // query need not match the updated array any more.
    let project = (doc: Doc | undefined): Value => doc ?? null;
    const prepareProjection = (allowPositional: boolean): void => {
      const collection = ctx.catalog.getCollection(ctx.db, spec.collection);
      if (!collection || !spec.fields || spec.fields.size === 0) return;
      const opCollation = effectiveCollation(collection, spec.collation);
      const collator = opCollation?.collator ?? null;
      const projection = parseProjection(spec.fields, { collator, variables: letNames, constants: env.variables, optimizeExpr: true });
      if (!allowPositional && projection.usesPositional) {
        throw fail(2, 'cannot use a positional projection and return the new document');
      }
      // A positional projection (`a.$`) matches the returned pre-image against the query again
      // for its array index, as the server's positional projection executor does.
      const positionalMatcher = projection.usesPositional
        ? deps.compileQuery(spec.query, { collator, variables: letNames, constants: env.variables, optimizeExpr: true })
        : undefined;
      // The projection stage runs inside the plan executor, so its errors carry its context.
      project = (doc) => {
        if (!doc) return null;
        return withErrorContext(FIND_AND_MODIFY_EXEC_CONTEXT, () => {
          if (positionalMatcher === undefined) return projection.apply(doc, env);
          const details: MatchDetails = {};
          positionalMatcher.matches(doc, env, details);
          return projection.apply(doc, env, details);
        });
      };
    };

    let reply: Doc;
    if (spec.remove) {
      const removed = removeOne(spec, sctx, deps, () => prepareProjection(true));
      reply = new Map<string, Value>([
        ['lastErrorObject', lastErrorObject(removed ? 1 : 0, undefined, undefined)],
        ['value', project(removed)],
      ]);
    } else {
      const stmt: UpdateStatementSpec = {
        index: 0,
        q: spec.query,
        u: spec.update!,
        c: undefined,
        upsert: spec.upsert,
        multi: false,
        collation: spec.collation,
        arrayFilters: spec.arrayFilters,
        hint: spec.hint,
        sort: spec.sort,
      };
      const outcome = runStatement(stmt, sctx, () => prepareProjection(!spec.returnNew));
      options.observer?.onStatement(outcome.detail);
      if (!outcome.ok) throw outcome.error;
      const upsert = outcome.detail.upsert;
      const changed = outcome.detail.documents[0];
      const value = spec.returnNew ? (upsert?.doc ?? changed?.after) : changed?.before;
      reply = new Map<string, Value>([
        ['lastErrorObject', lastErrorObject(outcome.n, outcome.detail.nMatched > 0, outcome.upsertedId)],
        ['value', project(value)],
      ]);
    }
    const wce = writeConcernHookOf(options)?.(spec.writeConcern, 'findAndModify');
    if (wce) reply.set('writeConcernError', wce);
    reply.set('ok', 1);
    return reply;
  });
}

/** The remove path: the first match (in sort order when given), deleted and returned. */
function removeOne(
  spec: FindAndModifySpec,
  sctx: StatementContext,
  deps: UpdateDeps,
  beforeRun: () => void,
): Doc | undefined {
  const collection = sctx.catalog.getCollection(sctx.db, spec.collection);
  const collation = effectiveCollation(collection, spec.collation);
  const collator = collation?.collator ?? null;
  const matcher = deps.compileQuery(spec.query, { collator, variables: sctx.letNames, constants: sctx.env.variables, optimizeExpr: true });
  beforeRun();
  const plan = planAccess(collection, `${sctx.db}.${spec.collection}`, spec.query, matcher.root, {
    hint: spec.hint,
    collation,
    hasSort: spec.sort !== undefined,
    query: writeQueryFields(spec.sort, false, spec.collation),
  });
  try {
    const matches: Doc[] = [];
    for (const doc of plan.candidates) {
      sctx.deadline.check();
      if (!matcher.matches(doc, sctx.env)) continue;
      matches.push(doc);
      if (spec.sort === undefined) break;
    }
    if (spec.sort !== undefined && matches.length > 1) {
      matches.sort(makeSortComparator(parseSort(spec.sort), collator));
    }
    const target = matches[0];
    if (!target || !collection) return undefined;
    deleteDocument(sctx.catalog, collection, target);
    return target;
  } catch (e) {
    const err = toEngineError(e);
    throw isInterruption(err) ? err : err.withContext(FIND_AND_MODIFY_EXEC_CONTEXT);
  }
}

export const findAndModifyCommand: CommandHandler = (ctx) => runFindAndModify(ctx);
