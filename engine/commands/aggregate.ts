/**
 * `aggregate` over one collection, with the stages a playground read needs:
 *   $match $skip $limit $sort $count $group
 *   $project $unset $addFields/$set $replaceRoot/$replaceWith (the update-pipeline stages)
 * `$group` takes any expression as `_id` and the accumulators $sum $avg $min $max $first $last
 * $push $addToSet $mergeObjects $count. The whole pipeline is parsed before it runs, as the server does.
 * Reply as find's: `{cursor: {firstBatch, id: Long(0), ns}, ok: 1}`.
 * `$out` (last stage) replaces a collection's documents; `{aggregate: 1}` runs collection-less
 * pipelines starting with `$documents` or `$listLocalSessions`.
 * Unknown stages → 40324; real stages outside this subset → 115 (not in the playground).
 */
import { Int32 } from 'bson';
import { compareValues, valuesEqual, type Collator } from '../bson/compare.js';
import { checkConvertibleToBson } from '../bson/size.js';
import { isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import type { CollationInfo } from '../catalog/collation-info.js';
import { Collection } from '../catalog/collection.js';
import { withIdFirst } from '../catalog/id-field.js';
import { validateDocument } from '../catalog/validation.js';
import { checkWritable, deleteDocument, insertDocument } from '../catalog/writes.js';
import { compileFilter } from '../catalog/filter.js';
import { keyOf } from '../catalog/keys.js';
import { selectDocuments } from '../catalog/select.js';
import { fail, withErrorContext } from '../errors.js';
import { makeParseContext } from '../expr/parse.js';
import { throwOptimizeErrors } from '../expr/constant-folding.js';
import { mergeObjectsInto } from '../expr/object.js';
import type { ExprNode, ParseContext, Scope } from '../expr/types.js';
import { OTHER_STAGES, UPDATE_STAGES } from '../pipeline/stages.js';
import { parseSort, sortDocuments } from '../query/sort.js';
import type { RuntimeEnv } from '../runtime.js';
import { addNumbers } from './aggregate-sum.js';
import { changeStreamAggregate, isChangeStreamPipeline } from '../changestream/commands.js';
import { checkApiStrictPipeline } from './api-version.js';
import { commandEnv, cursorBatchSize, effectiveCollation, findCursorReply, targetCollectionName } from './common.js';
import type { CommandContext, CommandHandler } from './context.js';
import { boolArg, checkFields, numberArg } from './fields.js';

/** One parsed stage: documents in, documents out. */
type RunStage = (docs: Doc[]) => Doc[];

interface PipelineContext {
  readonly expr: ParseContext;
  readonly env: RuntimeEnv;
  readonly collator: Collator | null;
}

function scopeOf(doc: Doc, env: RuntimeEnv): Scope {
  return { root: doc, current: doc, env, locals: null };
}

type Accumulator = { init(): void; add(v: Value | undefined): void; result(): Value };

function accumulator(op: string, collator: Collator | null): Accumulator {
  let values: Value[] = [];
  let sum: Value = new Int32(0);
  let count = 0;
  let best: Value | undefined;
  let first: Value | undefined;
  let seenFirst = false;
  let last: Value | undefined;
  const reset = (): void => {
    values = [];
    sum = new Int32(0);
    count = 0;
    best = undefined;
    first = undefined;
    seenFirst = false;
    last = undefined;
  };
  switch (op) {
    case '$sum':
    case '$avg':
      return {
        init: reset,
        add: (v) => {
          if (v !== undefined && isNumber(v)) {
            sum = addNumbers(sum, v);
            count++;
          }
        },
        result: () => (op === '$sum' ? sum : count === 0 ? null : Number(String(sum)) / count),
      };
    case '$min':
    case '$max':
      return {
        init: reset,
        add: (v) => {
          if (v === undefined || v === null) return;
          const c = best === undefined ? 0 : compareValues(v, best, collator);
          if (best === undefined || (op === '$min' ? c < 0 : c > 0)) best = v;
        },
        result: () => best ?? null,
      };
    case '$first':
    case '$last':
      return {
        init: reset,
        add: (v) => {
          if (!seenFirst) {
            first = v;
            seenFirst = true;
          }
          last = v;
        },
        result: () => (op === '$first' ? first : last) ?? null,
      };
    case '$push':
    case '$addToSet':
      return {
        init: reset,
        add: (v) => {
          if (v === undefined) return;
          if (op === '$addToSet' && values.some((x) => valuesEqual(x, v, collator))) return;
          values.push(v);
        },
        result: () => values,
      };
    case '$mergeObjects': {
      // AccumulatorMergeObjects: nullish inputs are skipped, later fields win, {} when none.
      let merged: Doc = new Map();
      return {
        init: () => {
          merged = new Map();
        },
        add: (v) => mergeObjectsInto(merged, v),
        result: () => merged,
      };
    }
    default:
      throw fail(15952, `unknown group operator '${op}'`);
  }
}

function parseGroup(spec: Value, pc: PipelineContext): RunStage {
  if (!isDoc(spec)) throw fail(15947, "a group's fields must be specified in an object");
  if (!spec.has('_id')) throw fail(15955, 'a group specification must include an _id');
  const idExpr = pc.expr.parse(spec.get('_id')!);
  const fields: { name: string; op: string; arg: ExprNode }[] = [];
  for (const [name, acc] of spec) {
    if (name === '_id') continue;
    // AccumulationStatement::parseAccumulationStatement, in its order.
    const first = isDoc(acc) ? acc.keys().next().value : undefined;
    if (first === undefined || !first.startsWith('$')) throw fail(40234, `The field '${name}' must be an accumulator object`);
    if (name.includes('.')) throw fail(40235, `The field name '${name}' cannot contain '.'`);
    if (name.startsWith('$')) throw fail(40236, `The field name '${name}' cannot be an operator name`);
    if ((acc as Doc).size !== 1) throw fail(40238, `The field '${name}' must specify one accumulator`);
    const [op, arg] = (acc as Doc).entries().next().value as [string, Value];
    if (Array.isArray(arg)) throw fail(40237, `The ${op} accumulator is a unary operator`);
    if (op === '$count') {
      fields.push({ name, op: '$sum', arg: pc.expr.parse(new Int32(1)) });
      continue;
    }
    // The operand is parsed before the accumulator's name is looked up.
    const operand = pc.expr.parse(arg);
    accumulator(op, pc.collator);
    fields.push({ name, op, arg: operand });
  }
  return (docs) => {
    const groups = new Map<string, { id: Value; accs: Accumulator[] }>();
    for (const doc of docs) {
      const scope = scopeOf(doc, pc.env);
      const id = idExpr.evaluate(scope) ?? null;
      const key = keyOf(id, pc.collator);
      let group = groups.get(key);
      if (!group) {
        group = { id, accs: fields.map((f) => accumulator(f.op, pc.collator)) };
        group.accs.forEach((a) => a.init());
        groups.set(key, group);
      }
      fields.forEach((f, i) => group.accs[i]!.add(f.arg.evaluate(scope)));
    }
    return [...groups.values()].map((g) => {
      const out: Doc = new Map<string, Value>([['_id', g.id]]);
      fields.forEach((f, i) => out.set(f.name, g.accs[i]!.result()));
      return out;
    });
  };
}

function nonNegativeInteger(stage: string, spec: Value, code: number): number {
  const n = numberArg(spec);
  if (n === undefined || !Number.isInteger(n)) {
    throw fail(code, `invalid argument to ${stage} stage: Expected an integer: ${stage}: ${String(spec)}`);
  }
  return n;
}

function parseStage(name: string, spec: Value, pc: PipelineContext): RunStage {
  switch (name) {
    case '$match': {
      if (!isDoc(spec)) throw fail(15959, 'the match filter must be an expression in an object');
      const filter = compileFilter(spec, pc.collator, { env: pc.env });
      return (docs) => docs.filter((d) => filter.matches(d));
    }
    case '$skip': {
      const n = nonNegativeInteger('$skip', spec, 5107200);
      if (n < 0) throw fail(5107200, `invalid argument to $skip stage: Expected a non-negative number in: $skip: ${n}`);
      return (docs) => docs.slice(n);
    }
    case '$limit': {
      const n = nonNegativeInteger('$limit', spec, 5107201);
      if (n <= 0) throw fail(15958, 'the limit must be positive');
      return (docs) => docs.slice(0, n);
    }
    case '$sort': {
      if (!isDoc(spec)) throw fail(15973, 'the $sort key specification must be an object');
      const sort = parseSort(spec);
      return (docs) => sortDocuments(docs, sort, pc.collator);
    }
    case '$count': {
      if (typeof spec !== 'string' || spec === '') throw fail(40156, 'the count field must be a non-empty string');
      return (docs) => (docs.length === 0 ? [] : [new Map<string, Value>([[spec, new Int32(docs.length)]])]);
    }
    case '$group':
      return parseGroup(spec, pc);
    default:
      break;
  }
  if (Object.hasOwn(UPDATE_STAGES, name)) {
    const stage = UPDATE_STAGES[name as keyof typeof UPDATE_STAGES](name, spec, pc.expr);
    return (docs) => docs.map((d) => stage.apply(d, scopeOf(d, pc.env)));
  }
  if (OTHER_STAGES.has(name)) throw fail(115, `${name} is not supported by the playground's aggregate command`);
  throw fail(40324, `Unrecognized pipeline stage name: '${name}'`);
}

interface ParsedStage {
  readonly name: string;
  readonly spec: Value;
  readonly run: RunStage;
}

/** Stages that produce documents from nothing (collection-less `{aggregate: 1}` pipelines). */
const SOURCE_STAGES = new Set(['$documents', '$listLocalSessions']);

function parseSourceStage(ctx: CommandContext, name: string, spec: Value, pc: PipelineContext): RunStage {
  if (name === '$listLocalSessions') {
    if (!isDoc(spec)) throw fail(50707, '$listLocalSessions options must be specified in an object');
    return () => ctx.catalog.sessions.list();
  }
  const expr = pc.expr.parse(spec);
  return () => {
    const v = expr.evaluate(scopeOf(new Map(), pc.env));
    if (!Array.isArray(v) || !v.every(isDoc)) throw fail(5858203, 'an array is expected');
    return v;
  };
}

function parsePipeline(ctx: CommandContext, pipeline: readonly Value[], pc: PipelineContext): ParsedStage[] {
  return pipeline.map((stage, i) => {
    if (!isDoc(stage)) throw fail(14, "Each element of the 'pipeline' array must be an object");
    if (stage.size !== 1) throw fail(40323, 'A pipeline stage specification object must contain exactly one field.');
    const [name, spec] = stage.entries().next().value as [string, Value];
    if (SOURCE_STAGES.has(name)) {
      if (i !== 0) throw fail(40602, `${name} is only valid as the first stage in a pipeline`);
      return { name, spec, run: parseSourceStage(ctx, name, spec, pc) };
    }
    if (name === '$out') {
      if (i !== pipeline.length - 1) throw fail(40601, '$out can only be the final stage in the pipeline');
      outTarget(ctx, spec);
      return { name, spec, run: (docs) => docs };
    }
    return { name, spec, run: parseStage(name, spec, pc) };
  });
}

/** `$out: 'coll'` or `$out: {db, coll}`. */
function outTarget(ctx: CommandContext, spec: Value): { db: string; coll: string } {
  if (typeof spec === 'string') return { db: ctx.db, coll: spec };
  if (isDoc(spec) && typeof spec.get('coll') === 'string') {
    const db = spec.get('db');
    return { db: typeof db === 'string' ? db : ctx.db, coll: spec.get('coll') as string };
  }
  throw fail(16990, `$out only supports a string or object argument, not ${isDoc(spec) ? 'object' : typeof spec}`);
}

/**
 * `$out`: the target's documents become exactly `docs` (indexes and options stay), or nothing
 * changes when one of them is refused (duplicate `_id`, validation), as the server's
 * write-to-temp-then-rename gives.
 */
function writeOut(ctx: CommandContext, spec: Value, docs: readonly Doc[]): void {
  const { db, coll } = outTarget(ctx, spec);
  const { collection } = ctx.catalog.ensureCollection(db, coll);
  checkWritable(collection);
  const bypass = boolArg(ctx.command.get('bypassDocumentValidation'), false);
  const staging = new Collection(db, coll, collection.uuid, {
    validator: collection.validator,
    validationLevel: collection.validationLevel,
    validationAction: collection.validationAction,
    collation: collection.collation,
  });
  for (const index of collection.indexes.slice(1)) staging.createIndex(index.definition);
  // Dry run on a staging copy: every refusal happens before the target changes.
  for (const d of docs) {
    const withId = withIdFirst(d, ctx.catalog.newObjectId);
    validateDocument(ctx.catalog, staging, withId, { bypass });
    staging.insert(withId);
  }
  for (const d of collection.snapshot()) deleteDocument(ctx.catalog, collection, d);
  for (const d of staging.snapshot()) insertDocument(ctx.catalog, collection, d, { bypassDocumentValidation: true });
}

/** The context `handleCursorCommand` adds to an error raised by the aggregation executor. */
const EXECUTOR_CONTEXT = 'PlanExecutor error during aggregation';

function run(ctx: CommandContext, collName: string | null, pipeline: readonly Value[]): Doc[] {
  const collection = collName === null ? undefined : ctx.catalog.getCollection(ctx.db, collName);
  const collation: CollationInfo | null = effectiveCollation(collection, ctx.command.get('collation'));
  const env = commandEnv(ctx);
  const pc: PipelineContext = {
    expr: makeParseContext(collation?.collator ?? null, new Set(env.variables.keys()), true, env.variables),
    env,
    collator: collation?.collator ?? null,
  };
  const stages = parsePipeline(ctx, pipeline, pc);
  throwOptimizeErrors(pc.expr);
  const head = stages[0];
  let docs: Doc[];
  let rest = stages;
  if (collName === null) {
    if (!head || !SOURCE_STAGES.has(head.name)) {
      throw fail(
        73,
        `{aggregate: 1} is not valid for '${head?.name ?? 'an empty pipeline'}'; a collection is required.`,
      );
    }
    docs = withErrorContext(EXECUTOR_CONTEXT, () => head.run([]));
    rest = stages.slice(1);
  } else if (head && SOURCE_STAGES.has(head.name)) {
    throw fail(40602, `${head.name} must be run against a database with {aggregate: 1}`);
  } else if (!collection) {
    docs = [];
  } else if (head && head.name === '$match') {
    // A leading $match goes through the planner (hint, indexes), as the server pushes it down.
    docs = selectDocuments(collection, {
      filter: head.spec as Doc,
      collation,
      hint: ctx.command.get('hint') as string | Doc | undefined,
      env,
      optimizeExpr: false,
      executionContext: EXECUTOR_CONTEXT,
    }).matches;
    rest = stages.slice(1);
  } else {
    docs = collection.snapshot();
  }
  // What fails while the executor hands out documents (a stage's evaluation, a result that cannot
  // become BSON) gets handleCursorCommand's context; parse, optimize and planning errors do not.
  withErrorContext(EXECUTOR_CONTEXT, () => {
    for (const s of rest) docs = s.run(docs);
    for (const d of docs) checkConvertibleToBson(d);
  });
  const last = stages.at(-1);
  if (last && last.name === '$out') {
    writeOut(ctx, last.spec, docs);
    return [];
  }
  return docs;
}

export const aggregateCommand: CommandHandler = (ctx) => {
  const target = ctx.command.get(ctx.name);
  // `{aggregate: 1}` runs a collection-less pipeline ($documents, $listLocalSessions).
  const collName = typeof target === 'string' ? targetCollectionName(ctx) : null;
  if (collName === null && !(isNumber(target) && Number(String(target)) === 1)) {
    throw fail(73, `Invalid {aggregate: ...} value: must be a string or 1`);
  }
  checkFields(ctx.name, ctx.command, {
    aggregate: { type: ['string', 'number'] },
    pipeline: { type: 'array', required: true },
    cursor: { type: 'object' },
    explain: { type: 'bool' },
    allowDiskUse: { type: 'bool' },
    collation: { type: 'object' },
    hint: { type: ['string', 'object'] },
    let: { type: 'object' },
    bypassDocumentValidation: { type: 'safeBool' },
    rawData: { type: 'bool' },
  });
  if (!ctx.command.has('cursor') && ctx.command.get('explain') !== true) {
    throw fail(9, "The 'cursor' option is required, except for aggregate with the explain argument");
  }
  if (ctx.command.get('explain') === true) throw fail(115, 'aggregate explain is not supported by the playground');
  checkApiStrictPipeline(ctx.command, ctx.command.get('pipeline') as Value[]);
  const batchSize = cursorBatchSize(ctx.command, ctx.name);
  // `$changeStream` first: a change stream over the oplog (engine/changestream).
  const pipeline = ctx.command.get('pipeline') as Value[];
  if (isChangeStreamPipeline(pipeline)) return changeStreamAggregate(ctx, collName, pipeline, batchSize);
  const docs = run(ctx, collName, pipeline);
  const ns = collName === null ? `${ctx.db}.$cmd.aggregate` : `${ctx.db}.${collName}`;
  return findCursorReply(ns, docs, ctx, { batchSize });
};
