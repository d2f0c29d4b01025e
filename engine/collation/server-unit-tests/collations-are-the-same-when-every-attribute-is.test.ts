/**
 * Two collations are the same when every attribute of their full specs is (CollationSpec
 * `operator==`), however the documents spelled them; the full spec serialises in one order
 * (`toBSON`: locale, caseLevel, caseFirst, strength, numericOrdering, alternate, maxVariable,
 * normalization, backwards, version). Observable through createIndexes: an index on the same key
 * with a different collation is another index, with the same collation under another name it is
 * 85 "Index already exists with a different name"; and through the planner, which uses an index
 * only for a query of the same collation.
 *
 * From collation_spec_test.cpp: SpecsWithNonEqual(LocaleStrings|CaseLevelValues|CaseFirstValues|
 * Strengths|NumericOrderingValues|AlternateValues|MaxVariableValues|NormalizationValues|
 * BackwardsValues)AreNotEqual, EqualSpecs, ToBSONCorrectlySerializes* (the field order and values,
 * asserted in collation-spec-reports-every-attribute-with-locale-defaults.test.ts).
 * n/a: SpecsWithNonEqualVersionValuesAreNotEqual (only "57.1" is accepted).
 */
import { describe, expect, it } from 'vitest';
import { outcome, run, testEngine } from './harness.js';

describe('collation equality', () => {
  it('an index on the same key with any attribute different is another index', () => {
    const engine = testEngine();
    const create = (name: string, collation: string) =>
      outcome(
        run(
          engine,
          't',
          `{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "${name}", "collation": ${collation}}]}`,
        ),
      );
    expect(create('fr', '{"locale": "fr"}')).toBe('ok');
    const variants = [
      '{"locale": "de"}',
      '{"locale": "fr", "caseLevel": true}',
      '{"locale": "fr", "caseFirst": "upper"}',
      '{"locale": "fr", "strength": 1}',
      '{"locale": "fr", "numericOrdering": true}',
      '{"locale": "fr", "alternate": "shifted"}',
      '{"locale": "fr", "alternate": "shifted", "maxVariable": "space"}',
      '{"locale": "fr", "normalization": true}',
      '{"locale": "fr", "backwards": true}',
    ];
    variants.forEach((collation, i) => expect(create(`v${i}`, collation), collation).toBe('ok'));
  });

  it('the same full spec spelled differently is the same collation', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "fr", "collation": {"locale": "fr"}}]}',
    );
    const again = run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "fr3", "collation": {"version": "57.1", "strength": 3, "locale": "fr", "backwards": false}}]}',
    );
    expect(outcome(again)).toEqual([85, 'Index already exists with a different name: fr']);
  });

  it('the planner uses an index for a query whose collation is the same, spelled differently', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_de", "collation": {"locale": "de"}}]}',
    );
    const stage = (collation: string): string => {
      const explain = run(
        engine,
        't',
        `{"explain": {"find": "c", "filter": {"a": "x"}, "collation": ${collation}}, "verbosity": "queryPlanner"}`,
      );
      const plan = (explain.get('queryPlanner') as Map<string, unknown>).get('winningPlan') as Map<string, unknown>;
      const input = plan.get('inputStage') as Map<string, unknown> | undefined;
      return String(input?.get('stage') ?? plan.get('stage'));
    };
    expect(stage('{"locale": "de", "backwards": false, "strength": 3}')).toBe('IXSCAN');
    expect(stage('{"locale": "de", "strength": 2}')).toBe('COLLSCAN');
    expect(stage('{"locale": "fr"}')).toBe('COLLSCAN');
  });
});
