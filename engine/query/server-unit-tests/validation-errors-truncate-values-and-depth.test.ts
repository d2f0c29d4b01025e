/**
 * Port of doc_validation_error_test.cpp's truncation section (TEST(DocValidationTruncationTest,
 * TruncatedConsideredValuesArray, ConsideredValuesArrayNotTruncatedWhenConfiguredLimitMatches),
 * TEST(ValidationErrorTruncation, BasicDeeplyNestedError)): at most 10 considered values are
 * reported (`internalQueryMaxDocValidationErrorConsideredValues`), with
 * `consideredValuesTruncated: true` when more exist; an error nested deeper than 190 levels
 * (the BSON depth limit less 10) is replaced by "generated error was too deeply nested".
 * Not ported: BasicSizeTruncation (its 10 KB limit is a test-only parameter; the server's own is
 * far beyond what a playground document reaches) and DocValidationReportsProgrammingError (a
 * fail point).
 */
import { describe, expect, it } from 'vitest';
import { canon } from '../../commands/testing.js';
import { expectedErrInfo as expected, validationErrInfo as errInfo } from './validation-harness.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('considered values', () => {
  it('TruncatedConsideredValuesArray', () => {
    expect(errInfo('{"a":{"$lt":0}}', JSON.stringify({ a: range(1000) }), { viaUpdates: false })).toBe(
      expected(
        `{"operatorName":"$lt","specifiedAs":{"a":{"$lt":0}},"reason":"comparison failed","consideredValues":${JSON.stringify(range(10))},"consideredValuesTruncated":true}`,
      ),
    );
  });
  it('ConsideredValuesArrayNotTruncatedWhenConfiguredLimitMatches', () => {
    expect(errInfo('{"a":{"$lt":0}}', JSON.stringify({ a: range(10) }))).toBe(
      expected(
        `{"operatorName":"$lt","specifiedAs":{"a":{"$lt":0}},"reason":"comparison failed","consideredValues":${JSON.stringify(range(10))}}`,
      ),
    );
  });
});

/** `{$or: [{$or: [… {a: 0} …, {a: depth-2}]}, {a: depth-1}]}`, `depth` levels of `$or`. */
function deeplyNestedOr(depth: number): string {
  let query = '{"a":0}';
  for (let i = 1; i < depth; i++) query = `{"$or":[${query},{"a":${i}}]}`;
  return query;
}

describe('ValidationErrorTruncation', () => {
  it('BasicDeeplyNestedError: 65 and 64 levels of $or are too deep, 63 are reported', () => {
    // The whole errInfo is replaced: no failingDocumentId either.
    const tooDeep = canon('{"reason":"generated error was too deeply nested","truncated":true}');
    expect(errInfo(deeplyNestedOr(65), '{"b":1}', { viaUpdates: false })).toBe(tooDeep);
    expect(errInfo(deeplyNestedOr(64), '{"b":1}', { viaUpdates: false })).toBe(tooDeep);
    const ok = errInfo(deeplyNestedOr(63), '{"b":1}', { viaUpdates: false });
    expect(ok).toMatch(/^\{"failingDocumentId":\{"\$numberInt":"1"\},"details":\{"operatorName":"\$or"/);
    expect(ok).not.toContain('truncated');
  });
});
