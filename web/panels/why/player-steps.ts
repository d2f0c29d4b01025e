/**
 * What a step player shows for one step: a title, the values before and after (one pair for a
 * modifier, one per changed field for a pipeline stage), or why nothing changed. Built from the
 * engine's trace text; no MongoDB rule here.
 */
import type { WhyDocument, WhyStage, WhyStep, WhyTrace } from '../../../engine/worker/protocol.js';

export interface PlayerStep {
  /** `$set grades.2`, or `stage 2: { $unset: "tmp" }`. */
  readonly title: string;
  /** The path the step wrote (a modifier) or the first field a stage changed; for the diff card's highlight. */
  readonly path?: string;
  readonly pairs: readonly { readonly path: string; readonly before: string; readonly after: string }[];
  readonly changed: boolean;
  readonly reason?: string;
}

export function modifierStep(s: WhyStep): PlayerStep {
  return {
    title: `${s.operator} ${s.path}`,
    path: s.path,
    pairs: [{ path: s.path, before: s.before, after: s.after }],
    changed: s.changed,
    ...(s.reason === undefined ? {} : { reason: s.reason }),
  };
}

export function stageStep(s: WhyStage, i: number): PlayerStep {
  const first = s.changes[0];
  return {
    title: `stage ${i + 1}: ${s.spec}`,
    ...(first === undefined ? {} : { path: first.path }),
    pairs: s.changes,
    changed: s.changed,
    ...(s.error !== undefined
      ? { reason: `error ${s.error}` }
      : s.changed
        ? {}
        : { reason: 'the stage left the document as it was' }),
  };
}

/** The steps of one explained document: its modifiers, or its pipeline's stages. */
export function documentSteps(doc: WhyDocument): PlayerStep[] {
  if (doc.stages !== undefined) return doc.stages.map(stageStep);
  return doc.steps.map(modifierStep);
}

/** The steps of a trace: the explained document's, or the upsert's; one outcome step when there are none. */
export function traceSteps(trace: WhyTrace): PlayerStep[] {
  const steps =
    trace.document !== undefined
      ? documentSteps(trace.document)
      : trace.upsert !== undefined
        ? (trace.upsert.stages?.map(stageStep) ?? trace.upsert.steps.map(modifierStep))
        : [];
  if (steps.length > 0) return steps;
  const outcome = trace.notRun ?? trace.error ?? trace.document?.outcome ?? trace.upsert?.reason ?? 'nothing to show';
  return [{ title: 'no modifier ran', pairs: [], changed: false, reason: outcome }];
}
