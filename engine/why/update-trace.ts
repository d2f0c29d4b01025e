/**
 * Observes the modifier leaves of an update while it is applied: the Why trace parses its own
 * copy of the update with `wrapLeaf`, so each leaf reports its path, the value before and after,
 * and why it changed nothing. Writes never parse with this hook: tracing off costs nothing.
 */
import type { Value } from '../bson/values.js';
import type { ApplyContext, LeafWrapper, ModifierName, NodeArgs, UpdateNode } from '../update/index.js';
import { getAtPath } from '../update/path.js';
import { show } from './show.js';
import type { WhyStep } from './types.js';

interface RawStep {
  readonly operator: ModifierName;
  readonly field: string;
  readonly path: string;
  readonly before: Value | undefined;
  readonly beforeText: string;
  readonly after: Value | undefined;
  readonly changed: boolean;
  readonly isUpsertInsert: boolean;
}

/** The no-op reason of one leaf, from its operator and the values it saw. */
export function noopReason(s: RawStep): string {
  const before = s.beforeText;
  switch (s.operator) {
    case '$setOnInsert':
      return s.isUpsertInsert
        ? `already ${before}`
        : '$setOnInsert: not an insert (it only applies when an upsert inserts)';
    case '$addToSet':
      return '$addToSet: element present';
    case '$pull':
    case '$pullAll':
      return s.before === undefined ? `${s.operator}: the field is missing` : `${s.operator}: no element matched`;
    case '$pop':
      return s.before === undefined ? '$pop: the field is missing' : '$pop: the array is empty';
    case '$unset':
      return '$unset: the field is already missing';
    case '$rename':
      return '$rename: the source field is missing';
    case '$max':
      return `already ${before}, not less than the new value`;
    case '$min':
      return `already ${before}, not greater than the new value`;
    case '$push':
      return '$push: nothing to add';
    default:
      return s.before === undefined ? `${s.operator}: the path cannot be reached` : `already ${before}`;
  }
}

class TracingLeaf implements UpdateNode {
  readonly type = 'leaf' as const;
  constructor(
    private readonly operator: ModifierName,
    private readonly field: string,
    private readonly inner: UpdateNode,
    private readonly sink: RawStep[],
    private readonly recording: { on: boolean },
  ) {}

  apply(ctx: ApplyContext, args: NodeArgs): boolean {
    if (!this.recording.on) return this.inner.apply(ctx, args);
    const parts = [...args.pathTaken.map((p) => p.name), ...args.pathToCreate];
    const before = args.pathToCreate.length === 0 ? args.element : undefined;
    // Rendered now: an owned array may be changed in place by the leaf.
    const beforeText = show(before);
    const noop = this.inner.apply(ctx, args);
    const after = getAtPath(ctx.root, parts);
    this.sink.push({
      operator: this.operator,
      field: this.field,
      path: parts.join('.'),
      before,
      beforeText,
      after,
      changed: !noop,
      isUpsertInsert: ctx.params.isUpsertInsert,
    });
    return noop;
  }
}

/**
 * A leaf wrapper and the steps it records; `take()` returns and clears them (one document).
 * `record(false)` makes the leaves pass through (documents visited but not explained).
 */
export function stepRecorder(): { wrapLeaf: LeafWrapper; take(): WhyStep[]; record(on: boolean): void } {
  const sink: RawStep[] = [];
  const recording = { on: true };
  return {
    wrapLeaf: (operator, field, leaf) => new TracingLeaf(operator, field, leaf, sink, recording),
    record(on) {
      recording.on = on;
    },
    take() {
      const steps = sink.map((s): WhyStep => {
        const afterText = show(s.after);
        const changed = s.changed;
        return {
          operator: s.operator,
          field: s.field,
          path: s.path,
          before: s.beforeText,
          after: afterText,
          changed,
          ...(changed ? {} : { reason: noopReason(s) }),
        };
      });
      sink.length = 0;
      return steps;
    },
  };
}
