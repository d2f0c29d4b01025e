/**
 * Port of MongoDB's jstests/aggregation/expressions/regex.js ($regexFind, $regexFindAll,
 * $regexMatch). Each expression runs through aggregate and an update pipeline (harness.ts); every
 * case is checked through all three operators, as the jstest's testRegexFindAggForKey does:
 * $regexFind is the first of $regexFindAll's matches (or null), $regexMatch whether there is one.
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp } from '../../bson/values.js';
import { exprCode, exprError, expr, i, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];

const m = (match: string, idx: number, captures: Lit[] = []) => v({ match, idx: i(idx), captures });
const re = (source: string, flags = ''): BSONRegExp => new BSONRegExp(source, flags);

function all3(spec: Lit, doc: Lit, expected: ReturnType<typeof m>[]): void {
  expect(expr({ $regexFindAll: spec }, doc)).toEqual(expected);
  expect(expr({ $regexFind: spec }, doc)).toEqual(expected.length === 0 ? null : expected[0]);
  expect(expr({ $regexMatch: spec }, doc)).toBe(expected.length !== 0);
}
function all3Code(spec: Lit, doc: Lit, code: number): void {
  for (const op of ['$regexFindAll', '$regexFind', '$regexMatch']) expect(exprCode({ [op]: spec }, doc), `${op} ${JSON.stringify(spec)}`).toBe(code);
}

describe('regex.js', () => {
  it('captures and matches, without overlap; greedy and lazy', () => {
    const simple = { text: 'Simple Example ' };
    all3({ input: '$text', regex: '(m(p))' }, simple, [m('mp', 2, ['mp', 'p']), m('mp', 10, ['mp', 'p'])]);
    all3({ input: '$text', regex: re('(m(p))') }, simple, [m('mp', 2, ['mp', 'p']), m('mp', 10, ['mp', 'p'])]);
    const a = { text: 'aaaaa aaaa' };
    all3({ input: '$text', regex: re('(aa)') }, a, [m('aa', 0, ['aa']), m('aa', 2, ['aa']), m('aa', 6, ['aa']), m('aa', 8, ['aa'])]);
    all3({ input: '$text', regex: re('(aa)+') }, a, [m('aaaa', 0, ['aa']), m('aaaa', 6, ['aa'])]);
    all3({ input: '$text', regex: re('(a+)') }, a, [m('aaaaa', 0, ['aaaaa']), m('aaaa', 6, ['aaaa'])]);
    all3({ input: '$text', regex: re('(a)+') }, a, [m('aaaaa', 0, ['a']), m('aaaa', 6, ['a'])]);
    const lazy = { text: 'aaa aa' };
    all3({ input: '$text', regex: re('(a+?)') }, lazy, [0, 1, 2, 4, 5].map((n) => m('a', n, ['a'])));
    all3({ input: '$text', regex: re('(a*?)') }, lazy, [0, 1, 2, 3, 4, 5].map((n) => m('', n, [''])));
    all3({ input: '$text', regex: '((S)(i)(m)(p)(l)(e))' }, simple, [m('Simple', 0, ['Simple', 'S', 'i', 'm', 'p', 'l', 'e'])]);
    all3({ input: '$text', regex: '(S)(i)(m)((p)(l)(e))' }, simple, [m('Simple', 0, ['S', 'i', 'm', 'ple', 'p', 'l', 'e'])]);
  });
  it('character classes, non-capturing groups, quantifiers', () => {
    all3({ input: '$text', regex: '([a-zA-Z0-9._-]+)@[a-zA-Z0-9._-]+.[a-zA-Z0-9._-]+' }, { text: 'Some field text with email mongo@mongodb.com' }, [m('mongo@mongodb.com', 27, ['mongo'])]);
    all3({ input: '$text', regex: re('[0-9]+') }, { text: 'Text with 02 digits' }, [m('02', 10)]);
    all3({ input: '$text', regex: re('(\\d+)') }, { text: 'Text with 02 digits' }, [m('02', 10, ['02'])]);
    all3({ input: '$text', regex: re('^(?:1|a)\\,([0-9]+)') }, { text: '1,2,3,4,5,6,7,8,9,10' }, [m('1,2', 0, ['2'])]);
    all3({ input: '$text', regex: re('[0-9]{3}') }, { text: 'abc12defgh345jklm' }, [m('345', 10)]);
  });
  it('options i, m, s, x, in the regex or in "options"', () => {
    const camel = { text: 'This Is Camel Case' };
    all3({ input: '$text', regex: re('camel') }, camel, []);
    all3({ input: '$text', regex: re('camel', 'i') }, camel, [m('Camel', 8)]);
    all3({ input: '$text', regex: re('camel'), options: 'i' }, camel, [m('Camel', 8)]);
    all3({ input: '$text', regex: 'camel', options: 'i' }, camel, [m('Camel', 8)]);
    const lines = { text: 'Foo line1\nFoo line2\nFoo line3' };
    all3({ input: '$text', regex: re('^Foo line\\d$') }, lines, []);
    all3({ input: '$text', regex: re('(^Foo line\\d$)', 'm') }, lines, [0, 10, 20].map((n, k) => m(`Foo line${k + 1}`, n, [`Foo line${k + 1}`])));
    all3({ input: '$text', regex: 'Foo.*line' }, lines, [0, 10, 20].map((n) => m('Foo line', n)));
    all3({ input: '$text', regex: 'Foo.*line', options: 's' }, lines, [m('Foo line1\nFoo line2\nFoo line', 0)]);
    all3({ input: '$text', regex: 'F o o # a comment' }, lines, []);
    all3({ input: '$text', regex: 'F o o # a comment', options: 'x' }, lines, [0, 10, 20].map((n) => m('Foo', n)));
    all3({ input: '$text', regex: 'F o o # a comment \n\n# ignored', options: 'x' }, lines, [0, 10, 20].map((n) => m('Foo', n)));
    all3({ input: '$text', regex: '(F o o) # a comment', options: 'x' }, lines, [0, 10, 20].map((n) => m('Foo', n, ['Foo'])));
  });
  it('the pattern may come from the document; empty patterns and groups; nullish gives no match', () => {
    all3({ input: '$text', regex: '$pattern' }, { text: 'Simple Value Example', pattern: '(m(p))' }, [m('mp', 2, ['mp', 'p']), m('mp', 16, ['mp', 'p'])]);
    all3({ input: '$text', regex: '$pattern' }, { text: 'OtherText', pattern: re('(T(e))xt$') }, [m('Text', 5, ['Te', 'e'])]);
    const doc = { text: 'Simple Example ' };
    all3({ input: '', regex: '' }, doc, [m('', 0)]);
    all3({ input: 'bbbb', regex: '()' }, doc, [0, 1, 2, 3].map((n) => m('', n, [''])));
    all3({ input: '$text', regex: re('foo') }, doc, []);
    all3({ input: '$text', regex: null }, doc, []);
    all3({ input: null, regex: re('valid') }, doc, []);
  });
  // The stored jstest expects no match when 'input' or 'regex' is left out; the server's
  // CommonRegexParse (expression.cpp) refuses that at parse time: 31022, then 31023.
  it("a missing 'input' is 31022 and a missing 'regex' 31023, at parse time", () => {
    const doc = { text: 'Simple Example ' };
    all3Code({ input: '$text' }, doc, 31023);
    all3Code({ regex: re('valid') }, doc, 31022);
    all3Code({}, doc, 31022);
    expect(exprError({ $regexFind: { input: '$text' } }, doc)).toEqual({ code: 31023, errmsg: "Invalid $set :: caused by :: $regexFind requires 'regex' parameter" });
  });
  it('start options: (*LIMIT_MATCH=n) fails with 51156 when exceeded, (*LF)/(*CR), (*UCP)', () => {
    const cafe = { text: 'cafétéria' };
    all3Code({ input: '$text', regex: '(*LIMIT_MATCH=1)fé' }, cafe, 51156);
    all3({ input: '$text', regex: '(*LIMIT_MATCH=3)(fé)' }, cafe, [m('fé', 2, ['fé'])]);
    all3({ input: '$text', regex: '(*LF)ab.cd' }, { text: 'ab\ncd' }, []);
    all3({ input: '$text', regex: '(*CR)ab.cd' }, { text: 'ab\ncd' }, [m('ab\ncd', 0)]);
    all3({ input: '$text', regex: '(*LIMIT_MATCH=5)(*UCP)^(\\w+)' }, cafe, [m('cafétéria', 0, ['cafétéria'])]);
    all3Code({ input: '$text', regex: '(*LIMIT_MATCH=1)(*UCP)^(\\w+)' }, cafe, 51156);
  });
  it('indexes count code points; Unicode properties; (*UTF) and (*UCP)', () => {
    const cafe = { text: 'cafétéria' };
    const hindi = { text: 'मा०गो डीबि' };
    all3({ input: '$text', regex: 'té' }, cafe, [m('té', 4)]);
    all3({ input: '$text', regex: re('म') }, hindi, [m('म', 0)]);
    all3({ input: '$text', regex: re('(गो )') }, hindi, [m('गो ', 3, ['गो '])]);
    all3({ input: '$text', regex: '\\p{Hangul}' }, cafe, []);
    all3({ input: '$text', regex: '\\p{Latin}+$' }, cafe, [m('cafétéria', 0)]);
    const tibetan = { text: '༢༣༤༤༤༥12༥A' };
    all3({ input: '$text', regex: '(*UTF)༤' }, tibetan, [2, 3, 4].map((n) => m('༤', n)));
    all3({ input: '$text', regex: '(*UTF)(44)' }, { text: '123444' }, [m('44', 3, ['44'])]);
    all3({ input: '$text', regex: '(*UCP)^(\\w+)' }, tibetan, [m('༢༣༤༤༤༥12༥A', 0, ['༢༣༤༤༤༥12༥A'])]);
    all3({ input: '$text', regex: '(*UCP)^[[:digit:]]+' }, tibetan, [m('༢༣༤༤༤༥12༥', 0)]);
    all3({ input: '$text', regex: '(*UCP)[[:digit:]]+$' }, tibetan, []);
    all3({ input: '$text', regex: '(*UCP)^[[:alpha:]]+' }, { text: '박정수AB' }, [m('박정수AB', 0)]);
    all3({ input: '$text', regex: '^(\\w+)' }, tibetan, []);
    all3({ input: '$text', regex: '^[[:digit:]]' }, tibetan, []);
    all3({ input: '$text', regex: '^[[:alpha:]]+$' }, cafe, []);
  });
  it('errors: 51103 not an object, 51111 bad pattern, 51104 input, 51105 regex, 51106/51108 options, 51107 options twice, 51109/51110 NULs', () => {
    const doc = { text: 'string' };
    all3Code(null, doc, 51103);
    all3Code('incorrect type', doc, 51103);
    all3Code({ input: '$text', regex: '[0-9' }, doc, 51111);
    all3Code({ input: 'abc', regex: '[a-c' }, doc, 51111);
    all3Code({ regex: '[a-c' }, doc, 31022);
    all3Code({ input: '$text', regex: '^(*UCP)[[:alpha:]]+$' }, doc, 51111);
    all3Code({ input: '$text', regex: '((*UCP)[[:alpha:]]+$)' }, doc, 51111);
    all3Code({ input: '$a', regex: 'valid' }, { a: { b: 'object' } }, 51104);
    all3Code({ input: '$a', regex: null }, { a: { b: 'object' } }, 51104);
    all3Code({ input: '$text', regex: ['incorrect'] }, doc, 51105);
    all3Code({ input: '$text', regex: 'valid', options: 123 }, doc, 51106);
    all3Code({ input: '$text', regex: 'valid', options: 'a' }, doc, 51108);
    all3Code({ input: '$text', regex: 'valid', options: 'I' }, doc, 51108);
    all3Code({ input: '$text', regex: re('(m(p))', 'i'), options: 'i' }, doc, 51107);
    all3Code({ input: '$text', regex: re('(m(p))', 'i'), options: 'x' }, doc, 51107);
    all3Code({ input: '$text', regex: re('(m(p))', 'm'), options: '' }, doc, 51107);
    all3Code({ input: '$text', regex: 'sasd\0', options: 'i' }, doc, 51109);
    all3Code({ input: '$text', regex: 'sa\0sd', options: 'i' }, doc, 51109);
    all3Code({ input: '$text', regex: re('(m(p))'), options: 'i\0' }, doc, 51110);
    all3Code({ input: '$text', regex: null, options: 'i\0' }, doc, 51110);
  });
  it('several documents: each gets its own matches', () => {
    const docs = [{ a: 'string1string2' }, { a: 'string3 string4' }];
    const per = (spec: Lit) => docs.map((doc) => expr({ $regexFindAll: spec }, doc));
    expect(per({ input: '$a', regex: '(str.*?[0-9])' })).toEqual([
      [m('string1', 0, ['string1']), m('string2', 7, ['string2'])],
      [m('string3', 0, ['string3']), m('string4', 8, ['string4'])],
    ]);
    expect(per({ input: '$a', regex: '(^.*[0-2]$)' })).toEqual([[m('string1string2', 0, ['string1string2'])], []]);
    expect(per({ input: '$a', regex: '(^.*[5-9]$)' })).toEqual([[], []]);
  });
  it('inside $cond: $ne of $regexFind and null agrees with $regexMatch', () => {
    const docs = [{ level: 'Public Knowledge', info: 'Company Name' }, { level: 'Private Information', info: 'Company Secret' }];
    const expected = ['Company Name', 'REDACTED'];
    const run = (e: Lit) => docs.map((doc) => expr(e, doc));
    expect(run({ $cond: [{ $eq: [{ $regexFindAll: { input: '$level', regex: re('public', 'i') } }, []] }, 'REDACTED', '$info'] })).toEqual(expected);
    expect(run({ $cond: [{ $regexMatch: { input: '$level', regex: re('public', 'i') } }, '$info', 'REDACTED'] })).toEqual(expected);
    expect(run({ $cond: [{ $ne: [{ $regexFind: { input: '$level', regex: re('public', 'i') } }, null] }, '$info', 'REDACTED'] })).toEqual(expected);
  });
});
