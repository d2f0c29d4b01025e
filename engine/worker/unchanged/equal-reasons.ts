/**
 * Why a matched document was left unchanged (`n` counts it, `nModified` does not): the statement's
 * update is parsed once with the Why trace's leaf recorder (engine/why) and applied again to the
 * document as it was, so each modifier reports its own no-op reason ("already 5", "$addToSet:
 * element present" …). Pipelines and replacements have no modifiers: their reason is the
 * identical result. A dry run on copies: nothing is written.
 */
import type { Collator } from '../../bson/compare.js';
import { isDoc, type Doc } from '../../bson/values.js';
import { resolveCollation } from '../../collation/index.js';
import { compileQuery } from '../../query/index.js';
import { defaultEnv } from '../../query/evaluate.js';
import type { MatchDetails } from '../../runtime.js';
import { parseUpdate, type UpdateExecutor } from '../../update/index.js';
import { stepRecorder } from '../../why/update-trace.js';
import type { WhyStep } from '../../why/types.js';
import type { StatementSpec } from './statement-spec.js';

const PIPELINE = 'the pipeline produced a document identical to the stored one';
const REPLACEMENT = 'the replacement document is identical to the stored one';

/** One modifier's no-op in words: `$set qty: already 5`, `$addToSet tags: element present`. */
function stepText(step: WhyStep): string {
  const reason = step.reason ?? 'no change';
  const own = `${step.operator}: `;
  return `${step.operator} ${step.path}: ${reason.startsWith(own) ? reason.slice(own.length) : reason}`;
}

/** Whether the modifier document names no field at all (`{$set: {}}`). */
function namesNoField(u: Doc): boolean {
  return [...u.values()].every((spec) => isDoc(spec) && spec.size === 0);
}

export interface EqualReasons {
  /** The reasons for one unchanged document (as it was when the statement reached it). */
  of(doc: Doc): readonly string[];
}

/** Parses the statement once; `of` applies it to each unchanged document. */
export function equalReasons(spec: StatementSpec, defaultCollator: Collator | null): EqualReasons | undefined {
  const recorder = stepRecorder();
  let executor: UpdateExecutor;
  let collator: Collator | null;
  let matcher: ReturnType<typeof compileQuery>;
  try {
    collator = spec.collation !== undefined ? (resolveCollation(spec.collation)?.collator ?? null) : defaultCollator;
    executor = parseUpdate(spec.u, {
      arrayFilters: spec.arrayFilters,
      collator,
      multi: spec.multi,
      wrapLeaf: recorder.wrapLeaf,
    });
    matcher = compileQuery(spec.q, { collator });
  } catch {
    return undefined;
  }
  if (executor.kind === 'pipeline') return { of: () => [PIPELINE] };
  if (executor.kind === 'replacement') return { of: () => [REPLACEMENT] };
  const u = spec.u as Doc;
  return {
    of(doc: Doc): readonly string[] {
      const env = defaultEnv();
      const details: MatchDetails = {};
      try {
        // The positional `$` needs the array index the filter matched.
        matcher.matches(doc, env, details);
        executor.apply(doc, {
          matchedArrayIndex: details.elemMatchKey,
          isUpsertInsert: false,
          immutablePaths: ['_id'],
          env,
        });
      } catch {
        recorder.take();
        return [];
      }
      const steps = recorder.take().filter((s) => !s.changed);
      if (steps.length > 0) return steps.map(stepText);
      if (namesNoField(u)) return ['the update names no field to change'];
      return spec.arrayFilters !== undefined && spec.arrayFilters.length > 0
        ? ['no array element matched the arrayFilters, so no modifier ran']
        : ['no array element was there for the positional operator to update'];
    },
  };
}
