/**
 * Recursive-descent parser for the mongosh subset: statements (bindings, expressions, `use`,
 * `show collections`), literals, member access, calls and `new`. Nothing here runs code; the result
 * is a plain tree. Nesting is capped so hostile input gets a clean error instead of a stack overflow.
 *
 * Statement ends follow JavaScript's automatic semicolon insertion for this subset: a statement ends
 * at `;`, at the end of the script, or before a token on a new line that cannot continue it
 * (`.`, `(`, `[` on the next line continue the expression, as in `db.c.find()\n  .sort({a: 1})`).
 */
import type {
  ArrayLiteral,
  CallExpr,
  DeclarationStatement,
  Declarator,
  Expr,
  Identifier,
  ObjectLiteral,
  ObjectProperty,
  Program,
  SpreadElement,
  Statement,
} from './ast.js';
import { tokenize, type Token } from './lexer.js';
import { ShellSyntaxError } from './shell-errors.js';
import { SourceText } from './source.js';

/** How deeply literals, calls and parentheses may nest. Real scripts stay far below this. */
export const MAX_NESTING_DEPTH = 200;

/** Words that start JavaScript constructs the shell subset does not run, with the reason. */
const UNSUPPORTED_KEYWORDS: Readonly<Record<string, string>> = {
  function: 'Functions are not supported in this shell: only shell methods and BSON helpers can be called',
  class: 'Classes are not supported in this shell',
  if: '"if" statements are not supported in this shell: write one command per statement',
  else: '"else" is not supported in this shell',
  for: 'Loops are not supported in this shell: write one command per statement',
  while: 'Loops are not supported in this shell: write one command per statement',
  do: 'Loops are not supported in this shell: write one command per statement',
  switch: '"switch" statements are not supported in this shell',
  try: '"try" statements are not supported in this shell',
  throw: '"throw" is not supported in this shell',
  return: '"return" is not supported outside a function',
  import: 'Modules are not supported in this shell',
  export: 'Modules are not supported in this shell',
  async: 'Async functions are not supported in this shell',
  await: '"await" is not needed: shell methods return their results directly',
  yield: '"yield" is not supported in this shell',
  this: '"this" is not available in this shell',
  super: '"super" is not available in this shell',
  typeof: '"typeof" is not supported in this shell',
  delete: '"delete" is not supported in this shell',
  void: '"void" is not supported in this shell',
  with: '"with" is not supported in this shell',
  debugger: '"debugger" is not supported in this shell',
};

/** Reserved words that cannot name a binding. */
const RESERVED = new Set([
  ...Object.keys(UNSUPPORTED_KEYWORDS),
  'const',
  'let',
  'var',
  'new',
  'true',
  'false',
  'null',
  'in',
  'instanceof',
  'case',
  'default',
  'break',
  'continue',
  'catch',
  'finally',
  'enum',
  'extends',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'undefined',
  'NaN',
  'Infinity',
]);

export function parseProgram(text: string): Program {
  return new Parser(new SourceText(text)).parseProgram();
}

/** Parses with an existing SourceText (the caller keeps it to map spans to lines). */
export function parseSource(source: SourceText): Program {
  return new Parser(source).parseProgram();
}

/**
 * A sequence of values (documents pasted into an editor or an import): separated by commas, `;` or
 * new lines, as mongoexport writes one document per line. Nothing is evaluated here.
 */
export function parseValueSequence(source: SourceText): Expr[] {
  return new Parser(source).parseValueSequence();
}

function describe(tok: Token): string {
  switch (tok.kind) {
    case 'eof':
      return 'end of input';
    case 'string':
    case 'template':
      return 'string';
    case 'number':
    case 'bigint':
      return `number ${tok.text.length > 20 ? tok.text.slice(0, 20) + '…' : tok.text}`;
    case 'regex':
      return 'regular expression';
    case 'identifier':
      return `'${tok.text.length > 40 ? tok.text.slice(0, 40) + '…' : tok.text}'`;
    case 'punct':
      return `'${tok.text}'`;
  }
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(private readonly source: SourceText) {
    this.tokens = tokenize(source);
  }

  // ---- token helpers --------------------------------------------------------------------------

  private get tok(): Token {
    // The token list always ends with an `eof` token, and `index` never moves past it.
    return this.tokens[this.index] as Token;
  }

  private peek(n = 1): Token {
    return this.tokens[Math.min(this.index + n, this.tokens.length - 1)] as Token;
  }

  private advance(): Token {
    const t = this.tok;
    if (t.kind !== 'eof') this.index++;
    return t;
  }

  private prevEnd(): number {
    return this.index > 0 ? (this.tokens[this.index - 1] as Token).end : 0;
  }

  private isPunct(text: string, t: Token = this.tok): boolean {
    return t.kind === 'punct' && t.text === text;
  }

  private isWord(text: string, t: Token = this.tok): boolean {
    return t.kind === 'identifier' && t.text === text;
  }

  private error(message: string, t: Token = this.tok): ShellSyntaxError {
    const end = t.end > t.start ? t.end : t.start;
    return new ShellSyntaxError(message, this.source.position(t.start), { start: t.start, end });
  }

  private unexpected(expected: string, t: Token = this.tok): ShellSyntaxError {
    if (t.kind === 'identifier' && UNSUPPORTED_KEYWORDS[t.text] !== undefined) {
      return this.error(UNSUPPORTED_KEYWORDS[t.text] as string, t);
    }
    if (this.isPunct('=>', t))
      return this.error(
        'Arrow functions are not supported in this shell: only shell methods and BSON helpers can be called',
        t,
      );
    const word = t.kind === 'punct' || t.kind === 'identifier' ? 'token ' : '';
    return this.error(`Unexpected ${word}${describe(t)} — expected ${expected}`, t);
  }

  private expectPunct(text: string, expected = `'${text}'`): Token {
    if (!this.isPunct(text)) throw this.unexpected(expected);
    return this.advance();
  }

  private enter(t: Token): void {
    this.depth++;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw this.error(
        `Nesting is too deep: more than ${MAX_NESTING_DEPTH} levels of brackets, braces, parentheses or operators`,
        t,
      );
    }
  }

  private leave(): void {
    this.depth--;
  }

  // ---- statements -----------------------------------------------------------------------------

  parseProgram(): Program {
    const statements: Statement[] = [];
    while (this.tok.kind !== 'eof') {
      if (this.isPunct(';')) {
        this.advance();
        continue;
      }
      statements.push(this.parseStatement());
    }
    return { kind: 'Program', statements, start: 0, end: this.source.text.length };
  }

  parseValueSequence(): Expr[] {
    const values: Expr[] = [];
    while (this.tok.kind !== 'eof') {
      if (this.isPunct(',') || this.isPunct(';')) {
        this.advance();
        continue;
      }
      values.push(this.parseAssignment());
      const t = this.tok;
      if (t.kind !== 'eof' && !t.newlineBefore && !this.isPunct(',') && !this.isPunct(';')) {
        throw this.unexpected("',' or a new line before the next document");
      }
    }
    return values;
  }

  private parseStatement(): Statement {
    const t = this.tok;
    if (t.kind === 'identifier') {
      if (t.text === 'const' || t.text === 'let' || t.text === 'var') return this.parseDeclaration();
      if (t.text === 'use' && this.startsShellCommand()) return this.parseUse();
      if (t.text === 'show' && this.startsShellCommand()) return this.parseShow();
      if (UNSUPPORTED_KEYWORDS[t.text] !== undefined && t.text !== 'this') {
        throw this.error(UNSUPPORTED_KEYWORDS[t.text] as string, t);
      }
    }
    if (this.isPunct('{')) {
      // JavaScript reads `{` at the start of a statement as a block, not an object.
      throw this.error(
        'A statement cannot start with "{": blocks are not supported; to write a document, pass it to a method',
        t,
      );
    }
    const expression = this.parseExpression();
    const end = this.prevEnd();
    this.endStatement();
    return { kind: 'ExpressionStatement', expression, start: t.start, end };
  }

  /** `use`/`show` are shell commands when followed, on the same line, by a word. */
  private startsShellCommand(): boolean {
    const next = this.peek();
    return !next.newlineBefore && (next.kind === 'identifier' || next.kind === 'string' || next.kind === 'number');
  }

  private endStatement(): void {
    const t = this.tok;
    if (this.isPunct(';')) {
      this.advance();
      return;
    }
    if (t.kind === 'eof' || t.newlineBefore) return;
    throw this.unexpected("';' or a new line before the next statement");
  }

  private parseDeclaration(): DeclarationStatement {
    const first = this.advance();
    const declarationKind = first.text as 'const' | 'let' | 'var';
    const declarators: Declarator[] = [];
    for (;;) {
      const nameTok = this.tok;
      if (this.isPunct('{') || this.isPunct('[')) {
        throw this.error('Destructuring is not supported in this shell: bind one name at a time', nameTok);
      }
      if (nameTok.kind !== 'identifier') throw this.unexpected('a variable name');
      if (RESERVED.has(nameTok.text))
        throw this.error(`'${nameTok.text}' is a reserved word and cannot be used as a variable name`, nameTok);
      this.advance();
      const name: Identifier = { kind: 'Identifier', name: nameTok.text, start: nameTok.start, end: nameTok.end };
      let init: Expr | undefined;
      if (this.isPunct('=')) {
        this.advance();
        init = this.parseAssignment();
      } else if (declarationKind === 'const') {
        throw this.error(`Missing initializer in const declaration: write const ${nameTok.text} = <value>`, this.tok);
      }
      declarators.push({ name, init, start: nameTok.start, end: this.prevEnd() });
      if (!this.isPunct(',')) break;
      this.advance();
    }
    const end = this.prevEnd();
    this.endStatement();
    return { kind: 'Declaration', declarationKind, declarators, start: first.start, end };
  }

  /** `use <name>`: the name is the raw text up to the end of the line or a `;`. */
  private parseUse(): Statement {
    const first = this.advance();
    const nameStart = this.tok.start;
    let nameEnd = nameStart;
    while (this.tok.kind !== 'eof' && !this.tok.newlineBefore && !this.isPunct(';')) {
      nameEnd = this.advance().end;
    }
    const raw = this.source.text.slice(nameStart, nameEnd).trim();
    const database = raw.length >= 2 && /^(["'`]).*\1$/s.test(raw) ? raw.slice(1, -1) : raw;
    this.endStatement();
    return { kind: 'Use', database, start: first.start, end: nameEnd };
  }

  private parseShow(): Statement {
    const first = this.advance();
    const what = this.advance();
    const word = what.kind === 'identifier' ? what.text : '';
    let target: 'collections' | 'databases';
    if (word === 'collections' || word === 'tables') target = 'collections';
    else if (word === 'dbs' || word === 'databases') target = 'databases';
    else throw this.error(`"show ${what.text}" is not supported; "show collections" and "show dbs" are`, what);
    const end = what.end;
    this.endStatement();
    return { kind: 'Show', what: target, start: first.start, end };
  }

  // ---- expressions ----------------------------------------------------------------------------

  private parseExpression(): Expr {
    const e = this.parseAssignment();
    if (this.isPunct(',')) throw this.error('The comma operator is not supported: write one expression per statement');
    return e;
  }

  private parseAssignment(): Expr {
    const start = this.tok;
    const target = this.parseUnary();
    if (this.isPunct('=')) {
      if (target.kind !== 'Identifier')
        throw this.error('Only a variable name can be assigned to: write name = <value>');
      this.advance();
      this.enter(start);
      const value = this.parseAssignment();
      this.leave();
      return { kind: 'Assign', target, value, start: target.start, end: value.end };
    }
    const t = this.tok;
    if (t.kind === 'punct' && /^(?:[-+*/%&|^]|\*\*|<<|>>>?)?=$|^(?:\+\+|--)$/.test(t.text)) {
      throw this.error(`The operator '${t.text}' is not supported in this shell`, t);
    }
    if (
      t.kind === 'punct' &&
      [
        '+',
        '-',
        '*',
        '/',
        '%',
        '**',
        '==',
        '===',
        '!=',
        '!==',
        '<',
        '>',
        '<=',
        '>=',
        '&&',
        '||',
        '??',
        '?',
        '&',
        '|',
        '^',
        '<<',
        '>>',
        '>>>',
      ].includes(t.text)
    ) {
      throw this.error(`The operator '${t.text}' is not supported in this shell: write the value directly`, t);
    }
    if (this.isPunct('=>')) throw this.unexpected('an operator');
    if (t.kind === 'identifier' && (t.text === 'instanceof' || t.text === 'in') && !t.newlineBefore) {
      throw this.error(`The operator '${t.text}' is not supported in this shell`, t);
    }
    return target;
  }

  private parseUnary(): Expr {
    const t = this.tok;
    if (t.kind === 'punct' && (t.text === '-' || t.text === '+' || t.text === '!')) {
      this.advance();
      this.enter(t);
      const argument = this.parseUnary();
      this.leave();
      return { kind: 'Unary', operator: t.text, argument, start: t.start, end: argument.end };
    }
    if (t.kind === 'punct' && (t.text === '++' || t.text === '--' || t.text === '~')) {
      throw this.error(`The operator '${t.text}' is not supported in this shell`, t);
    }
    return this.parsePostfix();
  }

  /** Member accesses and calls, left to right; `new X(...)` binds to the nearest call. */
  private parsePostfix(): Expr {
    let expr: Expr;
    const t = this.tok;
    if (this.isWord('new')) {
      this.advance();
      this.enter(t);
      const callee = this.parseNewCallee();
      const args = this.isPunct('(') ? this.parseArguments() : [];
      this.leave();
      expr = { kind: 'Call', callee, args, isNew: true, start: t.start, end: this.prevEnd() } satisfies CallExpr;
    } else {
      expr = this.parsePrimary();
    }
    let links = 0;
    for (;;) {
      if (this.isPunct('.') || this.isPunct('?.')) {
        const dot = this.advance();
        if (dot.text === '?.' && (this.isPunct('(') || this.isPunct('['))) {
          throw this.error('Optional calls and indexing (?.( and ?.[) are not supported');
        }
        expr = this.parsePropertyName(expr);
      } else if (this.isPunct('[')) {
        const open = this.advance();
        this.enter(open);
        const property = this.parseAssignment();
        this.leave();
        this.expectPunct(']', "']' to close the index");
        expr = {
          kind: 'Member',
          object: expr,
          property,
          propertySpan: { start: property.start, end: property.end },
          start: expr.start,
          end: this.prevEnd(),
        };
      } else if (this.isPunct('(')) {
        const args = this.parseArguments();
        expr = { kind: 'Call', callee: expr, args, isNew: false, start: expr.start, end: this.prevEnd() };
      } else if (this.tok.kind === 'template' && !this.tok.newlineBefore) {
        throw this.error('Tagged template literals are not supported');
      } else {
        return expr;
      }
      // A long chain is as deep for the evaluator as nesting, so it counts against the same limit.
      if (++links > MAX_NESTING_DEPTH)
        throw this.error(`The chain of calls and property accesses is too long (more than ${MAX_NESTING_DEPTH})`);
    }
  }

  /** After `new`: a name with optional `.name` accesses (no calls), e.g. `new Date`. */
  private parseNewCallee(): Expr {
    const t = this.tok;
    if (this.isWord('new')) throw this.error('"new new" is not supported', t);
    if (t.kind !== 'identifier' || RESERVED.has(t.text))
      throw this.unexpected('a constructor name after "new", such as Date or ObjectId');
    this.advance();
    let expr: Expr = { kind: 'Identifier', name: t.text, start: t.start, end: t.end };
    while (this.isPunct('.')) {
      this.advance();
      expr = this.parsePropertyName(expr);
    }
    return expr;
  }

  /** After a `.` (or `?.`): the property name, as a member access on `object`. */
  private parsePropertyName(object: Expr): Expr {
    const name = this.tok;
    if (name.kind !== 'identifier') throw this.unexpected('a property name after "."');
    this.advance();
    return {
      kind: 'Member',
      object,
      property: name.text,
      propertySpan: { start: name.start, end: name.end },
      start: object.start,
      end: name.end,
    };
  }

  private parseArguments(): (Expr | SpreadElement)[] {
    const open = this.expectPunct('(');
    this.enter(open);
    const args: (Expr | SpreadElement)[] = [];
    while (!this.isPunct(')')) {
      args.push(this.parseElement());
      if (this.isPunct(',')) {
        this.advance();
        continue;
      }
      if (!this.isPunct(')')) throw this.unexpected("',' or ')' in the argument list");
    }
    this.advance();
    this.leave();
    return args;
  }

  private parseElement(): Expr | SpreadElement {
    if (this.isPunct('...')) {
      const dots = this.advance();
      const argument = this.parseAssignment();
      return { kind: 'Spread', argument, start: dots.start, end: argument.end };
    }
    return this.parseAssignment();
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case 'number':
        this.advance();
        return { kind: 'Number', value: t.numberValue ?? Number.NaN, start: t.start, end: t.end };
      case 'bigint':
        this.advance();
        return { kind: 'BigInt', value: t.bigintValue ?? 0n, start: t.start, end: t.end };
      case 'string':
      case 'template':
        this.advance();
        return { kind: 'String', value: t.text, start: t.start, end: t.end };
      case 'regex':
        this.advance();
        return { kind: 'Regex', pattern: t.text, flags: t.regexFlags ?? '', start: t.start, end: t.end };
      case 'identifier':
        return this.parseWord();
      case 'punct':
        if (t.text === '{') return this.parseObject();
        if (t.text === '[') return this.parseArray();
        if (t.text === '(') {
          this.advance();
          this.enter(t);
          if (this.isPunct(')'))
            throw this.error('Empty parentheses are not an expression (arrow functions are not supported)');
          const inner = this.parseExpression();
          this.leave();
          this.expectPunct(')', "')' to close the parenthesis");
          if (this.isPunct('=>')) throw this.unexpected('an operator');
          return inner;
        }
        throw this.unexpected('a value');
      case 'eof':
        throw this.unexpected('a value');
    }
  }

  private parseWord(): Expr {
    const t = this.advance();
    switch (t.text) {
      case 'true':
        return { kind: 'Boolean', value: true, start: t.start, end: t.end };
      case 'false':
        return { kind: 'Boolean', value: false, start: t.start, end: t.end };
      case 'null':
        return { kind: 'Null', start: t.start, end: t.end };
      case 'undefined':
        return { kind: 'Undefined', start: t.start, end: t.end };
      case 'NaN':
        return { kind: 'Number', value: Number.NaN, start: t.start, end: t.end };
      case 'Infinity':
        return { kind: 'Number', value: Number.POSITIVE_INFINITY, start: t.start, end: t.end };
      default:
        break;
    }
    const unsupported = UNSUPPORTED_KEYWORDS[t.text];
    if (unsupported !== undefined) throw this.error(unsupported, t);
    if (RESERVED.has(t.text)) throw this.unexpected('a value', t);
    if (this.isPunct('=>')) throw this.unexpected('an operator');
    return { kind: 'Identifier', name: t.text, start: t.start, end: t.end };
  }

  private parseObject(): ObjectLiteral {
    const open = this.advance();
    this.enter(open);
    const properties: (ObjectProperty | SpreadElement)[] = [];
    while (!this.isPunct('}')) {
      properties.push(this.parseProperty());
      if (this.isPunct(',')) {
        this.advance();
        continue;
      }
      if (!this.isPunct('}')) throw this.unexpected("',' or '}' after the property value");
    }
    const close = this.advance();
    this.leave();
    return { kind: 'Object', properties, start: open.start, end: close.end };
  }

  private parseProperty(): ObjectProperty | SpreadElement {
    const t = this.tok;
    if (this.isPunct('...')) return this.parseElement() as SpreadElement;
    let key: string;
    switch (t.kind) {
      case 'identifier':
        key = t.text;
        break;
      case 'string':
        key = t.text;
        break;
      case 'number':
        // A numeric key is named by the number's canonical text, as in JavaScript: {1e3: x} → "1000".
        key = String(t.numberValue);
        break;
      case 'bigint':
        key = String(t.bigintValue);
        break;
      case 'template':
        throw this.error('A template literal cannot be a property name: use quotes', t);
      case 'punct':
        if (t.text === '[')
          throw this.error('Computed property names ([…]: value) are not supported: write the name directly', t);
        throw this.unexpected("a property name or '}'", t);
      default:
        throw this.unexpected("a property name or '}'", t);
    }
    this.advance();
    if (this.isPunct(':')) {
      this.advance();
      const value = this.parseAssignment();
      return { kind: 'Property', key, value, start: t.start, end: value.end };
    }
    if (t.kind === 'identifier' && (this.isPunct(',') || this.isPunct('}'))) {
      // Shorthand `{ a }` means `{ a: a }`.
      if (RESERVED.has(t.text)) throw this.unexpected("':' after the property name");
      const value: Identifier = { kind: 'Identifier', name: t.text, start: t.start, end: t.end };
      return { kind: 'Property', key, value, start: t.start, end: t.end };
    }
    if (this.isPunct('(')) throw this.error('Methods in object literals are not supported', this.tok);
    throw this.unexpected("':' after the property name");
  }

  private parseArray(): ArrayLiteral {
    const open = this.advance();
    this.enter(open);
    const elements: (Expr | SpreadElement)[] = [];
    while (!this.isPunct(']')) {
      if (this.isPunct(','))
        throw this.error('Empty array slots (holes such as [1, , 2]) are not supported: write null or undefined');
      elements.push(this.parseElement());
      if (this.isPunct(',')) {
        this.advance();
        continue;
      }
      if (!this.isPunct(']')) throw this.unexpected("',' or ']' after the array element");
    }
    const close = this.advance();
    this.leave();
    return { kind: 'Array', elements, start: open.start, end: close.end };
  }
}
