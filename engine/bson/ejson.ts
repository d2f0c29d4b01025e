/**
 * MongoDB Extended JSON v2 in and out, over the engine value model.
 *
 * Parsing uses its own tokenizer because `JSON.parse` builds plain objects, which move
 * integer-looking keys ("0", "10") to the front; documents here are `Map`s that keep field order.
 *
 * Input (canonical and relaxed are both accepted, whatever `relaxed` says):
 * - type wrappers: `$oid`, `$date` (ISO-8601 string, `{$numberLong}` or a number), `$numberInt`,
 *   `$numberLong`, `$numberDouble` (incl. "Infinity", "-Infinity", "NaN"), `$numberDecimal`,
 *   `$binary` (`{base64, subType}`, and the legacy `{$binary: <b64>, $type: <hex>}`), `$uuid`,
 *   `$timestamp` `{t, i}`, `$regularExpression` `{pattern, options}`, `$minKey`, `$maxKey`,
 *   `$undefined`, `$symbol`, `$code` (+ `$scope`), `$dbPointer` (becomes a DBRef).
 *   A document holding one of those keys must hold exactly the wrapper's keys (EJSON spec rule).
 * - `{$ref, $id[, $db]}` stays an ordinary document: BSON stores DBRefs as documents, and the
 *   rest of the engine walks documents, not DBRef objects.
 * - The legacy `{$regex, $options}` form is NOT turned into a regex: it is also the query
 *   operator `$regex`, and a query must reach the matcher unchanged.
 * - Plain JSON numbers take their BSON type from their written form, in both modes (JS users
 *   expect `1` to be an int): an integer in int32 range is Int32, a larger integer in int64 range
 *   is Long, anything else (fraction, exponent, or too large) is a double. `-0` is the double -0.
 *   This is also how the CLI's "non-relaxed" mode reads numbers.
 * - Duplicate field names are rejected (code 9 FailedToParse). BSON can hold duplicates and the
 *   server's own `fromjson` keeps them, but a `Map` cannot, and silently keeping one of them would
 *   hide a user mistake.
 * - Errors are EngineError code 9 FailedToParse with the offset in the message.
 * - Nesting deeper than MAX_EJSON_DEPTH (200, the server's `maxBSONDepth`) is an error, never a
 *   stack overflow. Parsing is linear in the input size.
 *
 * Output follows the EJSON v2 spec: canonical wraps every number (`{"$numberInt":"1"}`); relaxed
 * writes int32/int64/finite doubles as JSON numbers (doubles always with a `.0` or exponent so they
 * read back as doubles) and dates in years 1970-9999 as `{"$date":"<ISO-8601>"}`.
 */
import {
  BSON_UNDEFINED,
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  codeScopeDoc,
  isDoc,
  type Doc,
  type Value,
} from './values.js';
import { fail } from '../errors.js';
import { dateFromMillis, dateMillis, dateMillisNumber, fitsInt64 } from './dates.js';

export const MAX_EJSON_DEPTH = 200;

export interface ParseEJSONOptions {
  /** Accepted for symmetry with `stringifyEJSON`; numbers are typed by form in both modes. */
  relaxed?: boolean;
}

export interface StringifyEJSONOptions {
  /** Relaxed EJSON (plain numbers and ISO dates where safe). Default: false (canonical). */
  relaxed?: boolean;
  /** Pretty-print with this many spaces per level. Default: compact, one line. */
  indent?: number;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/** Code 9 with the offset in the message (read it back with `ejsonErrorOffset`). */
function parseError(pos: number, what: string): never {
  throw fail(9, `Invalid Extended JSON at offset ${pos}: ${what}`);
}

/**
 * The input offset of a `parseEJSON` error, for editor markers. Not stored in `EngineError.extra`
 * because extra fields are copied into command replies.
 */
export function ejsonErrorOffset(errmsg: string): number | undefined {
  const m = /^Invalid Extended JSON at offset (\d+):/.exec(errmsg);
  return m ? Number(m[1]) : undefined;
}

/** Keys that make a document an EJSON type wrapper, with the exact key sets they allow. */
const WRAPPER_KEYS = new Set([
  '$oid',
  '$date',
  '$numberInt',
  '$numberLong',
  '$numberDouble',
  '$numberDecimal',
  '$binary',
  '$uuid',
  '$timestamp',
  '$regularExpression',
  '$minKey',
  '$maxKey',
  '$undefined',
  '$symbol',
  '$code',
  '$scope',
  '$dbPointer',
]);

class EJSONParser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  parseDocumentText(): Value {
    this.skipWs();
    const v = this.parseValue();
    this.skipWs();
    if (this.pos < this.text.length) parseError(this.pos, 'unexpected text after the value');
    return v;
  }

  private skipWs(): void {
    const t = this.text;
    let p = this.pos;
    while (p < t.length) {
      const c = t.charCodeAt(p);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  private parseValue(): Value {
    const t = this.text;
    if (this.pos >= t.length) parseError(this.pos, 'unexpected end of input');
    const c = t.charCodeAt(this.pos);
    switch (c) {
      case 0x7b /* { */:
        return this.parseObject();
      case 0x5b /* [ */:
        return this.parseArray();
      case 0x22 /* " */:
        return this.parseString();
      case 0x74 /* t */:
        return this.parseLiteral('true', true);
      case 0x66 /* f */:
        return this.parseLiteral('false', false);
      case 0x6e /* n */:
        return this.parseLiteral('null', null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
        return parseError(this.pos, `unexpected character ${JSON.stringify(t[this.pos])}`);
    }
  }

  private parseLiteral(word: string, value: Value): Value {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return value;
    }
    return parseError(this.pos, 'invalid literal');
  }

  private enter(): void {
    if (++this.depth > MAX_EJSON_DEPTH) {
      parseError(this.pos, `nesting depth exceeds ${MAX_EJSON_DEPTH}`);
    }
  }

  private parseObject(): Value {
    const start = this.pos;
    this.enter();
    this.pos++; // {
    const map: Doc = new Map();
    let wrapper = false;
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x7d /* } */) {
      this.pos++;
    } else {
      for (;;) {
        this.skipWs();
        if (this.text.charCodeAt(this.pos) !== 0x22) parseError(this.pos, 'expected a field name string');
        const keyPos = this.pos;
        const key = this.parseString();
        if (map.has(key)) parseError(keyPos, `duplicate field name "${key}"`);
        // A BSON field name is a C string: js-bson's EJSON.parse refuses a NUL in one, as we do.
        if (key.includes('\0')) {
          parseError(keyPos, `BSON Document field names cannot contain null bytes, found: ${JSON.stringify(key)}`);
        }
        this.skipWs();
        if (this.text.charCodeAt(this.pos) !== 0x3a /* : */) parseError(this.pos, "expected ':'");
        this.pos++;
        this.skipWs();
        map.set(key, this.parseValue());
        if (WRAPPER_KEYS.has(key)) wrapper = true;
        this.skipWs();
        const c = this.text.charCodeAt(this.pos);
        if (c === 0x2c /* , */) {
          this.pos++;
          continue;
        }
        if (c === 0x7d) {
          this.pos++;
          break;
        }
        parseError(this.pos, "expected ',' or '}'");
      }
    }
    this.depth--;
    return wrapper ? convertWrapper(map, start) : map;
  }

  private parseArray(): Value {
    this.enter();
    this.pos++; // [
    const arr: Value[] = [];
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x5d /* ] */) {
      this.pos++;
    } else {
      for (;;) {
        this.skipWs();
        arr.push(this.parseValue());
        this.skipWs();
        const c = this.text.charCodeAt(this.pos);
        if (c === 0x2c) {
          this.pos++;
          continue;
        }
        if (c === 0x5d) {
          this.pos++;
          break;
        }
        parseError(this.pos, "expected ',' or ']'");
      }
    }
    this.depth--;
    return arr;
  }

  parseString(): string {
    const t = this.text;
    const start = this.pos;
    let p = this.pos + 1;
    let out = '';
    let chunk = p;
    for (;;) {
      if (p >= t.length) parseError(start, 'unterminated string');
      const c = t.charCodeAt(p);
      if (c === 0x22) break;
      if (c < 0x20) parseError(p, 'control character in string');
      if (c !== 0x5c /* \ */) {
        p++;
        continue;
      }
      out += t.slice(chunk, p);
      const e = t[p + 1];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const hex = t.slice(p + 2, p + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) parseError(p, 'invalid \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          p += 4;
          break;
        }
        default:
          parseError(p, 'invalid escape');
      }
      p += 2;
      chunk = p;
    }
    out += t.slice(chunk, p);
    this.pos = p + 1;
    return out;
  }

  private parseNumber(): Value {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 0x2d) p++;
    const intStart = p;
    if (t.charCodeAt(p) === 0x30) p++;
    else if (isDigit(t.charCodeAt(p))) while (isDigit(t.charCodeAt(p))) p++;
    else parseError(p, 'invalid number');
    if (t.charCodeAt(intStart) === 0x30 && isDigit(t.charCodeAt(intStart + 1)))
      parseError(start, 'leading zero in number');
    let integral = true;
    if (t.charCodeAt(p) === 0x2e /* . */) {
      integral = false;
      p++;
      if (!isDigit(t.charCodeAt(p))) parseError(p, 'invalid number');
      while (isDigit(t.charCodeAt(p))) p++;
    }
    const e = t.charCodeAt(p);
    if (e === 0x65 || e === 0x45) {
      integral = false;
      p++;
      const s = t.charCodeAt(p);
      if (s === 0x2b || s === 0x2d) p++;
      if (!isDigit(t.charCodeAt(p))) parseError(p, 'invalid number');
      while (isDigit(t.charCodeAt(p))) p++;
    }
    this.pos = p;
    return numberFromText(t.slice(start, p), integral);
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The BSON type a plain JSON number gets from its written form (see the module header). */
function numberFromText(text: string, integral: boolean): Value {
  if (!integral) return Number(text);
  if (text === '-0') return -0;
  if (text.length <= 11) {
    const n = Number(text);
    if (n >= INT32_MIN && n <= INT32_MAX) return new Int32(n);
  }
  if (text.length <= 20) {
    const big = BigInt(text);
    if (big >= INT64_MIN && big <= INT64_MAX) return Long.fromBigInt(big);
  }
  return Number(text);
}

function wrapperError(pos: number, what: string): never {
  return parseError(pos, what);
}

function onlyKeys(map: Doc, keys: readonly string[], pos: number, name: string): void {
  if (map.size !== keys.length || keys.some((k) => !map.has(k))) {
    wrapperError(
      pos,
      `${name} must be the only field${keys.length > 1 ? 's: ' + keys.join(', ') : ''} of its document`,
    );
  }
}

function wantString(v: Value | undefined, pos: number, what: string): string {
  if (typeof v !== 'string') wrapperError(pos, `${what} must be a string`);
  return v;
}

function wantUint32(v: Value | undefined, pos: number, what: string): number {
  let n: number | undefined;
  if (v instanceof Int32) n = v.value;
  else if (v instanceof Long) n = v.toNumber();
  else if (typeof v === 'number') n = v;
  if (n === undefined || !Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    wrapperError(pos, `${what} must be an unsigned 32-bit integer`);
  }
  return n;
}

const INT_TEXT = /^-?\d+$/;

function parseInt32Text(s: string, pos: number): Int32 {
  const n = INT_TEXT.test(s) ? Number(s) : NaN;
  if (!(n >= INT32_MIN && n <= INT32_MAX)) wrapperError(pos, `invalid $numberInt value ${JSON.stringify(s)}`);
  return new Int32(n);
}

function parseInt64Text(s: string, pos: number): Long {
  if (!INT_TEXT.test(s)) wrapperError(pos, `invalid $numberLong value ${JSON.stringify(s)}`);
  const big = BigInt(s);
  if (big < INT64_MIN || big > INT64_MAX) wrapperError(pos, `$numberLong value out of range ${JSON.stringify(s)}`);
  return Long.fromBigInt(big);
}

const DOUBLE_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseDoubleText(s: string, pos: number): number {
  if (s === 'Infinity') return Infinity;
  if (s === '-Infinity') return -Infinity;
  if (s === 'NaN') return NaN;
  if (!DOUBLE_TEXT.test(s)) wrapperError(pos, `invalid $numberDouble value ${JSON.stringify(s)}`);
  return Number(s);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseIsoDate(s: string, pos: number): Date {
  const m = ISO_DATE.exec(s);
  if (!m) wrapperError(pos, `invalid $date string ${JSON.stringify(s)}`);
  const [, y, mo, d, h = '0', mi = '0', se = '0', frac = '', tz = 'Z'] = m;
  let ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(se),
    Number((frac + '000').slice(0, 3)),
  );
  // Date.UTC maps years 0-99 to 1900-1999; undo that.
  const yy = Number(y);
  if (yy < 100) {
    const fix = new Date(ms);
    fix.setUTCFullYear(yy);
    ms = fix.getTime();
  }
  if (tz !== 'Z') {
    const sign = tz[0] === '-' ? -1 : 1;
    const digits = tz.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60000;
  }
  if (Number.isNaN(ms)) wrapperError(pos, `invalid $date string ${JSON.stringify(s)}`);
  return new Date(ms);
}

/** `{$date: {$numberLong}}` or `{$date: <integer>}`: any signed 64-bit millisecond count. */
function dateFromWrapper(v: Value | undefined, pos: number): Date {
  let ms: bigint;
  if (v instanceof Long) ms = v.toBigInt();
  else if (v instanceof Int32) ms = BigInt(v.value);
  else if (typeof v === 'number' && Number.isInteger(v)) ms = BigInt(v);
  else return wrapperError(pos, '$date must be an ISO-8601 string, {$numberLong} or an integer');
  if (!fitsInt64(ms)) wrapperError(pos, '$date is outside the range of a 64-bit millisecond count');
  return dateFromMillis(ms);
}

function binaryFromBase64(b64: string, subType: number, pos: number): Binary {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) wrapperError(pos, 'invalid base64 in $binary');
  try {
    return Binary.createFromBase64(b64, subType);
  } catch {
    return wrapperError(pos, 'invalid base64 in $binary');
  }
}

function parseSubType(s: string, pos: number): number {
  if (!/^[0-9a-fA-F]{1,2}$/.test(s)) wrapperError(pos, `invalid $binary subType ${JSON.stringify(s)}`);
  return parseInt(s, 16);
}

function uuidBinary(s: string, pos: number): Binary {
  const hex = s.replace(/-/g, '');
  if (
    !/^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/.test(s) ||
    hex.length !== 32
  ) {
    wrapperError(pos, `invalid $uuid ${JSON.stringify(s)}`);
  }
  return new Binary(hexToBytes(hex), 4);
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Turns a parsed document holding a type-wrapper key into the value it stands for. */
function convertWrapper(map: Doc, pos: number): Value {
  const first = map.keys().next().value as string;
  const key = map.has('$code') ? '$code' : map.has('$binary') ? '$binary' : first;
  const v = map.get(key);
  switch (key) {
    case '$oid': {
      onlyKeys(map, ['$oid'], pos, '$oid');
      const s = wantString(v, pos, '$oid');
      if (!/^[0-9a-fA-F]{24}$/.test(s)) wrapperError(pos, `invalid $oid ${JSON.stringify(s)}`);
      return ObjectId.createFromHexString(s.toLowerCase());
    }
    case '$date': {
      onlyKeys(map, ['$date'], pos, '$date');
      if (typeof v === 'string') return parseIsoDate(v, pos);
      return dateFromWrapper(v, pos);
    }
    case '$numberInt':
      onlyKeys(map, ['$numberInt'], pos, '$numberInt');
      return parseInt32Text(wantString(v, pos, '$numberInt'), pos);
    case '$numberLong':
      onlyKeys(map, ['$numberLong'], pos, '$numberLong');
      return parseInt64Text(wantString(v, pos, '$numberLong'), pos);
    case '$numberDouble':
      onlyKeys(map, ['$numberDouble'], pos, '$numberDouble');
      return parseDoubleText(wantString(v, pos, '$numberDouble'), pos);
    case '$numberDecimal': {
      onlyKeys(map, ['$numberDecimal'], pos, '$numberDecimal');
      const s = wantString(v, pos, '$numberDecimal');
      try {
        return Decimal128.fromString(s);
      } catch {
        return wrapperError(pos, `invalid $numberDecimal ${JSON.stringify(s)}`);
      }
    }
    case '$binary': {
      if (typeof v === 'string') {
        // Legacy form {$binary: <base64>, $type: <hex>}.
        onlyKeys(map, ['$binary', '$type'], pos, '$binary');
        return binaryFromBase64(v, parseSubType(wantString(map.get('$type'), pos, '$type'), pos), pos);
      }
      onlyKeys(map, ['$binary'], pos, '$binary');
      if (!isDoc(v)) return wrapperError(pos, '$binary must be a document {base64, subType}');
      onlyKeys(v, ['base64', 'subType'], pos, '$binary.base64/subType');
      const sub = parseSubType(wantString(v.get('subType'), pos, '$binary.subType'), pos);
      return binaryFromBase64(wantString(v.get('base64'), pos, '$binary.base64'), sub, pos);
    }
    case '$uuid':
      onlyKeys(map, ['$uuid'], pos, '$uuid');
      return uuidBinary(wantString(v, pos, '$uuid'), pos);
    case '$timestamp': {
      onlyKeys(map, ['$timestamp'], pos, '$timestamp');
      if (!isDoc(v)) return wrapperError(pos, '$timestamp must be a document {t, i}');
      onlyKeys(v, ['t', 'i'], pos, '$timestamp.t/i');
      const t = wantUint32(v.get('t'), pos, '$timestamp.t');
      const i = wantUint32(v.get('i'), pos, '$timestamp.i');
      return new Timestamp({ t, i });
    }
    case '$regularExpression': {
      onlyKeys(map, ['$regularExpression'], pos, '$regularExpression');
      if (!isDoc(v)) return wrapperError(pos, '$regularExpression must be a document {pattern, options}');
      onlyKeys(v, ['pattern', 'options'], pos, '$regularExpression.pattern/options');
      const pattern = wantString(v.get('pattern'), pos, '$regularExpression.pattern');
      const options = wantString(v.get('options'), pos, '$regularExpression.options');
      try {
        return new BSONRegExp(pattern, [...options].sort().join(''));
      } catch {
        // The bson package accepts the options i, l, m, s, u and x only.
        return wrapperError(pos, `invalid $regularExpression options ${JSON.stringify(options)}`);
      }
    }
    case '$minKey':
      onlyKeys(map, ['$minKey'], pos, '$minKey');
      if (!(v instanceof Int32 && v.value === 1)) wrapperError(pos, '$minKey must be 1');
      return new MinKey();
    case '$maxKey':
      onlyKeys(map, ['$maxKey'], pos, '$maxKey');
      if (!(v instanceof Int32 && v.value === 1)) wrapperError(pos, '$maxKey must be 1');
      return new MaxKey();
    case '$undefined':
      onlyKeys(map, ['$undefined'], pos, '$undefined');
      if (v !== true) wrapperError(pos, '$undefined must be true');
      return BSON_UNDEFINED;
    case '$symbol':
      onlyKeys(map, ['$symbol'], pos, '$symbol');
      return new BSONSymbol(wantString(v, pos, '$symbol'));
    case '$code': {
      const code = wantString(v, pos, '$code');
      if (map.has('$scope')) {
        onlyKeys(map, ['$code', '$scope'], pos, '$code');
        const scope = map.get('$scope');
        if (!isDoc(scope)) return wrapperError(pos, '$scope must be a document');
        return new Code(code, Object.fromEntries(scope));
      }
      onlyKeys(map, ['$code'], pos, '$code');
      return new Code(code);
    }
    case '$dbPointer': {
      onlyKeys(map, ['$dbPointer'], pos, '$dbPointer');
      if (!isDoc(v)) return wrapperError(pos, '$dbPointer must be a document {$ref, $id}');
      onlyKeys(v, ['$ref', '$id'], pos, '$dbPointer.$ref/$id');
      const id = v.get('$id');
      if (!(id instanceof ObjectId)) return wrapperError(pos, '$dbPointer.$id must be an ObjectId');
      return new DBRef(wantString(v.get('$ref'), pos, '$dbPointer.$ref'), id);
    }
    default:
      // A wrapper key that is not the first key (e.g. {"a": 1, "$oid": "…"}) or a lone $scope.
      return wrapperError(
        pos,
        `${[...map.keys()].find((k) => WRAPPER_KEYS.has(k)) ?? key} must be the only field of its document`,
      );
  }
}

/** Parses one Extended JSON v2 value (usually a document). Throws EngineError code 9. */
export function parseEJSON(text: string, _options: ParseEJSONOptions = {}): Value {
  return new EJSONParser(text).parseDocumentText();
}

/** Parses Extended JSON that must be a document. */
export function parseEJSONDoc(text: string, options: ParseEJSONOptions = {}): Doc {
  const v = parseEJSON(text, options);
  if (!isDoc(v)) throw fail(9, 'Invalid Extended JSON: expected a document');
  return v;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** Double text as the EJSON spec writes it: always with `.0` or an exponent for finite values. */
export function doubleText(x: number): string {
  if (Object.is(x, -0)) return '-0.0';
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return x.toFixed(1);
  return String(x);
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

const MIN_RELAXED_DATE = Date.UTC(1970, 0, 1);
const MAX_RELAXED_DATE = Date.UTC(10000, 0, 1);

function wrap(key: string, inner: string): string {
  return `{${JSON.stringify(key)}:${inner}}`;
}

class EJSONWriter {
  constructor(
    private readonly relaxed: boolean,
    private readonly indent: number,
  ) {}

  private nl(level: number): string {
    return this.indent > 0 ? '\n' + ' '.repeat(this.indent * level) : '';
  }

  private get colon(): string {
    return this.indent > 0 ? ': ' : ':';
  }

  write(v: Value, level: number): string {
    if (level > MAX_EJSON_DEPTH + 20) throw fail(15, 'Document exceeds maximum nesting depth');
    switch (typeof v) {
      case 'string':
        return JSON.stringify(v);
      case 'boolean':
        return v ? 'true' : 'false';
      case 'number':
        if (this.relaxed && Number.isFinite(v)) return doubleText(v);
        return wrap(
          '$numberDouble',
          JSON.stringify(
            Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : doubleText(v),
          ),
        );
      default:
        break;
    }
    if (v === null) return 'null';
    if (v instanceof Map) return this.writeEntries([...v.entries()], level);
    if (Array.isArray(v)) return this.writeArray(v, level);
    if (v instanceof Date) {
      // Relaxed mode uses ISO-8601 only for years 1970-9999, as the Extended JSON spec says.
      const ms = dateMillisNumber(v);
      if (this.relaxed && ms >= MIN_RELAXED_DATE && ms < MAX_RELAXED_DATE)
        return wrap('$date', JSON.stringify(v.toISOString()));
      return wrap('$date', wrap('$numberLong', JSON.stringify(String(dateMillis(v)))));
    }
    switch (v._bsontype) {
      case 'Int32':
        return this.relaxed ? String(v.value) : wrap('$numberInt', JSON.stringify(String(v.value)));
      case 'Long':
        return this.relaxed ? v.toString() : wrap('$numberLong', JSON.stringify(v.toString()));
      case 'Decimal128':
        return wrap('$numberDecimal', JSON.stringify(v.toString()));
      case 'ObjectId':
        return wrap('$oid', JSON.stringify(v.toHexString()));
      case 'Timestamp':
        return wrap('$timestamp', `{"t":${v.t},"i":${v.i}}`);
      case 'Binary':
        return wrap(
          '$binary',
          `{"base64":${JSON.stringify(v.toString('base64'))},"subType":${JSON.stringify(hex2(v.sub_type))}}`,
        );
      case 'BSONRegExp':
        return wrap(
          '$regularExpression',
          `{"pattern":${JSON.stringify(v.pattern)},"options":${JSON.stringify([...v.options].sort().join(''))}}`,
        );
      case 'MinKey':
        return '{"$minKey":1}';
      case 'MaxKey':
        return '{"$maxKey":1}';
      case 'undefined':
        return '{"$undefined":true}';
      case 'BSONSymbol':
        return wrap('$symbol', JSON.stringify(v.value));
      case 'Code': {
        const code = JSON.stringify(String(v.code));
        if (!v.scope) return wrap('$code', code);
        return `{"$code":${code},"$scope":${this.write(codeScopeDoc(v), level + 1)}}`;
      }
      case 'DBRef': {
        const entries: [string, Value][] = [
          ['$ref', v.collection],
          ['$id', v.oid as Value],
        ];
        if (v.db) entries.push(['$db', v.db]);
        for (const [k, f] of Object.entries(v.fields as Record<string, Value>)) entries.push([k, f]);
        return this.writeEntries(entries, level);
      }
    }
  }

  private writeEntries(entries: readonly (readonly [string, Value])[], level: number): string {
    if (entries.length === 0) return '{}';
    const parts = entries.map(
      ([k, val]) => this.nl(level + 1) + JSON.stringify(k) + this.colon + this.write(val, level + 1),
    );
    return '{' + parts.join(',') + this.nl(level) + '}';
  }

  private writeArray(arr: readonly Value[], level: number): string {
    if (arr.length === 0) return '[]';
    const parts = arr.map((val) => this.nl(level + 1) + this.write(val, level + 1));
    return '[' + parts.join(',') + this.nl(level) + ']';
  }
}

/** Writes a value as Extended JSON v2 (canonical unless `relaxed`). */
export function stringifyEJSON(value: Value, options: StringifyEJSONOptions = {}): string {
  return new EJSONWriter(options.relaxed ?? false, options.indent ?? 0).write(value, 0);
}

// ---------------------------------------------------------------------------------------------
// Plain JS ⇄ values (test and UI convenience)
// ---------------------------------------------------------------------------------------------

/** What `fromJS` accepts: plain JSON-ish JS data, possibly with engine values inside. */
export type JSInput = Value | undefined | bigint | RegExp | readonly JSInput[] | { readonly [key: string]: JSInput };

/**
 * Converts plain JS data to an engine value, for tests and examples:
 * - integer numbers in int32 range → Int32 (as mongosh sends them); other numbers → double;
 * - bigint → Long; plain objects → Doc (keys in JS enumeration order, so integer-like keys move
 *   first — build a Map yourself when the order of such keys matters);
 * - arrays → arrays; `undefined` properties are skipped; a JS `RegExp` becomes a BSON regex (flags
 *   i, m, s kept); engine values pass through unchanged (Maps are converted recursively).
 */
export function fromJS(x: JSInput): Value {
  if (x === undefined) return BSON_UNDEFINED;
  if (typeof x === 'number')
    return Number.isInteger(x) && !Object.is(x, -0) && x >= INT32_MIN && x <= INT32_MAX ? new Int32(x) : x;
  if (typeof x === 'bigint') return Long.fromBigInt(x);
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map((e: JSInput) => fromJS(e));
  if (x instanceof Map) {
    const out: Doc = new Map();
    for (const [k, v] of x as Doc) out.set(k, fromJS(v));
    return out;
  }
  if (x instanceof RegExp) return new BSONRegExp(x.source, [...x.flags].filter((f) => 'ims'.includes(f)).join(''));
  if (x instanceof Date || '_bsontype' in x) return x as Value;
  const out: Doc = new Map();
  for (const [k, v] of Object.entries(x as Record<string, JSInput>)) {
    if (v !== undefined) out.set(k, fromJS(v));
  }
  return out;
}

/** `fromJS` for a document. */
export function docFromJS(x: { readonly [key: string]: JSInput }): Doc {
  return fromJS(x) as Doc;
}

/** Shorthand for tests: relaxed EJSON text of a value. */
export function toRelaxed(v: Value): string {
  return stringifyEJSON(v, { relaxed: true });
}
