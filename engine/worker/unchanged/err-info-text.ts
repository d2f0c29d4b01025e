/**
 * A validation failure's `errInfo` (the server's 5.0+ shape: `{failingDocumentId, details}`) in
 * readable lines: one line per rule that failed, with the value the validator considered.
 *
 *   {operatorName: '$gte', specifiedAs: {qty: {$gte: 0}}, reason: 'comparison failed', consideredValue: -1}
 *     → 'qty: { $gte: 0 } failed (comparison failed); the value was -1'
 *   {operatorName: 'required', missingProperties: ['name']}  → 'required: missing name'
 */
import { isArray, isDoc, type Doc, type Value } from '../../bson/values.js';
import { show } from '../../why/show.js';
import { scalarText } from '../views.js';

/** Values as the server renders them in messages (`{ $gte: 0 }`, `-1.5`). */
const text = show;

/** `{qty: {$gte: 0}}` → `qty: {"$gte": 0}`; other shapes as one line of EJSON. */
function ruleText(specifiedAs: Value | undefined, operatorName: string): string {
  if (!isDoc(specifiedAs) || specifiedAs.size !== 1) return operatorName;
  const [field, spec] = [...specifiedAs][0]!;
  return `${field}: ${text(spec)}`;
}

function considered(d: Doc): string {
  const value = d.get('consideredValue');
  const type = d.get('consideredType');
  const parts: string[] = [];
  if (value !== undefined) parts.push(`the value was ${text(value)}`);
  if (typeof type === 'string') parts.push(`of type ${type}`);
  return parts.length === 0 ? '' : `; ${parts.join(' ')}`;
}

function strings(v: Value | undefined): string {
  return isArray(v) ? v.map((x) => (typeof x === 'string' ? x : text(x))).join(', ') : '';
}

/** The lines of one `details` node; `at` is the property path the rule is under (`$jsonSchema` properties). */
function detailLines(d: Doc, at: string): string[] {
  const op = d.get('operatorName');
  const name = typeof op === 'string' ? op : '?';
  const where = at === '' ? '' : `${at}: `;
  const nested = (key: string): Doc[] => {
    const list = d.get(key);
    return isArray(list) ? list.filter(isDoc) : [];
  };
  if (d.has('schemaRulesNotSatisfied')) return nested('schemaRulesNotSatisfied').flatMap((r) => detailLines(r, at));
  if (d.has('propertiesNotSatisfied')) {
    return nested('propertiesNotSatisfied').flatMap((p) => {
      const prop = p.get('propertyName');
      const path = `${at === '' ? '' : `${at}.`}${typeof prop === 'string' ? prop : '?'}`;
      const details = p.get('details');
      return (isArray(details) ? details.filter(isDoc) : []).flatMap((r) => detailLines(r, path));
    });
  }
  if (d.has('clausesNotSatisfied') || d.has('clausesSatisfied')) {
    const clauses = nested(d.has('clausesNotSatisfied') ? 'clausesNotSatisfied' : 'clausesSatisfied');
    const inner = clauses.flatMap((c) => {
      const details = c.get('details');
      return isDoc(details) ? detailLines(details, at) : [];
    });
    if (name === '$or') return [`${where}none of the $or clauses matched`, ...inner.map((l) => `  ${l}`)];
    if (name === '$nor')
      return [`${where}a $nor clause matched (clause ${strings(clauses.map((c) => c.get('index')!))})`];
    return inner;
  }
  if (d.has('missingProperties')) return [`${where}required: missing ${strings(d.get('missingProperties'))}`];
  if (d.has('additionalProperties')) {
    return [`${where}additionalProperties: not allowed ${strings(d.get('additionalProperties'))}`];
  }
  const reason = d.get('reason');
  const rule =
    at === ''
      ? ruleText(d.get('specifiedAs'), name)
      : `${at}: ${ruleText(d.get('specifiedAs'), name).replace(/^([^:]*): /, '$1 ')}`;
  return [`${rule} failed${typeof reason === 'string' ? ` (${reason})` : ''}${considered(d)}`];
}

/** The failing document's `_id` (shell text) and the failed rules in words, or undefined for another shape. */
export function validationFailureText(errInfo: Doc): { readonly id: string; readonly lines: string[] } | undefined {
  const id = errInfo.get('failingDocumentId');
  const details = errInfo.get('details');
  if (id === undefined || !isDoc(details)) return undefined;
  return { id: scalarText(id), lines: detailLines(details, '') };
}
