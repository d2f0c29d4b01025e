/**
 * How a projection specification is read (projection_ast_test.cpp, from projection_parser.cpp):
 * with find's policies through `find` and `findAndModify`'s `fields` (viaFind), with
 * aggregation's through `$project` in `aggregate` and an update pipeline (stageError/apply). The
 * C++ asserts the parsed type or the error code; here the type is observed in the projected
 * document (an inclusion keeps only what it names, an exclusion everything else), and errors
 * carry 8.0's code and message. Covered: the type rules (`computeProjectionType` for `$slice`,
 * `$elemMatch` and `_id`), mixed dotted and nested syntax (dotted names inside sub-objects
 * included), `$id`-style field names inside sub-objects, path collisions (31249 on a leaf on the
 * way, 31250 on a repeated path, naming the element's own field), positional misuse (31271,
 * 31308, 31395, 31394, 31276, 31256, 31255), `$elemMatch` arguments (31274 with the type, 31275),
 * find `$slice` arguments (clamped like `safeNumberInt`; other forms are the `$slice` expression,
 * whose error then names both reasons), and unknown expressions (31325). Not observable: the
 * debug-BSON and clone cases (internal forms; their projections are applied instead), redaction
 * (query shapes), `$meta` (no metadata in the playground).
 */
import { describe, expect, it } from 'vitest';
import { apply, canon, stageError, viaAggregate, viaFind } from './stage-harness.js';

const doc =
  '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1, 2, 3, 4]}';
const find = (projection: string, filter?: string): string =>
  viaFind({ doc, projection, ...(filter ? { filter } : {}) });
const project = (projection: string): string => apply(`{"$project": ${projection}}`, doc);
const projectError = (projection: string): string => stageError(`{"$project": ${projection}}`, doc);

describe('the type of a projection (TestParsingType*)', () => {
  it.each([
    ['{"a": {"b": 1, "c": 1}}', '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3}}'],
    ['{"a.b": 1, "a": {"c": 1}}', '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3}}'],
    ['{"a": {"c": 1}, "a.b": 1}', '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3}}'],
    ['{"a.b": 0, "a": {"c": 0}}', '{"_id": 0, "a": {"$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1, 2, 3, 4]}'],
    ['{"_id": 1}', '{"_id": 0}'],
    ['{"a.b": 0, "_id": 1}', '{"_id": 0, "a": {"c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1, 2, 3, 4]}'],
    ['{"_id": 1, "a.b": 0}', '{"_id": 0, "a": {"c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1, 2, 3, 4]}'],
    // TestDebugBSONWithMixedSyntaxInclusion/Exclusion: a dotted name inside a sub-object.
    ['{"a": {"b.d": 1, "c": 1}, "f": 1}', '{"_id": 0, "a": {"b": {"d": 1}, "c": 3}, "f": 9}'],
    [
      '{"a": {"b.d": 0, "c": 0}, "f": 0}',
      '{"_id": 0, "a": {"b": {"e": 2}, "$id": 4}, "c": {"$id": 7, "d": 8}, "g": [1, 2, 3, 4]}',
    ],
    // TestDebugBSONWithNestedDollarPrefixedFields: `$id` is a field name, not an expression.
    ['{"c": {"$id": 1}}', '{"_id": 0, "c": {"$id": 7}}'],
    ['{"a": {"b": "abc"}}', '{"_id": 0, "a": {"b": "abc"}}'],
  ])('find and $project %s', (projection, result) => {
    expect(find(projection)).toBe(canon(result));
    expect(project(projection)).toBe(canon(result));
  });

  it('{_id: 0} alone excludes _id (TestParsingTypeExclusionIdOnly; an update restores the stored _id, so aggregate)', () => {
    const rest = '"a": {"b": {"d": 1, "e": 2}, "c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1, 2, 3, 4]';
    expect(find('{"_id": 0}')).toBe(canon(`{${rest}}`));
    expect(viaAggregate('{"$project": {"_id": 0}}', doc)).toEqual({ doc: canon(`{${rest}}`) });
  });

  it.each([
    ['TestParsingTypeOnlyElemMatch', '{"g": {"$elemMatch": {"$gt": 2}}}', '{"_id": 0, "g": [3]}'],
    [
      'TestParsingTypeOnlySlice',
      '{"g": {"$slice": 1}}',
      '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1]}',
    ],
    ['TestParsingTypeOnlyIdInclusionAndSlice', '{"_id": 1, "g": {"$slice": 1}}', '{"_id": 0, "g": [1]}'],
    [
      'TestParsingTypeOnlyIdExclusionAndSlice',
      '{"_id": 0, "g": {"$slice": 1}}',
      '{"a": {"b": {"d": 1, "e": 2}, "c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [1]}',
    ],
    [
      'TestParsingTypeSliceHasHigherPriorityThanElemMatch',
      '{"g": {"$elemMatch": {"$gt": 2}}, "a": {"$slice": 1}}',
      '{"_id": 0, "a": {"b": {"d": 1, "e": 2}, "c": 3, "$id": 4}, "c": {"$id": 7, "d": 8}, "f": 9, "g": [3]}',
    ],
    ['TestParsingTypeOnlyElemMatchAndIdExclusion', '{"_id": 0, "g": {"$elemMatch": {"$gt": 2}}}', '{"g": [3]}'],
    [
      'TestParsingTypeOnlyElemMatchAndIdInclusion',
      '{"g": {"$elemMatch": {"$gt": 2}}, "_id": 1}',
      '{"_id": 0, "g": [3]}',
    ],
    [
      'ShouldSucceedWhenParsingAggSliceWithFindFeaturesOff (in find: the expression form)',
      '{"x": {"$slice": ["$g", 3]}}',
      '{"_id": 0, "x": [1, 2, 3]}',
    ],
  ])('find: %s', (_from, projection, result) => {
    expect(find(projection)).toBe(canon(result));
  });
});

describe('find $slice arguments are read like safeNumberInt (ParserErrorsOnFindSliceWithSpecialValuesAsArguments)', () => {
  it.each([
    ['{"$numberLong": "9223372036854775807"}', '[1, 2, 3, 4]'],
    ['{"$numberDouble": "Infinity"}', '[1, 2, 3, 4]'],
    ['{"$numberDecimal": "Infinity"}', '[1, 2, 3, 4]'],
    ['{"$numberDouble": "-Infinity"}', '[1, 2, 3, 4]'],
    ['{"$numberDouble": "NaN"}', '[]'],
    ['0.3', '[]'],
    ['-0.3', '[]'],
    ['2.9', '[1, 2]'],
    ['[{"$numberDouble": "NaN"}, 1]', '[1]'],
    ['[{"$numberDouble": "-Infinity"}, 1]', '[1]'],
    ['[{"$numberLong": "-9223372036854775808"}, 2]', '[1, 2]'],
    ['[-0.3, 2]', '[1, 2]'],
    ['[1, {"$numberDouble": "Infinity"}]', '[2, 3, 4]'],
  ])('{$slice: %s} keeps %s', (arg, kept) => {
    expect(find(`{"g": {"$slice": ${arg}}, "_id": 0, "f": 0, "a": 0, "c": 0}`)).toBe(canon(`{"g": ${kept}}`));
  });
});

describe('errors (ParserErrorsOn*, TestInvalidProjection*, ShouldThrow*)', () => {
  it.each([
    ['ParserErrorsOnCollisionNestedFieldFirst', '{"a.b": 1, "f": 1, "a": 1}', '31250: Path collision at a'],
    [
      'ParserErrorsOnCollisionNestedFieldLast',
      '{"a": 1, "f": 1, "a.b": 1}',
      '31249: Path collision at a.b remaining portion b',
    ],
    ['ParserErrorsOnCollisionIdenticalField', '{"a": {"b": 1}, "a.b": 1}', '31250: Path collision at a.b'],
    ['ParserErrorsOnCollisionIdenticalField', '{"a.b": 1, "a": {"b": 1}}', '31250: Path collision at b'],
    ['ParserErrorsOnCollisionIdenticalField', '{"a.b": 1, "a": {"b": {"c": 1}}}', '31250: Path collision at b'],
    [
      'ParserErrorsOnSubfieldPrefixedByDbRefField',
      '{"a.$idFOOBAR": 1}',
      "16410: FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    [
      'ShouldThrowWhenParsingUnknownExpression',
      '{"a": {"$fakeExpression": {"bad": "arguments"}}}',
      '31325: Unknown expression $fakeExpression',
    ],
    [
      'TestInvalidProjectionWithLiteralInExclusion',
      '{"a": 0, "b": "hallo world"}',
      '31310: Cannot use an expression b: "hallo world" in an exclusion projection',
    ],
    [
      "(the field named is the element's own)",
      '{"a": {"b": 1, "c": 0}}',
      '31254: Cannot do exclusion on field c in inclusion projection',
    ],
  ])('%s: %s', (_from, projection, expected) => {
    expect(find(projection)).toBe(expected);
    expect(projectError(projection)).toBe(expected.replace(/^(\d+): /, '$1: Invalid $project :: caused by :: '));
  });

  it.each([
    [
      'ParserErrorsOnPositionalAndSlice',
      '{"a.$": {"$slice": 1}}',
      '31271: positional projection cannot be used with an expression or sub object',
    ],
    [
      'ParserErrorsOnPositionalOnElemMatch',
      '{"a.$": {"$elemMatch": {"b": 1}}}',
      '31271: positional projection cannot be used with an expression or sub object',
    ],
    [
      'ParserErrorsOnPositionalAndSubObj',
      '{"a": {"b.$": {"c": 1}}}',
      '31271: positional projection cannot be used with an expression or sub object',
    ],
    [
      'ParserErrorsOnPositionalOnLiteral',
      '{"a.$": "literal string"}',
      '31308: positional projection cannot be used with a literal',
    ],
    [
      'ShouldThrowWithPositionalOnExclusion',
      '{"c.d.$": 0}',
      '31395: positional projection cannot be used with exclusion',
    ],
    [
      'ParserErrorsOnMultiplePositionalInOnePath',
      '{"a.$.b.$": 1}',
      "31394: As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.",
    ],
    [
      'ParserErrorsOnMultiplePositionalInProjection',
      '{"a.b.$.": 1}',
      "31394: As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.",
    ],
    [
      'ParserErrorsOnJustPositionalProjection',
      '{"$": 1}',
      "16410: FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    ],
    [
      'ParserErrorsOnInvalidElemMatchArgument',
      '{"a": {"$elemMatch": []}}',
      '31274: elemMatch: Invalid argument, object required, but got array',
    ],
    [
      'ParserErrorsOnInvalidElemMatchArgument',
      '{"a": {"$elemMatch": "string"}}',
      '31274: elemMatch: Invalid argument, object required, but got string',
    ],
    [
      'ParserErrorsOnElemMatchOnDottedField',
      '{"a.b": {"$elemMatch": {"b": 1}}}',
      '31275: Cannot use $elemMatch projection on a nested field.',
    ],
    [
      'ParserErrorsOnElemMatchOnDottedField',
      '{"a": {"x": {"$elemMatch": {"b": 1}}}}',
      '31275: Cannot use $elemMatch projection on a nested field.',
    ],
    [
      'ParserErrorsOnSliceWithWrongNumberOfArguments',
      '{"a": {"$slice": []}}',
      '28667: Invalid $slice syntax. The given syntax { $slice: [] } did not match the find() syntax because :: Location31272: $slice array argument should be of form [skip, limit] :: The given syntax did not match the expression $slice syntax. :: caused by :: Expression $slice takes at least 2 arguments, and at most 3, but 0 were passed in.',
    ],
    [
      'ParserErrorsOnSliceWithWrongNumberOfArguments',
      '{"a": {"$slice": [1, 2, 3, 4]}}',
      '28667: Invalid $slice syntax. The given syntax { $slice: [ 1, 2, 3, 4 ] } did not match the find() syntax because :: Location31272: $slice array argument should be of form [skip, limit] :: The given syntax did not match the expression $slice syntax. :: caused by :: Expression $slice takes at least 2 arguments, and at most 3, but 4 were passed in.',
    ],
    [
      'ParserErrorsOnSliceWithWrongArgumentType',
      '{"a": {"$slice": "hello world"}}',
      '28667: Invalid $slice syntax. The given syntax { $slice: "hello world" } did not match the find() syntax because :: Location31273: $slice only supports numbers and [skip, limit] arrays :: The given syntax did not match the expression $slice syntax. :: caused by :: Expression $slice takes at least 2 arguments, and at most 3, but 1 were passed in.',
    ],
  ])('find %s: %s', (_from, projection, expected) => {
    expect(find(projection, '{"a": {"$exists": true}}')).toBe(expected);
  });

  it.each([
    [
      'TestInvalidProjectionWithPositionalAndElemMatch',
      '{"a.$": 1, "g": {"$elemMatch": {"$gt": 1}}}',
      '31255: Cannot specify positional operator and $elemMatch.',
    ],
    [
      'TestInvalidProjectionWithPositionalAndElemMatch',
      '{"g": {"$elemMatch": {"$gt": 1}}, "a.$": 1}',
      '31256: Cannot specify positional operator and $elemMatch.',
    ],
    [
      'ParserErrorsOnMultiplePositionalInProjection',
      '{"a.$": 1, "g.$": 1}',
      '31276: Cannot specify more than one positional projection per query.',
    ],
  ])('find %s: %s', (_from, projection, expected) => {
    expect(find(projection, '{"a": {"$exists": true}, "g": 2}')).toBe(expected);
  });

  it.each([
    [
      'TestParsingTypeEmptyProjectionFailsInAggregation',
      '{}',
      '51272: Invalid $project :: caused by :: projection specification must have at least one field',
    ],
    [
      'ShouldThrowWhenParsingElemMatchWithFindFeaturesOff',
      '{"a": {"$elemMatch": {"foo": 3}}}',
      '168: Invalid $project :: caused by :: Cannot use $elemMatch in this context',
    ],
    [
      'ShouldThrowWhenParsingPositionalWithFindFeaturesOff',
      '{"a.$": 1}',
      '31324: Invalid $project :: caused by :: Cannot use positional projection in aggregation projection',
    ],
    [
      'ShouldThrowWhenParsingPositionalWithFindFeaturesOff',
      '{"a": {"b.$": 1}}',
      '31324: Invalid $project :: caused by :: Cannot use positional projection in aggregation projection',
    ],
    [
      'ShouldThrowWhenParsingSliceInvalidWithFindFeaturesOff',
      '{"a": {"$slice": {"wrongType": 1}}}',
      '28667: Invalid $project :: caused by :: Expression $slice takes at least 2 arguments, and at most 3, but 1 were passed in.',
    ],
  ])('$project %s: %s', (_from, projection, expected) => {
    expect(projectError(projection)).toBe(expected);
  });

  it('an empty find projection returns the whole document (TestParsingTypeEmptyProjectionIsExclusionInFind)', () => {
    expect(find('{}')).toBe(canon(doc));
  });
});
