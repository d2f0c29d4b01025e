/**
 * One matched document visited by the update, as the server's update stage does it: apply the
 * update, then check the collection's validator on the new document. Explained documents also get
 * their modifier steps, pipeline stages and array-filter verdicts; the others only their outcome,
 * so the trace knows where an error stops a multi-update.
 */
import type { Collator } from '../bson/compare.js';
import { isArray, type Doc, type Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import type { RuntimeEnv } from '../runtime.js';
import type { UpdateExecutor } from '../update/index.js';
import type { ArrayFilter } from '../update/array-filters.js';
import type { PipelineExecutor } from '../update/pipeline-executor.js';
import { arrayFilterVerdicts } from './array-filter-trace.js';
import { traceStages } from './pipeline-trace.js';
import type { WhyArrayFilterVerdict, WhyStage, WhyStep, WhyValidation } from './types.js';
import type { stepRecorder } from './update-trace.js';
import { validatorVerdict, type WhyValidatorInput } from './validator-trace.js';

export function errorText(e: unknown): string {
  if (isEngineError(e)) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

export interface VisitContext {
  readonly executor: UpdateExecutor;
  /** The update as written (`u`). */
  readonly update: Value;
  readonly recorder: ReturnType<typeof stepRecorder>;
  readonly arrayFilters: ReadonlyMap<string, ArrayFilter>;
  /** The statement's collator (array filters, the filter). */
  readonly collator: Collator | null;
  /** The collection's validator and its collator (the collection's default, not the statement's). */
  readonly validation?: WhyValidatorInput | undefined;
  readonly validatorCollator: Collator | null;
  readonly env: RuntimeEnv;
}

export interface Visit {
  readonly steps: WhyStep[];
  readonly stages?: WhyStage[];
  readonly arrayFilters: WhyArrayFilterVerdict[];
  readonly validation?: WhyValidation;
  readonly outcome: string;
  /** The error that stops the update at this document ("code: message"). */
  readonly error?: string;
}

export function visitDocument(ctx: VisitContext, doc: Doc, positional: string | undefined, explain: boolean): Visit {
  const { executor, recorder, env } = ctx;
  recorder.record(explain);
  const stages =
    explain && executor.kind === 'pipeline' && isArray(ctx.update)
      ? { stages: traceStages((executor as PipelineExecutor).stages, ctx.update, doc, env) }
      : {};
  const filtered = explain ? arrayFilterVerdicts(doc, ctx.update, ctx.arrayFilters, positional, ctx.collator, env) : [];
  const base = { ...stages, arrayFilters: filtered };
  let result;
  try {
    result = executor.apply(doc, {
      matchedArrayIndex: positional,
      isUpsertInsert: false,
      immutablePaths: ['_id'],
      env,
    });
  } catch (e) {
    const error = errorText(e);
    return { ...base, steps: explain ? recorder.take() : [], outcome: `error ${error}`, error };
  } finally {
    recorder.record(true);
  }
  const steps = explain ? recorder.take() : [];
  if (result.noop) {
    const outcome =
      executor.kind === 'pipeline'
        ? "matched, unchanged: the pipeline's result is the document as it was"
        : steps.length === 0 && filtered.length > 0 && filtered.every((f) => !f.verdict)
          ? 'matched, unchanged: no array element matched the array filters, so no modifier ran'
          : 'matched, unchanged: every modifier was a no-op';
    return { ...base, steps, outcome };
  }
  const checked =
    ctx.validation === undefined
      ? undefined
      : validatorVerdict(ctx.validation, ctx.validatorCollator, result.doc, doc, env);
  const validation = checked === undefined ? {} : { validation: checked.validation };
  if (checked?.stops === true) {
    const error = checked.validation.outcome;
    return { ...base, ...validation, steps, outcome: `matched, but the write is refused: ${error}`, error };
  }
  return { ...base, ...validation, steps, outcome: `matched and modified: ${result.modifiedPaths.join(', ')}` };
}
