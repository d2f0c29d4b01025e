/**
 * The stages an update pipeline may use (`isAllowedWithinUpdatePipeline`), parsed once:
 * `$addFields`/`$set`, `$project`/`$unset`, `$replaceRoot`/`$replaceWith`. Every stage is a
 * document → document function over a `Scope` whose root is the stage's input.
 */
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import type { ExprNode, ParseContext, Scope } from '../expr/types.js';
import { valueToString } from '../expr/value-string.js';
import type { ProjectionNode } from './projection.js';
import { parseAddFields } from './projection-parse.js';
import { parseProject } from './project-parse.js';

export interface Stage {
  readonly name: string;
  apply(doc: Doc, scope: Scope): Doc;
}

class ProjectionStage implements Stage {
  constructor(
    readonly name: string,
    readonly projection: ProjectionNode,
  ) {}
  apply(doc: Doc, scope: Scope): Doc {
    return this.projection.applyToDocument(doc, scope);
  }
}

class ReplaceRootStage implements Stage {
  constructor(
    readonly name: string,
    readonly newRoot: ExprNode,
    /** `'newRoot' expression ` for $replaceRoot, `'replacement document' ` for $replaceWith. */
    readonly errorContext: string,
  ) {}
  apply(doc: Doc, scope: Scope): Doc {
    const v = this.newRoot.evaluate(scope);
    if (v === undefined || !isDoc(v)) {
      throw fail(
        40228,
        `${this.errorContext} must evaluate to an object, but resulting value was: ${valueToString(v)}. Type of resulting value: '${v === undefined ? 'missing' : typeOf(v)}'. Input document: ${valueToString(doc)}`,
      );
    }
    return v;
  }
}

/** Adds the server's "Invalid $stage :: caused by ::" context to errors from a stage's parser. */
function withStageContext<T>(stageName: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (isEngineError(e)) throw e.withContext(`Invalid ${stageName}`);
    throw e;
  }
}

function parseAddFieldsStage(name: string, spec: Value, ctx: ParseContext): Stage {
  if (!isDoc(spec)) throw fail(40272, `${name} specification stage must be an object, got ${typeOf(spec)}`);
  return new ProjectionStage(
    name,
    withStageContext(name, () => parseAddFields(spec, ctx)),
  );
}

function parseProjectStage(name: string, spec: Value, ctx: ParseContext): Stage {
  if (!isDoc(spec)) throw fail(15969, `${name} specification must be an object`);
  return new ProjectionStage(
    name,
    withStageContext(name, () => parseProject(spec, ctx)),
  );
}

function parseUnsetStage(name: string, spec: Value, ctx: ParseContext): Stage {
  if (typeof spec !== 'string' && !Array.isArray(spec))
    throw fail(31002, '$unset specification must be a string or an array');
  const fields = typeof spec === 'string' ? [spec] : spec;
  if (fields.length === 0)
    throw fail(31119, '$unset specification must be a string or an array with at least one field');
  const projection: Doc = new Map();
  for (const f of fields) {
    if (typeof f !== 'string')
      throw fail(31120, '$unset specification must be a string or an array containing only string values');
  }
  return new ProjectionStage(
    name,
    withStageContext(name, () => {
      for (const f of fields as string[]) {
        // A document cannot hold the same name twice, so a repeated path is caught here.
        if (projection.has(f)) throw fail(31250, `Path collision at ${f}`);
        projection.set(f, 0);
      }
      return parseProject(projection, ctx);
    }),
  );
}

function parseReplaceRootStage(name: string, spec: Value, ctx: ParseContext): Stage {
  if (!isDoc(spec))
    throw fail(40229, `expected an object as specification for $replaceRoot stage, got ${typeOf(spec)}`);
  let newRoot: Value | undefined;
  for (const [k, v] of spec) {
    if (k === 'newRoot') newRoot = v;
    else throw fail(40415, `BSON field '$replaceRoot.${k}' is an unknown field.`);
  }
  if (newRoot === undefined) throw fail(40414, "BSON field '$replaceRoot.newRoot' is missing but a required field");
  return new ReplaceRootStage(name, ctx.parse(newRoot), "'newRoot' expression ");
}

function parseReplaceWithStage(name: string, spec: Value, ctx: ParseContext): Stage {
  return new ReplaceRootStage(name, ctx.parse(spec), "'replacement document' ");
}

type StageParser = (name: string, spec: Value, ctx: ParseContext) => Stage;

/** Stages allowed inside an update pipeline. */
export const UPDATE_STAGES = {
  $addFields: parseAddFieldsStage,
  $set: parseAddFieldsStage,
  $project: parseProjectStage,
  $unset: parseUnsetStage,
  $replaceRoot: parseReplaceRootStage,
  $replaceWith: parseReplaceWithStage,
} satisfies Record<string, StageParser>;

/** Real aggregation stages that exist but may not be used in an update (code 72). */
export const OTHER_STAGES: ReadonlySet<string> = new Set([
  '$bucket',
  '$bucketAuto',
  '$changeStream',
  '$changeStreamSplitLargeEvent',
  '$collStats',
  '$count',
  '$currentOp',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$group',
  '$indexStats',
  '$limit',
  '$listLocalSessions',
  '$listSampledQueries',
  '$listSearchIndexes',
  '$listSessions',
  '$lookup',
  '$match',
  '$merge',
  '$out',
  '$planCacheStats',
  '$querySettings',
  '$redact',
  '$sample',
  '$search',
  '$searchMeta',
  '$setWindowFields',
  '$shardedDataDistribution',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unwind',
  '$vectorSearch',
]);
