/**
 * Parsing of the validation options `create` and `collMod` share.
 *   validationLevel: 'off' | 'strict' | 'moderate'; validationAction: 'error' | 'warn'
 * Bad enum values fail as the IDL does: code 2 "Enumeration value 'x' for field
 * 'create.validationLevel' is not a valid value."
 */
import type { Doc, Value } from '../bson/values.js';
import type { ValidationAction, ValidationLevel } from '../catalog/collection.js';
import { compileFilter } from '../catalog/filter.js';
import { fail } from '../errors.js';

export function parseValidationLevel(command: string, v: Value | undefined): ValidationLevel | undefined {
  if (v === undefined) return undefined;
  if (v === 'off' || v === 'strict' || v === 'moderate') return v;
  throw fail(2, `Enumeration value '${String(v)}' for field '${command}.validationLevel' is not a valid value.`);
}

export function parseValidationAction(command: string, v: Value | undefined): ValidationAction | undefined {
  if (v === undefined) return undefined;
  if (v === 'error' || v === 'warn') return v;
  throw fail(2, `Enumeration value '${String(v)}' for field '${command}.validationAction' is not a valid value.`);
}

/** Compiles the validator once so a malformed one fails at create/collMod time, as the server. */
export function checkValidator(validator: Doc | undefined): void {
  if (!validator) return;
  for (const k of validator.keys()) {
    if (k === '$where' || k === '$text' || k === '$near' || k === '$nearSphere') {
      throw fail(2, `${k} is not allowed in collection validators`);
    }
  }
  compileFilter(validator, null);
}
