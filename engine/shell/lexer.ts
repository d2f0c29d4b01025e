/**
 * Tokenizer for the mongosh subset. Hand-written and single-pass: every loop advances the cursor,
 * so a megabyte-long literal costs linear time. Strings are built from slices between escapes.
 * A `/` starts a regular expression literal when the previous token cannot end an expression
 * (the subset has no division, so anything else is reported as an unexpected token).
 */
import type { Span } from './ast.js';
import { ShellSyntaxError } from './shell-errors.js';
import type { SourceText } from './source.js';

export type TokenKind = 'identifier' | 'number' | 'bigint' | 'string' | 'template' | 'regex' | 'punct' | 'eof';

export interface Token extends Span {
  readonly kind: TokenKind;
  /** identifier name, punctuator text, decoded string value, regex pattern, or number source. */
  readonly text: string;
  readonly numberValue: number | undefined;
  readonly bigintValue: bigint | undefined;
  readonly regexFlags: string | undefined;
  /** A line terminator (or a comment containing one) separates this token from the previous. */
  readonly newlineBefore: boolean;
}

/** Longest first, so `...` wins over `.` and `=>` over `=`. */
const PUNCTUATORS = [
  '...',
  '===',
  '!==',
  '**=',
  '<<=',
  '>>=',
  '>>>',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '**',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '.',
  ':',
  '=',
  '+',
  '-',
  '!',
  '<',
  '>',
  '*',
  '%',
  '&',
  '|',
  '^',
  '~',
  '?',
  '@',
  '#',
  '/',
] as const;

const PUNCTUATORS_BY_FIRST: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, string[]>();
  for (const p of PUNCTUATORS) {
    const list = m.get(p[0] ?? '') ?? [];
    list.push(p);
    m.set(p[0] ?? '', list);
  }
  return m;
})();

/** Tokens after which a `/` would be division in JavaScript, so it cannot start a regex. */
function endsExpression(tok: Token | undefined): boolean {
  if (tok === undefined) return false;
  switch (tok.kind) {
    case 'number':
    case 'bigint':
    case 'string':
    case 'template':
    case 'regex':
      return true;
    case 'identifier':
      return ![
        'return',
        'typeof',
        'instanceof',
        'in',
        'of',
        'new',
        'delete',
        'void',
        'throw',
        'case',
        'do',
        'else',
      ].includes(tok.text);
    case 'punct':
      return tok.text === ')' || tok.text === ']' || tok.text === '}';
    case 'eof':
      return false;
  }
}

/** Longest BigInt literal accepted (64 binary digits is the most an int64 needs). */
const MAX_BIGINT_DIGITS = 64;

const ID_START = /[\p{ID_Start}$_]/u;
const ID_CONTINUE = /[\p{ID_Continue}$_\u200c\u200d]/u;

function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

function isWhitespace(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x09 ||
    c === 0x0b ||
    c === 0x0c ||
    c === 0xa0 ||
    c === 0xfeff ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isAsciiIdentifierChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isDigit(c) || c === 0x24 || c === 0x5f;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

export function tokenize(source: SourceText): Token[] {
  return new Lexer(source).run();
}

class Lexer {
  private readonly src: string;
  private pos = 0;
  private readonly tokens: Token[] = [];
  private newlineBefore = false;

  constructor(private readonly source: SourceText) {
    this.src = source.text;
  }

  run(): Token[] {
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.src.length) {
        this.push('eof', '', this.pos, this.pos);
        return this.tokens;
      }
      this.readToken();
    }
  }

  private error(message: string, start: number, end = start + 1): ShellSyntaxError {
    return new ShellSyntaxError(message, this.source.position(start), {
      start,
      end: Math.min(end, this.src.length) || start,
    });
  }

  /** Every token has the same shape (one hidden class), which keeps million-token inputs fast. */
  private push(
    kind: TokenKind,
    text: string,
    start: number,
    end: number,
    numberValue?: number,
    bigintValue?: bigint,
    regexFlags?: string,
  ): void {
    this.tokens.push({
      kind,
      text,
      start,
      end,
      numberValue,
      bigintValue,
      regexFlags,
      newlineBefore: this.newlineBefore,
    });
    this.newlineBefore = false;
  }

  private skipTrivia(): void {
    const s = this.src;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (isLineTerminator(c)) {
        this.newlineBefore = true;
        this.pos++;
      } else if (isWhitespace(c)) {
        this.pos++;
      } else if (c === 0x2f && s.charCodeAt(this.pos + 1) === 0x2f) {
        // Line comment: runs to the line terminator, which is then seen as a newline.
        this.pos += 2;
        while (this.pos < s.length && !isLineTerminator(s.charCodeAt(this.pos))) this.pos++;
      } else if (c === 0x2f && s.charCodeAt(this.pos + 1) === 0x2a) {
        const start = this.pos;
        const close = s.indexOf('*/', this.pos + 2);
        if (close < 0) throw this.error('Unterminated comment: "/*" has no matching "*/"', start, start + 2);
        for (let i = this.pos + 2; i < close; i++) {
          if (isLineTerminator(s.charCodeAt(i))) {
            this.newlineBefore = true;
            break;
          }
        }
        this.pos = close + 2;
      } else if (c === 0x23 && this.pos === 0 && s.charCodeAt(1) === 0x21) {
        // `#!` interpreter line at the very start, as Node and mongosh accept.
        while (this.pos < s.length && !isLineTerminator(s.charCodeAt(this.pos))) this.pos++;
      } else {
        return;
      }
    }
  }

  private readToken(): void {
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    if (c === 0x22 || c === 0x27) return this.readString(c);
    if (c === 0x60) return this.readTemplate();
    if (isDigit(c) || (c === 0x2e && isDigit(s.charCodeAt(this.pos + 1)))) return this.readNumber();
    if (c === 0x2f && !endsExpression(this.tokens[this.tokens.length - 1])) return this.readRegex();
    if (isAsciiIdentifierChar(c) || c === 0x5c || (c > 0x7f && ID_START.test(this.charAt(this.pos)))) {
      return this.readIdentifier();
    }
    for (const p of PUNCTUATORS_BY_FIRST.get(s[this.pos] ?? '') ?? []) {
      if (s.startsWith(p, this.pos)) {
        this.push('punct', p, this.pos, this.pos + p.length);
        this.pos += p.length;
        return;
      }
    }
    const ch = this.charAt(this.pos);
    throw this.error(`Invalid or unexpected character ${JSON.stringify(ch)}`, this.pos, this.pos + ch.length);
  }

  /** The full code point at `i` (so astral letters count as one character). */
  private charAt(i: number): string {
    const cp = this.src.codePointAt(i);
    return cp === undefined ? '' : String.fromCodePoint(cp);
  }

  private readIdentifier(): void {
    const start = this.pos;
    const s = this.src;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (isAsciiIdentifierChar(c)) {
        this.pos++;
      } else if (c === 0x5c) {
        throw this.error('Unicode escape sequences in names are not supported', this.pos, this.pos + 1);
      } else if (c > 0x7f) {
        const ch = this.charAt(this.pos);
        if (!ID_CONTINUE.test(ch)) break;
        this.pos += ch.length;
      } else {
        break;
      }
    }
    this.push('identifier', s.slice(start, this.pos), start, this.pos);
  }

  private readNumber(): void {
    const s = this.src;
    const start = this.pos;
    const c0 = s.charCodeAt(start);
    const c1 = s.charCodeAt(start + 1) | 0x20; // lower-cased
    let value: number;
    let bigintValue: bigint | undefined;
    if (c0 === 0x30 && (c1 === 0x78 || c1 === 0x6f || c1 === 0x62)) {
      const radix = c1 === 0x78 ? 16 : c1 === 0x6f ? 8 : 2;
      this.pos += 2;
      const digits = this.readDigits((c) => {
        const v = hexValue(c);
        return v >= 0 && v < radix;
      });
      if (digits === '') throw this.error('Invalid number: expected digits after the prefix', start, this.pos);
      if (s.charCodeAt(this.pos) === 0x6e) {
        this.pos++;
        this.checkBigIntLength(digits, start);
        bigintValue = BigInt(`0${String.fromCharCode(c1)}${digits}`);
        value = Number(bigintValue);
      } else {
        value = parseInt(digits, radix);
        if (!Number.isSafeInteger(value)) value = Number(BigInt(`0${String.fromCharCode(c1)}${digits}`));
      }
    } else {
      let intPart = this.readDigits(isDigit);
      if (intPart.length > 1 && intPart.startsWith('0')) {
        throw this.error('Legacy octal literals such as 010 are not allowed; write 0o10 or 10', start, this.pos);
      }
      let text = intPart;
      let isInteger = true;
      if (s.charCodeAt(this.pos) === 0x2e) {
        this.pos++;
        text += '.' + this.readDigits(isDigit);
        isInteger = false;
      }
      const e = s.charCodeAt(this.pos) | 0x20;
      if (e === 0x65) {
        const expStart = this.pos;
        this.pos++;
        let sign = '';
        const sc = s.charCodeAt(this.pos);
        if (sc === 0x2b || sc === 0x2d) {
          sign = s[this.pos] ?? '';
          this.pos++;
        }
        const exp = this.readDigits(isDigit);
        if (exp === '') throw this.error('Invalid number: the exponent has no digits', expStart, this.pos);
        text += 'e' + sign + exp;
        isInteger = false;
      }
      if (isInteger && s.charCodeAt(this.pos) === 0x6e) {
        this.pos++;
        if (intPart === '') intPart = '0';
        this.checkBigIntLength(intPart, start);
        bigintValue = BigInt(intPart);
        value = Number(bigintValue);
      } else {
        value = Number(text);
      }
    }
    const after = s.charCodeAt(this.pos);
    if (
      this.pos < s.length &&
      (isAsciiIdentifierChar(after) || (after > 0x7f && ID_START.test(this.charAt(this.pos))))
    ) {
      throw this.error('Invalid number: an identifier starts immediately after a numeric literal', this.pos);
    }
    const text = s.slice(start, this.pos);
    if (bigintValue !== undefined) {
      this.push('bigint', text, start, this.pos, value, bigintValue);
    } else {
      this.push('number', text, start, this.pos, value);
    }
  }

  /** BigInt literals stand for int64 values; thousands of digits would only cost parse time. */
  private checkBigIntLength(digits: string, start: number): void {
    if (digits.length > MAX_BIGINT_DIGITS) {
      throw this.error(`BigInt literal is too long: an int64 needs at most 64 digits`, start, this.pos);
    }
  }

  /** Digits accepted by `ok`, with JS numeric separators (`1_000`) allowed between digits. */
  private readDigits(ok: (c: number) => boolean): string {
    const s = this.src;
    const start = this.pos;
    let sawSeparator = false;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (ok(c)) {
        this.pos++;
      } else if (c === 0x5f && this.pos > start && ok(s.charCodeAt(this.pos - 1)) && ok(s.charCodeAt(this.pos + 1))) {
        sawSeparator = true;
        this.pos++;
      } else {
        break;
      }
    }
    const raw = s.slice(start, this.pos);
    return sawSeparator ? raw.replaceAll('_', '') : raw;
  }

  private readString(quote: number): void {
    const s = this.src;
    const start = this.pos;
    this.pos++;
    const parts: string[] = [];
    let runStart = this.pos;
    for (;;) {
      if (this.pos >= s.length) {
        throw this.error('Unterminated string literal: add the closing quote', start, this.pos);
      }
      const c = s.charCodeAt(this.pos);
      if (c === quote) {
        parts.push(s.slice(runStart, this.pos));
        this.pos++;
        break;
      }
      if (c === 0x0a || c === 0x0d) {
        throw this.error(
          'Unterminated string literal: add the closing quote before the end of the line (use \\n for a newline, or backticks for a multi-line string)',
          start,
          this.pos,
        );
      }
      if (c === 0x5c) {
        parts.push(s.slice(runStart, this.pos));
        parts.push(this.readEscape());
        runStart = this.pos;
      } else {
        this.pos++;
      }
    }
    this.push('string', parts.join(''), start, this.pos);
  }

  /** Backtick strings: newlines allowed, `${…}` substitutions refused (they would be code). */
  private readTemplate(): void {
    const s = this.src;
    const start = this.pos;
    this.pos++;
    const parts: string[] = [];
    let runStart = this.pos;
    for (;;) {
      if (this.pos >= s.length) {
        throw this.error('Unterminated template literal: add the closing backtick', start, this.pos);
      }
      const c = s.charCodeAt(this.pos);
      if (c === 0x60) {
        parts.push(s.slice(runStart, this.pos));
        this.pos++;
        break;
      }
      if (c === 0x24 && s.charCodeAt(this.pos + 1) === 0x7b) {
        throw this.error(
          'Template literal substitutions (${…}) are not supported; build the string with quotes instead',
          this.pos,
          this.pos + 2,
        );
      }
      if (c === 0x5c) {
        parts.push(s.slice(runStart, this.pos));
        parts.push(this.readEscape());
        runStart = this.pos;
      } else if (c === 0x0d) {
        // Template literals normalise CRLF and CR to LF.
        parts.push(s.slice(runStart, this.pos), '\n');
        this.pos += s.charCodeAt(this.pos + 1) === 0x0a ? 2 : 1;
        runStart = this.pos;
      } else {
        this.pos++;
      }
    }
    this.push('template', parts.join(''), start, this.pos);
  }

  /** At a backslash: decodes one escape sequence and advances past it. */
  private readEscape(): string {
    const s = this.src;
    const start = this.pos;
    this.pos++;
    if (this.pos >= s.length)
      throw this.error('Unterminated string literal: it ends with a backslash', start, this.pos);
    const c = s.charCodeAt(this.pos);
    this.pos++;
    switch (c) {
      case 0x6e:
        return '\n';
      case 0x74:
        return '\t';
      case 0x72:
        return '\r';
      case 0x62:
        return '\b';
      case 0x66:
        return '\f';
      case 0x76:
        return '\v';
      case 0x30:
        if (isDigit(s.charCodeAt(this.pos)))
          throw this.error('Octal escape sequences are not allowed', start, this.pos + 1);
        return '\0';
      case 0x0d:
        if (s.charCodeAt(this.pos) === 0x0a) this.pos++;
        return '';
      case 0x0a:
      case 0x2028:
      case 0x2029:
        return ''; // line continuation
      case 0x78: {
        const h1 = hexValue(s.charCodeAt(this.pos));
        const h2 = hexValue(s.charCodeAt(this.pos + 1));
        if (h1 < 0 || h2 < 0)
          throw this.error('Invalid hexadecimal escape sequence: \\x needs two hex digits', start, this.pos + 2);
        this.pos += 2;
        return String.fromCharCode(h1 * 16 + h2);
      }
      case 0x75: {
        if (s.charCodeAt(this.pos) === 0x7b) {
          const close = s.indexOf('}', this.pos);
          const hex = close < 0 ? '' : s.slice(this.pos + 1, close);
          if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) {
            throw this.error(
              'Invalid Unicode escape sequence: \\u{…} needs 1 to 6 hex digits up to 10FFFF',
              start,
              this.pos + 1,
            );
          }
          this.pos = close + 1;
          return String.fromCodePoint(parseInt(hex, 16));
        }
        const hex = s.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          throw this.error('Invalid Unicode escape sequence: \\u needs four hex digits', start, this.pos);
        this.pos += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        if (isDigit(c)) throw this.error('Octal escape sequences are not allowed', start, this.pos);
        // Any other escaped character stands for itself (\' \" \\ \/ …), surrogate pairs included.
        if (c >= 0xd800 && c <= 0xdbff && this.pos < s.length) {
          const low = s.charCodeAt(this.pos);
          if (low >= 0xdc00 && low <= 0xdfff) {
            this.pos++;
            return String.fromCharCode(c, low);
          }
        }
        return String.fromCharCode(c);
    }
  }

  private readRegex(): void {
    const s = this.src;
    const start = this.pos;
    this.pos++;
    let inClass = false;
    for (;;) {
      if (this.pos >= s.length || isLineTerminator(s.charCodeAt(this.pos))) {
        throw this.error('Unterminated regular expression literal: add the closing "/"', start, this.pos);
      }
      const c = s.charCodeAt(this.pos);
      if (c === 0x5c) {
        this.pos += 2;
        continue;
      }
      if (c === 0x5b) inClass = true;
      else if (c === 0x5d) inClass = false;
      else if (c === 0x2f && !inClass) break;
      this.pos++;
    }
    const pattern = s.slice(start + 1, this.pos);
    this.pos++;
    const flagStart = this.pos;
    while (this.pos < s.length && isAsciiIdentifierChar(s.charCodeAt(this.pos))) this.pos++;
    const flags = s.slice(flagStart, this.pos);
    this.push('regex', pattern, start, this.pos, undefined, undefined, flags);
  }
}
