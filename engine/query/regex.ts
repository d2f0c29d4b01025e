/**
 * `$regex` support: validates options as the server does and translates a PCRE pattern into a
 * JS `RegExp` (the server compiles with PCRE2 in UTF-8 mode).
 *
 * Translation (documented approximations of PCRE on top of JS regular expressions):
 * - options `i`, `m`, `s` map to the JS flags of the same name; `x` (extended) is applied here by
 *   removing unescaped whitespace and `#` comments outside character classes;
 * - the `u` JS flag is used when the pattern is valid under it (so `.` matches a whole code point,
 *   as in UTF-8 PCRE), otherwise the pattern is compiled without it;
 * - leading inline flags `(?i)`, `(?m)`, `(?s)`, `(?x)` become flags; `\A` → start of input,
 *   `\z` → end of input, `\Z` and (without `m`) `$` → end of input or before a final newline,
 *   as in PCRE; `(?P<n>…)` → `(?<n>…)`, `(?P=n)` → `\k<n>`;
 * - other PCRE-only syntax (possessive quantifiers, atomic groups, `\h`, recursion…) fails with
 *   the server's "Regular expression is invalid" error rather than silently matching differently.
 */
import { fail } from '../errors.js';

/** Options the server accepts (`pcre_util::flagsToOptions`; `u` is accepted and ignored: UTF-8 is always on). */
const VALID_FLAGS = 'imsux';

export interface CompiledRegex {
  readonly pattern: string;
  readonly options: string;
  readonly re: RegExp;
}

/**
 * Validates `$regex` pattern/options (server codes 51091, 51108) and compiles it. `opName` prefixes
 * the invalid-flag message as the server's `flagsToOptions` does (empty for query `$regex`, which
 * leaves the message with a leading space: " invalid flag in regex options: z").
 */
export function compileRegex(pattern: string, options: string, opName = ''): CompiledRegex {
  if (pattern.includes('\0')) throw fail(2, 'Regular expression cannot contain an embedded null byte');
  if (options.includes('\0'))
    throw fail(51108, 'Regular expression options string cannot contain an embedded null byte');
  for (const f of options) {
    if (!VALID_FLAGS.includes(f)) throw fail(51108, `${opName} invalid flag in regex options: ${f}`);
  }
  if (pattern.length > 16384) throw fail(51091, 'Regular expression is invalid: pattern string is too long');
  return { pattern, options, re: toJsRegExp(pattern, options) };
}

/** Regex options sorted as BSON stores them. */
export function normalizeOptions(options: string): string {
  return [...options].sort().join('');
}

function toJsRegExp(pattern: string, options: string): RegExp {
  const flags = new Set([...options]);
  let src = pattern;
  // Leading inline option groups such as (?i) or (?im).
  for (;;) {
    const m = /^\(\?([imsx]+)\)/.exec(src);
    if (!m) break;
    for (const f of m[1]!) flags.add(f);
    src = src.slice(m[0].length);
  }
  if (flags.has('x')) src = stripExtended(src);
  src = translate(src, flags.has('m'));
  const jsFlags = ['i', 'm', 's'].filter((f) => flags.has(f)).join('');
  try {
    return new RegExp(src, jsFlags + 'u');
  } catch {
    try {
      return new RegExp(src, jsFlags);
    } catch (e) {
      throw fail(51091, `Regular expression is invalid: ${(e as Error).message}`);
    }
  }
}

/** PCRE extended mode: whitespace and `#…` comments outside classes are not part of the pattern. */
function stripExtended(src: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      out += c + (src[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    out += c;
  }
  return out;
}

const END_OF_INPUT = '(?![\\s\\S])';
const END_OR_FINAL_NEWLINE = '(?=\\n?(?![\\s\\S]))';

/** Rewrites PCRE-only anchors and named groups outside character classes. */
function translate(src: string, multiline: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      i++;
      if (!inClass && n === 'A') out += '(?<![\\s\\S])';
      else if (!inClass && n === 'z') out += END_OF_INPUT;
      else if (!inClass && n === 'Z') out += END_OR_FINAL_NEWLINE;
      else out += c + n;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A ']' right after '[' or '[^' is literal in PCRE.
      if (src[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (src[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '$' && !multiline) {
      out += END_OR_FINAL_NEWLINE;
      continue;
    }
    if (c === '(' && src.startsWith('(?P<', i)) {
      out += '(?<';
      i += 3;
      continue;
    }
    if (c === '(' && src.startsWith('(?P=', i)) {
      const close = src.indexOf(')', i);
      if (close > 0) {
        out += `\\k<${src.slice(i + 4, close)}>`;
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** Runs a compiled regex against a string (stateless: no `g`/`y` flags are ever set). */
export function regexTest(r: CompiledRegex, s: string): boolean {
  return r.re.test(s);
}
