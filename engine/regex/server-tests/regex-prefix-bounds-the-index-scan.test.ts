/**
 * A regex on an indexed field scans the index over its literal prefix: `/^abc/` over
 * `["abc", "abd")` plus the stored regex itself, any other regex over every string; an index
 * with a collation is not used for a regex (8.0's internalQueryPlannerIgnoreIndexWithCollationForRegex);
 * predicates on the same field intersect their bounds; and explain counts the keys the scan lands
 * on between intervals.
 *
 * From src/mongo/db/query/index_bounds_builder_regex_test.cpp (every simpleRegex / translate case,
 * observed as explain's `indexBounds`) and the explain assertions of
 * jstests/core/query/regex/regex3.js, regex4.js, regex6.js and regex_collations.js.
 */
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { re, RegexLab } from './harness.js';

const NAMES =
  '[{"_id": 1, "name": "eliot"}, {"_id": 2, "name": "emily"}, {"_id": 3, "name": "bob"}, {"_id": 4, "name": "aaron"}]';

function winningPlan(lab: RegexLab, filter: string, extra = ''): Doc {
  const reply = lab.ok(`{"explain": {"find": "t", "filter": ${filter}${extra}}, "verbosity": "executionStats"}`);
  return (reply.get('queryPlanner') as Doc).get('winningPlan') as Doc;
}

function keysExamined(lab: RegexLab, filter: string): number {
  const reply = lab.ok(`{"explain": {"find": "t", "filter": ${filter}}, "verbosity": "executionStats"}`);
  return Number((reply.get('executionStats') as Doc).get('totalKeysExamined'));
}

/** The IXSCAN's bounds on `name` as explain prints them, or the stage when no index is used. */
function nameBounds(lab: RegexLab, filter: string, extra = ''): Value {
  const plan = winningPlan(lab, filter, extra);
  if (plan.get('stage') !== 'FETCH') return plan.get('stage')!;
  return ((plan.get('inputStage') as Doc).get('indexBounds') as Doc).get('name')!;
}

describe('index_bounds_builder_regex_test.cpp: the literal prefix of a rooted regex', () => {
  const lab = new RegexLab().fill('t', NAMES).index('t', '{"name": 1}');
  it.each([
    // RootedLine, RootedString, RootedStringMultiline, RootedSingleLineMode (SERVER-9035)
    ['^foo', '', '["foo", "fop")'],
    ['\\Afoo', '', '["foo", "fop")'],
    ['\\Afoo', 'm', '["foo", "fop")'],
    ['^foo', 's', '["foo", "fop")'],
    // RootedOptionalFirstChar, RootedOptionalSecondChar: the optional character ends the prefix before it
    ['^f?oo', '', '["", {})'],
    ['^fz?oo', '', '["f", "g")'],
    // RootedMultiline: `^` with m matches after any newline; RootedCaseInsensitiveMulti: i gives no prefix
    ['^foo', 'm', '["", {})'],
    ['\\Afoo', 'mi', '["", {})'],
    // RootedComplex, RootedComplexSingleLineMode: x skips white space, `\ ` and `\#` are literal, `#` starts a comment
    ['\\Af \t\u000bo\n\ro  \\ \\# #comment', 'mx', '["foo #", "foo $")'],
    ['\\Af \t\u000bo\n\ro  \\ \\# #comment', 'msx', '["foo #", "foo $")'],
    // RootedLiteral… : \Q…\E quotes everything inside, also a nested \Q or an escaped \E
    ['^\\Qasdf\\E', '', '["asdf", "asdg")'],
    ['^\\Qasdf\\E.*', '', '["asdf", "asdg")'],
    ['^\\Qasdf', '', '["asdf", "asdg")'],
    ['^\\Qasdf\\\\E', '', '["asdf\\", "asdf]")'],
    ['^\\Qas.*df\\E', '', '["as.*df", "as.*dg")'],
    ['^\\Qas\\Q[df\\E', '', '["as\\Q[df", "as\\Q[dg")'],
    ['^\\Qas\\E\\\\E\\Q$df\\E', '', '["as\\E$df", "as\\E$dg")'],
    // Pipe…: an unescaped `|` (even a false positive in \Q…\E or a class) gives no prefix. The C++
    // cases `^(a(a|$)|b` and `^(a(a|$)|^b` are not valid PCRE (51091 as a query): closed here.
    ['^(a(a|$)|b)', '', '["", {})'],
    ['^(a(a|$)|^b)', '', '["", {})'],
    ['^a\\\\|b', '', '["", {})'],
    ['^(foo\\\\|bar)\\\\|baz', '', '["", {})'],
    ['^a\\|b', '', '["a|b", "a|c")'],
    ['^\\|1\\|2\\|\\|', '', '["|1|2||", "|1|2|}")'],
    ['^\\Q|\\E', '', '["", {})'],
    ['^[|]', '', '["", {})'],
    // NonRootedSingleLineMode, SimpleNonPrefixRegex, NonSimpleRegexWithPipe
    ['foo', 's', '["", {})'],
    ['foo', '', '["", {})'],
    ['^foo.*|bar', '', '["", {})'],
  ])('/%s/%s scans %s, then the regex itself', (pattern, options, strings) => {
    const bounds = nameBounds(lab, `{"name": ${re(pattern, options)}}`) as string[];
    expect(bounds).toHaveLength(2);
    expect(bounds[0]).toBe(strings);
    // The stored regex prints its options sorted, as the server stores them.
    const sorted = [...options].sort().join('');
    expect(bounds[1]).toBe(`[/${pattern}/${sorted}, /${pattern}/${sorted}]`);
  });
});

describe('regex3.js, regex4.js: keys examined by a prefix scan', () => {
  it('/^e.*/ examines the two keys of its prefix', () => {
    const lab = new RegexLab().fill('t', NAMES);
    const stats = lab.ok(
      `{"explain": {"find": "t", "filter": {"name": ${re('^e.*')}}}, "verbosity": "executionStats"}`,
    );
    expect(Number((stats.get('executionStats') as Doc).get('totalDocsExamined'))).toBe(4);
    lab.index('t', '{"name": 1}');
    expect(keysExamined(lab, `{"name": ${re('^e.*')}}`)).toBe(2);
  });
  it('/^aa*/ scans the "a" prefix and examines the key that ends it', () => {
    const lab = new RegexLab()
      .fill(
        't',
        '[{"_id": 1, "name": "aa"}, {"_id": 2, "name": "ab"}, {"_id": 3, "name": "ac"}, {"_id": 4, "name": "c"}]',
      )
      .index('t', '{"name": 1}');
    expect(keysExamined(lab, `{"name": ${re('^aa*')}}`)).toBe(4);
  });
});

describe('regex6.js: keys examined with escapes, \\Q…\\E and a range beside the regex', () => {
  const lab = new RegexLab()
    .fill('t', NAMES.replace(/]$/, ', {"_id": 5, "name": "[with]some?symbols"}]'))
    .index('t', '{"name": 1}');
  it.each([
    ['^\\/', 1],
    ['^é', 0],
    ['^\\é', 0],
    ['^\\.', 1],
    ['^.', 5],
    ['^\\Qblah\\E', 1],
    ['^blah', 1],
    ['^\\Q[\\Ewi\\Qth]some?s\\Eym', 2],
    ['^bob', 2],
  ])('/%s/ examines %i keys', (pattern, keys) => {
    expect(keysExamined(lab, `{"name": ${re(pattern)}}`)).toBe(keys);
  });
  it('a regex and a range on the same field intersect their bounds', () => {
    expect(keysExamined(lab, '{"name": {"$regex": "^e", "$gte": "emily"}}')).toBe(1);
    expect(keysExamined(lab, '{"name": {"$gt": "a", "$regex": "^emily"}}')).toBe(1);
    expect(nameBounds(lab, '{"name": {"$regex": "^e", "$gte": "emily"}}')).toEqual(['["emily", "f")']);
  });
});

describe('regex_collations.js: which index a regex can use', () => {
  const docs = '[{"_id": 1, "value": "c"}, {"_id": 2, "value": "d"}, {"_id": 3, "value": "ç"}]';
  const valueScan = (lab: RegexLab, filter: string, extra = ''): Value => {
    const plan = winningPlan(lab, filter, extra);
    if (plan.get('stage') !== 'FETCH') return plan.get('stage')!;
    return stringifyEJSON(((plan.get('inputStage') as Doc).get('indexBounds') as Doc).get('value')!);
  };
  it('a prefix regex scans a simple-collation index tightly, with or without a query collation', () => {
    const lab = new RegexLab().fill('t', docs).index('t', '{"value": 1}');
    const tight = '["[\\"c\\", \\"d\\")","[/^c/, /^c/]"]';
    expect(valueScan(lab, `{"value": {"$regex": "^c"}}`)).toBe(tight);
    expect(valueScan(lab, `{"value": {"$regex": "^c"}}`, ', "collation": {"locale": "fr"}')).toBe(tight);
    expect(lab.ids('t', `{"value": {"$regex": "^c"}}`, ', "collation": {"locale": "fr"}')).toEqual([1]);
  });
  it('an index with a collation is not used for a regex, whatever the query collation', () => {
    const lab = new RegexLab().fill('t', docs).index('t', '{"value": 1}', ', "collation": {"locale": "fr"}');
    expect(valueScan(lab, `{"value": {"$regex": "^c"}}`)).toBe('COLLSCAN');
    expect(valueScan(lab, `{"value": {"$regex": "c"}}`)).toBe('COLLSCAN');
    expect(valueScan(lab, `{"value": {"$regex": "^c"}}`, ', "collation": {"locale": "fr"}')).toBe('COLLSCAN');
    expect(lab.ids('t', `{"value": {"$regex": "^c"}}`, ', "collation": {"locale": "fr"}')).toEqual([1]);
  });
});

describe('an update through a regex takes the index order', () => {
  it('updateOne with a prefix regex on an indexed field updates the first match by key', () => {
    const lab = new RegexLab()
      .fill('t', '[{"_id": 1, "name": "emily"}, {"_id": 2, "name": "eliot"}, {"_id": 3, "name": "bob"}]')
      .index('t', '{"name": 1}');
    lab.ok(`{"update": "t", "updates": [{"q": {"name": ${re('^e')}}, "u": {"$set": {"first": true}}}]}`);
    expect(lab.find('t', '{"first": true}')).toBe('[{"_id":{"$numberInt":"2"},"name":"eliot","first":true}]');
  });
  it('an $in of values and regexes scans their union', () => {
    const lab = new RegexLab().fill('t', NAMES).index('t', '{"name": 1}');
    expect(nameBounds(lab, `{"name": {"$in": ["bob", "eliot", ${re('^el')}]}}`)).toEqual([
      '["bob", "bob"]',
      '["el", "em")',
      '[/^el/, /^el/]',
    ]);
    expect(lab.ids('t', `{"name": {"$in": ["bob", ${re('^el')}]}}`)).toEqual([1, 3]);
  });
});
