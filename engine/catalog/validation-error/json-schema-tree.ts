/**
 * `$jsonSchema` in a validator error (approximate for now): `required` (missingProperties),
 * `properties` (propertiesNotSatisfied, one entry per failing keyword) and other top-level
 * keywords by name only.
 */
import type { Collator } from '../../bson/compare.js';
import { isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import { compileFilter } from '../filter.js';
import { annotate, type ErrorNode } from './error-tree.js';

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

export function jsonSchemaErrorTree(schema: Doc, collator: Collator | null): ErrorNode {
  const filter = d([['$jsonSchema', schema]]);
  let compiled: ((doc: Doc) => boolean) | undefined;
  return {
    kind: 'schemaApproximate',
    path: '',
    annotation: annotate('$jsonSchema', new Map()),
    children: [],
    matches(doc) {
      if (!compiled) {
        const f = compileFilter(filter, collator);
        compiled = (x) => f.matches(x);
      }
      return compiled(doc);
    },
    approximate: (doc) => jsonSchemaDetails(schema, doc, collator),
  };
}
