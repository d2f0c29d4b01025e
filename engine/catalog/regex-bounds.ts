/**
 * Index bounds of a regular expression, as the server's `IndexBoundsBuilder::translateRegex`
 * builds them (src/mongo/db/query/index_bounds_builder.cpp, analyze_regex.cpp):
 *
 *   /^abc/      → ["abc", "abd"), [/^abc/, /^abc/]
 *   /abc/       → ["", {}),       [/abc/, /abc/]      every string, then the stored regex itself
 *
 * A rooted pattern (`^` or `\A`) without `|` gives its literal prefix; `i` or any option other
 * than `m` (only after `\A`), `s` and `x` gives none. The regex point is there because a stored
 * regex equal to the query's matches it (regexes sort after strings).
 */
import { BSONRegExp } from 'bson';
import type { Interval } from './planner.js';

const STRING_RANK = 15;
const METACHARACTERS = '^$.[()+{';

/** The literal prefix every match starts with ('' for none), and whether it decides the match alone. */
export function regexPrefix(pattern: string, options: string): { prefix: string; exact: boolean } {
  let i: number;
  let multilineOK: boolean;
  if (pattern.startsWith('\\A')) {
    multilineOK = true;
    i = 2;
  } else if (pattern.startsWith('^')) {
    multilineOK = false;
    i = 1;
  } else return { prefix: '', exact: false };
  if (mayHaveUnescapedPipe(pattern.slice(i))) return { prefix: '', exact: false };

  let extended = false;
  for (const flag of options) {
    if (flag === 'm' && multilineOK) continue;
    if (flag === 's') continue;
    if (flag === 'x') extended = true;
    else return { prefix: '', exact: false };
  }

  let literal = '';
  while (i < pattern.length) {
    const c = pattern[i++]!;
    if (c === '*' || c === '?') {
      // The last character is optional: scan its prefix, the regex must still be applied.
      return { prefix: literal.slice(0, -1), exact: false };
    }
    if (c === '\\') {
      const next = pattern[i++];
      if (next === 'Q') {
        // \Q…\E quotes everything inside.
        while (i < pattern.length) {
          const q = pattern[i++]!;
          if (q === '\\' && pattern[i] === 'E') {
            i++;
            break;
          }
          literal += q;
        }
        continue;
      }
      if (next === undefined || /[A-Za-z0-9\0]/.test(next)) return { prefix: literal, exact: false };
      literal += next;
      continue;
    }
    if (METACHARACTERS.includes(c)) {
      // /^abc.*/ (without multiline) matches exactly the strings starting with "abc".
      if (c === '.' && !multilineOK && pattern[i] === '*' && i + 1 === pattern.length) {
        return { prefix: literal, exact: true };
      }
      return { prefix: literal, exact: false };
    }
    if (extended && c === '#') return { prefix: literal, exact: false };
    if (extended && ' \t\n\v\f\r'.includes(c)) continue;
    literal += c;
  }
  return { prefix: literal, exact: literal !== '' };
}

/**
 * The server's best-effort check for an unescaped `|` (no false negatives: a pipe inside a class
 * or `\Q…\E` counts too).
 */
function mayHaveUnescapedPipe(s: string): boolean {
  if (s[0] === '|') return true;
  if (s.length > 1 && s[1] === '|' && s[0] !== '\\') return true;
  for (let i = 2; i < s.length; i++) {
    if (s[i] === '|' && (s[i - 1] !== '\\' || s[i - 2] === '\\')) return true;
  }
  return false;
}

/**
 * The intervals of one regex on an index without a collator: the prefix's string range (or every
 * string), then the regex as a point.
 */
export function regexIntervals(pattern: string, options: string): Interval[] {
  const { prefix } = regexPrefix(pattern, options);
  const strings: Interval =
    prefix === ''
      ? { low: '', lowInclusive: true, highInclusive: false, rank: STRING_RANK }
      : { low: prefix, high: successor(prefix), lowInclusive: true, highInclusive: false, rank: STRING_RANK };
  const self = new BSONRegExp(pattern, options);
  return [strings, { low: self, high: self, lowInclusive: true, highInclusive: true, point: true }];
}

/**
 * The prefix with its last character incremented: the server increments the last UTF-8 byte;
 * incrementing the code point is the same string whenever that byte is not a continuation 0xBF.
 */
function successor(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(last + 1);
}
