/**
 * A pipeline update stage by stage: each stage of the engine's parsed pipeline runs on the
 * previous stage's output (as `PipelineExecutor.transform` does), and the trace keeps the document
 * after each one and the top-level fields it changed.
 */
import { binaryEqual } from '../bson/compare.js';
import { renderValue } from '../bson/render.js';
import type { Doc, Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import type { RuntimeEnv } from '../runtime.js';
import type { Stage } from '../pipeline/stages.js';
import { show } from './show.js';
import type { WhyStage } from './types.js';

function topLevelChanges(before: Doc, after: Doc): WhyStage['changes'] {
  const out: { path: string; before: string; after: string }[] = [];
  for (const [k, v] of before) {
    const next = after.get(k);
    if (next === undefined || !binaryEqual(v, next)) out.push({ path: k, before: show(v), after: show(next) });
  }
  for (const [k, v] of after) if (!before.has(k)) out.push({ path: k, before: 'missing', after: show(v) });
  return out;
}

/** The stages of `executor` on `doc`; stops at (and records) the first stage that throws. */
export function traceStages(stages: readonly Stage[], specs: readonly Value[], doc: Doc, env: RuntimeEnv): WhyStage[] {
  const out: WhyStage[] = [];
  let current = doc;
  for (const [i, stage] of stages.entries()) {
    const spec = specs[i];
    const base = {
      stage: stage.name,
      spec: spec === undefined ? stage.name : renderValue(spec),
      before: show(current),
    };
    try {
      const next = stage.apply(current, { root: current, current, env, locals: null });
      out.push({
        ...base,
        after: show(next),
        changed: !binaryEqual(current, next),
        changes: topLevelChanges(current, next),
      });
      current = next;
    } catch (e) {
      const error = isEngineError(e) ? `${e.code}: ${e.message}` : String(e);
      out.push({ ...base, after: base.before, changed: false, changes: [], error });
      break;
    }
  }
  return out;
}
