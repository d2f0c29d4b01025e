/**
 * `$[identifier]` verdicts for every element of every array an identifier ranges over, at each
 * level of a nested path (`a.$[i].b.$[j]`): the server descends only into the elements an outer
 * filter matched, so the inner verdicts are listed for those elements only. `$[]` descends into
 * every element, `$` into the element the filter recorded.
 */
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import type { ArrayFilter } from '../update/array-filters.js';
import type { Collator } from '../bson/compare.js';
import { compileQuery } from '../query/index.js';
import type { RuntimeEnv } from '../runtime.js';
import { failingSummary, firstFailingClause, traceClause } from './match-trace.js';
import { show } from './show.js';
import type { WhyArrayFilterVerdict } from './types.js';

const IDENTIFIER = /^\$\[([^\]]+)\]$/;

/** The first failing clause of an array filter on one element: the filter runs on `{identifier: element}`. */
function failingText(filter: ArrayFilter, element: Value, collator: Collator | null, env: RuntimeEnv): string {
  try {
    const matcher = compileQuery(filter.filter, { collator, allowExpr: false });
    const failing = firstFailingClause(
      traceClause(matcher.root, { doc: new Map([[filter.identifier, element]]) }, collator, env),
    );
    return failing === undefined ? 'did not match' : failingSummary(failing);
  } catch {
    return 'did not match';
  }
}

export function arrayFilterVerdicts(
  doc: Doc,
  update: Value,
  filters: ReadonlyMap<string, ArrayFilter>,
  /** The positional `$`'s array index (`MatchDetails.elemMatchKey`). */
  positionalKey: string | undefined,
  collator: Collator | null,
  env: RuntimeEnv,
): WhyArrayFilterVerdict[] {
  if (!isDoc(update) || filters.size === 0) return [];
  const out: WhyArrayFilterVerdict[] = [];
  const seen = new Set<string>();
  const positional = positionalKey === undefined ? undefined : Number(positionalKey);

  const walk = (
    start: Value,
    parts: readonly string[],
    from: number,
    prefix: readonly string[],
    level: number,
  ): void => {
    let value: Value | undefined = start;
    const path = [...prefix];
    for (let i = from; i < parts.length; i++) {
      const part = parts[i]!;
      const id = IDENTIFIER.exec(part);
      if (part === '$[]' || part === '$' || id !== null) {
        if (!isArray(value)) return;
        if (part === '$') {
          if (positional === undefined || positional >= value.length) return;
          walk(value[positional]!, parts, i + 1, [...path, String(positional)], level);
          return;
        }
        const filter = id === null ? undefined : filters.get(id[1]!);
        if (id !== null && filter === undefined) return;
        value.forEach((element, k) => {
          const at = [...path, String(k)];
          if (filter === undefined) {
            walk(element, parts, i + 1, at, level);
            return;
          }
          const verdict = filter.matchesElement(element);
          const key = `${filter.identifier}\u0000${at.join('.')}`;
          if (!seen.has(key)) {
            seen.add(key);
            out.push({
              identifier: filter.identifier,
              path: at.join('.'),
              value: show(element),
              verdict,
              level,
              ...(verdict ? {} : { failing: failingText(filter, element, collator, env) }),
            });
          }
          if (verdict) walk(element, parts, i + 1, at, level + 1);
        });
        return;
      }
      if (isDoc(value)) value = value.get(part);
      else if (isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
      else return;
      if (value === undefined) return;
      path.push(part);
    }
  };

  for (const spec of update.values()) {
    if (!isDoc(spec)) continue;
    for (const field of spec.keys()) {
      const parts = field.split('.');
      if (parts.some((p) => IDENTIFIER.test(p) && p !== '$[]')) walk(doc, parts, 0, [], 0);
    }
  }
  return out;
}
