/**
 * `$pull` (pull_node_test.cpp): which matcher a condition gets (`PullNode::init` — an object whose
 * first field is a path-accepting query operator, or a regex, tests each element as a value; any
 * other object is a query on embedded documents; anything else is equality under the collation),
 * the contexts it refuses (kBanAllSpecialFeatures), and on apply the stored document, no-op
 * decision and oplog entry (a change always logs the whole array).
 *
 * The C++ collation cases use mock collators (kReverseString, kAlwaysEqual); here real collations
 * with the same effect on the rule run instead: strength 2 (case-insensitive) makes strings equal
 * that differ in case, and never makes a number equal to a string or a regex match differently.
 * SetCollatorDoesNotAffectClone is the same rule twice (one statement with, one without collation).
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';
const CASE_INSENSITIVE = '{"locale": "en", "strength": 2}';

describe('$pull conditions refused when the update is parsed', () => {
  const refused: readonly (readonly [string, string, string])[] = [
    ['InitWithBadMatchExpressionFails', '{"b": {"$foo": 1}}', '2: unknown operator: $foo'],
    [
      'InitWithBadTopLevelOperatorFails',
      '{"$foo": 1}',
      "2: unknown top level operator: $foo. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.",
    ],
    // `$not` is not a path-accepting keyword: the condition is a query on embedded documents,
    // where `$not` cannot stand at the top.
    [
      'InitWithBadTopLevelOperatorFails ($not is not a value condition)',
      '{"$not": {"$gt": 5}}',
      '2: unknown top level operator: $not. If you are trying to negate an entire expression, use $nor.',
    ],
    ['InitWithTextFails', '{"$text": {"$search": "str"}}', '2: $text is not allowed in this context'],
    ['InitWithWhereFails', '{"$where": "this.a == this.b"}', '2: $where is not allowed in this context'],
    ['InitWithExprElemFails', '{"$expr": {"$eq": [5, 5]}}', '224: $expr is not allowed in this context'],
    [
      'InitWithExprObjectFails',
      '{"$expr": {"$eq": ["$a", {"$literal": {"b": 5}}]}}',
      '224: $expr is not allowed in this context',
    ],
    ['InitWithJSONSchemaFails', '{"$jsonSchema": {}}', '224: $jsonSchema is not allowed in this context'],
  ];
  for (const [from, condition, error] of refused) {
    it(from, () => {
      expect(nodeError({ doc: '{"a": [0]}', update: `{"$pull": {"a": ${condition}}}` })).toBe(error);
    });
  }

  // MongoDB 8.0 refuses $near/$nearSphere/$geoNear outside find with Location5626500 (the C++
  // test file predates that code and checks BadValue); the check comes before the geometry is read.
  const GEO_NEAR =
    '5626500: $geoNear, $near, and $nearSphere are not allowed in this context, as these operators require sorting ' +
    'geospatial data. If you do not need sort, consider using $geoWithin instead. Check out ' +
    'https://dochub.mongodb.org/core/near-sort-operation and https://dochub.mongodb.org/core/nearSphere-sort-operationfor more details.';
  it('InitWithGeoNearElemFails', () => {
    expect(
      nodeError({
        doc: '{"a": [0]}',
        update: '{"$pull": {"a": {"$nearSphere": {"$geometry": {"type": "Point", "coordinates": [0, 0]}}}}}',
      }),
    ).toBe(GEO_NEAR);
  });
  it('InitWithGeoNearObjectFails', () => {
    expect(
      nodeError({
        doc: '{"a": [0]}',
        update: '{"$pull": {"a": {"b": {"$nearSphere": {"$geometry": {"type": "Point", "coordinates": [0, 0]}}}}}}',
      }),
    ).toBe(GEO_NEAR);
  });
  it('arrayFilters are parsed with the same ban (kBanAllSpecialFeatures)', () => {
    expect(
      nodeError({ doc: '{"a": [0]}', update: '{"$set": {"a.$[i]": 1}}', arrayFilters: '[{"i": {"$near": [0, 0]}}]' }),
    ).toBe(GEO_NEAR.replace('5626500: ', '5626500: Error parsing array filter :: caused by :: '));
  });
});

describe('$pull applied to a document that does not hold an array there', () => {
  it('TargetNotFound', () => {
    const out = applyNode({ doc: '{}', update: '{"$pull": {"a": {"$lt": 1}}}' });
    expect([out.doc, out.nModified, out.oplog]).toEqual([canon('{}'), 0, null]);
  });
  it('ApplyToMissingElement', () => {
    const out = applyNode({ doc: '{"a": {"b": {"c": {}}}}', update: '{"$pull": {"a.b.c.d": {"$lt": 1}}}' });
    expect([out.doc, out.nModified, out.oplog]).toEqual([canon('{"a": {"b": {"c": {}}}}'), 0, null]);
  });
  it('ApplyToStringFails, ApplyToObjectFails', () => {
    for (const value of ['"foo"', '{"foo": "bar"}']) {
      expect(nodeError({ doc: `{"a": ${value}}`, update: '{"$pull": {"a": {"$lt": 1}}}' })).toBe(
        `2: ${PREFIX}Cannot apply $pull to a non-array value`,
      );
    }
  });
  it('ApplyToNonViablePathFails', () => {
    expect(nodeError({ doc: '{"a": 1}', update: '{"$pull": {"a.b": {"$lt": 1}}}' })).toBe(
      `28: ${PREFIX}Cannot use the part (b) of (a.b) to traverse the element ({a: 1})`,
    );
  });
  it('CannotModifyImmutableField', () => {
    expect(nodeError({ doc: '{"_id": {"a": [0, 1, 2]}}', update: '{"$pull": {"_id.a": 1}}' })).toBe(
      `66: ${PREFIX}Performing an update on the path '_id.a' would modify the immutable field '_id'`,
    );
  });
});

interface Pulled {
  readonly from: string;
  readonly doc: string;
  readonly pull: string;
  /** The array after the pull (the path's value), or absent for a no-op. */
  readonly left?: string;
  readonly collation?: string;
}

const pulled: readonly Pulled[] = [
  { from: 'ApplyToEmptyArray', doc: '{"a": []}', pull: '{"a": {"$lt": 1}}' },
  { from: 'ApplyToArrayMatchingNone', doc: '{"a": [2, 3, 4, 5]}', pull: '{"a": {"$lt": 1}}' },
  {
    from: 'ApplyToArrayMatchingOne, ApplyNoIndexDataNoLogBuilder',
    doc: '{"a": [0, 1, 2, 3]}',
    pull: '{"a": {"$lt": 1}}',
    left: '[1, 2, 3]',
  },
  {
    from: 'ApplyToArrayMatchingSeveral',
    doc: '{"a": [0, 1, 0, 2, 0, 3, 0, 4, 0, 5]}',
    pull: '{"a": {"$lt": 1}}',
    left: '[1, 2, 3, 4, 5]',
  },
  { from: 'ApplyToArrayMatchingAll', doc: '{"a": [0, -1, -2, -3, -4, -5]}', pull: '{"a": {"$lt": 1}}', left: '[]' },
  { from: 'ApplyScalarValueMod', doc: '{"a": [1, 2, 1, 2, 1, 2]}', pull: '{"a": 1}', left: '[2, 2, 2]' },
  {
    from: 'ApplyObjectValueMod',
    doc: '{"a": [{"x": 1}, {"y": 2}, {"x": 1}, {"y": 2}]}',
    pull: '{"a": {"y": 2}}',
    left: '[{"x": 1}, {"x": 1}]',
  },
  {
    from: 'ApplyPullWithObjectValueToArrayWithNonObjectValue',
    doc: '{"a": [{"x": 1}, 2]}',
    pull: '{"a": {"x": 1}}',
    left: '[2]',
  },
  {
    from: 'DocumentationExample1',
    doc: '{"a": ["vme", "de", "pse", "tsc", "msr", "pae", "mce"]}',
    pull: '{"a": "msr"}',
    left: '["vme", "de", "pse", "tsc", "pae", "mce"]',
  },
  { from: 'DocumentationExample2a', doc: '{"a": [3, 5, 6, 7, 7, 8]}', pull: '{"a": 7}', left: '[3, 5, 6, 8]' },
  { from: 'DocumentationExample2b', doc: '{"a": [3, 5, 6, 7, 7, 8]}', pull: '{"a": {"$gt": 6}}', left: '[3, 5, 6]' },
  {
    from: 'SERVER_3988',
    doc: '{"x": 1, "a": [2, 3, 4, "abc", "xyz"]}',
    pull: '{"a": {"$regex": "yz"}}',
    left: '[2, 3, 4, "abc"]',
  },
  {
    from: 'SERVER_3988 (a regex literal)',
    doc: '{"x": 1, "a": [2, 3, 4, "abc", "xyz"]}',
    pull: '{"a": {"$regularExpression": {"pattern": "yz", "options": ""}}}',
    left: '[2, 3, 4, "abc"]',
  },
  // ObjectMatcher: a condition whose first field is not a path-accepting operator queries embedded documents only.
  {
    from: 'InitWithBadTopLevelOperatorFails (a top-level $and is an embedded-document query)',
    doc: '{"a": [{"b": 1}, 1, {"b": 2}]}',
    pull: '{"a": {"$and": [{"b": 1}]}}',
    left: '[1, {"b": 2}]',
  },
  {
    from: 'ApplyPullWithObjectValueToArrayWithNonObjectValue (an empty condition matches every document element)',
    doc: '{"a": [{"b": 1}, 1, {}]}',
    pull: '{"a": {}}',
    left: '[1]',
  },
  // Collation: string comparisons only.
  {
    from: 'ApplyWithCollation',
    doc: '{"a": ["zaa", "ZCC", "zbb", "Zee"]}',
    pull: '{"a": {"$gt": "zbb"}}',
    collation: CASE_INSENSITIVE,
    left: '["zaa", "zbb"]',
  },
  {
    from: 'ApplyWithCollationDoesNotAffectNonStringMatches',
    doc: '{"a": [2, 1, 0, -1, -2, -3]}',
    pull: '{"a": {"$lt": 1}}',
    collation: CASE_INSENSITIVE,
    left: '[2, 1]',
  },
  {
    from: 'ApplyWithCollationDoesNotAffectRegexMatches',
    doc: '{"a": ["b", "a", "aab", "cb", "bba", "A"]}',
    pull: '{"a": {"$regularExpression": {"pattern": "a", "options": ""}}}',
    collation: CASE_INSENSITIVE,
    left: '["b", "cb", "A"]',
  },
  {
    from: 'ApplyStringLiteralMatchWithCollation, ApplyStringMatchAfterSetCollator',
    doc: '{"a": ["a", "b", "C", "c", "d"]}',
    pull: '{"a": "c"}',
    collation: CASE_INSENSITIVE,
    left: '["a", "b", "d"]',
  },
  {
    from: 'ApplyStringMatchAfterSetCollator, SetCollatorDoesNotAffectClone (no collation)',
    doc: '{"a": ["a", "b", "C", "c", "d"]}',
    pull: '{"a": "c"}',
    left: '["a", "b", "C", "d"]',
  },
  {
    from: 'ApplyCollationDoesNotAffectNumberLiteralMatches',
    doc: '{"a": ["a", 99, "b", 2, "c", 99, "d"]}',
    pull: '{"a": 99}',
    collation: '{"locale": "en", "strength": 1}',
    left: '["a", "b", 2, "c", "d"]',
  },
  {
    from: 'ApplyElementMatchAfterSetCollator',
    doc: '{"a": ["a", "b", "C", "d"]}',
    pull: '{"a": {"$gte": "c"}}',
    collation: CASE_INSENSITIVE,
    left: '["a", "b"]',
  },
  {
    from: 'ApplyElementMatchAfterSetCollator (no collation: "C" sorts before "c")',
    doc: '{"a": ["a", "b", "C", "d"]}',
    pull: '{"a": {"$gte": "c"}}',
    left: '["a", "b", "C"]',
  },
  {
    from: 'ApplyObjectMatchAfterSetCollator',
    doc: '{"a": [{"b": "w"}, {"b": "Y"}, {"b": "y"}, {"b": "z"}]}',
    pull: '{"a": {"b": "y"}}',
    collation: CASE_INSENSITIVE,
    left: '[{"b": "w"}, {"b": "z"}]',
  },
  {
    from: 'ApplyObjectMatchAfterSetCollator (no collation)',
    doc: '{"a": [{"b": "w"}, {"b": "Y"}, {"b": "y"}, {"b": "z"}]}',
    pull: '{"a": {"b": "y"}}',
    left: '[{"b": "w"}, {"b": "Y"}, {"b": "z"}]',
  },
];

describe('$pull applied: the array left, the no-op decision and the oplog entry (the whole array)', () => {
  for (const c of pulled) {
    it(c.from, () => {
      const out = applyNode({
        doc: c.doc,
        update: `{"$pull": ${c.pull}}`,
        ...(c.collation === undefined ? {} : { collation: c.collation }),
      });
      const before = JSON.parse(c.doc) as Record<string, unknown>;
      const after = c.left === undefined ? c.doc : JSON.stringify({ ...before, a: JSON.parse(c.left) as unknown });
      expect(out.doc).toBe(canon(after));
      expect(out.nModified).toBe(c.left === undefined ? 0 : 1);
      expect(out.oplog).toBe(c.left === undefined ? null : canon(`{"$v": 2, "diff": {"u": {"a": ${c.left}}}}`));
    });
  }
});

describe('$pull on a dotted path logs the array inside its parent', () => {
  const doc = '{"a": {"b": [{"x": 1}, {"y": "y"}, {"x": 2}, {"z": "z"}]}}';
  const rows: readonly (readonly [string, string, string])[] = [
    [
      'ApplyComplexDocAndMatching1',
      '{"$or": [{"y": {"$exists": true}}, {"z": {"$exists": true}}]}',
      '[{"x": 1}, {"x": 2}]',
    ],
    ['ApplyComplexDocAndMatching2', '{"y": {"$exists": true}}', '[{"x": 1}, {"x": 2}, {"z": "z"}]'],
    ['ApplyComplexDocAndMatching3', '{"$in": [{"x": 1}, {"y": "y"}]}', '[{"x": 2}, {"z": "z"}]'],
  ];
  for (const [from, condition, left] of rows) {
    it(from, () => {
      const out = applyNode({ doc, update: `{"$pull": {"a.b": ${condition}}}` });
      expect(out.doc).toBe(canon(`{"a": {"b": ${left}}}`));
      expect(out.oplog).toBe(canon(`{"$v": 2, "diff": {"sa": {"u": {"b": ${left}}}}}`));
      expect(out.modifiedPaths).toEqual(['a.b']);
    });
  }
  it('ApplyFullPredicateWithCollation', () => {
    const out = applyNode({
      doc: '{"a": {"b": [{"x": "foo", "y": 1}, {"x": "BLAH", "y": 2}, {"x": "blah", "y": 3}]}}',
      update: '{"$pull": {"a.b": {"x": "blah"}}}',
      collation: CASE_INSENSITIVE,
    });
    expect(out.doc).toBe(canon('{"a": {"b": [{"x": "foo", "y": 1}]}}'));
    expect(out.oplog).toBe(canon('{"$v": 2, "diff": {"sa": {"u": {"b": [{"x": "foo", "y": 1}]}}}}'));
  });
});
