import { Binary, BSONRegExp, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../bson/values.js';
import { BSON_UNDEFINED } from '../bson/values.js';
import { EngineError } from '../errors.js';
import { MongoServerError, ShellClientError } from './client-errors.js';
import { ShellInterpreter, type ShellStatementResult } from './interpreter.js';
import type { ShellResult } from './results.js';
import type {
  ShellClientTarget,
  ShellCollectionTarget,
  ShellCursorTarget,
  ShellDatabaseTarget,
  ShellExplainableTarget,
  TargetResult,
} from './targets.js';

// ---- a fake shell API (test-only): records every call, answers with canned results ------------

interface Call {
  readonly on: string;
  readonly method: string;
  readonly args: readonly unknown[];
}

class Recorder {
  readonly calls: Call[] = [];
  /** Thrown by the next call, if set. */
  nextError: unknown = undefined;
  record(on: string, method: string, args: readonly unknown[]): void {
    // Trailing undefineds are "not given"; drop them so assertions stay short.
    const a = [...args];
    while (a.length > 0 && a[a.length - 1] === undefined) a.pop();
    this.calls.push({ on, method, args: a });
    if (this.nextError !== undefined) {
      const e = this.nextError;
      this.nextError = undefined;
      throw e;
    }
  }
}

const updateResult: ShellResult = {
  kind: 'UpdateResult',
  acknowledged: true,
  insertedId: null,
  matchedCount: 1,
  modifiedCount: 1,
  upsertedCount: 0,
};

class FakeCursor implements ShellCursorTarget {
  constructor(
    private readonly rec: Recorder,
    private readonly docs: Doc[],
  ) {}
  sort(s: Doc): ShellCursorTarget {
    this.rec.record('cursor', 'sort', [s]);
    return this;
  }
  limit(n: number): ShellCursorTarget {
    this.rec.record('cursor', 'limit', [n]);
    return this;
  }
  skip(n: number): ShellCursorTarget {
    this.rec.record('cursor', 'skip', [n]);
    return this;
  }
  toArray(): Doc[] {
    this.rec.record('cursor', 'toArray', []);
    return this.docs;
  }
}

class FakeExplainable implements ShellExplainableTarget {
  constructor(
    private readonly rec: Recorder,
    private readonly ns: string,
  ) {}
  update(q: Doc, u: Value, opts?: Doc): TargetResult {
    this.rec.record(`explain ${this.ns}`, 'update', [q, u, opts]);
    return new Map<string, Value>([['ok', 1]]);
  }
}

class FakeCollection implements ShellCollectionTarget {
  constructor(
    private readonly rec: Recorder,
    readonly dbName: string,
    readonly name: string,
  ) {}
  private get ns(): string {
    return `${this.dbName}.${this.name}`;
  }
  update(q: Doc, u: Value, opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'update', [q, u, opts]);
    return { kind: 'WriteResult', nMatched: 1, nUpserted: 0, nModified: 1 };
  }
  updateOne(q: Doc, u: Value, opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'updateOne', [q, u, opts]);
    return updateResult;
  }
  insertOne(d: Doc, opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'insertOne', [d, opts]);
    return { kind: 'InsertOneResult', acknowledged: true, insertedId: d.get('_id') ?? null };
  }
  insertMany(ds: Value[], opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'insertMany', [ds, opts]);
    return { kind: 'InsertManyResult', acknowledged: true, insertedIds: new Map(ds.map((_, i) => [i, new Int32(i)])) };
  }
  find(q?: Doc, proj?: Doc, opts?: Doc): ShellCursorTarget {
    this.rec.record(this.ns, 'find', [q, proj, opts]);
    return new FakeCursor(this.rec, [
      new Map<string, Value>([['_id', new Int32(1)]]),
      new Map<string, Value>([['_id', new Int32(2)]]),
    ]);
  }
  findOne(q?: Doc, proj?: Doc, opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'findOne', [q, proj, opts]);
    return new Map<string, Value>([
      ['_id', new Int32(7)],
      ['tags', ['a', 'b']],
      ['sub', new Map<string, Value>([['x', 2.5]])],
    ]);
  }
  countDocuments(q?: Doc, opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'countDocuments', [q, opts]);
    return 3;
  }
  distinct(field: string, q?: Doc): TargetResult {
    this.rec.record(this.ns, 'distinct', [field, q]);
    return ['x'];
  }
  bulkWrite(ops: readonly Value[], opts?: Doc): TargetResult {
    this.rec.record(this.ns, 'bulkWrite', [ops, opts]);
    return undefined;
  }
  explain(verbosity?: string): ShellExplainableTarget {
    this.rec.record(this.ns, 'explain', [verbosity]);
    return new FakeExplainable(this.rec, this.ns);
  }
}

class FakeDatabase implements ShellDatabaseTarget {
  constructor(
    private readonly rec: Recorder,
    readonly name: string,
  ) {}
  collection(name: string): ShellCollectionTarget {
    return new FakeCollection(this.rec, this.name, name);
  }
  getSiblingDB(name: string): ShellDatabaseTarget {
    return new FakeDatabase(this.rec, name);
  }
  runCommand(cmd: Doc): TargetResult {
    this.rec.record(this.name, 'runCommand', [cmd]);
    return new Map<string, Value>([['ok', 1]]);
  }
  adminCommand(cmd: Doc): TargetResult {
    this.rec.record(this.name, 'adminCommand', [cmd]);
    return new Map<string, Value>([['ok', 1]]);
  }
  createCollection(name: string, options?: Doc): TargetResult {
    this.rec.record(this.name, 'createCollection', [name, options]);
    return new Map<string, Value>([['ok', 1]]);
  }
  dropDatabase(): TargetResult {
    this.rec.record(this.name, 'dropDatabase', []);
    return new Map<string, Value>([['ok', 1]]);
  }
  getCollectionNames(): string[] {
    return ['a', 'b'];
  }
}

class FakeClient implements ShellClientTarget {
  readonly rec = new Recorder();
  db(name: string): ShellDatabaseTarget {
    return new FakeDatabase(this.rec, name);
  }
  bulkWrite(models: readonly Value[], options?: Doc): TargetResult {
    this.rec.record('client', 'bulkWrite', [models, options]);
    return {
      kind: 'ClientBulkWriteResult',
      acknowledged: true,
      insertedCount: 1,
      upsertedCount: 0,
      matchedCount: 0,
      modifiedCount: 0,
      deletedCount: 0,
    };
  }
  startSession(options?: Doc) {
    this.rec.record('client', 'startSession', [options]);
    const rec = this.rec;
    return {
      getDatabase: (name: string): ShellDatabaseTarget => new FakeDatabase(rec, `${name}~session`),
      startTransaction: (o?: Doc): void => rec.record('session', 'startTransaction', [o]),
      commitTransaction: (): TargetResult => {
        rec.record('session', 'commitTransaction', []);
        return d(['ok', 1]);
      },
    };
  }
  listDatabases(): Doc[] {
    return [d(['name', 'admin'], ['sizeOnDisk', 40960]), d(['name', 'test'], ['sizeOnDisk', 2.5 * 1024 * 1024])];
  }
}

const NOW = new Date('2026-01-02T03:04:05.678Z');
const OID = new ObjectId('65a1b2c3d4e5f6a7b8c9d0e1');

function setup(options: { continueOnError?: boolean } = {}) {
  const client = new FakeClient();
  const shell = new ShellInterpreter(client, { now: () => NOW, newObjectId: () => OID, ...options });
  return { client, shell, calls: client.rec.calls };
}

function run(src: string, options: { continueOnError?: boolean } = {}) {
  const s = setup(options);
  return { ...s, results: s.shell.run(src) };
}

const d = (...entries: [string, Value][]): Doc => new Map(entries);
const i32 = (n: number) => new Int32(n);

/** The value a single-expression script evaluates to. */
function valueOf(src: string): Value | undefined {
  const { results } = run(src);
  const [r] = results;
  if (r === undefined) throw new Error('no result');
  if (r.output.kind === 'error') throw new Error(r.output.error.display);
  if (r.output.kind === 'none') return undefined;
  if (r.output.kind !== 'value') throw new Error(`not a value: ${r.output.kind}`);
  return r.output.value;
}

/** The argument a script passed to the first recorded call. */
function sentArgs(src: string): readonly unknown[] {
  const { results, calls } = run(src);
  const err = results.find((r) => r.output.kind === 'error');
  if (err !== undefined && err.output.kind === 'error') throw new Error(err.output.error.display);
  return calls[0]?.args ?? [];
}

function errorOf(src: string): string {
  const { results } = run(src);
  const last = results[results.length - 1] as ShellStatementResult;
  if (last.output.kind !== 'error') throw new Error(`no error for ${src}`);
  return last.output.error.display;
}

// ---- tests --------------------------------------------------------------------------------------

describe('numbers as mongosh sends them', () => {
  it('sends integral literals that fit int32 as Int32 and everything else as double', () => {
    const [doc] = sentArgs(
      'db.c.insertOne({a: 1, b: -5, c: 2147483647, d: -2147483648, e: 2147483648, f: -2147483649, g: 1.5, h: 1e3, i: 1.0, j: -0, k: 1e21, l: NaN, m: Infinity})',
    );
    expect(doc).toEqual(
      d(
        ['a', i32(1)],
        ['b', i32(-5)],
        ['c', i32(2147483647)],
        ['d', i32(-2147483648)],
        ['e', 2147483648],
        ['f', -2147483649],
        ['g', 1.5],
        ['h', i32(1000)],
        ['i', i32(1)],
        ['j', -0],
        ['k', 1e21],
        ['l', Number.NaN],
        ['m', Number.POSITIVE_INFINITY],
      ),
    );
    const j = (doc as Doc).get('j');
    expect(Object.is(j, -0)).toBe(true);
  });

  it('converts nested documents and arrays, and bigint literals to Long', () => {
    const [doc] = sentArgs('db.c.insertOne({a: {b: [1, 2.5, {c: 3}]}, big: 5n})');
    expect(doc).toEqual(d(['a', d(['b', [i32(1), 2.5, d(['c', i32(3)])]])], ['big', Long.fromInt(5)]));
    expect(valueOf('-9223372036854775808n')).toEqual(Long.fromString('-9223372036854775808'));
    expect(errorOf('9223372036854775808n')).toBe('RangeError: The BigInt 9223372036854775808 does not fit in an int64');
  });

  it('keeps Double() as a double and NumberInt/NumberLong/NumberDecimal as their types', () => {
    const [doc] = sentArgs(
      'db.c.insertOne({a: Double(5), b: NumberInt("7"), c: NumberInt(3.9), d: NumberLong("9223372036854775807"), e: NumberDecimal("1.10"), f: new NumberLong(5), g: Int32(4), h: Long("12"), i: Decimal128("-0")})',
    );
    expect(doc).toEqual(
      d(
        ['a', 5],
        ['b', i32(7)],
        ['c', i32(3)],
        ['d', Long.fromString('9223372036854775807')],
        ['e', Decimal128.fromString('1.10')],
        ['f', Long.fromInt(5)],
        ['g', i32(4)],
        ['h', Long.fromInt(12)],
        ['i', Decimal128.fromString('-0')],
      ),
    );
  });

  it('warns when NumberLong or NumberDecimal get a number, as mongosh does', () => {
    const { results } = run('db.c.insertOne({a: NumberLong(5), b: NumberDecimal(1.5)})');
    expect(results[0]?.warnings).toEqual([
      'Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead',
      'Warning: NumberDecimal: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead',
    ]);
  });

  it('negates with unary minus as JavaScript does', () => {
    const [doc] = sentArgs('db.c.insertOne({a: -1, b: - -2, c: -2.5, d: +"3", e: !0, f: !1, g: -NumberInt(4)})');
    expect(doc).toEqual(
      d(['a', i32(-1)], ['b', i32(2)], ['c', -2.5], ['d', i32(3)], ['e', true], ['f', false], ['g', i32(-4)]),
    );
  });
});

describe('literals and BSON helpers', () => {
  it('builds documents as Maps, keeping key order and dangerous names as data', () => {
    const v = valueOf('({b: 1, a: 2, 10: 3, 2: 4, __proto__: 5, constructor: 6, "a.b": 7, $set: 8})');
    expect([...(v as Doc).keys()]).toEqual(['b', 'a', '10', '2', '__proto__', 'constructor', 'a.b', '$set']);
    expect(Object.getPrototypeOf(v)).toBe(Map.prototype);
  });

  it('lets a later duplicate key win at the first position, as JavaScript does', () => {
    expect(valueOf('({a: 1, b: 2, a: 3})')).toEqual(d(['a', 3], ['b', 2]));
  });

  it('sends undefined inside documents as null and treats an undefined argument as omitted', () => {
    const args = sentArgs('db.c.find(undefined, {a: undefined, b: [undefined]})');
    expect(args).toEqual([undefined, d(['a', null], ['b', [null]])]);
  });

  it('prints strings, booleans, null and undefined', () => {
    expect(valueOf('"hi"')).toBe('hi');
    expect(valueOf('true')).toBe(true);
    expect(valueOf('null')).toBe(null);
    expect(valueOf('undefined')).toBe(undefined);
  });

  it('makes ObjectIds', () => {
    expect(valueOf('ObjectId()')).toEqual(OID);
    expect(valueOf('new ObjectId("5f0000000000000000000000")')).toEqual(new ObjectId('5f0000000000000000000000'));
    expect(errorOf('ObjectId("xyz")')).toBe(
      'BSONError: input must be a 24 character hex string, 12 byte Uint8Array, or an integer',
    );
  });

  it('makes dates with ISODate, new Date and Date', () => {
    expect(valueOf('ISODate("2024-01-02T03:04:05.006Z")')).toEqual(new Date('2024-01-02T03:04:05.006Z'));
    expect(valueOf('ISODate("2024-01-02")')).toEqual(new Date('2024-01-02T00:00:00.000Z'));
    expect(valueOf('ISODate("20240102T030405Z")')).toEqual(new Date('2024-01-02T03:04:05.000Z'));
    expect(valueOf('ISODate("2024-01-02T03:04:05")')).toEqual(new Date('2024-01-02T03:04:05.000Z'));
    expect(valueOf('ISODate("2024-01-02T03:04:05+02:00")')).toEqual(new Date('2024-01-02T01:04:05.000Z'));
    expect(valueOf('ISODate("2024-01-02 03:04:05.1234")')).toEqual(new Date('2024-01-02T03:04:05.123Z'));
    expect(valueOf('ISODate()')).toEqual(NOW);
    expect(valueOf('new Date()')).toEqual(NOW);
    expect(valueOf('new Date(0)')).toEqual(new Date(0));
    expect(valueOf('new Date("2020-05-06T07:08:09Z")')).toEqual(new Date('2020-05-06T07:08:09Z'));
    expect(valueOf('Date()')).toBe(NOW.toString());
    expect(errorOf('ISODate("yesterday")')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] "yesterday" is not a valid ISODate',
    );
    expect(errorOf('new Date("nope")')).toBe(
      'RangeError: Invalid time value: the arguments of new Date(…) do not name a valid date',
    );
  });

  it('makes timestamps, binaries, UUIDs and keys', () => {
    expect(valueOf('Timestamp(5, 2)')).toEqual(new Timestamp({ t: 5, i: 2 }));
    expect(valueOf('Timestamp({t: 5, i: 2})')).toEqual(new Timestamp({ t: 5, i: 2 }));
    expect(valueOf('new Timestamp()')).toEqual(new Timestamp({ t: 0, i: 0 }));
    expect(valueOf('BinData(0, "AQID")')).toEqual(new Binary(new Uint8Array([1, 2, 3]), 0));
    expect(valueOf('HexData(5, "0a0b")')).toEqual(new Binary(new Uint8Array([10, 11]), 5));
    const u = valueOf('UUID("123e4567-e89b-12d3-a456-426614174000")') as Binary;
    expect(u.sub_type).toBe(4);
    expect(u.toString('hex')).toBe('123e4567e89b12d3a456426614174000');
    expect((valueOf('UUID()') as Binary).sub_type).toBe(4);
    expect(valueOf('MinKey()')).toEqual(new MinKey());
    expect(valueOf('new MaxKey()')).toEqual(new MaxKey());
    expect(errorOf('BinData(0, "not base64!")')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Invalid base64 string (BinData)',
    );
    expect(errorOf('Timestamp(-1, 0)')).toBe(
      'BSONError: Timestamp constructed from { t, i } must provide a positive t',
    );
  });

  it('maps regex literals to BSON regexes as the driver serializes them', () => {
    expect(valueOf('/ab+c/i')).toEqual(new BSONRegExp('ab+c', 'i'));
    expect(valueOf('/a/gmi')).toEqual(new BSONRegExp('a', 'ims'));
    expect(valueOf('/a/suy')).toEqual(new BSONRegExp('a', ''));
    expect(valueOf('RegExp("^x", "m")')).toEqual(new BSONRegExp('^x', 'm'));
    expect(errorOf('/(/')).toMatch(/^SyntaxError: Invalid regular expression/);
  });

  it('checks helper argument types', () => {
    expect(errorOf('NumberLong({})')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type string or number or Long or Int32, got object instead (NumberLong)',
    );
    expect(errorOf('NumberDecimal(true)')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type string or number or Long or Int32 or Decimal128, got boolean instead (NumberDecimal)',
    );
    expect(errorOf('Timestamp("x")')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type number or object, got string instead (Timestamp)',
    );
    expect(errorOf('ObjectId(true)')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type string or number or object, got boolean instead (ObjectId)',
    );
    expect(errorOf('NumberDecimal("abc")')).toBe('BSONError: abc not a valid Decimal128 string');
    expect(errorOf('Decimal128(1.5)')).toBe('BSONError: Decimal128 must take a Buffer or string');
  });

  it('follows bson constructor semantics for Int32, Long and Double, and mongosh helper semantics otherwise', () => {
    expect(valueOf('Int32("1e3")')).toEqual(i32(1000));
    expect(valueOf('NumberInt("1e3")')).toEqual(i32(1));
    expect(valueOf('NumberInt(NumberLong("12"))')).toEqual(i32(12));
    expect(valueOf('Long(5)')).toEqual(Long.fromInt(5));
    expect(valueOf('Long(1, 1)')).toEqual(Long.fromString('4294967297'));
    expect(valueOf('Long("-7")')).toEqual(Long.fromInt(-7));
    expect(valueOf('Double("2.5")')).toBe(2.5);
    expect(valueOf('ISODate(0)')).toEqual(new Date(0));
    expect(valueOf('NumberDecimal(NumberInt(5))')).toEqual(Decimal128.fromString('5'));
    expect(run('NumberDecimal(NumberInt(5))\nNumberLong(NumberInt(5))').results.map((r) => r.warnings)).toEqual([
      [],
      [],
    ]);
    expect((valueOf('ObjectId(0)') as ObjectId).getTimestamp()).toEqual(new Date(0));
  });

  it('spreads documents and arrays', () => {
    const { results } = run('const a = {x: 1, y: 2};\n({...a, y: 3, z: 4})');
    expect(results[1]?.output).toEqual({ kind: 'value', value: d(['x', 1], ['y', 3], ['z', 4]) });
    const r2 = run('const a = [1, 2];\n[0, ...a]').results;
    expect(r2[1]?.output).toEqual({ kind: 'value', value: [0, 1, 2] });
    // Without the semicolon, JavaScript reads the next line's "(" as a call, and so do we.
    expect(errorOf('const a = {x: 1}\n({...a})')).toBe('TypeError: {x:1} is not a function');
  });
});

describe('bindings', () => {
  it('reuses const/let/var bindings by name, including method results', () => {
    const { calls } = run(
      'const q = {_id: 1}\nlet u = {$set: {a: 1}}\nvar o = {upsert: true}\ndb.c.updateOne(q, u, o)',
    );
    expect(calls).toEqual([
      {
        on: 'test.c',
        method: 'updateOne',
        args: [d(['_id', i32(1)]), d(['$set', d(['a', i32(1)])]), d(['upsert', true])],
      },
    ]);
  });

  it('binds a findOne result and reads its fields', () => {
    const { results, calls } = run(
      'const doc = db.c.findOne({})\ndb.c.updateOne({_id: doc._id}, {$set: {t: doc.tags[1], n: doc.tags.length, x: doc.sub.x, m: doc.missing}})',
    );
    expect(results.map((r) => r.output.kind)).toEqual(['none', 'result']);
    expect(calls[1]?.args).toEqual([
      d(['_id', i32(7)]),
      d(['$set', d(['t', 'b'], ['n', i32(2)], ['x', 2.5], ['m', null])]),
    ]);
  });

  it('reads fields of result objects', () => {
    const { results } = run('const r = db.c.insertOne({_id: 5})\nr.insertedId\nr.acknowledged\nr.kind');
    expect(results.slice(1).map((r) => r.output)).toEqual([
      { kind: 'value', value: i32(5) },
      { kind: 'value', value: true },
      { kind: 'none' },
    ]);
  });

  it('reassigns let and var, refuses to reassign const or redeclare', () => {
    expect(run('let a = 1\na = 2\na').results[2]?.output).toEqual({ kind: 'value', value: 2 });
    expect(errorOf('const a = 1\na = 2')).toBe('TypeError: Assignment to constant variable.');
    expect(errorOf('let a = 1\nlet a = 2')).toBe("SyntaxError: Identifier 'a' has already been declared");
    expect(run('var a = 1\nvar a = 2\na').results[2]?.output).toEqual({ kind: 'value', value: 2 });
  });

  it('reports unknown names as ReferenceError without running anything', () => {
    expect(errorOf('foo')).toBe('ReferenceError: foo is not defined');
    expect(errorOf("require('fs')")).toBe('ReferenceError: require is not defined');
    expect(errorOf('eval("1")')).toBe('ReferenceError: eval is not defined');
    expect(errorOf('process.exit(1)')).toBe('ReferenceError: process is not defined');
    expect(errorOf('globalThis.process')).toBe('ReferenceError: globalThis is not defined');
  });

  it('lets bindings shadow db and helpers', () => {
    expect(run('const db = 5\ndb').results[1]?.output).toEqual({ kind: 'value', value: 5 });
  });
});

describe('shell methods', () => {
  it('dispatches db.<coll>.<method> with engine values', () => {
    const { calls, results } = run('db.users.updateOne({_id: 1}, {$set: {a: "x"}}, {upsert: true})');
    expect(calls).toEqual([
      {
        on: 'test.users',
        method: 'updateOne',
        args: [d(['_id', i32(1)]), d(['$set', d(['a', 'x'])]), d(['upsert', true])],
      },
    ]);
    expect(results[0]?.output).toEqual({ kind: 'result', result: updateResult });
  });

  it('passes pipeline updates through', () => {
    expect(sentArgs('db.c.updateOne({}, [{$set: {a: 1}}])')).toEqual([d(), [d(['$set', d(['a', i32(1)])])]]);
  });

  it('reaches collections through getCollection, brackets, dotted names and getSiblingDB', () => {
    const { calls } = run(
      'db.getCollection("my coll").findOne()\ndb["x y"].findOne()\ndb.a.b.findOne()\ndb.getSiblingDB("other").c.findOne()\ndb.getSiblingDB("o2").getCollection("z").findOne()',
    );
    expect(calls.map((c) => c.on)).toEqual(['test.my coll', 'test.x y', 'test.a.b', 'other.c', 'o2.z']);
  });

  it('answers db.constructor, db._x and db.__proto__ with undefined, never with JavaScript internals', () => {
    const { calls, results } = run(
      'db.constructor.findOne()\ndb.__proto__.findOne()\ndb._private.findOne()\ndb.c.toString.findOne()\ndb["a$b"]',
      { continueOnError: true },
    );
    expect(calls).toEqual([]);
    expect(results.map((r) => (r.output.kind === 'error' ? r.output.error.display : r.output.kind))).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'findOne')",
      "TypeError: Cannot read properties of undefined (reading 'findOne')",
      "TypeError: Cannot read properties of undefined (reading 'findOne')",
      "TypeError: Cannot read properties of undefined (reading 'findOne')",
      'none',
    ]);
    // getCollection reaches any name.
    expect(
      run('db.getCollection("constructor").findOne()\ndb.getCollection("_x").findOne()').calls.map((c) => c.on),
    ).toEqual(['test.constructor', 'test._x']);
  });

  it('refuses calls of anything that is not a shell method or helper', () => {
    expect(errorOf('db.c.frobnicate()')).toBe('TypeError: db.c.frobnicate is not a function');
    expect(errorOf('db.c.find.constructor("return process")()')).toBe(
      'TypeError: db.c.find.constructor is not a function',
    );
    expect(errorOf('db.constructor("x")')).toBe('TypeError: db.constructor is not a function');
    expect(errorOf('db.c.__proto__.constructor("x")')).toBe(
      "TypeError: Cannot read properties of undefined (reading 'constructor')",
    );
    expect(errorOf('const o = {}\no.constructor("x")')).toBe('TypeError: o.constructor is not a function');
    expect(errorOf('const o = {}\no.__proto__.x')).toBe("TypeError: Cannot read properties of undefined (reading 'x')");
    expect(run('ObjectId.constructor').results[0]?.output).toEqual({ kind: 'none' });
    expect(errorOf('"abc".constructor("x")')).toBe('TypeError: "abc".constructor is not a function');
    expect(errorOf('(5)()')).toBe('TypeError: 5 is not a function');
    expect(errorOf('new db.c.find()')).toBe('TypeError: db.c.find is not a constructor');
    expect(errorOf('db.c.deleteOne({})')).toBe('TypeError: db.c.deleteOne is not a function');
  });

  it('chains cursor methods and prints the documents of a cursor', () => {
    const { calls, results } = run('db.c.find({a: 1}).sort({_id: -1}).skip(1).limit(NumberInt(2))');
    expect(calls).toEqual([
      { on: 'test.c', method: 'find', args: [d(['a', i32(1)])] },
      { on: 'cursor', method: 'sort', args: [d(['_id', i32(-1)])] },
      { on: 'cursor', method: 'skip', args: [1] },
      { on: 'cursor', method: 'limit', args: [2] },
      { on: 'cursor', method: 'toArray', args: [] },
    ]);
    expect(results[0]?.output).toEqual({ kind: 'documents', documents: [d(['_id', i32(1)]), d(['_id', i32(2)])] });
  });

  it('returns toArray() as an array value', () => {
    expect(valueOf('db.c.find().toArray()')).toEqual([d(['_id', i32(1)]), d(['_id', i32(2)])]);
  });

  it('runs explain(verbosity).update(...)', () => {
    const { calls, results } = run('db.c.explain("executionStats").update({a: 1}, {$set: {b: 1}}, {multi: true})');
    expect(calls).toEqual([
      { on: 'test.c', method: 'explain', args: ['executionStats'] },
      {
        on: 'explain test.c',
        method: 'update',
        args: [d(['a', i32(1)]), d(['$set', d(['b', i32(1)])]), d(['multi', true])],
      },
    ]);
    expect(results[0]?.output).toEqual({ kind: 'value', value: d(['ok', 1]) });
    expect(run('db.c.explain(true)').calls[0]?.args).toEqual(['allPlansExecution']);
  });

  it('warns about the legacy update, as mongosh does', () => {
    const { results } = run('db.c.update({}, {$set: {a: 1}})');
    expect(results[0]?.warnings).toEqual([
      'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.',
    ]);
    expect(results[0]?.output).toEqual({
      kind: 'result',
      result: { kind: 'WriteResult', nMatched: 1, nUpserted: 0, nModified: 1 },
    });
    // Like mongosh, each deprecation warning is printed once per session.
    const again = run('db.c.update({}, {$set: {a: 1}})\ndb.c.update({}, {$set: {a: 2}})').results;
    expect(again.map((r) => r.warnings.length)).toEqual([1, 0]);
  });

  it('runs database commands, with the string shorthand', () => {
    const { calls } = run(
      'db.runCommand({ping: 1})\ndb.adminCommand("ping")\ndb.createCollection("v", {validator: {a: {$type: "int"}}})\ndb.dropDatabase()',
    );
    expect(calls).toEqual([
      { on: 'test', method: 'runCommand', args: [d(['ping', i32(1)])] },
      { on: 'test', method: 'adminCommand', args: [d(['ping', i32(1)])] },
      { on: 'test', method: 'createCollection', args: ['v', d(['validator', d(['a', d(['$type', 'int'])])])] },
      { on: 'test', method: 'dropDatabase', args: [] },
    ]);
  });

  it('switches databases with use and lists collections with show', () => {
    const { results, calls } = run('use shop\ndb.c.findOne()\nuse shop\ndb\nshow collections\ndb.getName()');
    expect(results.map((r) => r.output)).toEqual([
      { kind: 'text', text: 'switched to db shop' },
      expect.objectContaining({ kind: 'value' }),
      { kind: 'text', text: 'already on db shop' },
      { kind: 'text', text: 'shop' },
      { kind: 'text', text: 'a\nb' },
      { kind: 'value', value: 'shop' },
    ]);
    expect(calls[0]?.on).toBe('shop.c');
    expect(errorOf('use a.b')).toBe('MongoshInvalidInputError: [COMMON-10001] Invalid database name: a.b');
  });

  it('prints shell objects by name', () => {
    const { results } = run('db.c\ndb.c.find\ndb.getSiblingDB("x")');
    expect(results.map((r) => r.output)).toEqual([
      { kind: 'text', text: 'test.c' },
      { kind: 'text', text: '[Function: find]' },
      { kind: 'text', text: 'x' },
    ]);
  });

  it('checks argument types as mongosh does', () => {
    expect(errorOf('db.c.updateOne()')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Missing required argument at position 0 (Collection.updateOne)',
    );
    expect(errorOf('db.c.updateOne({})')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Missing required argument at position 1 (Collection.updateOne)',
    );
    expect(errorOf('db.c.updateOne(5, {})')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type object, got number instead (Collection.updateOne)',
    );
    expect(errorOf('db.c.insertMany({})')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type array, got object instead (Collection.insertMany)',
    );
    expect(errorOf('db.c.find().limit("x")')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type number, got string instead (Cursor.limit)',
    );
    expect(errorOf('db.getCollection(5)')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type string, got number instead (Database.getCollection)',
    );
    expect(errorOf('db.c.insertOne({c: db.c})')).toBe(
      'TypeError: the collection test.c cannot be stored in a document or an array',
    );
  });
});

describe('errors', () => {
  it('prints server errors as MongoServerError[CodeName]: message', () => {
    const { shell, client } = setup();
    client.rec.nextError = new EngineError(
      66,
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
    const [r] = shell.run('db.c.updateOne({}, {$set: {_id: 2}})');
    expect(r?.output).toMatchObject({
      kind: 'error',
      error: {
        name: 'MongoServerError',
        code: 66,
        codeName: 'ImmutableField',
        display:
          "MongoServerError[ImmutableField]: Performing an update on the path '_id' would modify the immutable field '_id'",
      },
    });
  });

  it('prints the API errors with their own names', () => {
    const { shell, client } = setup();
    client.rec.nextError = new MongoServerError(
      d(
        ['ok', 0],
        ['errmsg', 'Cannot increment with non-numeric argument: {a: "x"}'],
        ['code', i32(14)],
        ['codeName', 'TypeMismatch'],
      ),
    );
    expect(shell.run('db.c.updateOne({}, {$inc: {a: "x"}})')[0]?.output).toMatchObject({
      error: {
        name: 'MongoServerError',
        code: 14,
        codeName: 'TypeMismatch',
        display: 'MongoServerError[TypeMismatch]: Cannot increment with non-numeric argument: {a: "x"}',
      },
    });
    client.rec.nextError = new ShellClientError('Update document requires atomic operators');
    expect(shell.run('db.c.updateOne({}, {a: 1})')[0]?.output).toMatchObject({
      error: {
        name: 'MongoInvalidArgumentError',
        display: 'MongoInvalidArgumentError: Update document requires atomic operators',
      },
    });
  });

  it('stops at the first error like mongosh file.js, or continues when asked', () => {
    const src = 'db.c.findOne()\nnope\ndb.c.findOne()';
    expect(run(src).results.map((r) => r.output.kind)).toEqual(['value', 'error']);
    expect(run(src, { continueOnError: true }).results.map((r) => r.output.kind)).toEqual(['value', 'error', 'value']);
  });

  it('runs nothing when the script has a syntax error, and says where', () => {
    const { results, calls } = run('db.c.insertOne({a: 1})\ndb.c.insertOne({a: })');
    expect(calls).toEqual([]);
    expect(results).toHaveLength(1);
    expect(results[0]?.output).toMatchObject({
      kind: 'error',
      error: {
        name: 'SyntaxError',
        line: 2,
        column: 20,
        display: "SyntaxError: Unexpected token '}' — expected a value (2:20)",
      },
    });
    expect(results[0]?.range).toEqual({
      startOffset: 42,
      endOffset: 43,
      startLine: 2,
      startColumn: 20,
      endLine: 2,
      endColumn: 21,
    });
  });

  it('gives every statement its source range and text', () => {
    const { results } = run('const a = 1\n  db.c.findOne(\n  {}\n)  ; db.c.findOne()');
    expect(
      results.map((r) => [r.range.startLine, r.range.startColumn, r.range.endLine, r.range.endColumn, r.source]),
    ).toEqual([
      [1, 1, 1, 12, 'const a = 1'],
      [2, 3, 4, 2, 'db.c.findOne(\n  {}\n)'],
      [4, 6, 4, 20, 'db.c.findOne()'],
    ]);
  });
});

describe('session state', () => {
  it('keeps bindings and the current database across runs', () => {
    const { shell, calls } = setup();
    shell.run('use other\nconst q = {a: 1}');
    shell.run('db.c.findOne(q)');
    expect(calls).toEqual([{ on: 'other.c', method: 'findOne', args: [d(['a', i32(1)])] }]);
    expect(shell.databaseName).toBe('other');
  });

  it('prints undefined values as nothing and keeps BSON undefined distinct', () => {
    expect(run('undefined').results[0]?.output).toEqual({ kind: 'none' });
    expect(BSON_UNDEFINED).toBeDefined();
  });

  it('exposes a few value methods', () => {
    expect(valueOf('ObjectId("65a1b2c3d4e5f6a7b8c9d0e1").toString()')).toBe('65a1b2c3d4e5f6a7b8c9d0e1');
    expect(valueOf('ObjectId("65a1b2c3d4e5f6a7b8c9d0e1").getTimestamp()')).toEqual(new Date(0x65a1b2c3 * 1000));
    expect(valueOf('ISODate("2024-01-01").toISOString()')).toBe('2024-01-01T00:00:00.000Z');
    expect(valueOf('NumberLong("5").toString()')).toBe('5');
    expect(valueOf('Double(2).valueOf()')).toBe(2);
    expect(valueOf('new Double(2)')).toBe(2);
    expect(new Double(1)).toBeDefined();
  });
});

describe('hostile scripts', () => {
  it('refuses values that grow exponentially through shared bindings, without hanging', () => {
    const lines = ['const a0 = [1, 2]', ...Array.from({ length: 40 }, (_, i) => `const a${i + 1} = [a${i}, a${i}]`)];
    const { results, calls } = run([...lines, 'db.c.insertOne({x: a40})'].join('\n'));
    expect(calls).toEqual([]);
    expect(results[results.length - 1]?.output).toMatchObject({
      kind: 'error',
      error: {
        display:
          'RangeError: Argument at position 0 (Collection.insertOne): the value is too large (more than 2000000 nested values)',
      },
    });
    expect(errorOf([...lines, 'a40'].join('\n'))).toBe(
      'RangeError: The result: the value is too large (more than 2000000 nested values)',
    );
  });

  it('refuses values nested deeper than 200 levels built through bindings', () => {
    const lines = ['const a0 = 1', ...Array.from({ length: 300 }, (_, i) => `const a${i + 1} = [a${i}]`)];
    expect(errorOf([...lines, 'db.c.insertOne({x: a300})'].join('\n'))).toBe(
      'RangeError: Argument at position 0 (Collection.insertOne): the value is nested too deeply (more than 200 levels)',
    );
    expect(errorOf([...lines, 'a300'].join('\n'))).toBe(
      'RangeError: The result: the value is nested too deeply (more than 200 levels)',
    );
  });

  it('refuses arrays doubled by spreads beyond the size limit', () => {
    const src = ['let a = [1]', ...Array.from({ length: 25 }, () => 'a = [...a, ...a]')].join('\n');
    expect(errorOf(src)).toBe('RangeError: The array is too large (more than 2000000 elements)');
  });

  it('never pollutes Object.prototype', () => {
    const { calls } = run(
      'db.c.insertOne({__proto__: {polluted: 1}, constructor: {prototype: {polluted: 2}}})\nconst __proto__ = {polluted: 3}',
    );
    expect(calls[0]?.args[0]).toEqual(
      d(['__proto__', d(['polluted', i32(1)])], ['constructor', d(['prototype', d(['polluted', i32(2)])])]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('answers calls of JavaScript internals with errors, never by running them', () => {
    for (const src of [
      'db.c.find().constructor.constructor("return process")()',
      'db.c.find.call(null)',
      'db.c.find.apply(null, [])',
      'ObjectId.constructor("return this")()',
      'Date.now()',
      'db.getSiblingDB.bind(db)("x")',
      'db.c.toArray.constructor("x")()',
      '({}).toString()',
      '[].map(ObjectId)',
      'db.c.find()["constructor"]["constructor"]("return 1")()',
    ]) {
      expect(errorOf(src)).toMatch(/^(TypeError|ReferenceError): /);
    }
  });
});

describe('printing and the client', () => {
  it('prints with print() and printjson() before the statement result', () => {
    const { results } = run('print("a", 1, {b: "c"}, db)\nprintjson({x: [1, 2]})\nprintjson("s")');
    expect(results.map((r) => r.messages)).toEqual([
      [{ kind: 'print', text: "a 1 { b: 'c' } test" }],
      [{ kind: 'print', text: '{ x: [ 1, 2 ] }' }],
      [{ kind: 'print', text: "'s'" }],
    ]);
    expect(results.map((r) => r.output)).toEqual([{ kind: 'none' }, { kind: 'none' }, { kind: 'none' }]);
  });

  it('keeps warnings and prints in the order they happened', () => {
    const { results } = run('print(db.c.update({}, {$set: {a: 1}}).nMatched)');
    expect(results[0]?.messages).toEqual([
      {
        kind: 'warning',
        text: 'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.',
      },
      { kind: 'print', text: '1' },
    ]);
    expect(results[0]?.warnings).toEqual([
      'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.',
    ]);
  });

  it('runs a client bulkWrite through db.getMongo()', () => {
    const { calls, results } = run(
      'db.getMongo().bulkWrite([{name: "insertOne", namespace: "test.c", document: {a: 1}}], {ordered: false})\ndb.getMongo().getDB("x").c.findOne()\ndb.getMongo().getDBNames()',
    );
    expect(calls[0]).toEqual({
      on: 'client',
      method: 'bulkWrite',
      args: [
        [d(['name', 'insertOne'], ['namespace', 'test.c'], ['document', d(['a', i32(1)])])],
        d(['ordered', false]),
      ],
    });
    expect(results[0]?.output).toMatchObject({ kind: 'result', result: { kind: 'ClientBulkWriteResult' } });
    expect(calls[1]?.on).toBe('x.c');
    expect(results[2]?.output).toEqual({ kind: 'value', value: ['admin', 'test'] });
  });

  it('shows databases with their sizes', () => {
    expect(run('show dbs').results[0]?.output).toEqual({ kind: 'text', text: 'admin  40.00 KiB\ntest   2.50 MiB' });
  });

  it('points runtime errors at the failing part of the statement', () => {
    const { results } = run('const a = 1\ndb.c.updateOne({}, {$set: {x: nope}})');
    expect(results[1]?.errorRange).toMatchObject({ startLine: 2, startColumn: 31, endLine: 2, endColumn: 35 });
    const r2 = run('db.c.frob({})').results[0];
    expect(r2?.errorRange).toMatchObject({ startLine: 1, startColumn: 1, endColumn: 10 });
  });
});

describe('cursor conveniences', () => {
  it('iterates with forEach over shell functions, and counts with itcount', () => {
    const { results, calls } = run(
      'db.c.find().forEach(printjson)\ndb.c.find().pretty().itcount()\ndb.c.find().forEach(db.d.insertOne)',
    );
    expect(results[0]?.messages.map((m) => m.text)).toEqual(['{ _id: 1 }', '{ _id: 2 }']);
    expect(results[1]?.output).toEqual({ kind: 'value', value: 2 });
    expect(calls.filter((c) => c.method === 'insertOne')).toEqual([
      { on: 'test.d', method: 'insertOne', args: [d(['_id', i32(1)])] },
      { on: 'test.d', method: 'insertOne', args: [d(['_id', i32(2)])] },
    ]);
    expect(errorOf('db.c.find().forEach(5)')).toBe(
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type function, got number instead (Cursor.forEach)',
    );
  });

  it('accepts non-ASCII names', () => {
    expect(run('const café = {ü: 1}\ndb.naïve.insertOne(café)').calls).toEqual([
      { on: 'test.naïve', method: 'insertOne', args: [d(['ü', i32(1)])] },
    ]);
  });
});

describe('fuzzing', () => {
  it('turns every script into results or mongosh-style errors, never an internal crash', async () => {
    const fc = (await import('fast-check')).default;
    const words = [
      'db',
      '.',
      'c',
      'getCollection',
      'getSiblingDB',
      'insertOne',
      'updateOne',
      'update',
      'find',
      'sort',
      'limit',
      'toArray',
      'explain',
      '(',
      ')',
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ';',
      '\n',
      ' ',
      'a',
      '$set',
      '1',
      '-1',
      '2.5',
      '"s"',
      "'t'",
      '/r/i',
      'ObjectId',
      'ISODate',
      'NumberLong',
      'NumberDecimal',
      'Timestamp',
      'UUID',
      'BinData',
      'new',
      'Date',
      'const',
      'let',
      'x',
      '=',
      'constructor',
      '__proto__',
      'undefined',
      'null',
      'true',
      '...',
      'print',
      'printjson',
      'getMongo',
      'bulkWrite',
      'forEach',
      'use',
      'show',
      'collections',
    ];
    const script = fc.array(fc.constantFrom(...words), { maxLength: 40 }).map((a) => a.join(''));
    const known = new Set([
      'SyntaxError',
      'TypeError',
      'ReferenceError',
      'RangeError',
      'BSONError',
      'MongoshInvalidInputError',
    ]);
    fc.assert(
      fc.property(script, (src) => {
        const { results } = run(src, { continueOnError: true });
        for (const r of results) {
          if (r.output.kind === 'error')
            expect(known.has(r.output.error.name), `${src} → ${r.output.error.display}`).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('sessions', () => {
  it('runs a transaction through a session', () => {
    const { calls, results } = run(
      'const s = db.getMongo().startSession()\ns.startTransaction({readConcern: {level: "snapshot"}})\ns.getDatabase("shop").c.findOne()\ns.commitTransaction()\ns.abortTransaction()',
      { continueOnError: true },
    );
    expect(calls).toEqual([
      { on: 'client', method: 'startSession', args: [] },
      { on: 'session', method: 'startTransaction', args: [d(['readConcern', d(['level', 'snapshot'])])] },
      { on: 'shop~session.c', method: 'findOne', args: [] },
      { on: 'session', method: 'commitTransaction', args: [] },
    ]);
    expect(results[3]?.output).toEqual({ kind: 'value', value: d(['ok', 1]) });
    expect(results[4]?.output).toMatchObject({
      kind: 'error',
      error: { display: 'TypeError: s.abortTransaction is not a function' },
    });
  });
});

describe('cursor batches', () => {
  it('prints displayBatchSize documents, then the rest with it', () => {
    const client = new FakeClient();
    const shell = new ShellInterpreter(client, { displayBatchSize: 1, continueOnError: true });
    const results = shell.run('db.c.find()\nit\nit');
    expect(results.map((r) => r.output)).toEqual([
      { kind: 'documents', documents: [d(['_id', i32(1)])], hasMore: true },
      { kind: 'documents', documents: [d(['_id', i32(2)])] },
      {
        kind: 'error',
        error: expect.objectContaining({
          display: 'Error: no cursor: "it" continues the last cursor that printed "Type "it" for more"',
        }),
      },
    ]);
  });

  it('prints every document by default, and lets a binding named it win', () => {
    expect(run('db.c.find()').results[0]?.output).toEqual({
      kind: 'documents',
      documents: [d(['_id', i32(1)]), d(['_id', i32(2)])],
    });
    expect(run('const it = 3\nit').results[1]?.output).toEqual({ kind: 'value', value: 3 });
  });
});
