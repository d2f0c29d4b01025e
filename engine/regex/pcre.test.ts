/**
 * PCRE2 10.42 semantics (UTF mode, no UCP, newline LF), one rule per test, from pcre2pattern(3)
 * and MongoDB's jstests (`jstests/core/query/regex/*`, `jstests/aggregation/expressions/regex*`).
 */
import { describe, expect, it } from 'vitest';
import { compilePcre, PcreCompileError, PcreMatchError } from './index.js';

const test = (pattern: string, subject: string, flags = ''): boolean => compilePcre(pattern, flags).test(subject);

/** The matched text and captures (undefined for unset groups). */
function exec(pattern: string, subject: string, flags = '', start = 0): (string | undefined)[] | null {
  const m = compilePcre(pattern, flags).exec(subject, start);
  if (m === null) return null;
  const out: (string | undefined)[] = [];
  for (let k = 0; k < m.length; k += 2) out.push(m[k]! < 0 ? undefined : subject.slice(m[k], m[k + 1]));
  return out;
}

function compileError(pattern: string, flags = ''): string {
  try {
    compilePcre(pattern, flags);
  } catch (e) {
    if (e instanceof PcreCompileError) return e.message;
    throw e;
  }
  return 'compiled';
}

describe('PCRE2 character types without UCP are ASCII', () => {
  it('\\d \\w \\s match ASCII only (regex_unicode.js)', () => {
    expect(test('^\\w+$', 'kyle')).toBe(true);
    expect(test('^\\w+$', 'suárez')).toBe(false);
    expect(test('\\d', '༢༣')).toBe(false);
    expect(test('^\\d+$', '02191996')).toBe(true);
  });
  it('\\s is space, \\t \\n \\v \\f \\r; not U+00A0, U+2028 or U+2029', () => {
    for (const c of [' ', '\t', '\n', '\v', '\f', '\r']) expect(test('\\s', c)).toBe(true);
    for (const c of ['\u00a0', '\u2028', '\u2029', '\u3000']) expect(test('\\s', c)).toBe(false);
  });
  it('\\h and \\v are Unicode horizontal and vertical space', () => {
    expect(test('\\h', '\u00a0')).toBe(true);
    expect(test('\\h', '\u3000')).toBe(true);
    expect(test('\\v', '\u2028')).toBe(true);
    expect(test('\\v', ' ')).toBe(false);
  });
  it('(*UCP) makes \\w \\d and POSIX classes Unicode', () => {
    expect(test('(*UCP)^\\w+$', 'suárez')).toBe(true);
    expect(test('(*UCP)^\\d+$', '༢༣༤༥')).toBe(true);
    expect(test('(*UCP)^[[:alpha:]]+$', '박정수')).toBe(true);
    expect(test('(*UTF)e', 'kyle')).toBe(true);
    expect(test('(*UTF8)á', 'suárez')).toBe(true);
  });
  it('\\b uses the ASCII word definition', () => {
    expect(test('\\bfoo\\b', 'a foo b')).toBe(true);
    expect(test('é\\b', 'éa')).toBe(true);
  });
});

describe('PCRE2 POSIX classes', () => {
  it('[[:digit:]] and negated [[:^digit:]] inside a class', () => {
    expect(test('^[[:digit:]]+$', '123')).toBe(true);
    expect(test('^[[:^digit:]]+$', 'ab')).toBe(true);
    expect(test('^[[:^digit:]]+$', 'a1')).toBe(false);
    expect(test('^[[:alpha:]]+$', 'suárez')).toBe(false);
    expect(test('^[[:xdigit:][:space:]]+$', 'ff 09')).toBe(true);
    expect(test('[[:punct:]]', '_')).toBe(true);
  });
  it('[:upper:] and [:lower:] match every letter under caseless matching', () => {
    expect(test('^[[:upper:]]+$', 'abc', 'i')).toBe(true);
    expect(test('^[[:upper:]]+$', 'abc')).toBe(false);
  });
  it('a POSIX class outside brackets, or an unknown name, is a compile error', () => {
    expect(compileError('[:digit:]')).toBe('POSIX named classes are supported only within a class');
    expect(compileError('[[:foo:]]')).toBe('unknown POSIX class name');
    expect(compileError('[[.a.]]')).toBe('POSIX collating elements are not supported');
  });
});

describe('PCRE2 escapes', () => {
  it('\\Q…\\E quotes metacharacters, also inside classes and before a quantifier', () => {
    expect(test('^\\Qa.b*\\E$', 'a.b*')).toBe(true);
    expect(test('^\\Qa.b\\E$', 'axb')).toBe(false);
    expect(test('^\\Qab\\E+$', 'abbb')).toBe(true);
    expect(test('^[\\Q]\\E]$', ']')).toBe(true);
    expect(test('^a\\Eb$', 'ab')).toBe(true);
  });
  it('\\x{hhh}, \\xhh, \\o{ooo}, \\ddd octal, \\0, \\cX, \\e, \\N{U+hh}', () => {
    expect(test('^\\x{41}\\x42\\o{103}\\104$', 'ABCD')).toBe(true);
    expect(test('^\\x{1F600}$', '😀')).toBe(true);
    expect(test('^\\0$', '\0')).toBe(true);
    expect(test('^\\cA\\e$', '\u0001\u001b')).toBe(true);
    expect(test('^\\N{U+E9}$', 'é')).toBe(true);
  });
  it('\\1-\\9 are back references; \\10+ is octal unless that many groups precede', () => {
    expect(test('^(a)\\1$', 'aa')).toBe(true);
    expect(test('^\\101$', 'A')).toBe(true);
  });
  it('an unknown letter escape, \\L \\l \\U \\u, and bad \\x{} are compile errors', () => {
    expect(compileError('\\i')).toBe('unrecognized character follows \\');
    expect(compileError('\\u0041')).toBe('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u');
    expect(compileError('\\x{110000}')).toBe('character code point value in \\x{} or \\o{} is too large');
    expect(compileError('\\x{zz}')).toBe('non-hex character in \\x{} (closing brace missing?)');
    expect(compileError('\\')).toBe('\\ at end of pattern');
    expect(compileError('[\\R]')).toBe('escape sequence is invalid in character class');
    expect(compileError('[\\N]')).toBe('\\N is not supported in a class');
  });
  it('\\R matches any Unicode newline sequence, CRLF as one', () => {
    expect(exec('\\R', 'a\r\nb')).toEqual(['\r\n']);
    expect(test('^\\R$', '\u2028')).toBe(true);
    expect(test('^\\N$', '\n')).toBe(false);
  });
  it('\\p{…} properties: categories, scripts (by script extension), special Xan Xwd, negation', () => {
    expect(test('^\\p{Latin}+$', 'suárez')).toBe(true);
    expect(test('\\p{Hangul}', '박정수')).toBe(true);
    expect(test('^\\p{L}+$', '박정수')).toBe(true);
    expect(test('^\\p{Xan}+$', '9୩୪୬୯6')).toBe(true);
    expect(test('^\\P{L}+$', '123')).toBe(true);
    expect(test('^\\p{^L}+$', '123')).toBe(true);
    expect(test('^\\pL$', 'x')).toBe(true);
    expect(test('^\\p{Lu}$', 'a', 'i')).toBe(false);
    expect(compileError('\\p{Foo}')).toBe('unknown property name after \\P or \\p');
  });
});

describe('PCRE2 newline is LF only', () => {
  it('. does not match LF but matches CR, U+2028, U+2029 and U+0085; with s it matches LF', () => {
    expect(test('^.$', '\n')).toBe(false);
    for (const c of ['\r', '\u2028', '\u2029', '\u0085']) expect(test('^.$', c)).toBe(true);
    expect(test('^.$', '\n', 's')).toBe(true);
  });
  it('$ without m matches at the end or before a final LF only', () => {
    expect(test('a$', 'a\n')).toBe(true);
    expect(test('a$', 'a\r')).toBe(false);
    expect(test('a$', 'a\n\n')).toBe(false);
    expect(test('a\\Z', 'a\n')).toBe(true);
    expect(test('a\\z', 'a\n')).toBe(false);
  });
  it('^ and $ with m match around LF, not CR or U+2028, and ^ not after a final LF', () => {
    expect(test('^b', 'a\nb', 'm')).toBe(true);
    expect(test('^b', 'a\rb', 'm')).toBe(false);
    expect(test('a$', 'a\u2028b', 'm')).toBe(false);
    expect(exec('^', 'a\n', 'm', 1)).toBeNull();
  });
  it('(*CRLF), (*ANYCRLF) and (*ANY) change the newline convention', () => {
    expect(test('(*CRLF)a$', 'a\r\n')).toBe(true);
    expect(test('(*ANY)^b', 'a\u2028b', 'm')).toBe(true);
  });
});

describe('PCRE2 groups and quantifiers', () => {
  it('possessive quantifiers and atomic groups never give characters back', () => {
    expect(test('^a++b', 'aaab')).toBe(true);
    expect(test('^a++a', 'aaa')).toBe(false);
    expect(test('^(?>a+)a', 'aaa')).toBe(false);
    expect(test('^(?:ab)++b', 'ababb')).toBe(true);
    expect(test('^(?>.*)x', 'abx')).toBe(false);
  });
  it('lazy quantifiers take as little as possible', () => {
    expect(exec('a+?', 'aaa')).toEqual(['a']);
    expect(exec('a{2,}?', 'aaaa')).toEqual(['aa']);
  });
  it('{n,m} counts; {,m} and a lone { are literals', () => {
    expect(exec('x{2,3}', 'xxxx')).toEqual(['xxx']);
    expect(test('^a{,3}$', 'a{,3}')).toBe(true);
    expect(test('^a{$', 'a{')).toBe(true);
    expect(compileError('a{3,2}')).toBe('numbers out of order in {} quantifier');
    expect(compileError('a{65536}')).toBe('number too big in {} quantifier');
    expect(compileError('a**')).toBe('quantifier does not follow a repeatable item');
    expect(compileError('*a')).toBe('quantifier does not follow a repeatable item');
  });
  it('a group repeat that matched the empty string stops iterating', () => {
    expect(exec('^(a|)*b', 'aab')).toEqual(['aab', '']);
    expect(exec('(a?)*', 'aa')).toEqual(['aa', '']);
  });
  it('captures keep the last iteration; unset groups stay unset', () => {
    expect(exec('(a)(b)?(c)', 'xacz')).toEqual(['ac', 'a', undefined, 'c']);
    expect(exec('^(?:(a)|b)+$', 'ab')).toEqual(['ab', 'a']);
    expect(exec('(\\w)+', 'abc')).toEqual(['abc', 'c']);
  });
  it("named groups (?<n>…) (?'n'…) (?P<n>…) and their references", () => {
    expect(test('^(?<n>a)\\k<n>$', 'aa')).toBe(true);
    expect(test("^(?'n'a)\\k'n'$", 'aa')).toBe(true);
    expect(test('^(?P<n>a)(?P=n)\\k{n}\\g{n}$', 'aaaa')).toBe(true);
    expect(compileError('(?<n>a)(?<n>b)')).toBe('two named subpatterns have the same name (PCRE2_DUPNAMES not set)');
    expect(compileError('(?<1a>x)')).toBe('subpattern name must start with a non-digit');
    expect(compileError('\\k<zz>(?<n>a)')).toBe('reference to non-existent subpattern');
  });
  it('relative references \\g{-1} \\g-1 and numbered \\g{1} \\g1', () => {
    expect(test('^(a)(b)\\g{-1}\\g{-2}\\g1\\g-1$', 'abbaab')).toBe(true);
    expect(compileError('(a)\\2')).toBe('reference to non-existent subpattern');
  });
  it('a back reference to an unset group fails; caseless back references fold', () => {
    expect(test('^(a)?\\1$', '')).toBe(false);
    expect(test('^(ab)\\1$', 'abAB', 'i')).toBe(true);
  });
  it('(?|…) branch reset numbers each alternative from the same group', () => {
    expect(exec('(?|(a)|(b))', 'b')).toEqual(['b', 'b']);
  });
  it('unbalanced parentheses are compile errors', () => {
    expect(compileError('(a')).toBe('missing closing parenthesis');
    expect(compileError('a)')).toBe('unmatched closing parenthesis');
    expect(compileError('[a')).toBe('missing terminating ] for character class');
    expect(compileError('[)')).toBe('missing terminating ] for character class');
  });
  it('classes: ] first is literal, ranges, out-of-order ranges, [\\d-z] is an error', () => {
    expect(test('^[]a]+$', ']a')).toBe(true);
    expect(test('^[^]a]$', 'b')).toBe(true);
    expect(test('^[a-]+$', 'a-')).toBe(true);
    expect(compileError('[z-a]')).toBe('range out of order in character class');
    expect(compileError('[\\d-z]')).toBe('invalid range in character class');
    expect(test('^[\\b]$', '\b')).toBe(true);
  });
});

describe('PCRE2 options', () => {
  it('(?i) in the middle applies to the rest of the group, including later alternatives', () => {
    expect(test('^a(?i)b$', 'aB')).toBe(true);
    expect(test('^a(?i)b$', 'AB')).toBe(false);
    expect(test('^(?:a(?i)b|c)$', 'C')).toBe(true);
    expect(test('^(?:(?i)a)b$', 'AB')).toBe(false);
    expect(test('^(?i:a)b$', 'Ab')).toBe(true);
    expect(test('^(?i:a)b$', 'AB')).toBe(false);
    expect(test('^(?i)a(?-i)b$', 'Ab')).toBe(true);
    expect(test('^(?i)a(?-i)b$', 'AB')).toBe(false);
    expect(test('^(?i)a(?^)b$', 'AB')).toBe(false);
  });
  it('(?x) and option x ignore white space and # comments outside classes', () => {
    expect(test('(?x) ^ a b # comment\n c $', 'abc')).toBe(true);
    expect(test('^a b$', 'ab', 'x')).toBe(true);
    expect(test('^[ ]$', ' ', 'x')).toBe(true);
    expect(test('(?xx)^[a b]+$', 'ab')).toBe(true);
  });
  it('(?s) and (?m) inline', () => {
    expect(test('(?s)^a.b$', 'a\nb')).toBe(true);
    expect(test('(?m)^b$', 'a\nb')).toBe(true);
  });
  it('an unknown option letter is a compile error', () => {
    expect(compileError('(?z)')).toBe('unrecognized character after (? or (?-');
  });
  it('caseless matching uses Unicode simple case folding (UTF mode)', () => {
    expect(test('^é$', 'É', 'i')).toBe(true);
    expect(test('^σ+$', 'ΣΣς', 'i')).toBe(true);
    expect(test('^k$', '\u212a', 'i')).toBe(true);
    expect(test('^[a-z]+$', 'ABC', 'i')).toBe(true);
    expect(test('^[à-ÿ]$', 'À', 'i')).toBe(true);
  });
});

describe('PCRE2 assertions', () => {
  it('lookahead and lookbehind, negative forms', () => {
    expect(test('a(?=b)', 'ab')).toBe(true);
    expect(test('a(?!b)', 'ab')).toBe(false);
    expect(test('(?<=a)b', 'ab')).toBe(true);
    expect(test('(?<!a)b', 'ab')).toBe(false);
    expect(test('(?<=ab|c)d', 'abd')).toBe(true);
    expect(test('(?<=\\x{1F600})x', '😀x')).toBe(true);
  });
  it('each lookbehind branch must have a fixed length', () => {
    expect(compileError('(?<=a+)b')).toBe('lookbehind assertion is not fixed length');
    expect(compileError('(?<=a(b|cd))x')).toBe('lookbehind assertion is not fixed length');
    expect(compileError('(?<=ab|cde)x')).toBe('compiled');
  });
  it('captures from a positive lookahead are kept, from a negative one dropped', () => {
    expect(exec('(?=(a))a', 'a')).toEqual(['a', 'a']);
    expect(exec('(?!(b))a', 'a')).toEqual(['a', undefined]);
  });
  it('\\A \\z \\G anchor at the subject start, end and the starting offset', () => {
    expect(exec('\\Ab', 'ab', '', 1)).toBeNull();
    expect(exec('^b', 'ab', '', 1)).toBeNull();
    expect(exec('\\Gb', 'ab', '', 1)).toEqual(['b']);
    expect(exec('(?<=a)b', 'ab', '', 1)).toEqual(['b']);
  });
  it('\\K resets the start of the reported match', () => {
    expect(exec('a\\Kb', 'ab')).toEqual(['b']);
  });
});

describe('PCRE2 conditionals, recursion and verbs', () => {
  it('(?(n)yes|no), (?(<name>)…), (?(?=…)…), (?(DEFINE)…)', () => {
    expect(test('^(x)?(?(1)a|b)$', 'xa')).toBe(true);
    expect(test('^(x)?(?(1)a|b)$', 'b')).toBe(true);
    expect(test('^(?<q>x)?(?(<q>)a|b)$', 'xb')).toBe(false);
    expect(test('^(?(?=\\d)\\d+|[a-z]+)$', 'abc')).toBe(true);
    expect(test('^(?(DEFINE)(?<d>\\d))(?&d)+$', '12')).toBe(true);
    expect(compileError('(?(1)a|b|c)(x)')).toBe('conditional subpattern contains more than two branches');
  });
  it('recursion (?R) and subroutine calls (?1) (?&n) \\g<1>', () => {
    expect(test('^(\\((?:[^()]|(?1))*\\))$', '(a(b)c)')).toBe(true);
    expect(test('^(\\((?:[^()]|(?1))*\\))$', '(a(b c)')).toBe(false);
    expect(exec('\\((?:[^()]|(?R))*\\)', 'x(()())')).toEqual(['(()())']);
    // (?R) recurses into the whole pattern, anchors included.
    expect(test('^\\((?:[^()]|(?R))*\\)$', '(()())')).toBe(false);
    expect(test('^(a|b\\g<1>c)$', 'bbacc')).toBe(true);
  });
  it('captures set inside a subroutine call revert when it returns', () => {
    expect(exec('^(a)(?1)$', 'aa')).toEqual(['aa', 'a']);
  });
  it('verbs: (*FAIL) never matches, (*ACCEPT) matches at once, others keep plain patterns (regex_verbs.js)', () => {
    expect(test('(*FAIL)', 'a')).toBe(false);
    expect(test('(*ACCEPT)c', 'a')).toBe(true);
    expect(test('b(*ACCEPT)', 'a')).toBe(false);
    expect(exec('(a(*ACCEPT)b)c', 'ax')).toEqual(['a', 'a']);
    for (const verb of ['COMMIT', 'PRUNE', 'PRUNE:FOO', 'SKIP', 'SKIP:BAR', 'THEN', 'THEN:BAZ']) {
      expect(test(`(*${verb})`, 'b')).toBe(true);
      expect(test(`(*${verb})a`, 'a')).toBe(true);
      expect(test(`(*${verb})[Bb]`, 'a')).toBe(false);
    }
    expect(test('a+(*COMMIT)b', 'aaac aab')).toBe(false);
    expect(compileError('(*FOO)')).toBe('(*VERB) not recognized or malformed');
  });
});

describe('PCRE2 match limits (MATCH_LIMIT 200000, MATCH_LIMIT_DEPTH 4000 in the server build)', () => {
  it('a catastrophic pattern stops with "match limit exceeded" instead of running for ever', () => {
    const re = compilePcre('(a+)+$', '');
    expect(() => re.test(`${'a'.repeat(40)}b`)).toThrow(PcreMatchError);
    expect(() => re.test(`${'a'.repeat(40)}b`)).toThrow('match limit exceeded');
  });
  it('a missing required character ends the search before any backtracking', () => {
    expect(test('(a+)+b', 'a'.repeat(40))).toBe(false);
  });
  it('deeply nested group repeats hit the depth limit', () => {
    expect(() => test('^(?:a|b)*$', 'ab'.repeat(5000))).toThrow('matching depth limit exceeded');
  });
  it('single-character repeats backtrack without nesting, so long subjects match', () => {
    expect(test('^a*a$', 'a'.repeat(100000))).toBe(true);
    expect(test('^.*x', `${'y'.repeat(100000)}x`)).toBe(true);
  });
  it('(*LIMIT_MATCH=n) lowers the limit', () => {
    expect(() => test('(*LIMIT_MATCH=10)(a|b)*c', 'ababababababab c')).toThrow('match limit exceeded');
    expect(test('(a|b)*c', 'ababababababab c')).toBe(true);
  });
  // pcre2_match counts the first frame of match() and the outermost bracket's RMATCH at every
  // attempted start, and one more frame per capturing bracket entered (regex.js's LIMIT_MATCH cases).
  it('every attempted start costs two frames, and each capturing bracket one more', () => {
    expect(() => test('(*LIMIT_MATCH=1)fé', 'cafétéria')).toThrow('match limit exceeded');
    expect(test('(*LIMIT_MATCH=2)fé', 'cafétéria')).toBe(true);
    expect(() => test('(*LIMIT_MATCH=2)(fé)', 'cafétéria')).toThrow('match limit exceeded');
    expect(exec('(*LIMIT_MATCH=3)(fé)', 'cafétéria')).toEqual(['fé', 'fé']);
    expect(() => test('(*LIMIT_MATCH=1)(*UCP)^(\\w+)', 'cafétéria')).toThrow('match limit exceeded');
    expect(test('(*LIMIT_MATCH=5)(*UCP)^(\\w+)', 'cafétéria')).toBe(true);
  });
  it('no attempted start (the first character is absent), no match error', () => {
    expect(test('(*LIMIT_MATCH=1)fé', 'xyz')).toBe(false);
  });
});
