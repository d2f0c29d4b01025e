/**
 * The 8.0 admin `bulkWrite` command (client bulk writes across namespaces):
 *
 *   {bulkWrite: 1, ops: [{insert: i, document} | {update: i, filter, updateMods, multi, upsert,
 *    arrayFilters, collation, hint, sort, constants} | {delete: i, filter, multi, collation, hint}],
 *    nsInfo: [{ns: 'db.coll'}], ordered, errorsOnly, let, bypassDocumentValidation, comment}
 *   → {cursor: {id: 0, firstBatch: [{ok, idx, n, nModified?, upserted?: {_id}} | {ok: 0, idx, code,
 *      errmsg, ...extra, n: 0}], ns: 'admin.$cmd.bulkWrite'},
 *      nErrors, nInserted, nMatched, nModified, nUpserted, nDeleted, ok}
 *
 * Runs only against `admin` (code 13). `nMatched` excludes upserts (`nUpserted` counts them);
 * `errorsOnly` keeps only the failed items in `firstBatch`. Update ops run through the same
 * statement machinery as the `update` command (errors carry the same prefix).
 */
import { Int32, Long } from 'bson';
import { isArray, isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import { effectiveCollation } from './common.js';
import { deleteDocument, insertDocument } from '../catalog/writes.js';
import { fail, type EngineError } from '../errors.js';
import { makeSortComparator, parseSort } from '../query/sort.js';
import type { CommandContext, CommandHandler } from './context.js';
import { defaultUpdateDeps } from './update/deps.js';
import { buildCommandEnv } from './update/env.js';
import {
  GENERIC_ARGUMENTS,
  isAbsent,
  missingField,
  readBool,
  readObject,
  unknownField,
  wrongType,
} from './update/fields.js';
import { planAccess } from './update/plan.js';
import { isInterruption, toEngineError, UPDATE_EXEC_CONTEXT } from './update/reply.js';
import {
  checkStatementSize,
  defaultStatementOptions,
  defaultWriteCommandOptions,
  type HintSpec,
  parseUpdateModification,
  readStatementOption,
  readWriteCommandOption,
  type UpdateModification,
} from './update/request.js';
import { buildStatementContext, Deadline } from './update/statement.js';
import { runStatement, withDryRun, writeConcernHookOf, type UpdateRunOptions } from './update/command.js';
import { checkInsertable, fillEmptyTimestamps } from './insert.js';
import { checkStatementIds, checkWriteBatchSize } from './write-batch.js';

type BulkOp =
  | { readonly kind: 'insert'; readonly ns: number; readonly document: Doc }
  | {
      readonly kind: 'update';
      readonly ns: number;
      readonly filter: Doc;
      readonly updateMods: UpdateModification;
      readonly multi: boolean;
      readonly upsert: boolean;
      readonly arrayFilters: readonly Doc[] | undefined;
      readonly hint: HintSpec;
      readonly constants: Doc | undefined;
      readonly collation: Doc | undefined;
      readonly sort: Doc | undefined;
    }
  | {
      readonly kind: 'delete';
      readonly ns: number;
      readonly filter: Doc;
      readonly multi: boolean;
      readonly hint: HintSpec;
      readonly collation: Doc | undefined;
      readonly sort: Doc | undefined;
    };

export interface BulkWriteSpec {
  readonly ops: readonly BulkOp[];
  readonly nsInfo: readonly { readonly db: string; readonly coll: string }[];
  readonly ordered: boolean;
  readonly errorsOnly: boolean;
  readonly bypassDocumentValidation: boolean;
  readonly let: Doc | undefined;
  readonly maxTimeMS: number | undefined;
  readonly writeConcern: Doc | undefined;
}

const NS_INDEX_TYPES = ['long', 'int', 'decimal', 'double'] as const;

function nsIndex(kind: string, v: Value): number {
  if (!isNumber(v)) wrongType(`bulkWrite.ops.${kind}`, v, [...NS_INDEX_TYPES]);
  const n = Math.trunc(Number(typeof v === 'number' ? v : String(v)));
  if (n < 0) throw fail(2, `BSON field '${kind}' value must be >= 0, actual value '${n}'`);
  return n;
}

/** A delete op's options: an update's without `upsert`, `arrayFilters` and `upsertSupplied`. */
const DELETE_OP_OPTIONS: ReadonlySet<string> = new Set(['multi', 'hint', 'collation', 'sort', 'sampleId']);

function parseOp(raw: Value, i: number): BulkOp {
  if (!isDoc(raw)) wrongType(`bulkWrite.ops.${i}`, raw, ['object']);
  const first = raw.keys().next().value ?? '';
  const p = (k: string) => `bulkWrite.ops.${k}`;
  if (first === 'insert') {
    let document: Doc | undefined;
    let ns = 0;
    for (const [k, v] of raw) {
      if (k === 'insert') ns = nsIndex(k, v);
      else if (k === 'document') document = readObject(p(k), v);
      else unknownField(p(k));
    }
    if (!document) missingField(p('document'));
    return { kind: 'insert', ns, document };
  }
  if (first === 'update') {
    let ns = 0;
    let filter: Doc | undefined;
    let updateMods: UpdateModification | undefined;
    let constants: Doc | undefined;
    const options = defaultStatementOptions();
    for (const [k, v] of raw) {
      switch (k) {
        case 'update':
          ns = nsIndex(k, v);
          break;
        case 'filter':
          filter = readObject(p(k), v);
          break;
        case 'updateMods':
          updateMods = parseUpdateModification(v);
          break;
        case 'constants':
          if (!isAbsent(v)) constants = readObject(p(k), v);
          break;
        default:
          if (!readStatementOption(options, k, p(k), v)) unknownField(p(k));
      }
    }
    if (!filter) missingField(p('filter'));
    if (!updateMods) missingField(p('updateMods'));
    checkStatementSize(filter, updateMods);
    const { multi, upsert, arrayFilters, hint, collation, sort } = options;
    return { kind: 'update', ns, filter, updateMods, multi, upsert, arrayFilters, hint, constants, collation, sort };
  }
  if (first === 'delete') {
    let ns = 0;
    let filter: Doc | undefined;
    const options = defaultStatementOptions();
    for (const [k, v] of raw) {
      switch (k) {
        case 'delete':
          ns = nsIndex(k, v);
          break;
        case 'filter':
          filter = readObject(p(k), v);
          break;
        default:
          if (!readStatementOption(options, k, p(k), v, DELETE_OP_OPTIONS)) unknownField(p(k));
      }
    }
    if (!filter) missingField(p('filter'));
    const { multi, hint, collation, sort } = options;
    return { kind: 'delete', ns, filter, multi, hint, collation, sort };
  }
  return unknownField(`bulkWrite.${first}`);
}

function parseNsEntry(raw: Value, i: number): { db: string; coll: string } {
  if (!isDoc(raw)) wrongType(`bulkWrite.nsInfo.${i}`, raw, ['object']);
  let ns: string | undefined;
  for (const [k, v] of raw) {
    if (k === 'ns') {
      if (typeof v !== 'string') wrongType('bulkWrite.nsInfo.ns', v, ['string']);
      ns = v;
    } else if (k === 'collectionUUID' || k === 'encryptionInformation' || k === 'isTimeseriesNamespace') {
      // accepted, unused
    } else unknownField(`bulkWrite.nsInfo.${k}`);
  }
  if (ns === undefined) missingField('bulkWrite.nsInfo.ns');
  const dot = ns.indexOf('.');
  const db = dot < 0 ? ns : ns.slice(0, dot);
  const coll = dot < 0 ? '' : ns.slice(dot + 1);
  if (db === '' || coll === '') throw fail(73, `Invalid namespace specified for bulkWrite: '${db}'`);
  return { db, coll };
}

export function parseBulkWrite(cmd: Doc): BulkWriteSpec {
  let ops: BulkOp[] | undefined;
  let nsInfo: { db: string; coll: string }[] | undefined;
  let errorsOnly = false;
  const options = defaultWriteCommandOptions();
  for (const [k, v] of [...cmd.entries()].slice(1)) {
    const path = `bulkWrite.${k}`;
    switch (k) {
      case 'ops':
        if (isAbsent(v)) break;
        if (!isArray(v)) wrongType(path, v, ['array']);
        ops = v.map(parseOp);
        break;
      case 'nsInfo':
        if (isAbsent(v)) break;
        if (!isArray(v)) wrongType(path, v, ['array']);
        nsInfo = v.map(parseNsEntry);
        break;
      case 'errorsOnly':
        if (!isAbsent(v)) errorsOnly = readBool(path, v);
        break;
      case 'cursor':
        if (!isAbsent(v)) readObject(path, v);
        break;
      case 'stmtIds':
        if (!isAbsent(v) && !isArray(v)) wrongType(path, v, ['array']);
        break;
      case 'comment':
      case 'stmtId':
        break;
      default:
        if (!readWriteCommandOption(options, k, path, v) && !GENERIC_ARGUMENTS.has(k)) unknownField(path);
    }
  }
  if (!ops) missingField('bulkWrite.ops');
  if (!nsInfo) missingField('bulkWrite.nsInfo');
  checkWriteBatchSize(ops.length);
  checkStatementIds(cmd, ops.length, 'bulkWrite');
  ops.forEach((op, i) => {
    if (op.ns >= nsInfo.length) throw fail(2, `BulkWrite ops entry ${i} has an invalid nsInfo index.`);
  });
  const { ordered, bypassDocumentValidation, maxTimeMS, writeConcern } = options;
  return { ops, nsInfo, ordered, errorsOnly, bypassDocumentValidation, let: options.let, maxTimeMS, writeConcern };
}

function okItem(idx: number, n: number, extra: readonly [string, Value][] = []): Doc {
  return new Map<string, Value>([['ok', 1], ['idx', new Int32(idx)], ['n', new Int32(n)], ...extra]);
}

function errorItem(idx: number, error: EngineError, counts: readonly [string, Value][]): Doc {
  const d: Doc = new Map<string, Value>([
    ['ok', 0],
    ['idx', new Int32(idx)],
    ['code', new Int32(error.code)],
    ['errmsg', error.errmsg],
  ]);
  for (const [k, v] of error.extra) d.set(k, v as Value);
  for (const [k, v] of counts) d.set(k, v);
  return d;
}

export function runBulkWrite(ctx: CommandContext, options: UpdateRunOptions = {}): Doc {
  if (ctx.db !== 'admin') throw fail(13, 'bulkWrite may only be run against the admin database.');
  const spec = parseBulkWrite(ctx.command);
  const deps = options.deps ?? defaultUpdateDeps;
  return withDryRun(ctx.catalog, options.dryRun ?? false, () => {
    const deadline = Deadline.after(() => ctx.clock.now(), ctx.startedAt, spec.maxTimeMS);
    const items: Doc[] = [];
    const totals = { nErrors: 0, nInserted: 0, nMatched: 0, nModified: 0, nUpserted: 0, nDeleted: 0 };
    for (let i = 0; i < spec.ops.length; i++) {
      const op = spec.ops[i]!;
      const { db, coll } = spec.nsInfo[op.ns]!;
      deadline.check();
      try {
        if (op.kind === 'insert') {
          const size = checkInsertable(op.document);
          const doc = fillEmptyTimestamps(op.document, () => ctx.catalog.clock.nextTimestamp());
          const { collection } = ctx.catalog.ensureCollection(db, coll);
          insertDocument(ctx.catalog, collection, doc, {
            bypassDocumentValidation: spec.bypassDocumentValidation,
            size,
          });
          totals.nInserted++;
          items.push(okItem(i, 1));
        } else if (op.kind === 'update') {
          if (op.sort !== undefined && op.multi) throw fail(9, 'Cannot specify sort with multi=true');
          const sctx = buildStatementContext(ctx.catalog, ctx.startedAt, {
            db,
            collectionName: coll,
            let: spec.let,
            bypassDocumentValidation: spec.bypassDocumentValidation,
            deps,
            deadline,
          });
          const outcome = runStatement(
            {
              index: i,
              q: op.filter,
              u: op.updateMods,
              c: op.constants,
              upsert: op.upsert,
              multi: op.multi,
              collation: op.collation,
              arrayFilters: op.arrayFilters,
              hint: op.hint,
              sort: op.sort,
            },
            sctx,
          );
          options.observer?.onStatement(outcome.detail);
          if (!outcome.ok) throw outcome.error;
          const extra: [string, Value][] = [['nModified', new Int32(outcome.nModified)]];
          if (outcome.upsertedId !== undefined) {
            extra.push(['upserted', new Map<string, Value>([['_id', outcome.upsertedId]])]);
            totals.nUpserted++;
          } else {
            totals.nMatched += outcome.n;
          }
          totals.nModified += outcome.nModified;
          items.push(okItem(i, outcome.n, extra));
        } else {
          const n = deleteMatching(ctx, db, coll, op, deadline, spec.let);
          totals.nDeleted += n;
          items.push(okItem(i, n));
        }
      } catch (e) {
        const err = toEngineError(e);
        if (isInterruption(err)) throw err;
        totals.nErrors++;
        const counts: [string, Value][] =
          op.kind === 'update'
            ? [
                ['n', new Int32(0)],
                ['nModified', new Int32(0)],
              ]
            : [['n', new Int32(0)]];
        items.push(errorItem(i, err, counts));
        if (spec.ordered) break;
      }
    }
    const batch = spec.errorsOnly ? items.filter((it) => it.get('ok') === 0) : items;
    const reply: Doc = new Map<string, Value>([
      [
        'cursor',
        new Map<string, Value>([
          ['id', Long.fromNumber(0)],
          ['firstBatch', batch],
          ['ns', 'admin.$cmd.bulkWrite'],
        ]),
      ],
      ['nErrors', new Int32(totals.nErrors)],
      ['nInserted', new Int32(totals.nInserted)],
      ['nMatched', new Int32(totals.nMatched)],
      ['nModified', new Int32(totals.nModified)],
      ['nUpserted', new Int32(totals.nUpserted)],
      ['nDeleted', new Int32(totals.nDeleted)],
    ]);
    const wce = writeConcernHookOf(options)?.(spec.writeConcern, 'bulkWrite');
    if (wce) reply.set('writeConcernError', wce);
    reply.set('ok', 1);
    return reply;
  });
}

function deleteMatching(
  ctx: CommandContext,
  db: string,
  coll: string,
  op: Extract<BulkOp, { kind: 'delete' }>,
  deadline: Deadline,
  letDoc: Doc | undefined,
): number {
  const collection = ctx.catalog.getCollection(db, coll);
  const collation = effectiveCollation(collection, op.collation);
  const collator = collation?.collator ?? null;
  const { env, letNames } = buildCommandEnv(ctx.startedAt, letDoc, collator);
  const matcher = defaultUpdateDeps.compileQuery(op.filter, { collator, variables: letNames, constants: env.variables, optimizeExpr: true });
  const plan = planAccess(collection, `${db}.${coll}`, op.filter, matcher.root, {
    hint: op.hint,
    collation,
    hasSort: op.sort !== undefined,
  });
  if (!collection) return 0;
  const matches: Doc[] = [];
  try {
    for (const doc of plan.candidates) {
      deadline.check();
      if (!matcher.matches(doc, env)) continue;
      matches.push(doc);
      if (!op.multi && op.sort === undefined) break;
    }
    if (op.sort !== undefined && !op.multi) matches.sort(makeSortComparator(parseSort(op.sort), collator));
    const targets = op.multi ? matches : matches.slice(0, 1);
    for (const d of targets) deleteDocument(ctx.catalog, collection, d);
    return targets.length;
  } catch (e) {
    const err = toEngineError(e);
    throw isInterruption(err) ? err : err.withContext(UPDATE_EXEC_CONTEXT.replace('update', 'delete'));
  }
}

export const bulkWriteCommand: CommandHandler = (ctx) => runBulkWrite(ctx);
