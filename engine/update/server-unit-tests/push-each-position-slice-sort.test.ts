/**
 * `$push` with `$each`, `$position`, `$slice` and `$sort` (push_node_test.cpp): the clause
 * checks of `PushNode::init` (code 2 and the server's message), and on apply the stored
 * document, the no-op decision and the `$v: 2` oplog entry — a pure append logs one `u<index>`
 * per pushed element, anything else (insert at a position, sort, slice, an empty array) logs the
 * whole array. Each row names the C++ TEST cases it comes from.
 *
 * Not ported: PushEachWithDuplicate{Sort,Slice,Each,Position}ClauseFails — a document here cannot
 * hold a field name twice (README, "Documents"), so the duplicate clause cannot be written.
 * ApplySortAfterSetCollator runs as the collation rows (the node's setCollator is the statement's
 * collation on the command path).
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const BAD_SORT_VALUE = '2: The $sort element value must be either 1 or -1';

describe('$push clauses are checked when the update is parsed (PushNode::init)', () => {
  const refused: readonly (readonly [string, string, string])[] = [
    [
      'EachClauseWithNonArrayObjectFails',
      '{"$each": {"0": 1}}',
      '2: The argument to $each in $push must be an array but it was of type: object',
    ],
    [
      'EachClauseWithPrimitiveFails',
      '{"$each": 1}',
      '2: The argument to $each in $push must be an array but it was of type: int',
    ],
    [
      'PositionClauseWithObjectFails',
      '{"$each": [1, 2], "$position": {"a": 1}}',
      '2: The value for $position must be an integer value, not of type: object',
    ],
    [
      'PositionClauseWithNonIntegerFails',
      '{"$each": [1, 2], "$position": -2.1}',
      '2: The value for $position must be an integer value, not of type: double',
    ],
    [
      'SliceClauseWithObjectFails',
      '{"$each": [1, 2], "$slice": {"a": 1}}',
      '2: The value for $slice must be an integer value but was given type: object',
    ],
    [
      'SliceClauseWithNonIntegerFails',
      '{"$each": [1, 2], "$slice": -2.1}',
      '2: The value for $slice must be an integer value but was given type: double',
    ],
    [
      'SliceClauseWithArrayFails',
      '{"$each": [1, 2], "$slice": [1, 2]}',
      '2: The value for $slice must be an integer value but was given type: array',
    ],
    [
      'SliceClauseWithStringFails',
      '{"$each": [1, 2], "$slice": "-1"}',
      '2: The value for $slice must be an integer value but was given type: string',
    ],
    [
      'SortClauseWithArrayFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": [{"a": 1}]}',
      '2: The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    ],
    [
      'SortClauseWithInvalidSortPatternFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {"a": 100}}',
      BAD_SORT_VALUE,
    ],
    [
      'SortClauseWithEmptyPathFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {"": 1}}',
      '2: The $sort field cannot be empty',
    ],
    [
      'SortClauseWithEmptyFieldNamesFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {".": 1}}',
      '2: The $sort field is a dotted field but has an empty part: .',
    ],
    [
      'SortClauseWithEmptyFieldSuffixFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {"a.": 1}}',
      '2: The $sort field is a dotted field but has an empty part: a.',
    ],
    [
      'SortClauseWithEmptyFieldPrefixFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {".b": 1}}',
      '2: The $sort field is a dotted field but has an empty part: .b',
    ],
    [
      'SortClauseWithEmptyFieldInfixFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {"a..b": 1}}',
      '2: The $sort field is a dotted field but has an empty part: a..b',
    ],
    [
      'SortClauseWithEmptyObjectFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$slice": -2.0, "$sort": {}}',
      '2: The $sort pattern is empty when it should be a set of fields.',
    ],
    [
      'PushEachWithInvalidClauseFails',
      '{"$each": [{"a": 1}, {"a": 2}], "$xxx": -1, "$sort": {"a": 1}}',
      '2: Unrecognized clause in $push: $xxx',
    ],
    // checkSortClause tests the value before the name: {"": 5} fails on the value.
    ['SortClauseWithInvalidSortPatternFails (value checked first)', '{"$each": [1], "$sort": {"": 5}}', BAD_SORT_VALUE],
    ['SortClauseWithInvalidSortPatternFails (number other than ±1)', '{"$each": [1], "$sort": 2}', BAD_SORT_VALUE],
  ];
  for (const [from, clause, error] of refused) {
    it(from, () => {
      expect(nodeError({ doc: '{"x": [0]}', update: `{"$push": {"x": ${clause}}}` })).toBe(error);
    });
  }

  it('PositionClauseWithIntegerDoubleSucceeds, SliceClauseWithIntegerDoubleSucceeds: a whole double is an integer', () => {
    expect(applyNode({ doc: '{"x": [0]}', update: '{"$push": {"x": {"$each": [1, 2], "$position": -2.0}}}' }).doc).toBe(
      canon('{"x": [1, 2, 0]}'),
    );
    expect(applyNode({ doc: '{"x": [0]}', update: '{"$push": {"x": {"$each": [1, 2], "$slice": 2.0}}}' }).doc).toBe(
      canon('{"x": [0, 1]}'),
    );
  });
});

interface Applied {
  readonly from: string;
  readonly doc: string;
  readonly update: string;
  readonly result: string;
  /** The oplog entry's `o`; absent for a no-op. */
  readonly oplog?: string;
  readonly paths?: readonly string[];
  readonly collation?: string;
}

const applied: readonly Applied[] = [
  {
    from: 'ApplyToEmptyArray',
    doc: '{"a": []}',
    update: '{"$push": {"a": 1}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyToEmptyDocument',
    doc: '{}',
    update: '{"$push": {"a": 1}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"i": {"a": [1]}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyToArrayWithOneElement',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": 1}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyToDottedPathElement',
    doc: '{"_id": 1, "question": "a", "choices": {"first": {"choice": "b"}, "second": {"choice": "c"}}}',
    update: '{"$push": {"choices.first.votes": 1}}',
    result:
      '{"_id": 1, "question": "a", "choices": {"first": {"choice": "b", "votes": [1]}, "second": {"choice": "c"}}}',
    oplog: '{"$v": 2, "diff": {"schoices": {"sfirst": {"i": {"votes": [1]}}}}}',
    paths: ['choices.first.votes'],
  },
  {
    from: 'ApplySimpleEachToEmptyArray',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": [1]}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
  },
  {
    from: 'ApplySimpleEachToEmptyDocument',
    doc: '{}',
    update: '{"$push": {"a": {"$each": [1]}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"i": {"a": [1]}}}',
  },
  {
    from: 'ApplyMultipleEachToEmptyDocument',
    doc: '{}',
    update: '{"$push": {"a": {"$each": [1, 2]}}}',
    result: '{"a": [1, 2]}',
    oplog: '{"$v": 2, "diff": {"i": {"a": [1, 2]}}}',
  },
  {
    from: 'ApplySimpleEachToArrayWithOneElement',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": [1]}}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
  },
  {
    from: 'ApplyMultipleEachToArrayWithOneElement',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": [1, 2]}}}',
    result: '{"a": [0, 1, 2]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1, "u2": 2}}}',
  },
  {
    from: 'ApplyEmptyEachToEmptyArray',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": []}}}',
    result: '{"a": []}',
  },
  {
    from: 'ApplyEmptyEachToEmptyDocument',
    doc: '{}',
    update: '{"$push": {"a": {"$each": []}}}',
    result: '{"a": []}',
    oplog: '{"$v": 2, "diff": {"i": {"a": []}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyEmptyEachToArrayWithOneElement',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": []}}}',
    result: '{"a": [0]}',
  },
  {
    from: 'ApplyToArrayWithSlice',
    doc: '{"a": [3]}',
    update: '{"$push": {"a": {"$each": [2, -1], "$slice": 1}}}',
    result: '{"a": [3]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [3]}}}',
  },
  {
    from: 'ApplyWithNumericSort',
    doc: '{"a": [3]}',
    update: '{"$push": {"a": {"$each": [2, -1], "$sort": 1}}}',
    result: '{"a": [-1, 2, 3]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [-1, 2, 3]}}}',
  },
  {
    from: 'ApplyWithReverseNumericSort',
    doc: '{"a": [3]}',
    update: '{"$push": {"a": {"$each": [4, -1], "$sort": -1}}}',
    result: '{"a": [4, 3, -1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [4, 3, -1]}}}',
  },
  {
    from: 'ApplyWithMixedSort',
    doc: '{"a": [3, "t", {"b": 1}, {"a": 1}]}',
    update: '{"$push": {"a": {"$each": [4, -1], "$sort": 1}}}',
    result: '{"a": [-1, 3, 4, "t", {"a": 1}, {"b": 1}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [-1, 3, 4, "t", {"a": 1}, {"b": 1}]}}}',
  },
  {
    from: 'ApplyWithReverseMixedSort',
    doc: '{"a": [3, "t", {"b": 1}, {"a": 1}]}',
    update: '{"$push": {"a": {"$each": [4, -1], "$sort": -1}}}',
    result: '{"a": [{"b": 1}, {"a": 1}, "t", 4, 3, -1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [{"b": 1}, {"a": 1}, "t", 4, 3, -1]}}}',
  },
  {
    from: 'ApplyWithEmbeddedFieldSort',
    doc: '{"a": [3, "t", {"b": 1}, {"a": 1}]}',
    update: '{"$push": {"a": {"$each": [4, -1], "$sort": {"a": 1}}}}',
    result: '{"a": [3, "t", {"b": 1}, 4, -1, {"a": 1}]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [3, "t", {"b": 1}, 4, -1, {"a": 1}]}}}',
  },
  {
    from: 'ApplySortAfterSetCollator (no collation)',
    doc: '{"a": ["dd", "fc", "gb"]}',
    update: '{"$push": {"a": {"$each": ["ha"], "$sort": 1}}}',
    result: '{"a": ["dd", "fc", "gb", "ha"]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": ["dd", "fc", "gb", "ha"]}}}',
  },
  // The C++ uses a mock collator that compares reversed strings; a real collation that orders
  // differently from code points (upper case after lower case at tertiary strength) checks the same rule.
  {
    from: 'ApplySortWithCollator, ApplySortAfterSetCollator',
    doc: '{"a": ["C", "a", "B"]}',
    update: '{"$push": {"a": {"$each": ["b"], "$sort": 1}}}',
    collation: '{"locale": "en"}',
    result: '{"a": ["a", "b", "B", "C"]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": ["a", "b", "B", "C"]}}}',
  },
  {
    from: 'ApplyToEmptyArrayWithPositionZero',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": [1], "$position": 0}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
  },
  {
    from: 'ApplyToEmptyArrayWithPositionOne',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": [1], "$position": 1}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
  },
  {
    from: 'ApplyToEmptyArrayWithLargePosition',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": [1], "$position": 1000}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
  },
  {
    from: 'ApplyToSingletonArrayWithPositionZero',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": [1], "$position": 0}}}',
    result: '{"a": [1, 0]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1, 0]}}}',
  },
  {
    from: 'ApplyToSingletonArrayWithLargePosition',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": [1], "$position": 1000}}}',
    result: '{"a": [0, 1]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 1}}}',
  },
  {
    from: 'ApplyToEmptyArrayWithNegativePosition',
    doc: '{"a": []}',
    update: '{"$push": {"a": {"$each": [1], "$position": -1}}}',
    result: '{"a": [1]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1]}}}',
  },
  {
    from: 'ApplyToSingletonArrayWithNegativePosition',
    doc: '{"a": [0]}',
    update: '{"$push": {"a": {"$each": [1], "$position": -1}}}',
    result: '{"a": [1, 0]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [1, 0]}}}',
  },
  {
    from: 'ApplyToPopulatedArrayWithNegativePosition',
    doc: '{"a": [0, 1, 2, 3, 4]}',
    update: '{"$push": {"a": {"$each": [5], "$position": -2}}}',
    result: '{"a": [0, 1, 2, 5, 3, 4]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [0, 1, 2, 5, 3, 4]}}}',
  },
  {
    from: 'ApplyToPopulatedArrayWithOutOfBoundsNegativePosition',
    doc: '{"a": [0, 1, 2, 3, 4]}',
    update: '{"$push": {"a": {"$each": [5], "$position": -1000}}}',
    result: '{"a": [5, 0, 1, 2, 3, 4]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [5, 0, 1, 2, 3, 4]}}}',
  },
  {
    from: 'ApplyMultipleElementsPushWithNegativePosition',
    doc: '{"a": [0, 1, 2, 3, 4]}',
    update: '{"$push": {"a": {"$each": [5, 6, 7], "$position": -2}}}',
    result: '{"a": [0, 1, 2, 5, 6, 7, 3, 4]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [0, 1, 2, 5, 6, 7, 3, 4]}}}',
  },
  {
    from: 'PushWithMinIntAsPosition',
    doc: '{"a": [0, 1, 2, 3, 4]}',
    update: '{"$push": {"a": {"$each": [5], "$position": {"$numberLong": "-9223372036854775808"}}}}',
    result: '{"a": [5, 0, 1, 2, 3, 4]}',
    oplog: '{"$v": 2, "diff": {"u": {"a": [5, 0, 1, 2, 3, 4]}}}',
  },
];

describe('$push applied: document, no-op decision and oplog entry', () => {
  for (const c of applied) {
    it(c.from, () => {
      const out = applyNode({
        doc: c.doc,
        update: c.update,
        ...(c.collation === undefined ? {} : { collation: c.collation }),
      });
      expect(out.doc).toBe(canon(c.result));
      expect(out.nModified).toBe(c.oplog === undefined ? 0 : 1);
      expect(out.oplog).toBe(c.oplog === undefined ? null : canon(c.oplog));
      if (c.paths !== undefined) expect(out.modifiedPaths).toEqual(c.paths);
    });
  }

  it('ApplyToNonArrayFails', () => {
    expect(nodeError({ doc: '{"_id": "test_object", "a": 1}', update: '{"$push": {"a": 1}}' })).toBe(
      '2: Plan executor error during update :: caused by :: ' +
        `The field 'a' must be an array but is of type int in document {_id: "test_object"}`,
    );
  });
});

describe('$slice keeps abs(N) elements, from the front (N ≥ 0) or the back (N < 0)', () => {
  // ApplyToEmptyArrayWithSliceValues: LLONG_MIN keeps abs(LLONG_MIN + 1) elements, no overflow.
  const onEmpty: readonly (readonly [string, string])[] = [
    ['{"$numberLong": "-9223372036854775808"}', '[1]'],
    ['-2', '[1]'],
    ['-1', '[1]'],
    ['0', '[]'],
    ['1', '[1]'],
    ['2', '[1]'],
    ['{"$numberLong": "9223372036854775807"}', '[1]'],
  ];
  for (const [slice, result] of onEmpty) {
    it(`ApplyToEmptyArrayWithSliceValues: $slice ${slice} on []`, () => {
      const out = applyNode({ doc: '{"a": []}', update: `{"$push": {"a": {"$each": [1], "$slice": ${slice}}}}` });
      expect(out.doc).toBe(canon(`{"a": ${result}}`));
      expect(out.nModified).toBe(1);
      expect(out.oplog).toBe(canon(`{"$v": 2, "diff": {"u": {"a": ${result}}}}`));
    });
  }

  const onPopulated: readonly (readonly [number, string])[] = [
    [-4, '[2, 3, 1]'],
    [-3, '[2, 3, 1]'],
    [-2, '[3, 1]'],
    [-1, '[1]'],
    [0, '[]'],
    [1, '[2]'],
    [2, '[2, 3]'],
    [3, '[2, 3, 1]'],
    [4, '[2, 3, 1]'],
  ];
  for (const [slice, result] of onPopulated) {
    it(`ApplyToPopulatedArrayWithSliceValues: $slice ${slice} on [2, 3]`, () => {
      const out = applyNode({ doc: '{"a": [2, 3]}', update: `{"$push": {"a": {"$each": [1], "$slice": ${slice}}}}` });
      expect(out.doc).toBe(canon(`{"a": ${result}}`));
      expect(out.nModified).toBe(1);
      // Nothing cut: a pure append, logged per element; otherwise the whole array.
      const o = Math.abs(slice) >= 3 ? '{"sa": {"a": true, "u2": 1}}' : `{"u": {"a": ${result}}}`;
      expect(out.oplog).toBe(canon(`{"$v": 2, "diff": ${o}}`));
    });
  }
});

describe('ApplyToPopulatedArrayWithSortAndSliceValues: $sort on two fields in both orders, then $slice -5..5', () => {
  // The C++ builds the expected array with std::sort on (a, b) pairs and cuts it; so does this.
  type Item = readonly [number, number];
  const items: readonly Item[] = [
    [2, 3],
    [3, 1],
    [2, 1],
    [1, 1],
  ];
  const toJson = (xs: readonly Item[]) => `[${xs.map(([a, b]) => `{"a": ${a}, "b": ${b}}`).join(', ')}]`;
  for (const aFirst of [false, true]) {
    for (const orderA of [-1, 1]) {
      for (const orderB of [-1, 1]) {
        const sort = aFirst ? `{"a": ${orderA}, "b": ${orderB}}` : `{"b": ${orderB}, "a": ${orderA}}`;
        const sorted = [...items].sort((l, r) => {
          const byA = (l[0] - r[0]) * orderA;
          const byB = (l[1] - r[1]) * orderB;
          return aFirst ? byA || byB : byB || byA;
        });
        for (let slice = -5; slice <= 5; slice++) {
          const kept =
            slice >= 0
              ? sorted.slice(0, Math.min(slice, sorted.length))
              : sorted.slice(Math.max(sorted.length + slice, 0));
          it(`$sort ${sort}, $slice ${slice}`, () => {
            const out = applyNode({
              doc: '{"a": [{"a": 2, "b": 3}, {"a": 3, "b": 1}]}',
              update: `{"$push": {"a": {"$each": [{"a": 2, "b": 1}, {"a": 1, "b": 1}], "$slice": ${slice}, "$sort": ${sort}}}}`,
            });
            expect(out.doc).toBe(canon(`{"a": ${toJson(kept)}}`));
            expect(out.nModified).toBe(1);
            expect(out.oplog).toBe(canon(`{"$v": 2, "diff": {"u": {"a": ${toJson(kept)}}}}`));
          });
        }
      }
    }
  }
});
