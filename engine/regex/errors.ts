/**
 * PCRE2 10.42's error texts (`pcre2_error.c`), for the errors this implementation can raise. The
 * server puts the compile text after "Regular expression is invalid: " (51091) or
 * "Invalid Regex in $op: " (51111), and a match-time text after "Result code: " (51156).
 */

/** Compile-time errors, by PCRE2 error number minus 100. */
export const COMPILE_ERRORS = {
  101: '\\ at end of pattern',
  102: '\\c at end of pattern',
  103: 'unrecognized character follows \\',
  104: 'numbers out of order in {} quantifier',
  105: 'number too big in {} quantifier',
  106: 'missing terminating ] for character class',
  107: 'escape sequence is invalid in character class',
  108: 'range out of order in character class',
  109: 'quantifier does not follow a repeatable item',
  111: 'unrecognized character after (? or (?-',
  112: 'POSIX named classes are supported only within a class',
  113: 'POSIX collating elements are not supported',
  114: 'missing closing parenthesis',
  115: 'reference to non-existent subpattern',
  118: 'missing ) after (?# comment',
  119: 'parentheses are too deeply nested',
  120: 'regular expression is too large',
  122: 'unmatched closing parenthesis',
  124: 'missing closing parenthesis for condition',
  125: 'lookbehind assertion is not fixed length',
  126: 'a relative value of zero is not allowed',
  127: 'conditional subpattern contains more than two branches',
  128: 'assertion expected after (?( or (?(?C)',
  129: 'digit expected after (?+ or (?-',
  130: 'unknown POSIX class name',
  134: 'character code point value in \\x{} or \\o{} is too large',
  137: 'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u',
  138: 'number after (?C is greater than 255',
  139: 'closing parenthesis for (?C expected',
  141: 'unrecognized character after (?P',
  142: 'syntax error in subpattern name (missing terminator?)',
  143: 'two named subpatterns have the same name (PCRE2_DUPNAMES not set)',
  144: 'subpattern name must start with a non-digit',
  146: 'malformed \\P or \\p sequence',
  147: 'unknown property name after \\P or \\p',
  148: 'subpattern name is too long (maximum 32 code units)',
  150: 'invalid range in character class',
  154: 'DEFINE subpattern contains more than one branch',
  155: 'missing opening brace after \\o',
  157: '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number',
  158: '(?R (recursive pattern call) must be followed by a closing parenthesis',
  160: '(*VERB) not recognized or malformed',
  161: 'subpattern number is too big',
  162: 'subpattern name expected',
  164: 'non-octal character in \\o{} (closing brace missing?)',
  166: '(*MARK) must have an argument',
  167: 'non-hex character in \\x{} (closing brace missing?)',
  168: '\\c must be followed by a printable ASCII character',
  169: '\\k is not followed by a braced, angle-bracketed, or quoted name',
  171: '\\N is not supported in a class',
  173: 'disallowed Unicode code point (>= 0xd800 && <= 0xdfff)',
  178: 'digits missing in \\x{} or \\o{} or \\N{U+}',
  179: 'syntax error or number too big in (?(VERSION condition',
  188: 'pattern string is longer than the limit set by the application',
  194: 'invalid hyphen in option setting',
  195: '(*alpha_assertion) not recognized',
  197: 'too many capturing groups (maximum 65535)',
  199: '\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)',
} as const;

export type CompileErrorNumber = keyof typeof COMPILE_ERRORS;

/** A pattern PCRE2 refuses to compile; `message` is PCRE2's own text. */
export class PcreCompileError extends Error {
  constructor(
    readonly errorNumber: CompileErrorNumber,
    readonly offset: number,
  ) {
    super(COMPILE_ERRORS[errorNumber]);
    this.name = 'PcreCompileError';
  }
}

/** Match-time errors (negative PCRE2 codes). */
export const MATCH_ERRORS = {
  [-47]: 'match limit exceeded',
  [-52]: 'nested recursion at the same subject position',
  [-53]: 'matching depth limit exceeded',
} as const;

export type MatchErrorNumber = keyof typeof MATCH_ERRORS;

/** A match that PCRE2 abandons (a limit was reached); the server never hangs on a pattern. */
export class PcreMatchError extends Error {
  constructor(readonly errorNumber: MatchErrorNumber) {
    super(MATCH_ERRORS[errorNumber]);
    this.name = 'PcreMatchError';
  }
}
