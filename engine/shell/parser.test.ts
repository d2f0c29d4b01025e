import { describe, expect, it } from 'vitest';
import type { Expr, Program, Statement } from './ast.js';
import { MAX_NESTING_DEPTH, parseProgram } from './parser.js';
import { isShellSyntaxError, type ShellSyntaxError } from './shell-errors.js';

/** Drops spans so trees can be compared structurally. */
function strip(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(strip);
  if (typeof x === 'bigint') return x;
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === 'start' || k === 'end' || k === 'propertySpan') continue;
      out[k] = strip(v);
    }
    return out;
  }
  return x;
}

function statements(src: string): Statement[] {
  return [...parseProgram(src).statements];
}

function expr(src: string): unknown {
  const [s] = statements(src);
  if (s?.kind !== 'ExpressionStatement') throw new Error(`not an expression: ${src}`);
  return strip(s.expression);
}

function syntaxError(src: string): ShellSyntaxError {
  try {
    parseProgram(src);
  } catch (e) {
    if (isShellSyntaxError(e)) return e;
    throw e;
  }
  throw new Error(`expected a syntax error for ${src.slice(0, 60)}`);
}

const num = (value: number) => ({ kind: 'Number', value });
const str = (value: string) => ({ kind: 'String', value });
const id = (name: string) => ({ kind: 'Identifier', name });
const prop = (key: string, value: unknown) => ({ kind: 'Property', key, value });
const member = (object: unknown, property: unknown) => ({ kind: 'Member', object, property });
const callOf = (callee: unknown, args: unknown[], isNew = false) => ({ kind: 'Call', callee, args, isNew });

describe('statements', () => {
  it('separates statements by newlines and semicolons, skipping empty ones', () => {
    const p = statements('a\nb; c;;\n\n;d');
    expect(p.map((s) => (s.kind === 'ExpressionStatement' ? strip(s.expression) : s.kind))).toEqual([
      id('a'),
      id('b'),
      id('c'),
      id('d'),
    ]);
  });

  it('parses an empty script and a script of comments only', () => {
    expect(statements('')).toEqual([]);
    expect(statements('  // nothing\n/* at all */\n')).toEqual([]);
  });

  it('continues an expression on the next line when the line starts with . ( or [', () => {
    expect(expr('db.c.find()\n  .sort({a: 1})\n  .limit(2)')).toEqual(
      callOf(
        member(
          callOf(member(callOf(member(member(id('db'), 'c'), 'find'), []), 'sort'), [
            { kind: 'Object', properties: [prop('a', num(1))] },
          ]),
          'limit',
        ),
        [num(2)],
      ),
    );
    expect(statements('db.c\n.find()')).toHaveLength(1);
  });

  it('ends a complete expression at a newline (automatic semicolon insertion)', () => {
    expect(statements('db.a.find()\ndb.b.find()')).toHaveLength(2);
    expect(statements('const a = 1\nconst b = 2')).toHaveLength(2);
  });

  it('refuses two expressions on one line without a semicolon', () => {
    const e = syntaxError('db.a.find() db.b.find()');
    expect(e.message).toBe("Unexpected token 'db' — expected ';' or a new line before the next statement");
    expect([e.line, e.column, e.offset]).toEqual([1, 13, 12]);
  });

  it('parses const, let and var bindings, several per statement', () => {
    const [s] = statements('let a = 1, b, c = "x"');
    expect(strip(s)).toEqual({
      kind: 'Declaration',
      declarationKind: 'let',
      declarators: [
        { name: id('a'), init: num(1) },
        { name: id('b'), init: undefined },
        { name: id('c'), init: str('x') },
      ],
    });
    expect(strip(statements('var q = db.c.findOne({})')[0])).toMatchObject({ declarationKind: 'var' });
  });

  it('requires an initializer for const and a non-reserved name', () => {
    expect(syntaxError('const a').message).toBe('Missing initializer in const declaration: write const a = <value>');
    expect(syntaxError('let new = 1').message).toBe("'new' is a reserved word and cannot be used as a variable name");
    expect(syntaxError('let {a} = b').message).toBe(
      'Destructuring is not supported in this shell: bind one name at a time',
    );
  });

  it('parses `use <db>` and `show collections` as shell commands', () => {
    expect(strip(statements('use test')[0])).toEqual({ kind: 'Use', database: 'test' });
    expect(strip(statements('use my-db;')[0])).toEqual({ kind: 'Use', database: 'my-db' });
    expect(strip(statements('use "quoted"')[0])).toEqual({ kind: 'Use', database: 'quoted' });
    expect(strip(statements('show collections')[0])).toEqual({ kind: 'Show', what: 'collections' });
    expect(strip(statements('show tables')[0])).toEqual({ kind: 'Show', what: 'collections' });
    expect(strip(statements('show dbs')[0])).toEqual({ kind: 'Show', what: 'databases' });
    expect(strip(statements('show databases')[0])).toEqual({ kind: 'Show', what: 'databases' });
    expect(syntaxError('show users').message).toBe(
      '"show users" is not supported; "show collections" and "show dbs" are',
    );
    // `use` alone on its line is an ordinary name.
    expect(expr('use')).toEqual(id('use'));
  });

  it('assigns to a name', () => {
    expect(expr('a = 5')).toEqual({ kind: 'Assign', target: id('a'), value: num(5) });
    expect(syntaxError('a.b = 5').message).toBe('Only a variable name can be assigned to: write name = <value>');
  });
});

describe('comments', () => {
  it('skips line and block comments anywhere between tokens', () => {
    expect(expr('db /* a */ . /* b */ c // tail\n')).toEqual(member(id('db'), 'c'));
    expect(expr('[1, // one\n 2 /* two */]')).toEqual({ kind: 'Array', elements: [num(1), num(2)] });
  });

  it('treats a block comment containing a newline as a line break', () => {
    expect(statements('a /*\n*/ b')).toHaveLength(2);
    expect(() => statements('a /* */ b')).toThrow();
  });

  it('reports an unterminated block comment where it starts', () => {
    const e = syntaxError('db.c.find()\n  /* never closed');
    expect(e.message).toBe('Unterminated comment: "/*" has no matching "*/"');
    expect([e.line, e.column]).toEqual([2, 3]);
  });

  it('accepts a #! line at the very start', () => {
    expect(statements('#!/usr/bin/env mongosh\ndb.c.find()')).toHaveLength(1);
  });
});

describe('object and array literals', () => {
  it('accepts unquoted, quoted and numeric keys and trailing commas', () => {
    expect(expr(`({a: 1, "b c": 2, 'd': 3, 4: 5, 1e3: 6, 0x10: 7, 1.5: 8, 10n: 9, $set: 10, _x: 11,})`)).toEqual({
      kind: 'Object',
      properties: [
        prop('a', num(1)),
        prop('b c', num(2)),
        prop('d', num(3)),
        prop('4', num(5)),
        prop('1000', num(6)),
        prop('16', num(7)),
        prop('1.5', num(8)),
        prop('10', num(9)),
        prop('$set', num(10)),
        prop('_x', num(11)),
      ],
    });
  });

  it('keeps __proto__ and constructor as ordinary keys', () => {
    expect(expr('({__proto__: 1, constructor: 2, "__proto__": 3, prototype: 4})')).toEqual({
      kind: 'Object',
      properties: [
        prop('__proto__', num(1)),
        prop('constructor', num(2)),
        prop('__proto__', num(3)),
        prop('prototype', num(4)),
      ],
    });
  });

  it('accepts keyword-like keys (true, null, new, function)', () => {
    expect(expr('({true: 1, null: 2, new: 3, function: 4})')).toMatchObject({
      properties: [prop('true', num(1)), prop('null', num(2)), prop('new', num(3)), prop('function', num(4))],
    });
  });

  it('expands shorthand properties and spreads', () => {
    expect(expr('({a, ...b})')).toEqual({
      kind: 'Object',
      properties: [prop('a', id('a')), { kind: 'Spread', argument: id('b') }],
    });
    expect(expr('[...a, 1]')).toEqual({ kind: 'Array', elements: [{ kind: 'Spread', argument: id('a') }, num(1)] });
  });

  it('parses nested documents and arrays', () => {
    expect(expr('[{a: [1, {b: []}]}, []]')).toEqual({
      kind: 'Array',
      elements: [
        {
          kind: 'Object',
          properties: [
            prop('a', {
              kind: 'Array',
              elements: [num(1), { kind: 'Object', properties: [prop('b', { kind: 'Array', elements: [] })] }],
            }),
          ],
        },
        { kind: 'Array', elements: [] },
      ],
    });
  });

  it('explains malformed literals', () => {
    expect(syntaxError('db.c.insertOne({a: 1 b: 2})').message).toBe(
      "Unexpected token 'b' — expected ',' or '}' after the property value",
    );
    expect(syntaxError('db.c.insertOne({a 1})').message).toBe(
      "Unexpected number 1 — expected ':' after the property name",
    );
    expect(syntaxError('db.c.insertOne({a: })').message).toBe("Unexpected token '}' — expected a value");
    expect(syntaxError('db.c.insertOne({[k]: 1})').message).toBe(
      'Computed property names ([…]: value) are not supported: write the name directly',
    );
    expect(syntaxError('[1,,2]').message).toBe(
      'Empty array slots (holes such as [1, , 2]) are not supported: write null or undefined',
    );
    expect(syntaxError('[1 2]').message).toBe("Unexpected number 2 — expected ',' or ']' after the array element");
    expect(syntaxError('({f() {}})').message).toBe('Methods in object literals are not supported');
    expect(syntaxError('{a: 1}').message).toBe(
      'A statement cannot start with "{": blocks are not supported; to write a document, pass it to a method',
    );
  });

  it('points at the end of input when a literal is not closed', () => {
    const e = syntaxError('db.c.updateOne(\n  {a: 1},\n  {$set: {b: 2}}\n');
    expect(e.message).toBe("Unexpected end of input — expected ',' or ')' in the argument list");
    expect([e.line, e.column]).toEqual([4, 1]);
  });
});

describe('strings', () => {
  it('reads single, double and backtick strings', () => {
    expect(expr(`'a"b'`)).toEqual(str('a"b'));
    expect(expr(`"a'b"`)).toEqual(str("a'b"));
    expect(expr('`multi\nline`')).toEqual(str('multi\nline'));
    expect(expr('`crlf\r\nline`')).toEqual(str('crlf\nline'));
  });

  it('decodes every escape sequence', () => {
    expect(expr(String.raw`"\n\t\r\b\f\v\0\'\"\\\/\a"`)).toEqual(str('\n\t\r\b\f\v\0\'"\\/a'));
    expect(expr(String.raw`"\x41\u0042\u{1F600}\u{43}"`)).toEqual(str('AB\u{1F600}C'));
    expect(expr('"line \\\ncontinued"')).toEqual(str('line continued'));
    expect(expr('"\u00e9\u{1F600}"')).toEqual(str('é\u{1F600}'));
  });

  it('refuses malformed escapes', () => {
    expect(syntaxError(String.raw`"\x4"`).message).toBe(
      'Invalid hexadecimal escape sequence: \\x needs two hex digits',
    );
    expect(syntaxError(String.raw`"\u12"`).message).toBe('Invalid Unicode escape sequence: \\u needs four hex digits');
    expect(syntaxError(String.raw`"\u{110000}"`).message).toBe(
      'Invalid Unicode escape sequence: \\u{…} needs 1 to 6 hex digits up to 10FFFF',
    );
    expect(syntaxError(String.raw`"\01"`).message).toBe('Octal escape sequences are not allowed');
  });

  it('reports unterminated strings at their opening quote', () => {
    const e = syntaxError('db.c.find({a: "abc})');
    expect(e.message).toBe('Unterminated string literal: add the closing quote');
    expect([e.line, e.column]).toEqual([1, 15]);
    const e2 = syntaxError("x = 1\ny = 'abc\nz = 2");
    expect(e2.message).toBe(
      'Unterminated string literal: add the closing quote before the end of the line (use \\n for a newline, or backticks for a multi-line string)',
    );
    expect([e2.line, e2.column]).toEqual([2, 5]);
    expect(syntaxError('`abc').message).toBe('Unterminated template literal: add the closing backtick');
    expect(syntaxError('"abc\\').message).toBe('Unterminated string literal: it ends with a backslash');
  });

  it('refuses template substitutions, which would be code', () => {
    const e = syntaxError('`a ${process.exit()} b`');
    expect(e.message).toBe(
      'Template literal substitutions (${…}) are not supported; build the string with quotes instead',
    );
    expect(e.column).toBe(4);
  });
});

describe('numbers', () => {
  it('reads decimal, fractional and exponent forms', () => {
    expect(expr('[0, 7, 1.5, .5, 5., 1e3, 1E-3, 2.5e+2, 1_000_000]')).toEqual({
      kind: 'Array',
      elements: [num(0), num(7), num(1.5), num(0.5), num(5), num(1000), num(0.001), num(250), num(1000000)],
    });
  });

  it('reads hex, octal and binary integers, and bigints', () => {
    expect(expr('[0xff, 0XFF, 0o17, 0b101]')).toEqual({
      kind: 'Array',
      elements: [num(255), num(255), num(15), num(5)],
    });
    expect(expr('123n')).toEqual({ kind: 'BigInt', value: 123n });
    expect(expr('0x10n')).toEqual({ kind: 'BigInt', value: 16n });
  });

  it('parses negative numbers as unary minus', () => {
    expect(expr('-5')).toEqual({ kind: 'Unary', operator: '-', argument: num(5) });
    expect(expr('- -1')).toEqual({
      kind: 'Unary',
      operator: '-',
      argument: { kind: 'Unary', operator: '-', argument: num(1) },
    });
    expect(expr('[NaN, Infinity, -Infinity]')).toEqual({
      kind: 'Array',
      elements: [
        num(Number.NaN),
        num(Number.POSITIVE_INFINITY),
        { kind: 'Unary', operator: '-', argument: num(Number.POSITIVE_INFINITY) },
      ],
    });
  });

  it('keeps the exact double of long literals', () => {
    expect(expr('9007199254740993')).toEqual(num(9007199254740992));
    expect(expr('1e400')).toEqual(num(Number.POSITIVE_INFINITY));
  });

  it('refuses malformed numbers', () => {
    expect(syntaxError('010').message).toBe('Legacy octal literals such as 010 are not allowed; write 0o10 or 10');
    expect(syntaxError('3in').message).toBe('Invalid number: an identifier starts immediately after a numeric literal');
    expect(syntaxError('1e').message).toBe('Invalid number: the exponent has no digits');
    expect(syntaxError('0x').message).toBe('Invalid number: expected digits after the prefix');
    expect(syntaxError('1'.repeat(1 << 20) + 'n').message).toBe(
      'BigInt literal is too long: an int64 needs at most 64 digits',
    );
    expect(syntaxError('0b' + '1'.repeat(65) + 'n').message).toBe(
      'BigInt literal is too long: an int64 needs at most 64 digits',
    );
  });
});

describe('regular expressions and helpers', () => {
  it('reads regex literals with flags, classes and escaped slashes', () => {
    expect(expr('/ab+c/i')).toEqual({ kind: 'Regex', pattern: 'ab+c', flags: 'i' });
    expect(expr('/a\\/b[/]c/gm')).toEqual({ kind: 'Regex', pattern: 'a\\/b[/]c', flags: 'gm' });
    expect(expr('({name: /^A/})')).toEqual({
      kind: 'Object',
      properties: [prop('name', { kind: 'Regex', pattern: '^A', flags: '' })],
    });
  });

  it('reports an unterminated regex', () => {
    expect(syntaxError('db.c.find({a: /abc})').message).toBe(
      'Unterminated regular expression literal: add the closing "/"',
    );
  });

  it('does not read division (the subset has none)', () => {
    expect(syntaxError('a / 2').message).toBe(
      "The operator '/' is not supported in this shell: write the value directly",
    );
  });

  it('parses helpers with and without new', () => {
    expect(expr('new Date()')).toEqual(callOf(id('Date'), [], true));
    expect(expr('new Date')).toEqual(callOf(id('Date'), [], true));
    expect(expr('ObjectId("5f0000000000000000000000")')).toEqual(
      callOf(id('ObjectId'), [str('5f0000000000000000000000')]),
    );
    expect(expr('new NumberLong("5").toString()')).toEqual(
      callOf(member(callOf(id('NumberLong'), [str('5')], true), 'toString'), []),
    );
  });

  it('parses the shell method forms', () => {
    expect(expr('db.getCollection("a b").updateOne({}, {$set: {x: 1}})')).toEqual(
      callOf(member(callOf(member(id('db'), 'getCollection'), [str('a b')]), 'updateOne'), [
        { kind: 'Object', properties: [] },
        { kind: 'Object', properties: [prop('$set', { kind: 'Object', properties: [prop('x', num(1))] })] },
      ]),
    );
    expect(expr('db.getSiblingDB("x").c.find()')).toEqual(
      callOf(member(member(callOf(member(id('db'), 'getSiblingDB'), [str('x')]), 'c'), 'find'), []),
    );
    expect(expr('db.c.explain("executionStats").update({}, {})')).toMatchObject({ kind: 'Call' });
    expect(expr('db["my coll"].find()')).toEqual(callOf(member(member(id('db'), str('my coll')), 'find'), []));
    expect(expr('db.c?.find')).toEqual(member(member(id('db'), 'c'), 'find'));
  });
});

describe('unsupported JavaScript', () => {
  it.each([
    ['function f() {}', 'Functions are not supported in this shell: only shell methods and BSON helpers can be called'],
    ['x => 1', 'Arrow functions are not supported in this shell: only shell methods and BSON helpers can be called'],
    ['(x) => 1', 'Arrow functions are not supported in this shell: only shell methods and BSON helpers can be called'],
    ['() => 1', 'Empty parentheses are not an expression (arrow functions are not supported)'],
    ['for (;;) {}', 'Loops are not supported in this shell: write one command per statement'],
    ['while (true) {}', 'Loops are not supported in this shell: write one command per statement'],
    ['if (a) b', '"if" statements are not supported in this shell: write one command per statement'],
    ['import fs from "fs"', 'Modules are not supported in this shell'],
    ['this.constructor.constructor("return process")()', '"this" is not available in this shell'],
    ['await db.c.find()', '"await" is not needed: shell methods return their results directly'],
    ['a + b', "The operator '+' is not supported in this shell: write the value directly"],
    ['a === b', "The operator '===' is not supported in this shell: write the value directly"],
    ['a += 1', "The operator '+=' is not supported in this shell"],
    ['a++', "The operator '++' is not supported in this shell"],
    ['a ? b : c', "The operator '?' is not supported in this shell: write the value directly"],
    ['typeof a', '"typeof" is not supported in this shell'],
    ['a, b', 'The comma operator is not supported: write one expression per statement'],
    ['tag`x`', 'Tagged template literals are not supported'],
    ['new new Date()', '"new new" is not supported'],
    ['db.c.find?.()', 'Optional calls and indexing (?.( and ?.[) are not supported'],
    ['class A {}', 'Classes are not supported in this shell'],
    ['@', "Unexpected token '@' — expected a value"],
    ['a\\u0062', 'Unicode escape sequences in names are not supported'],
    ['\u0001', 'Invalid or unexpected character "\\u0001"'],
  ])('%s → clear syntax error', (src, message) => {
    expect(syntaxError(src).message).toBe(message);
  });

  it('parses (and leaves to the interpreter) calls of unknown functions', () => {
    expect(expr("require('fs')")).toEqual(callOf(id('require'), [str('fs')]));
    expect(expr('eval("1")')).toEqual(callOf(id('eval'), [str('1')]));
    expect(expr('db.c.find.constructor("return process")()')).toEqual(
      callOf(callOf(member(member(member(id('db'), 'c'), 'find'), 'constructor'), [str('return process')]), []),
    );
  });
});

describe('positions', () => {
  it('gives 1-based line and column for errors on later lines, counting CRLF and CR as one break', () => {
    const e = syntaxError('db.a.find()\r\ndb.b.find()\rdb.c.find(})');
    expect([e.line, e.column, e.offset, e.endOffset]).toEqual([3, 11, 35, 36]);
    expect(e.message).toBe("Unexpected token '}' — expected a value");
  });

  it('gives statements their spans', () => {
    const p: Program = parseProgram('use x\n  db.c.find( {} ) ; const a = 1');
    expect(p.statements.map((s) => [s.start, s.end])).toEqual([
      [0, 5],
      [8, 23],
      [26, 37],
    ]);
  });

  it('counts columns in UTF-16 code units after astral characters', () => {
    const e = syntaxError('"\u{1F600}" x');
    expect(e.column).toBe(6);
  });
});

describe('hostile input', () => {
  const deep = 10_000;

  it.each([
    ['arrays', '['.repeat(deep) + ']'.repeat(deep)],
    ['documents', '({a: '.repeat(deep) + '1' + '})'.repeat(deep)],
    ['parentheses', '('.repeat(deep) + '1' + ')'.repeat(deep)],
    ['unary minus', '- '.repeat(deep) + '1'],
    ['negation', '!'.repeat(deep) + '1'],
    ['calls', 'ObjectId('.repeat(deep) + ')'.repeat(deep)],
    ['new', 'new Date('.repeat(deep) + ')'.repeat(deep)],
    ['assignments', 'a = '.repeat(deep) + '1'],
    ['indexing', 'a' + '[a'.repeat(deep) + ']'.repeat(deep)],
    ['unclosed arrays', '['.repeat(deep)],
  ])('refuses 10,000-deep %s with a clean error', (_name, src) => {
    const e = syntaxError(src);
    expect(e.message).toMatch(/^Nesting is too deep: more than 200 levels/);
    expect(e.line).toBe(1);
  });

  it('refuses a 10,000-link chain of member accesses and calls', () => {
    expect(syntaxError('db' + '.c'.repeat(deep)).message).toBe(
      'The chain of calls and property accesses is too long (more than 200)',
    );
    expect(syntaxError('db.c.find()' + '.limit(1)'.repeat(deep)).message).toBe(
      'The chain of calls and property accesses is too long (more than 200)',
    );
  });

  it('accepts nesting up to the limit', () => {
    const ok = '['.repeat(MAX_NESTING_DEPTH - 1) + ']'.repeat(MAX_NESTING_DEPTH - 1);
    expect(statements(ok)).toHaveLength(1);
  });

  it('parses megabyte-long literals', () => {
    const mb = 1 << 20;
    expect(expr(`"${'x'.repeat(mb)}"`)).toEqual(str('x'.repeat(mb)));
    expect(expr(`"${'\\n'.repeat(mb / 2)}"`)).toEqual(str('\n'.repeat(mb / 2)));
    expect(expr('`' + 'y'.repeat(mb) + '`')).toEqual(str('y'.repeat(mb)));
    expect(expr('1'.repeat(mb))).toEqual(num(Number.POSITIVE_INFINITY));
    expect(expr('a'.repeat(mb))).toEqual(id('a'.repeat(mb)));
    expect(expr(`/${'z'.repeat(mb)}/`)).toEqual({ kind: 'Regex', pattern: 'z'.repeat(mb), flags: '' });
    expect(statements(`// ${'c'.repeat(mb)}\n/* ${'d'.repeat(mb)} */`)).toEqual([]);
    const wide = `[${'1,'.repeat(mb / 2)}]`;
    expect(
      (parseProgram(wide).statements[0] as unknown as { expression: Expr & { elements: unknown[] } }).expression
        .elements,
    ).toHaveLength(mb / 2);
    const manyKeys = `({${Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}`).join(', ')}})`;
    expect(
      (parseProgram(manyKeys).statements[0] as unknown as { expression: { properties: unknown[] } }).expression
        .properties,
    ).toHaveLength(50_000);
  }, 30_000);

  it('reports an unterminated megabyte string at its start', () => {
    const e = syntaxError('db.c.insertOne({a: "' + 'x'.repeat(1 << 20));
    expect(e.message).toBe('Unterminated string literal: add the closing quote');
    expect(e.column).toBe(20);
  });

  it('parses many statements', () => {
    expect(statements('db.c.find()\n'.repeat(20_000))).toHaveLength(20_000);
  }, 30_000);
});

describe('fuzzing', () => {
  it('either parses or throws a ShellSyntaxError with a valid position, for any input', async () => {
    const fc = (await import('fast-check')).default;
    const alphabet = fc.constantFrom(
      ...'db.c({[]}),;:"\'`/\\*\n -+!=$_01x9eEn.new Date ObjectId use const let\r\t\u2028é😀'.split(''),
    );
    const input = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.array(alphabet, { maxLength: 120 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(input, (src) => {
        try {
          parseProgram(src);
        } catch (e) {
          expect(isShellSyntaxError(e)).toBe(true);
          const err = e as ShellSyntaxError;
          expect(err.line).toBeGreaterThanOrEqual(1);
          expect(err.column).toBeGreaterThanOrEqual(1);
          expect(err.offset).toBeLessThanOrEqual(src.length);
          expect(err.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
