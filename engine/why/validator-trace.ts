/**
 * The collection validator's verdict on the document an update would write, with the rule that
 * failed: the validator's canonical tree traced like a filter (a `$jsonSchema` is one clause),
 * plus the server's `errInfo.details`. Follows `validateDocument` (engine/catalog/validation.ts):
 * level `off` or bypass → not checked; `moderate` → an already-invalid document is not checked;
 * action `warn` → the write goes ahead.
 */
import type { Collator } from '../bson/compare.js';
import { renderValue } from '../bson/render.js';
import type { Doc } from '../bson/values.js';
import { validationDetails } from '../catalog/validation-error/index.js';
import { compileQuery } from '../query/index.js';
import type { RuntimeEnv } from '../runtime.js';
import { firstFailingClause, traceClause } from './match-trace.js';
import type { WhyValidation } from './types.js';

export interface WhyValidatorInput {
  readonly validator: Doc;
  readonly level: 'strict' | 'moderate' | 'off';
  readonly action: 'error' | 'warn';
  /** `bypassDocumentValidation: true` on the command. */
  readonly bypass?: boolean;
}

/** The verdict, or undefined when there is nothing to check (no validator). */
export function validatorVerdict(
  v: WhyValidatorInput,
  collator: Collator | null,
  newDoc: Doc,
  oldDoc: Doc | undefined,
  env: RuntimeEnv,
): { readonly validation: WhyValidation; readonly stops: boolean } | undefined {
  if (v.validator.size === 0) return undefined;
  const base = { level: v.level, action: v.action };
  const passes = (outcome: string) => ({ validation: { ...base, passed: true, outcome }, stops: false });
  if (v.level === 'off') return passes('validationLevel "off": the validator is not checked');
  if (v.bypass === true) return passes('bypassDocumentValidation: true: the validator is not checked');
  const matcher = compileQuery(v.validator, { collator });
  if (matcher.matches(newDoc, env)) return passes('the new document satisfies the validator');
  const failing = firstFailingClause(traceClause(matcher.root, { doc: newDoc }, collator, env));
  const details = renderValue(validationDetails(v.validator, newDoc, collator));
  const failed = { ...base, passed: false, ...(failing === undefined ? {} : { failing }), details };
  if (v.level === 'moderate' && oldDoc !== undefined && !matcher.matches(oldDoc, env)) {
    const outcome =
      'validationLevel "moderate": the document already failed the validator before the update, so it is not checked';
    return { validation: { ...failed, outcome }, stops: false };
  }
  if (v.action === 'warn') {
    const outcome = 'validationAction "warn": the write goes ahead and the server logs a warning';
    return { validation: { ...failed, outcome }, stops: false };
  }
  return { validation: { ...failed, outcome: '121: Document failed validation' }, stops: true };
}
