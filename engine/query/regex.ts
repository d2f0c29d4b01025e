/**
 * `$regex` support: validates options as the server does and compiles the pattern with the PCRE2
 * implementation in `engine/regex/` (UTF mode, newline LF, MongoDB's match and depth limits).
 *
 * `RegexMatchExpression::matchesSingleElement` treats a PCRE2 match error (for example "match
 * limit exceeded" from a catastrophic pattern) as no match, so {@link regexTest} does too.
 */
import { fail } from '../errors.js';
import { compilePcre, MAX_PATTERN_LENGTH, PcreCompileError, PcreMatchError, type Pcre } from '../regex/index.js';

/** Options the server accepts (`pcre_util::flagsToOptions`; `u` is accepted and ignored: UTF-8 is always on). */
const VALID_FLAGS = 'imsux';

export interface CompiledRegex {
  readonly pattern: string;
  readonly options: string;
  readonly re: Pcre;
}

const utf8 = new TextEncoder();

/**
 * Compiles a pattern with PCRE2's rules, or returns PCRE2's message for a pattern it refuses
 * (including `kMaxPatternLength`, 32764 UTF-8 bytes).
 */
export function compilePattern(pattern: string, options: string): Pcre | string {
  if (pattern.length > MAX_PATTERN_LENGTH / 3 && utf8.encode(pattern).length > MAX_PATTERN_LENGTH)
    return 'pattern string is longer than the limit set by the application';
  try {
    return compilePcre(pattern, options);
  } catch (e) {
    if (e instanceof PcreCompileError) return e.message;
    throw e;
  }
}

/**
 * Validates a query regex and compiles it in the order of the server's `RegexMatchExpression`
 * constructor (expression_leaf.cpp): the options first (`pcre_util::flagsToOptions`, 51108 for
 * any character but `i m s u x`, a NUL included), then a NUL in the pattern (BadValue), then
 * PCRE2's compile error (51091). `opName` prefixes the invalid-flag message as `flagsToOptions`
 * does (empty for a query regex, which leaves the message with a leading space:
 * " invalid flag in regex options: z").
 */
export function compileRegex(pattern: string, options: string, opName = ''): CompiledRegex {
  for (const f of options) {
    if (!VALID_FLAGS.includes(f)) throw fail(51108, `${opName} invalid flag in regex options: ${f}`);
  }
  if (pattern.includes('\0')) throw fail(2, 'Regular expression cannot contain an embedded null byte');
  const re = compilePattern(pattern, options);
  if (typeof re === 'string') throw fail(51091, `Regular expression is invalid: ${re}`);
  return { pattern, options, re };
}

/** Regex options sorted as BSON stores them. */
export function normalizeOptions(options: string): string {
  return [...options].sort().join('');
}

/** Whether the pattern matches `s`; a PCRE2 match error (a limit reached) counts as no match. */
export function regexTest(r: CompiledRegex, s: string): boolean {
  try {
    return r.re.test(s);
  } catch (e) {
    if (e instanceof PcreMatchError) return false;
    throw e;
  }
}
