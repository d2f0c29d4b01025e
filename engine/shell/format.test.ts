import { inspect } from 'node:util';
import { Binary, BSONRegExp, Code, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { BSON_UNDEFINED } from '../bson/values.js';
import {
  formatShellOutput,
  formatShellResult,
  formatShellResultEJSON,
  formatTopLevel,
  formatValue,
  quoteString,
  shellResultToDoc,
} from './format.js';
import type { ShellStatementResult } from './interpreter.js';
import type { ShellResult } from './results.js';

const d = (...entries: [string, Value][]): Doc => new Map(entries);
const OID = new ObjectId('65a1b2c3d4e5f6a7b8c9d0e1');

/** Plain JS data → engine value (objects become Maps, numbers stay doubles). */
type Plain = null | boolean | number | string | Plain[] | { [k: string]: Plain };
function toValue(x: Plain): Value {
  if (Array.isArray(x)) return x.map(toValue);
  if (x !== null && typeof x === 'object') return new Map(Object.entries(x).map(([k, v]) => [k, toValue(v)]));
  return x;
}

const mongosh = (x: unknown) => inspect(x, { depth: 6, breakLength: 80, compact: 3 });

describe('layout matches util.inspect (what mongosh prints with)', () => {
  it.each<[string, Plain]>([
    ['small document', { a: 1, b: 'x', c: true, d: null }],
    ['empty document and array', { a: {}, b: [] }],
    [
      'long document breaks over lines',
      { acknowledged: true, insertedId: null, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 },
    ],
    ['nested documents', { a: { b: { c: { d: 1 } } }, e: [1, 2, { f: 'g' }] }],
    ['four levels of nesting', { a: { b: { c: { d: { e: 1 } } } } }],
    ['deeper than inspectDepth', { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } }],
    ['deep arrays', [[[[[[[[1]]]]]]]]],
    ['quoted keys', { 'a.b': 1, $set: { 'x y': 2 }, '': 3, "it's": 4, é: 5 }],
    [
      'strings needing quotes',
      { a: "it's", b: 'say "hi"', c: 'both \' and "', d: 'tab\there', e: 'back\\slash', f: '\u0001\u007f' },
    ],
    ['long array of numbers (grouped)', Array.from({ length: 30 }, (_, i) => i * 7)],
    [
      'long array of strings (grouped)',
      Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i).repeat((i % 5) + 1)),
    ],
    ['array longer than 100 items', Array.from({ length: 130 }, (_, i) => i)],
    [
      'array of documents',
      [
        { _id: 1, name: 'pen' },
        { _id: 2, name: 'pencil', tags: ['a', 'b'] },
      ],
    ],
    [
      'multi-line string',
      { text: 'first line of a long text\nsecond line of a long text\nthird line of a long text\n' },
    ],
    [
      'negative zero and special numbers',
      { a: -0, b: Number.NaN, c: Number.POSITIVE_INFINITY, d: 1e21, e: 1.5e-7, f: -2.5 },
    ],
    [
      'a wide document',
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field${i}`, i % 2 === 0 ? `value number ${i}` : i])),
    ],
  ])('%s', (_name, x) => {
    expect(formatValue(toValue(x))).toBe(mongosh(x));
  });

  it('agrees with util.inspect on random documents', () => {
    const key = fc.oneof(
      fc.constantFrom('a', 'b', '_id', 'name', 'x y', '$set', 'a.b', 'count'),
      fc.string({ maxLength: 6 }).filter((s) => !/^\d+$/.test(s) && s !== '__proto__'),
    );
    const leaf = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double({ noNaN: true }),
      fc.string({ maxLength: 30 }),
      fc.boolean(),
      fc.constant(null),
    );
    const { tree } = fc.letrec<{ tree: Plain }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('tree'), { maxLength: 12 }),
        fc.dictionary(key, tie('tree'), { maxKeys: 8, noNullPrototype: true }),
      ),
    }));
    fc.assert(
      fc.property(tree, (x) => {
        expect(formatValue(toValue(x))).toBe(mongosh(x));
      }),
      { numRuns: 400 },
    );
  });
});

describe('BSON types as mongosh prints them', () => {
  it('prints every type in shell syntax', () => {
    const doc = d(
      ['_id', OID],
      ['i', new Int32(5)],
      ['f', 1.5],
      ['g', 2],
      ['n', Long.fromString('5')],
      ['x', Decimal128.fromString('1.50')],
      ['t', new Date('2024-01-02T03:04:05.006Z')],
      ['ts', new Timestamp({ t: 1700000000, i: 3 })],
    );
    expect(formatValue(doc)).toBe(
      "{\n  _id: ObjectId('65a1b2c3d4e5f6a7b8c9d0e1'),\n  i: 5,\n  f: 1.5,\n  g: 2,\n  n: Long('5'),\n  x: Decimal128('1.50'),\n  t: ISODate('2024-01-02T03:04:05.006Z'),\n  ts: Timestamp({ t: 1700000000, i: 3 })\n}",
    );
  });

  it('prints binaries, UUIDs, regexes, keys, code and undefined', () => {
    expect(formatValue(new Binary(new Uint8Array([1, 2, 3]), 0))).toBe("Binary.createFromBase64('AQID', 0)");
    expect(formatValue(Binary.createFromHexString('123e4567e89b12d3a456426614174000', 4))).toBe(
      "UUID('123e4567-e89b-12d3-a456-426614174000')",
    );
    expect(formatValue(new BSONRegExp('a/b', 'mi'))).toBe('/a\\/b/im');
    expect(formatValue(new BSONRegExp('[/]', ''))).toBe('/[/]/');
    expect(formatValue(new BSONRegExp('a', 'x'))).toBe("BSONRegExp('a', 'x')");
    expect(formatValue(new MinKey())).toBe('MinKey()');
    expect(formatValue(new MaxKey())).toBe('MaxKey()');
    expect(formatValue(new Code('function () {}'))).toBe("Code('function () {}')");
    expect(formatValue(BSON_UNDEFINED)).toBe('undefined');
    expect(formatValue(new Date(Number.NaN))).toBe('Invalid Date');
    expect(formatValue(Long.fromString('-9223372036854775808'))).toBe("Long('-9223372036854775808')");
    expect(formatValue(new Double(5) as unknown as Value)).toBe('Double(5)');
  });

  it('keeps a short document with BSON values on one line', () => {
    expect(formatValue(d(['_id', OID], ['n', Long.fromInt(5)]))).toBe(
      "{ _id: ObjectId('65a1b2c3d4e5f6a7b8c9d0e1'), n: Long('5') }",
    );
  });

  it('quotes strings like util.inspect', () => {
    expect(quoteString('plain')).toBe("'plain'");
    expect(quoteString("it's")).toBe(`"it's"`);
    expect(quoteString(`it's "x"`)).toBe('`it\'s "x"`');
    expect(quoteString('`\'"')).toBe("'`\\'\"'");
    expect(quoteString('\ud800')).toBe("'\\uD800'");
    expect(quoteString('😀')).toBe("'😀'");
  });

  it('prints a bare top-level string without quotes', () => {
    expect(formatTopLevel('shop')).toBe('shop');
    expect(formatTopLevel(5)).toBe('5');
  });
});

const result = (output: ShellStatementResult['output'], warnings: string[] = []): ShellStatementResult => ({
  index: 0,
  range: { startOffset: 0, endOffset: 0, startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
  source: '',
  output,
  warnings,
  messages: warnings.map((text) => ({ kind: 'warning' as const, text })),
});

describe('result objects', () => {
  const update: ShellResult = {
    kind: 'UpdateResult',
    acknowledged: true,
    insertedId: null,
    matchedCount: 1,
    modifiedCount: 1,
    upsertedCount: 0,
  };

  it('prints UpdateResult as mongosh does', () => {
    expect(formatShellOutput({ kind: 'result', result: update })).toBe(
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
    );
  });

  it('prints the upserted id of an UpdateResult as insertedId', () => {
    const r: ShellResult = {
      ...update,
      insertedId: OID,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 1,
      upsertedId: OID,
    };
    expect(formatShellOutput({ kind: 'result', result: r })).toBe(
      "{\n  acknowledged: true,\n  insertedId: ObjectId('65a1b2c3d4e5f6a7b8c9d0e1'),\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}",
    );
  });

  it('prints WriteResult in the legacy form, with the deprecation warning first', () => {
    const r: ShellResult = { kind: 'WriteResult', nMatched: 1, nUpserted: 0, nModified: 1 };
    expect(
      formatShellResult(
        result({ kind: 'result', result: r }, [
          'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.',
        ]),
      ),
    ).toBe(
      'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.\nWriteResult({ nMatched: 1, nUpserted: 0, nModified: 1 })',
    );
    const up: ShellResult = { kind: 'WriteResult', nMatched: 0, nUpserted: 1, nModified: 0, _id: OID };
    expect(formatShellOutput({ kind: 'result', result: up })).toBe(
      "WriteResult({\n  nMatched: 0,\n  nUpserted: 1,\n  nModified: 0,\n  _id: ObjectId('65a1b2c3d4e5f6a7b8c9d0e1')\n})",
    );
    const err: ShellResult = {
      kind: 'WriteResult',
      nMatched: 0,
      nUpserted: 0,
      nModified: 0,
      writeError: d(['code', new Int32(66)], ['errmsg', 'x']),
    };
    expect(formatShellOutput({ kind: 'result', result: err })).toBe(
      "WriteResult({\n  nMatched: 0,\n  nUpserted: 0,\n  nModified: 0,\n  writeError: { code: 66, errmsg: 'x' }\n})",
    );
  });

  it('prints insert, delete and bulk results', () => {
    expect(
      formatShellOutput({ kind: 'result', result: { kind: 'InsertOneResult', acknowledged: true, insertedId: OID } }),
    ).toBe("{\n  acknowledged: true,\n  insertedId: ObjectId('65a1b2c3d4e5f6a7b8c9d0e1')\n}");
    expect(
      formatShellOutput({
        kind: 'result',
        result: {
          kind: 'InsertManyResult',
          acknowledged: true,
          insertedIds: new Map([
            [0, new Int32(1)],
            [1, new Int32(2)],
          ]),
        },
      }),
    ).toBe("{ acknowledged: true, insertedIds: { '0': 1, '1': 2 } }");
    expect(
      formatShellOutput({ kind: 'result', result: { kind: 'DeleteResult', acknowledged: true, deletedCount: 2 } }),
    ).toBe('{ acknowledged: true, deletedCount: 2 }');
    const bulk: ShellResult = {
      kind: 'BulkWriteResult',
      acknowledged: true,
      insertedCount: 1,
      insertedIds: new Map([[0, new Int32(3)]]),
      matchedCount: 1,
      modifiedCount: 1,
      deletedCount: 0,
      upsertedCount: 0,
      upsertedIds: new Map(),
    };
    expect(formatShellOutput({ kind: 'result', result: bulk })).toBe(
      "{\n  acknowledged: true,\n  insertedCount: 1,\n  insertedIds: { '0': 3 },\n  matchedCount: 1,\n  modifiedCount: 1,\n  deletedCount: 0,\n  upsertedCount: 0,\n  upsertedIds: {}\n}",
    );
  });

  it('prints client bulkWrite results with per-operation maps only when present', () => {
    const r: ShellResult = {
      kind: 'ClientBulkWriteResult',
      acknowledged: true,
      insertedCount: 0,
      upsertedCount: 0,
      matchedCount: 1,
      modifiedCount: 1,
      deletedCount: 0,
      updateResults: new Map([[0, { matchedCount: 1, modifiedCount: 1 }]]),
    };
    expect([...shellResultToDoc(r).keys()]).toEqual([
      'acknowledged',
      'insertedCount',
      'upsertedCount',
      'matchedCount',
      'modifiedCount',
      'deletedCount',
      'updateResults',
    ]);
  });

  it('prints cursor documents as an array and an empty cursor as nothing', () => {
    expect(
      formatShellOutput({ kind: 'documents', documents: [d(['_id', new Int32(1)]), d(['_id', new Int32(2)])] }),
    ).toBe('[ { _id: 1 }, { _id: 2 } ]');
    expect(formatShellOutput({ kind: 'documents', documents: [] })).toBe('');
    expect(formatShellOutput({ kind: 'documents', documents: [d(['_id', new Int32(1)])], hasMore: true })).toBe(
      '[ { _id: 1 } ]\nType "it" for more',
    );
  });

  it('prints errors with their header line and the server additional information', () => {
    expect(
      formatShellOutput({
        kind: 'error',
        error: {
          name: 'MongoServerError',
          message: 'Document failed validation',
          code: 121,
          codeName: 'DocumentValidationFailure',
          display: 'MongoServerError[DocumentValidationFailure]: Document failed validation',
          errorResponse: d(['code', new Int32(121)], ['errInfo', d(['failingDocumentId', new Int32(1)])]),
          cause: null,
        },
      }),
    ).toBe(
      'MongoServerError[DocumentValidationFailure]: Document failed validation\nAdditional information: { failingDocumentId: 1 }',
    );
  });

  it('prints a bulk write error with its partial result and write errors', () => {
    const bulkResult: ShellResult = {
      kind: 'BulkWriteResult',
      acknowledged: true,
      insertedCount: 1,
      insertedIds: new Map([[0, new Int32(1)]]),
      matchedCount: 0,
      modifiedCount: 0,
      deletedCount: 0,
      upsertedCount: 0,
      upsertedIds: new Map(),
    };
    expect(
      formatShellOutput({
        kind: 'error',
        error: {
          name: 'MongoBulkWriteError',
          message: 'E11000 dup',
          code: 11000,
          display: 'MongoBulkWriteError: E11000 dup',
          bulkResult,
          writeErrors: [d(['index', new Int32(1)], ['code', new Int32(11000)], ['errmsg', 'E11000 dup'])],
          cause: null,
        },
      }),
    ).toBe(
      "MongoBulkWriteError: E11000 dup\nResult: {\n  acknowledged: true,\n  insertedCount: 1,\n  insertedIds: { '0': 1 },\n  matchedCount: 0,\n  modifiedCount: 0,\n  deletedCount: 0,\n  upsertedCount: 0,\n  upsertedIds: {}\n}\nWrite Errors: [ { index: 1, code: 11000, errmsg: 'E11000 dup' } ]",
    );
  });

  it('prints nothing for a statement with no output and no warnings', () => {
    expect(formatShellResult(result({ kind: 'none' }))).toBe('');
    expect(formatShellResult(result({ kind: 'text', text: 'switched to db x' }))).toBe('switched to db x');
  });
});

describe('relaxed Extended JSON mode', () => {
  it('prints values and results as relaxed EJSON with 2-space indent', () => {
    const value = d(['_id', OID], ['n', new Int32(1)], ['l', Long.fromInt(2)]);
    expect(formatShellResultEJSON(result({ kind: 'value', value }))).toBe(
      stringifyEJSON(value, { relaxed: true, indent: 2 }),
    );
    expect(formatShellResultEJSON(result({ kind: 'value', value }))).toMatch(
      /^\{\n {2}"_id": .*\n {2}"n": 1,\n {2}"l": 2\n\}$/,
    );
    const up: ShellResult = { kind: 'WriteResult', nMatched: 1, nUpserted: 0, nModified: 1 };
    expect(formatShellResultEJSON(result({ kind: 'result', result: up }, ['DeprecationWarning: x']))).toBe(
      'DeprecationWarning: x\n{\n  "nMatched": 1,\n  "nUpserted": 0,\n  "nModified": 1\n}',
    );
  });

  it('keeps messages and errors as text', () => {
    expect(formatShellResultEJSON(result({ kind: 'text', text: 'switched to db x' }))).toBe('switched to db x');
    expect(
      formatShellResultEJSON(
        result({ kind: 'error', error: { name: 'TypeError', message: 'm', display: 'TypeError: m', cause: null } }),
      ),
    ).toBe('TypeError: m');
    expect(formatShellResultEJSON(result({ kind: 'none' }))).toBe('');
  });
});
