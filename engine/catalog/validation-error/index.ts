/**
 * The `errInfo` of a document a collection validator refuses (doc_validation_error.cpp's
 * `generateError`): `{failingDocumentId, details}` where `details` explains, node by node, why the
 * validator did not match — built by walking the validator's annotated tree (parse-validator.ts,
 * json-schema-tree.ts) as the server does (generate.ts). An error nested deeper than 190 levels is
 * replaced by `{reason: 'generated error was too deeply nested', truncated: true}`; a failure to
 * generate (a node the parser left without annotation) becomes
 * `{failingDocumentId, note: 'failed to generate document validation error', details: <error>}`.
 */
import { Int32 } from 'bson';
import type { Collator } from '../../bson/compare.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { ValidationErrorContext } from './context.js';
import type { ErrorNode } from './error-tree.js';
import { ValidationErrorWalker } from './generate.js';
import { validatorErrorTree } from './parse-validator.js';

/** `internalQueryMaxDocValidationErrorConsideredValues`. */
const MAX_CONSIDERED_VALUES = 10;
/** `computeMaxAllowedValidationErrorDepth()`: the BSON depth limit (200) less 10. */
const MAX_ERROR_DEPTH = 190;

/** Compiled error trees, per validator document and collator. */
const trees = new WeakMap<Doc, { collator: Collator | null; tree: ErrorNode }>();

function treeOf(validator: Doc, collator: Collator | null): ErrorNode {
  const hit = trees.get(validator);
  if (hit && hit.collator === collator) return hit.tree;
  const tree = validatorErrorTree(validator, collator);
  trees.set(validator, { collator, tree });
  return tree;
}

function missingAnnotation(node: ErrorNode): boolean {
  return node.annotation === null || node.children.some(missingAnnotation);
}

function depthOf(v: Value): number {
  if (isDoc(v)) return v.size === 0 ? 0 : 1 + Math.max(...[...v.values()].map(depthOf));
  if (Array.isArray(v)) return v.length === 0 ? 0 : 1 + Math.max(...v.map(depthOf));
  return 0;
}

/** The `details` of the error (the walk's final error object). */
export function validationDetails(validator: Doc, doc: Doc, collator: Collator | null): Doc {
  const ctx = new ValidationErrorContext(doc, false, MAX_CONSIDERED_VALUES);
  new ValidationErrorWalker(ctx).walk(treeOf(validator, collator));
  return ctx.latest.type === 'object' ? ctx.latest.value : new Map();
}

/** The whole `errInfo` for `doc`, which failed `validator`. */
export function validationErrInfo(validator: Doc, doc: Doc, collator: Collator | null): Doc {
  const id: Value = doc.get('_id') ?? null;
  if (missingAnnotation(treeOf(validator, collator))) {
    return new Map<string, Value>([
      ['failingDocumentId', id],
      ['note', 'failed to generate document validation error'],
      [
        'details',
        new Map<string, Value>([
          ['code', new Int32(4994600)],
          ['codeName', 'Location4994600'],
          ['errmsg', 'Cannot generate validation error details: no annotation found for expression'],
        ]),
      ],
    ]);
  }
  const errInfo = new Map<string, Value>([
    ['failingDocumentId', id],
    ['details', validationDetails(validator, doc, collator)],
  ]);
  if (depthOf(errInfo) > MAX_ERROR_DEPTH) {
    return new Map<string, Value>([
      ['reason', 'generated error was too deeply nested'],
      ['truncated', true],
    ]);
  }
  return errInfo;
}
