/**
 * The `errInfo.details` of a validation failure, in the server's 5.0+ shape (approximate).
 *
 *   validator {a: {$gt: 5}}          → {operatorName: '$gt', specifiedAs: {a: {$gt: 5}},
 *                                       reason: 'comparison failed', consideredValue: 1}
 *   validator {a: 1, b: 2}           → {operatorName: '$and', clausesNotSatisfied: [{index, details}]}
 *   validator {$jsonSchema: {...}}   → {operatorName: '$jsonSchema', schemaRulesNotSatisfied: [...]}
 *
 * Comparisons ($eq, $ne, $gt, $gte, $lt, $lte) follow doc_validation_error.cpp's `generatePathError`
 * exactly (considered-values.ts). Approximations: each failing clause is found by matching it alone; reasons are the common ones
 * ('comparison failed', 'field was missing', 'type did not match', ...); `$jsonSchema` reports
 * `required` (missingProperties), `properties` (propertiesNotSatisfied, one entry per failing
 * keyword) and other top-level keywords by name only.
 */
import { Int32 } from 'bson';
import type { Collator } from '../bson/compare.js';
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { compileFilter } from './filter.js';
import { consideredValuesAt } from './considered-values.js';

function d(entries: [string, Value][]): Doc {
  return new Map(entries);
}

function fails(filter: Doc, doc: Doc, collator: Collator | null): boolean {
  try {
    return !compileFilter(filter, collator).matches(doc);
  } catch {
    return true;
  }
}

function getPath(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const part of path.split('.')) {
    if (!isDoc(cur)) return undefined;
    cur = cur.get(part);
  }
  return cur;
}

const COMPARISON_REASONS: Record<string, string> = {
  $eq: 'comparison failed',
  $ne: 'comparison succeeded',
  $gt: 'comparison failed',
  $gte: 'comparison failed',
  $lt: 'comparison failed',
  $lte: 'comparison failed',
  $in: 'no matching value found in array',
  $nin: 'matching value found in array',
  $exists: 'field did not exist',
  $type: 'type did not match',
  $regex: 'regular expression did not match',
  $size: 'array length was not equal to given size',
  $all: 'array did not contain all specified values',
  $elemMatch: 'array did not satisfy the child predicate',
  $mod: 'mod did not match',
};

const COMPARISONS: ReadonlySet<string> = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** The reason when the clause matched but should not have (under `$nor`): the inverted wording. */
const INVERTED_REASONS: Record<string, string> = {
  $eq: 'comparison succeeded',
  $ne: 'comparison failed',
  $gt: 'comparison succeeded',
  $gte: 'comparison succeeded',
  $lt: 'comparison succeeded',
  $lte: 'comparison succeeded',
  $in: 'matching value found in array',
  $nin: 'no matching value found in array',
};

/**
 * Details for a comparison (`generatePathError` with kTraverseOmitArray): "field was missing", or
 * the reason with `consideredValue` when the path gives one value, `consideredValues` otherwise.
 */
function comparisonDetails(field: string, op: string, specifiedAs: Doc, doc: Doc, inverted = false): Doc {
  const out = d([
    ['operatorName', op],
    ['specifiedAs', specifiedAs],
  ]);
  const values = consideredValuesAt(doc, field);
  if (values === undefined) {
    out.set('reason', 'field was missing');
    return out;
  }
  out.set('reason', (inverted ? INVERTED_REASONS : COMPARISON_REASONS)[op]!);
  if (values.length === 1) out.set('consideredValue', values[0]!);
  else out.set('consideredValues', values);
  return out;
}

/**
 * Details for one `field: spec` clause. `specifiedAs` is the clause as the validator wrote it (the
 * parser's annotation `{<field>: <operator element>}`, or `{<field>: <value>}` for an equality).
 */
function fieldClauseDetails(field: string, op: string, spec: Value, doc: Doc, specifiedAs: Doc): Doc {
  if (COMPARISONS.has(op)) return comparisonDetails(field, op, specifiedAs, doc);
  const value = getPath(doc, field);
  const out = d([
    ['operatorName', op],
    ['specifiedAs', specifiedAs],
  ]);
  if (value === undefined && op !== '$exists' && op !== '$ne' && op !== '$nin') {
    out.set('reason', 'field was missing');
  } else {
    out.set('reason', COMPARISON_REASONS[op] ?? 'expression did not match');
    if (value !== undefined) out.set('consideredValue', value);
    if (op === '$type' && value !== undefined) out.set('consideredType', typeOf(value));
  }
  return out;
}

/**
 * Details for a `$nor` clause that matched (inverted error context): a single comparison or
 * `$in`/`$nin` clause reports its inverted reason; other clauses are approximated by their name.
 */
function satisfiedDetails(clause: Doc, doc: Doc): Doc {
  if (clause.size === 1) {
    const [field, v] = clause.entries().next().value as [string, Value];
    if (!field.startsWith('$')) {
      const ops = isDoc(v) && v.size > 0 && firstKeyOf(v).startsWith('$') ? [...v.keys()] : ['$eq'];
      if (ops.length === 1 && COMPARISONS.has(ops[0]!)) return comparisonDetails(field, ops[0]!, clause, doc, true);
    }
  }
  return d([['operatorName', '$nor']]);
}

function firstKeyOf(v: Doc): string {
  for (const k of v.keys()) return k;
  return '';
}

interface Clause {
  readonly filter: Doc;
  details(): Doc;
}

function clausesOf(validator: Doc, doc: Doc, collator: Collator | null): Clause[] {
  const out: Clause[] = [];
  for (const [k, v] of validator) {
    if (k === '$jsonSchema' && isDoc(v)) {
      out.push({ filter: d([[k, v]]), details: () => jsonSchemaDetails(v, doc, collator) });
    } else if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v)) {
      out.push({
        filter: d([[k, v]]),
        details: () => {
          const sub = v.map((x, index) => ({ x, index })).filter(({ x }) => isDoc(x));
          const failing =
            k === '$nor'
              ? sub.filter(({ x }) => !fails(x as Doc, doc, collator))
              : sub.filter(({ x }) => fails(x as Doc, doc, collator));
          return d([
            ['operatorName', k],
            [
              k === '$nor' ? 'clausesSatisfied' : 'clausesNotSatisfied',
              failing.map(({ x, index }) =>
                d([
                  ['index', new Int32(index)],
                  [
                    'details',
                    k === '$nor' ? satisfiedDetails(x as Doc, doc) : validationDetails(x as Doc, doc, collator),
                  ],
                ]),
              ),
            ],
          ]);
        },
      });
    } else if (k === '$expr') {
      out.push({
        filter: d([[k, v]]),
        details: () =>
          d([
            ['operatorName', '$expr'],
            ['specifiedAs', d([[k, v]])],
            ['reason', 'expression did not match'],
            ['expressionResult', false],
          ]),
      });
    } else if (k.startsWith('$')) {
      out.push({ filter: d([[k, v]]), details: () => d([['operatorName', k]]) });
    } else if (isDoc(v) && v.size > 0 && [...v.keys()].every((x) => x.startsWith('$'))) {
      for (const [op, spec] of v) {
        if (op === '$options') continue;
        const f =
          op === '$regex' && v.has('$options')
            ? d([
                [op, spec],
                ['$options', v.get('$options')!],
              ])
            : d([[op, spec]]);
        out.push({ filter: d([[k, f]]), details: () => fieldClauseDetails(k, op, spec, doc, d([[k, f]])) });
      }
    } else {
      out.push({ filter: d([[k, v]]), details: () => fieldClauseDetails(k, '$eq', v, doc, d([[k, v]])) });
    }
  }
  return out;
}

/** `details` for a failing validator. */
export function validationDetails(validator: Doc, doc: Doc, collator: Collator | null): Doc {
  const clauses = clausesOf(validator, doc, collator);
  if (clauses.length === 1) return clauses[0]!.details();
  const failing: Doc[] = [];
  clauses.forEach((c, index) => {
    if (fails(c.filter, doc, collator))
      failing.push(
        d([
          ['index', new Int32(index)],
          ['details', c.details()],
        ]),
      );
  });
  return d([
    ['operatorName', '$and'],
    ['clausesNotSatisfied', failing],
  ]);
}

const SCHEMA_REASONS: Record<string, string> = {
  bsonType: 'type did not match',
  type: 'type did not match',
  minimum: 'comparison failed',
  maximum: 'comparison failed',
  exclusiveMinimum: 'comparison failed',
  exclusiveMaximum: 'comparison failed',
  enum: 'value was not found in enum',
  pattern: 'regular expression did not match',
  minLength: 'specified string length was not satisfied',
  maxLength: 'specified string length was not satisfied',
  minItems: 'array did not match specified length',
  maxItems: 'array did not match specified length',
  uniqueItems: 'found a duplicate item',
  multipleOf: 'considered value is not a multiple of the specified value',
};

function jsonSchemaDetails(schema: Doc, doc: Doc, collator: Collator | null): Doc {
  const rules: Doc[] = [];
  for (const [kw, spec] of schema) {
    if (kw === 'required' && Array.isArray(spec)) {
      const missing = spec.filter((p) => typeof p === 'string' && !doc.has(p));
      if (missing.length > 0) {
        rules.push(
          d([
            ['operatorName', 'required'],
            ['specifiedAs', d([['required', spec]])],
            ['missingProperties', missing],
          ]),
        );
      }
    } else if (kw === 'properties' && isDoc(spec)) {
      const notSatisfied: Doc[] = [];
      for (const [prop, sub] of spec) {
        if (!isDoc(sub) || !doc.has(prop)) continue;
        const value = doc.get(prop)!;
        const details: Doc[] = [];
        for (const [skw, sspec] of sub) {
          const single = d([['$jsonSchema', d([['properties', d([[prop, d([[skw, sspec]])]])]])]]);
          if (!fails(single, doc, collator)) continue;
          const entry = d([
            ['operatorName', skw],
            ['specifiedAs', d([[skw, sspec]])],
            ['reason', SCHEMA_REASONS[skw] ?? 'did not match'],
            ['consideredValue', value],
          ]);
          if (skw === 'bsonType' || skw === 'type') entry.set('consideredType', typeOf(value));
          details.push(entry);
        }
        if (details.length > 0) {
          notSatisfied.push(
            d([
              ['propertyName', prop],
              ['details', details],
            ]),
          );
        }
      }
      if (notSatisfied.length > 0) {
        rules.push(
          d([
            ['operatorName', 'properties'],
            ['propertiesNotSatisfied', notSatisfied],
          ]),
        );
      }
    } else if (kw !== 'title' && kw !== 'description') {
      const single = d([['$jsonSchema', d([[kw, spec]])]]);
      if (fails(single, doc, collator)) {
        rules.push(
          d([
            ['operatorName', kw],
            ['specifiedAs', d([[kw, spec]])],
          ]),
        );
      }
    }
  }
  return d([
    ['operatorName', '$jsonSchema'],
    ['schemaRulesNotSatisfied', rules],
  ]);
}
