/**
 * `aggregate`, only as far as drivers' `countDocuments` and simple reads need it:
 *   [{$match}, {$skip}, {$limit}, {$sort}, {$project}, {$count: 'n'},
 *    {$group: {_id: <constant>, n: {$sum: <number | '$path'>}}}]
 * Reply as find's: `{cursor: {firstBatch, id: 0, ns}, ok: 1}`. Other stages fail with 115
 * (the playground's aggregation support is the pipeline-update evaluator, not this command).
 */
import { Int32 } from 'bson';
import { isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import { compileFilter } from '../catalog/filter.js';
import { selectDocuments } from '../catalog/select.js';
import { fail } from '../errors.js';
import { addNumbers } from './aggregate-sum.js';
import { commandEnv, effectiveCollation, findCursorReply, targetCollectionName } from './common.js';
import type { CommandContext, CommandHandler } from './context.js';
import { checkFields, numberArg } from './fields.js';
import { parseProjection } from '../query/projection.js';
import { parseSort, sortDocuments } from '../query/sort.js';

function stageOf(stage: Value): [string, Value] {
  if (!isDoc(stage)) throw fail(14, `Each element of the 'pipeline' array must be an object`);
  if (stage.size !== 1) {
    throw fail(40323, 'A pipeline stage specification object must contain exactly one field.');
  }
  return stage.entries().next().value as [string, Value];
}

function fieldValue(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const p of path.split('.')) {
    if (!isDoc(cur)) return undefined;
    cur = cur.get(p);
  }
  return cur;
}

function runGroup(docs: Doc[], spec: Value): Doc[] {
  if (!isDoc(spec) || !spec.has('_id')) throw fail(15955, 'a group specification must include an _id');
  const id = spec.get('_id')!;
  if (typeof id === 'string' && id.startsWith('$')) {
    throw fail(115, '$group by a field path is not supported by the playground aggregate command');
  }
  if (docs.length === 0) return [];
  const out: Doc = new Map<string, Value>([['_id', id]]);
  for (const [name, acc] of spec) {
    if (name === '_id') continue;
    if (!isDoc(acc) || acc.size !== 1 || !acc.has('$sum')) {
      throw fail(115, `only {$sum: ...} accumulators are supported by the playground aggregate command`);
    }
    const arg = acc.get('$sum')!;
    let total: Value = new Int32(0);
    for (const d of docs) {
      const v = typeof arg === 'string' && arg.startsWith('$') ? fieldValue(d, arg.slice(1)) : arg;
      if (v !== undefined && isNumber(v)) total = addNumbers(total, v);
    }
    out.set(name, total);
  }
  return [out];
}

function runPipeline(ctx: CommandContext, input: Doc[] | null, pipeline: readonly Value[], name: string): Doc[] {
  const collection = ctx.catalog.getCollection(ctx.db, name);
  const collation = effectiveCollation(collection, ctx.command.get('collation'));
  let docs: Doc[] = input ?? [];
  pipeline.forEach((stage, i) => {
    const [op, spec] = stageOf(stage);
    switch (op) {
      case '$match': {
        if (!isDoc(spec)) throw fail(15959, 'the match filter must be an expression in an object');
        if (i === 0 && collection) {
          docs = selectDocuments(collection, {
            filter: spec,
            collation,
            hint: ctx.command.get('hint') as string | Doc | undefined,
            env: commandEnv(ctx),
          }).matches;
        } else {
          const f = compileFilter(spec, collation?.collator ?? null, { env: commandEnv(ctx) });
          docs = docs.filter((d) => f.matches(d));
        }
        return;
      }
      case '$skip':
      case '$limit': {
        const n = numberArg(spec);
        if (n === undefined || n < 0 || !Number.isInteger(n)) {
          throw fail(
            op === '$skip' ? 15956 : 15958,
            `${op === '$skip' ? 'invalid argument to $skip stage: Expected a non-negative number in' : 'the limit must be positive'}`,
          );
        }
        if (op === '$limit' && n === 0) throw fail(15958, 'the limit must be positive');
        docs = op === '$skip' ? docs.slice(n) : docs.slice(0, n);
        return;
      }
      case '$sort':
        if (!isDoc(spec)) throw fail(15973, 'the $sort key specification must be an object');
        docs = sortDocuments(docs, parseSort(spec), collation?.collator ?? null);
        return;
      case '$project':
        if (!isDoc(spec)) throw fail(15969, '$project specification must be an object');
        {
          const env = commandEnv(ctx);
          const projection = parseProjection(spec, {
            collator: collation?.collator ?? null,
            variables: new Set(env.variables.keys()),
          });
          docs = docs.map((d) => projection.apply(d, env));
        }
        return;
      case '$count':
        if (typeof spec !== 'string' || spec === '') throw fail(40156, 'the count field must be a non-empty string');
        docs = docs.length === 0 ? [] : [new Map<string, Value>([[spec, new Int32(docs.length)]])];
        return;
      case '$group':
        docs = runGroup(docs, spec);
        return;
      default:
        throw fail(115, `${op} is not supported by the playground's aggregate command`);
    }
  });
  return docs;
}

export const aggregateCommand: CommandHandler = (ctx) => {
  const name = ctx.command.get(ctx.name);
  if (name === 1 || (typeof name === 'object' && name !== null && isNumber(name))) {
    throw fail(115, 'collection-less aggregate is not supported by the playground');
  }
  const collName = targetCollectionName(ctx);
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
  const collection = ctx.catalog.getCollection(ctx.db, collName);
  const pipeline = ctx.command.get('pipeline') as Value[];
  const startsWithMatch = pipeline.length > 0 && isDoc(pipeline[0]) && pipeline[0].has('$match');
  const input = startsWithMatch ? null : (collection?.snapshot() ?? []);
  const docs = runPipeline(ctx, input, pipeline, collName);
  return findCursorReply(`${ctx.db}.${collName}`, docs);
};
