/**
 * mongosh's global BSON helpers (ObjectId, ISODate, NumberLong …), one explicit table. Each helper
 * behaves the same with or without `new`, except `Date`, which (as in JavaScript) returns a string
 * when called without `new`. Wrong argument types are reported as mongosh reports them.
 */
import { BSONError, Double, UUID } from 'bson';
import {
  Binary,
  BSONRegExp,
  Decimal128,
  Int32,
  isDoc,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from '../bson/values.js';
import { FunctionHandle, type RuntimeValue } from './runtime-values.js';
import { ShellRuntimeError } from './shell-errors.js';

export interface HelperContext {
  readonly now: () => Date;
  readonly newObjectId: () => ObjectId;
  readonly warn: (message: string) => void;
}

/** mongosh's argument check error (`assertArgsDefinedType`). */
export function invalidArgument(message: string): ShellRuntimeError {
  return new ShellRuntimeError('MongoshInvalidInputError', `[COMMON-10001] ${message}`);
}

/** The `typeof` name mongosh's argument checks print. */
export function jsTypeName(v: RuntimeValue): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return 'bigint';
  if (typeof v === 'object' || v === null) return 'object';
  return typeof v;
}

/** Runs a bson constructor, reporting its validation errors as mongosh shows them. */
function bsonCall<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (BSONError.isBSONError(e)) throw new ShellRuntimeError('BSONError', e.message);
    throw e;
  }
}

const MIN_ISO_DATE_MS = -62167219200000; // 0000-01-01T00:00:00.000Z
const MAX_ISO_DATE_MS = 253402300799999; // 9999-12-31T23:59:59.999Z
const ISO_DATE =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * mongosh's ISODate: ISO-8601 with optional separators, time, fraction and offset; a date without
 * an offset is UTC (unlike `new Date("…")`). Out-of-range or malformed input is refused.
 */
export function parseISODate(input: string): Date {
  const m = ISO_DATE.exec(input);
  if (m !== null) {
    const [, y, mo, d, h, mi, s, frac, tz] = m;
    let offset = tz ?? 'Z';
    if (offset !== 'Z') {
      const digits = offset.slice(1).replace(':', '');
      offset = `${offset[0] ?? '+'}${digits.slice(0, 2)}:${digits.length > 2 ? digits.slice(2) : '00'}`;
    }
    const ms = (frac ?? '000').padEnd(3, '0').slice(0, 3);
    const date = new Date(`${y}-${mo}-${d}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}.${ms}${offset}`);
    const t = date.getTime();
    if (!Number.isNaN(t) && t >= MIN_ISO_DATE_MS && t <= MAX_ISO_DATE_MS) return date;
  }
  throw invalidArgument(`${JSON.stringify(input)} is not a valid ISODate`);
}

/**
 * A regex literal or RegExp(): the pattern must be valid JavaScript (as in mongosh); flags map as
 * the Node driver serializes a JS RegExp: i → i, m → m, g → s; other JS flags are dropped.
 */
export function makeRegex(pattern: string, flags: string): BSONRegExp {
  try {
    new RegExp(pattern, flags);
  } catch (e) {
    throw new ShellRuntimeError(
      'SyntaxError',
      e instanceof Error ? e.message : `Invalid regular expression: /${pattern}/${flags}`,
    );
  }
  let bsonFlags = '';
  if (flags.includes('i')) bsonFlags += 'i';
  if (flags.includes('m')) bsonFlags += 'm';
  if (flags.includes('g')) bsonFlags += 's';
  return new BSONRegExp(pattern, bsonFlags);
}

type HelperImpl = (args: readonly RuntimeValue[], isNew: boolean, ctx: HelperContext) => RuntimeValue;

/**
 * mongosh's accepted argument types, checked as its `assertArgsDefinedType` does, with the same
 * message ("must be of type string or number or Long or Int32").
 */
function checkTypes(name: string, v: RuntimeValue, pos: number, allowed: readonly string[]): void {
  const bsonType = typeof v === 'object' && v !== null && '_bsontype' in v ? `bson:${v._bsontype}` : '';
  if (allowed.includes(jsTypeName(v)) || (bsonType !== '' && allowed.includes(bsonType))) return;
  const expected = allowed.map((a) => a.replace(/^bson:/, '')).join(' or ');
  throw invalidArgument(
    `Argument at position ${pos} must be of type ${expected}, got ${jsTypeName(v)} instead (${name})`,
  );
}

/** `${v}` for the values the numeric helpers accept (JS numbers, strings, Int32, Long, Decimal128). */
function numericText(v: RuntimeValue): string {
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') return String(v);
  if (v instanceof Int32 || v instanceof Double) return String(v.value);
  if (v instanceof Long || v instanceof Decimal128) return v.toString();
  return String(v);
}

function numberArg(name: string, v: RuntimeValue, pos: number): number {
  if (typeof v === 'number') return v;
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return v.toNumber();
  throw invalidArgument(`Argument at position ${pos} must be of type number, got ${jsTypeName(v)} instead (${name})`);
}

function stringArg(name: string, v: RuntimeValue, pos: number): string {
  if (typeof v === 'string') return v;
  throw invalidArgument(`Argument at position ${pos} must be of type string, got ${jsTypeName(v)} instead (${name})`);
}

/** NumberLong(s = '0'): a string is parsed, a JS number converted with a precision warning. */
function numberLong(args: readonly RuntimeValue[], ctx: HelperContext): Long {
  const v = args[0] ?? '0';
  checkTypes('NumberLong', v, 0, ['string', 'number', 'bson:Long', 'bson:Int32']);
  if (typeof v === 'number') {
    ctx.warn(
      'Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead',
    );
    return Long.fromNumber(v);
  }
  return bsonCall(() => Long.fromString(numericText(v)));
}

/** Long(…) is bson's constructor: a string or bigint value, or (low, high) 32-bit halves. */
function longCtor(args: readonly RuntimeValue[]): Long {
  const [low = 0, high] = args;
  if (typeof low === 'string') return bsonCall(() => Long.fromString(low));
  if (low instanceof Long) return low;
  const lowBits = numberArg('Long', low, 0);
  const highBits = high === undefined ? 0 : numberArg('Long', high, 1);
  return new Long(lowBits, highBits);
}

/** NumberDecimal(s = '0'): parsed from its text; a JS number warns about precision. */
function numberDecimal(args: readonly RuntimeValue[], ctx: HelperContext): Decimal128 {
  const v = args[0] ?? '0';
  checkTypes('NumberDecimal', v, 0, ['string', 'number', 'bson:Long', 'bson:Int32', 'bson:Decimal128']);
  if (typeof v === 'number') {
    ctx.warn(
      'Warning: NumberDecimal: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead',
    );
  }
  return bsonCall(() => Decimal128.fromString(numericText(v)));
}

/** Decimal128(…) is bson's constructor, which takes a string (or raw bytes) only. */
function decimalCtor(args: readonly RuntimeValue[]): Decimal128 {
  const v = args[0];
  if (v instanceof Decimal128) return v;
  if (typeof v !== 'string') throw new ShellRuntimeError('BSONError', 'Decimal128 must take a Buffer or string');
  return bsonCall(() => Decimal128.fromString(v));
}

function makeDate(args: readonly RuntimeValue[], ctx: HelperContext): Date {
  if (args.length === 0) return ctx.now();
  let date: Date;
  if (args.length === 1) {
    const v = args[0];
    if (v instanceof Date) date = new Date(v.getTime());
    else if (typeof v === 'string') date = new Date(v);
    else date = new Date(numberArg('Date', v, 0));
  } else {
    const parts = args.slice(0, 7).map((a, i) => numberArg('Date', a, i));
    const [y = 0, mo = 0, d = 1, h = 0, mi = 0, s = 0, ms = 0] = parts;
    date = new Date(y, mo, d, h, mi, s, ms);
  }
  if (Number.isNaN(date.getTime())) {
    throw new ShellRuntimeError(
      'RangeError',
      'Invalid time value: the arguments of new Date(…) do not name a valid date',
    );
  }
  return date;
}

function makeTimestamp(args: readonly RuntimeValue[]): Timestamp {
  const [a, b] = args;
  if (a === undefined) return new Timestamp({ t: 0, i: 0 });
  if (a instanceof Timestamp) return a;
  if (isDoc(a)) {
    const t = numberArg('Timestamp', a.get('t') as RuntimeValue, 0);
    const i = numberArg('Timestamp', a.get('i') as RuntimeValue, 0);
    return bsonCall(() => new Timestamp({ t, i }));
  }
  if (a instanceof Long) return bsonCall(() => new Timestamp(a));
  // mongosh's Timestamp(t, i) takes the seconds first (bson's legacy (low, high) order is reversed).
  const t = numberArg('Timestamp', a, 0);
  const i = b === undefined ? 0 : numberArg('Timestamp', b, 1);
  return bsonCall(() => new Timestamp({ t, i }));
}

function binary(name: string, args: readonly RuntimeValue[], from: 'base64' | 'hex'): Binary {
  const sub = numberArg(name, args[0], 0);
  const data = stringArg(name, args[1], 1);
  if (!Number.isInteger(sub) || sub < 0 || sub > 255) throw invalidArgument(`Invalid binary subtype ${sub} (${name})`);
  if (from === 'hex' && !/^(?:[0-9a-fA-F]{2})*$/.test(data)) throw invalidArgument(`Invalid hex string (${name})`);
  if (from === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    throw invalidArgument(`Invalid base64 string (${name})`);
  return bsonCall(() => (from === 'hex' ? Binary.createFromHexString(data, sub) : Binary.createFromBase64(data, sub)));
}

const HELPERS: Readonly<Record<string, HelperImpl>> = {
  ObjectId: (args, _isNew, ctx) => {
    const v = args[0];
    if (v === undefined) return ctx.newObjectId();
    if (v instanceof ObjectId) return v;
    if (typeof v === 'string') return bsonCall(() => new ObjectId(v));
    checkTypes('ObjectId', v, 0, ['string', 'number', 'object']);
    if (typeof v === 'number') return bsonCall(() => new ObjectId(ObjectId.generate(v)));
    throw new ShellRuntimeError(
      'BSONError',
      'input must be a 24 character hex string, 12 byte Uint8Array, or an integer',
    );
  },
  ISODate: (args, _isNew, ctx) => {
    const v = args[0];
    if (v === undefined) return ctx.now();
    // Anything but a string is handed to new Date(…), as mongosh does.
    if (typeof v !== 'string') return makeDate([v], ctx);
    return parseISODate(v);
  },
  Date: (args, isNew, ctx) => (isNew ? makeDate(args, ctx) : ctx.now().toString()),
  NumberInt: (args) => {
    const v = args[0] ?? '0';
    checkTypes('NumberInt', v, 0, ['string', 'number', 'bson:Long', 'bson:Int32']);
    return new Int32(parseInt(numericText(v), 10));
  },
  // bson's Int32 constructor: `+value | 0`.
  Int32: (args) => new Int32(Number(numericText(args[0] ?? 0)) | 0),
  NumberLong: (args, _isNew, ctx) => numberLong(args, ctx),
  Long: (args) => longCtor(args),
  NumberDecimal: (args, _isNew, ctx) => numberDecimal(args, ctx),
  Decimal128: (args) => decimalCtor(args),
  // bson's Double constructor: `+value`.
  // A JS number goes through as is: `String(-0)` is "0" and would lose negative zero.
  Double: (args) => {
    const v = args[0] ?? 0;
    return new Double(typeof v === 'number' ? v : Number(numericText(v)));
  },
  Timestamp: (args) => {
    checkTypes('Timestamp', args[0] ?? 0, 0, ['number', 'object']);
    if (args[1] !== undefined) checkTypes('Timestamp', args[1], 1, ['number']);
    return makeTimestamp(args);
  },
  UUID: (args) => {
    const v = args[0];
    const u = v === undefined ? new UUID() : bsonCall(() => new UUID(stringArg('UUID', v, 0)));
    return new Binary(u.buffer, Binary.SUBTYPE_UUID);
  },
  BinData: (args) => binary('BinData', args, 'base64'),
  HexData: (args) => binary('HexData', args, 'hex'),
  MinKey: () => new MinKey(),
  MaxKey: () => new MaxKey(),
  RegExp: (args) => {
    const p = args[0];
    if (p instanceof BSONRegExp) return p;
    const flags = args[1] === undefined ? '' : stringArg('RegExp', args[1], 1);
    return makeRegex(stringArg('RegExp', p, 0), flags);
  },
  BSONRegExp: (args) => {
    const p = stringArg('BSONRegExp', args[0], 0);
    const flags = args[1] === undefined ? '' : stringArg('BSONRegExp', args[1], 1);
    return bsonCall(() => new BSONRegExp(p, flags));
  },
};

/** The helper named `name`, or undefined when no such global exists. */
export function bsonHelper(name: string, ctx: HelperContext): FunctionHandle | undefined {
  if (!Object.prototype.hasOwnProperty.call(HELPERS, name)) return undefined;
  const impl = HELPERS[name] as HelperImpl;
  return new FunctionHandle(name, (args, isNew) => impl(args, isNew, ctx), true);
}

/** Names of all global helpers (for completions and documentation). */
export const BSON_HELPER_NAMES: readonly string[] = Object.keys(HELPERS);
