/**
 * `$replaceRoot`/`$replaceWith` (document_source_replace_root_test.cpp, from
 * document_source_replace_root.cpp): the new root is any expression (field path, system variable,
 * literal, expression object, operator) and must evaluate to an object, else 40228 names the
 * value, its type and the input document (the server's message has two spaces after the context);
 * `$replaceRoot` takes an object with only `newRoot` (IDL: 40415 unknown field, 40414 missing),
 * anything else 40229. Each row runs as an update pipeline and as `aggregate` (stage-harness.ts);
 * the documents carry `_id` so the input document in a 40228 message is the same on both paths.
 * The stored C++ predates the IDL parser (it expects 40230/40231); 8.0 parses with
 * `ReplaceRootSpec::parse` and the rows assert its codes.
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, stageError } from './stage-harness.js';

const rows: ReadonlyArray<{ from: string; stage: string; doc: string; result: string }> = [
  {
    from: 'FieldPathAsNewRootPromotesSubdocument',
    stage: '{"$replaceRoot": {"newRoot": "$a"}}',
    doc: '{"_id": 0, "a": {"_id": 0, "b": 1, "c": "hello", "d": {"e": 2}}}',
    result: '{"_id": 0, "b": 1, "c": "hello", "d": {"e": 2}}',
  },
  {
    from: 'DottedFieldPathAsNewRootPromotesSubdocument',
    stage: '{"$replaceRoot": {"newRoot": "$a.b"}}',
    doc: '{"_id": 0, "a": {"b": {"_id": 0, "c": 3}}}',
    result: '{"_id": 0, "c": 3}',
  },
  {
    from: 'FieldPathAsNewRootPromotesSubdocumentInMultipleDocuments',
    stage: '{"$replaceWith": "$a"}',
    doc: '{"_id": 0, "a": {"_id": 0, "b": 3, "c": 4}}',
    result: '{"_id": 0, "b": 3, "c": 4}',
  },
  {
    // An update keeps the stored _id when the new root has none (ObjectReplaceExecutor).
    from: 'ExpressionObjectForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceRoot": {"newRoot": {"b": 1}}}',
    doc: '{"a": 2}',
    result: '{"b": 1}',
  },
  {
    from: 'ExpressionObjectForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceRoot": {"newRoot": {"a": 1, "b": 2, "arr": [3, 4, 5]}}}',
    doc: '{"c": 2}',
    result: '{"a": 1, "b": 2, "arr": [3, 4, 5]}',
  },
  {
    from: 'ExpressionObjectForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceWith": {"a": {"b": 1}}}',
    doc: '{"c": 2}',
    result: '{"a": {"b": 1}}',
  },
  {
    from: 'ExpressionObjectForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceWith": {"a": 2}}',
    doc: '{"b": 2}',
    result: '{"a": 2}',
  },
  {
    from: 'SystemVariableForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceRoot": {"newRoot": "$$CURRENT"}}',
    doc: '{"_id": 0, "b": 2}',
    result: '{"_id": 0, "b": 2}',
  },
  {
    from: 'SystemVariableForNewRootReplacesRootWithThatObject',
    stage: '{"$replaceRoot": {"newRoot": "$$ROOT"}}',
    doc: '{"_id": 0, "b": 2}',
    result: '{"_id": 0, "b": 2}',
  },
  {
    from: 'NewRootAcceptsAllTypesOfExpressions',
    stage:
      '{"$replaceRoot": {"newRoot": {"$mergeObjects": ["$$ROOT", {"s": {"$sum": "$n"}, "q": {"$sqrt": 16}, "g": {"$gt": ["$n", 1]}}]}}}',
    doc: '{"_id": 0, "n": [1, 2]}',
    result: '{"_id": 0, "n": [1, 2], "s": 3, "q": 4.0, "g": true}',
  },
];

describe('$replaceRoot/$replaceWith promote an object (document_source_replace_root_test.cpp)', () => {
  it.each(rows)('$from: $stage over $doc', (row) => {
    expect(apply(row.stage, row.doc)).toBe(canon(row.result));
  });
});

const NOT_OBJECT = "40228: 'newRoot' expression  must evaluate to an object, but resulting value was: ";

describe('a new root that is not an object fails with 40228', () => {
  it.each([
    [
      'ErrorsWhenNewRootDoesNotEvaluateToAnObject',
      '{"$replaceRoot": {"newRoot": "$a"}}',
      '{"_id": 0, "a": "hello"}',
      `${NOT_OBJECT}"hello". Type of resulting value: 'string'. Input document: {_id: 0, a: "hello"}`,
    ],
    [
      'ErrorsWhenNewRootDoesNotEvaluateToAnObject',
      '{"$replaceRoot": {"newRoot": "$a"}}',
      '{"_id": 0, "a": 5}',
      `${NOT_OBJECT}5. Type of resulting value: 'int'. Input document: {_id: 0, a: 5}`,
    ],
    [
      'ErrorsWhenNewRootDoesNotEvaluateToAnObject',
      '{"$replaceRoot": {"newRoot": {"$literal": 1}}}',
      '{"_id": 0}',
      `${NOT_OBJECT}1. Type of resulting value: 'int'. Input document: {_id: 0}`,
    ],
    [
      'ErrorsWhenNewRootDoesNotEvaluateToAnObject',
      '{"$replaceRoot": {"newRoot": {"$and": "$a"}}}',
      '{"_id": 0, "a": true}',
      `${NOT_OBJECT}true. Type of resulting value: 'bool'. Input document: {_id: 0, a: true}`,
    ],
    [
      'ErrorsIfNewRootFieldPathDoesNotExist',
      '{"$replaceRoot": {"newRoot": "$a"}}',
      '{"_id": 0}',
      `${NOT_OBJECT}MISSING. Type of resulting value: 'missing'. Input document: {_id: 0}`,
    ],
    [
      'ErrorsIfNewRootFieldPathDoesNotExist',
      '{"$replaceRoot": {"newRoot": "$a"}}',
      '{"_id": 0, "e": {"b": {"c": 3}}}',
      `${NOT_OBJECT}MISSING. Type of resulting value: 'missing'. Input document: {_id: 0, e: {b: {c: 3}}}`,
    ],
    [
      'ReplaceRootWithRemoveSystemVariableThrows',
      '{"$replaceRoot": {"newRoot": "$$REMOVE"}}',
      '{"_id": 0, "b": 2}',
      `${NOT_OBJECT}MISSING. Type of resulting value: 'missing'. Input document: {_id: 0, b: 2}`,
    ],
    [
      '$replaceWith words it as the replacement document',
      '{"$replaceWith": [1]}',
      '{"_id": 0, "b": 2}',
      "40228: 'replacement document'  must evaluate to an object, but resulting value was: [1]. Type of resulting value: 'array'. Input document: {_id: 0, b: 2}",
    ],
  ])('%s: %s over %s', (_from, stage, doc, expected) => {
    expect(stageError(stage, doc)).toBe(expected);
  });
});

describe('$replaceRoot specifications', () => {
  it.each([
    [
      'CreationRequiresObjectSpecification',
      '{"$replaceRoot": 1}',
      '40229: expected an object as specification for $replaceRoot stage, got int',
    ],
    [
      'CreationRequiresObjectSpecification',
      '{"$replaceRoot": "string"}',
      '40229: expected an object as specification for $replaceRoot stage, got string',
    ],
    [
      'OnlyValidOptionInObjectSpecIsNewRoot',
      '{"$replaceRoot": {"newRoot": "$a", "root": 2}}',
      "40415: BSON field '$replaceRoot.root' is an unknown field.",
    ],
    [
      'OnlyValidOptionInObjectSpecIsNewRoot',
      '{"$replaceRoot": {"newRoot": "$a", "path": 2}}',
      "40415: BSON field '$replaceRoot.path' is an unknown field.",
    ],
    [
      'OnlyValidOptionInObjectSpecIsNewRoot',
      '{"$replaceRoot": {"path": "$a"}}',
      "40415: BSON field '$replaceRoot.path' is an unknown field.",
    ],
    [
      'RequiresExpressionForNewRootOption',
      '{"$replaceRoot": {}}',
      "40414: BSON field '$replaceRoot.newRoot' is missing but a required field",
    ],
    [
      'RequiresExpressionForNewRootOption',
      '{"$replaceRoot": {"newRoot": "$$$a"}}',
      "9: '$a' starts with an invalid character for a user variable name",
    ],
    [
      'RequiresExpressionForNewRootOption',
      '{"$replaceRoot": {"newRoot": "$$a"}}',
      '17276: Use of undefined variable: a',
    ],
    [
      'RequiresExpressionForNewRootOption',
      '{"$replaceRoot": {"newRoot": {"$map": {"a": 1}}}}',
      '16879: Unrecognized parameter to $map: a',
    ],
  ])('%s: %s', (_from, stage, expected) => {
    expect(stageError(stage)).toBe(expected);
  });
});
