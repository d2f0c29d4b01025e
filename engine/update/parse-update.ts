/**
 * Classifies and parses the `u` of an update statement once (`UpdateDriver::parse`,
 * `write_ops.cpp UpdateModification`): an array is a pipeline, an object whose first field starts
 * with `$` is a modifier document, any other object is a replacement.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { fail } from '../errors.js';
import { parsePipelineUpdate } from './pipeline-executor.js';
import { parseArrayFilters } from './array-filters.js';
import type { UpdateExecutor } from './executor.js';
import { ExecutorTemplate, modifierExecutorCache, modifierUpdateShape } from './parse-cache.js';
import { parseModifierUpdate, type LeafWrapper } from './parse-modifiers.js';
import type { UpdateNode } from './tree/context.js';
import { isReplacementDocument, ReplacementUpdateExecutor } from './replacement-executor.js';

export { isReplacementDocument };

export interface UpdateParseOptions {
  /** Raw `arrayFilters` of the statement. */
  arrayFilters?: readonly Value[] | undefined;
  /** For arrayFilters, `$min`/`$max`, `$addToSet`, `$pull`, `$pullAll` and `$push` `$sort`. */
  collator: Collator | null;
  /** The statement's `c` (pipelines only). */
  constants?: Doc | undefined;
  /** The command's `let` (passed to pipelines). */
  letVariables?: Doc | undefined;
  multi?: boolean;
  /** Wraps each modifier leaf at parse time (the Why trace); absent in every ordinary write. */
  wrapLeaf?: LeafWrapper | undefined;
}

export function parseUpdate(u: Value, options: UpdateParseOptions): UpdateExecutor {
  // A modifier document of a shape seen before (same names, types, filters and collator) is not
  // parsed again: its constants are bound into the parsed tree (parse-cache.ts).
  if (!isDoc(u) || isReplacementDocument(u) || options.constants !== undefined || options.wrapLeaf !== undefined) {
    return parseUncached(u, options);
  }
  const recent = modifierExecutorCache.recent(options.collator);
  const bound = recent?.bindSameShape(u, options.arrayFilters);
  if (bound !== undefined) return bound;
  const shape = modifierUpdateShape(u, options.arrayFilters);
  if (shape === undefined) return parseUncached(u, options);
  const cached = modifierExecutorCache.get(options.collator, shape.key);
  if (cached !== undefined) return cached.bind(shape.constants);
  // The same steps as parseUncached for a modifier document, recording the leaves it makes.
  const arrayFilters = parseArrayFilters(options.arrayFilters, options.collator);
  const leaves: UpdateNode[] = [];
  const executor = parseModifierUpdate(u, arrayFilters, options.collator, (_m, _f, leaf) => {
    leaves.push(leaf);
    return leaf;
  });
  const template = ExecutorTemplate.of(u, options.arrayFilters, executor, leaves, shape.constants, options.collator);
  modifierExecutorCache.set(options.collator, shape.key, template);
  return executor;
}

function parseUncached(u: Value, options: UpdateParseOptions): UpdateExecutor {
  if (!isArray(u) && !isDoc(u)) throw fail(9, 'Update argument must be either an object or an array');
  const arrayFilters = parseArrayFilters(options.arrayFilters, options.collator);
  if (isArray(u)) {
    if (options.arrayFilters !== undefined && options.arrayFilters.length > 0) {
      throw fail(9, 'arrayFilters may not be specified for pipeline-style updates');
    }
    return parsePipelineUpdate(u, options);
  }
  if (options.constants !== undefined) throw fail(51198, 'Constant values may only be specified for pipeline updates');
  if (isReplacementDocument(u)) {
    if (options.multi === true) throw fail(9, 'multi update is not supported for replacement-style update');
    return new ReplacementUpdateExecutor(u);
  }
  return parseModifierUpdate(u, arrayFilters, options.collator, options.wrapLeaf);
}
