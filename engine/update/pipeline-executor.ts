/**
 * Pipeline-style updates (`PipelineExecutor`): `u` is an array of stages run over the matched
 * document. The result replaces the document (`ObjectReplaceExecutor::applyReplacementUpdate`):
 * - a result binary-equal to the input is a no-op;
 * - when the result has no `_id`, the original `_id` is kept (so `$unset: "_id"` cannot remove it);
 * - `_id` (and any other immutable path) must not change: code 66;
 * - top-level `$`-prefixed fields are allowed (`allowTopLevelDollarPrefixedFields`);
 * - the oplog entry is a `$v:2` diff from `computeOplogDiff(pre, post, 15)` (built when read) when that is smaller
 *   than the post-image, otherwise the whole post-image.
 */
import { binaryEqual } from '../bson/compare.js';
import { checkConvertibleToBson } from '../bson/size.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { makeParseContext } from '../expr/parse.js';
import type { Scope } from '../expr/types.js';
import { validateVariableName, validateVariableNameForRead } from '../expr/variables.js';
import type { DeferredDoc } from '../catalog/oplog-records.js';
import {
  computeDeferredOplogDiff,
  DELTA_OPLOG_ENTRY_PADDING,
  topLevelDiffOf,
  type DeferredDiff,
} from '../oplog/diff-calculator.js';
import { ChangedDocument } from './changed-document.js';
import { makeDeltaOplogEntry } from '../oplog/diff-types.js';
import type { ApplyParams, ApplyResult, ArrayTouch, UpdateExecutor } from './executor.js';
import { checkUpdatedDocumentSize, updatedDocumentSize } from './document-size.js';
import type { UpdateParseOptions } from './parse-update.js';
import { cloneValue } from './path.js';
import { replacementModifiedPaths } from './replacement-executor.js';
import { checkIdUnchanged, moveIdFirst, validateForStorage } from './storage-validation.js';
import { OTHER_STAGES, UPDATE_STAGES, type Stage } from '../pipeline/stages.js';
import { keepShape } from '../shape-anchor.js';

export interface PipelineExecutor extends UpdateExecutor {
  readonly kind: 'pipeline';
  readonly stages: readonly Stage[];
}

class PipelineUpdateExecutor implements PipelineExecutor {
  readonly kind = 'pipeline' as const;
  constructor(readonly stages: readonly Stage[]) {
    Object.freeze(this);
  }

  /** Runs the stages; each stage sees the previous stage's output as `$$ROOT`. */
  transform(doc: Doc, params: ApplyParams): Doc {
    let current = doc;
    const stages = this.stages;
    for (let i = 0; i < stages.length; i++) {
      const scope: Scope = { root: current, current, env: params.env, locals: null };
      current = stages[i]!.apply(current, scope);
    }
    return current;
  }

  apply(doc: Doc, params: ApplyParams): ApplyResult {
    const transformed = this.transform(doc, params);
    // An upsert's seed is not a stored document: walked whole.
    checkConvertibleToBson(transformed, params.isUpsertInsert ? undefined : doc);
    if (binaryEqual(doc, transformed)) {
      return { doc, noop: true, modifiedPaths: [], oplog: null, arrayTouches: [] };
    }
    // Copy-on-write, as the modifier executor: values the stages left alone (and literals) are
    // shared with the pre-image, which is never mutated (stored documents are immutable; every
    // writer copies a container before changing it). Only the top level is a new Map.
    let replaced: Doc;
    if (transformed.has('_id') || !doc.has('_id')) {
      // Never mutated from here on (moveIdFirst copies when it reorders): no copy needed.
      replaced = transformed;
    } else {
      // The original _id stays (first, as the surviving element), the result's fields follow.
      replaced = new Map([['_id', doc.get('_id')!]]);
      for (const [k, v] of transformed) replaced.set(k, v);
    }
    // As for a replacement: storage validation first (not for an upsert insert, which the caller
    // validates as a whole after these checks), then the immutable paths.
    if (!params.isUpsertInsert)
      validateForStorage(replaced, { allowTopLevelDollarPrefixes: true, storedOriginal: doc });
    checkIdUnchanged(doc, replaced, params.immutablePaths);
    // An upsert insert is size-checked (17420) by the caller, like a replacement.
    const out = moveIdFirst(replaced);
    const size = params.isUpsertInsert ? undefined : updatedDocumentSize(doc, params.originalSize, out);
    if (size !== undefined) checkUpdatedDocumentSize(out, size);

    const modifiedPaths = replacementModifiedPaths(doc, out);

    // The oplog `o` describes the executor's document, before `_id` is moved first for storage
    // (`PipelineExecutor::applyUpdate` logs before the update stage's `ensureIdFieldIsFirst`; a
    // secondary moves it first again). An output without `_id` is logged with the stored `_id`
    // first, as stored, so that the entry replays to it. The diff's document is built when read.
    const diff = params.isUpsertInsert
      ? null
      : computeDeferredOplogDiff(doc, replaced, DELTA_OPLOG_ENTRY_PADDING, size);
    if (diff === null)
      return { doc: out, noop: false, modifiedPaths, oplog: cloneValue(replaced), arrayTouches: [], size };
    // A diff of top-level values only is kept as names and values: the oplog can then keep a run of
    // such entries as one record (oplog-update-batch.ts) instead of a diff tree per document.
    const flat = topLevelDiffOf(diff);
    if (flat !== undefined) return new ChangedDocument(out, modifiedPaths, flat, NO_ARRAY_TOUCHES, size);
    return new PipelineApplyResult(out, modifiedPaths, diff, size);
  }
}

const NO_ARRAY_TOUCHES: readonly ArrayTouch[] = Object.freeze([]);

/**
 * A changed document whose oplog `o` (a `$v:2` diff) is built when first read, once: the oplog
 * entry and the statement's change share one `o` (as the modifier path's builder). It is its own
 * `oplogBuilder`.
 */
class PipelineApplyResult implements ApplyResult, DeferredDoc {
  readonly noop = false;
  readonly arrayTouches = NO_ARRAY_TOUCHES;
  private built: Doc | undefined;
  constructor(
    readonly doc: Doc,
    readonly modifiedPaths: readonly string[],
    private readonly diff: DeferredDiff,
    readonly size: number | undefined,
  ) {
    keepShape(this);
  }
  get oplogBuilder(): DeferredDoc {
    return this;
  }
  build(): Doc {
    return (this.built ??= makeDeltaOplogEntry(this.diff.build()));
  }
  get oplog(): Doc {
    return this.build();
  }
}

function variableNames(options: UpdateParseOptions): Set<string> {
  const names = new Set<string>();
  if (options.letVariables) {
    for (const name of options.letVariables.keys()) {
      validateVariableName(name);
      names.add(name);
    }
  }
  if (options.constants) {
    for (const name of options.constants.keys()) {
      validateVariableNameForRead(name);
      names.add(name);
    }
  }
  return names;
}

/** `let` values and `c` constants: the server seeds both as constants before parsing the pipeline. */
function constantValues(options: UpdateParseOptions): ReadonlyMap<string, Value> {
  const values = new Map<string, Value>(options.letVariables ?? []);
  for (const [k, v] of options.constants ?? []) values.set(k, v);
  return values;
}

/** Parses an update pipeline once per statement. */
export function parsePipelineUpdate(stages: Value[], options: UpdateParseOptions): UpdateExecutor {
  const ctx = makeParseContext(options.collator, variableNames(options), false, constantValues(options));
  const parsed: Stage[] = [];
  // Pipeline::parse parses every stage before the update-specific check runs.
  for (const spec of stages) {
    if (!isDoc(spec)) throw fail(14, "Each element of the 'pipeline' array must be an object");
    if (spec.size !== 1) throw fail(40323, 'A pipeline stage specification object must contain exactly one field.');
    const [name, arg] = spec.entries().next().value as [string, Value];
    if (Object.hasOwn(UPDATE_STAGES, name)) {
      parsed.push(UPDATE_STAGES[name as keyof typeof UPDATE_STAGES](name, arg, ctx));
    } else if (OTHER_STAGES.has(name)) {
      parsed.push({ name, apply: (d) => d });
    } else {
      throw fail(40324, `Unrecognized pipeline stage name: '${name}'`);
    }
  }
  for (const stage of parsed) {
    if (!Object.hasOwn(UPDATE_STAGES, stage.name))
      throw fail(72, `${stage.name} is not allowed to be used within an update`);
  }
  // PipelineExecutor never calls optimizePipeline: a constant that cannot be evaluated fails only
  // when a document reaches it (no error when nothing matches).
  return new PipelineUpdateExecutor(parsed);
}
