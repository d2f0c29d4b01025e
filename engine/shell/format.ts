/**
 * Prints statement results the way mongosh does. mongosh prints with Node's `util.inspect`
 * (breakLength 80, compact 3, depth 6) plus its own renderings of the BSON types; this module
 * re-implements that layout for engine values so the playground output matches a real shell:
 *
 *   { _id: ObjectId('…'), n: Long('5'), d: ISODate('…'), x: Decimal128('1.5'), i: 1, f: 1.5 }
 *
 * Int32 and double values both print as plain numbers (the driver hands them to mongosh as JS
 * numbers); int64 prints as Long('…') because mongosh does not promote longs.
 * A second mode prints relaxed Extended JSON, for the `--shell` command line.
 */
import { Double } from 'bson';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { Binary, BSON_UNDEFINED, Int32, isDoc } from '../bson/values.js';
import type { ShellOutput, ShellStatementResult } from './interpreter.js';
import type { ShellResult } from './results.js';

export interface FormatOptions {
  /** Objects nested deeper than this print as [Object] / [Array] (mongosh's inspectDepth: 6). */
  readonly depth?: number;
  /** Line width before an object is broken over several lines (util.inspect: 80). */
  readonly breakLength?: number;
  /** Longest array printed in full; the rest is summarised (util.inspect: 100). */
  readonly maxArrayLength?: number;
}

interface Ctx {
  indentationLvl: number;
  currentDepth: number;
  readonly depth: number;
  readonly breakLength: number;
  readonly maxArrayLength: number;
  /** util.inspect's `compact: 3`: the three innermost levels may share a line. */
  readonly compact: number;
}

function makeCtx(options: FormatOptions): Ctx {
  return {
    indentationLvl: 0,
    currentDepth: 0,
    depth: options.depth ?? 6,
    breakLength: options.breakLength ?? 80,
    maxArrayLength: options.maxArrayLength ?? 100,
    compact: 3,
  };
}

/** A value as mongosh prints it inside a document (strings quoted). */
export function formatValue(value: Value, options: FormatOptions = {}): string {
  return inspect(makeCtx(options), value, 0);
}

/** A top-level value as mongosh prints it: a bare string is printed without quotes. */
export function formatTopLevel(value: Value, options: FormatOptions = {}): string {
  return typeof value === 'string' ? value : formatValue(value, options);
}

// ---- util.inspect, restricted to engine values ---------------------------------------------------

const IDENTIFIER_KEY = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
/** Strings longer than this may be split at newlines over several lines (util.inspect). */
const MIN_LINE_WIDTH = 16;

function inspect(ctx: Ctx, v: Value, recurseTimes: number): string {
  switch (typeof v) {
    case 'string':
      return formatString(ctx, v);
    case 'number':
      return formatNumber(v);
    case 'boolean':
      return String(v);
    default:
      break;
  }
  if (v === null) return 'null';
  if (v === BSON_UNDEFINED) return 'undefined';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : `ISODate('${v.toISOString()}')`;
  if (isDoc(v)) return formatObject(ctx, v, recurseTimes);
  if (Array.isArray(v)) return formatArray(ctx, v, recurseTimes);
  if ((v as unknown) instanceof Double) return `Double(${formatNumber((v as unknown as Double).value)})`;
  return formatBsonScalar(ctx, v, recurseTimes);
}

function formatNumber(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}

/** Quotes as util.inspect does: single quotes unless the string contains them. */
export function quoteString(s: string): string {
  let quote = "'";
  if (s.includes("'")) {
    if (!s.includes('"')) quote = '"';
    else if (!s.includes('`') && !s.includes('${')) quote = '`';
  }
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20 || c === 0x7f) {
      rep =
        c === 0x08
          ? '\\b'
          : c === 0x09
            ? '\\t'
            : c === 0x0a
              ? '\\n'
              : c === 0x0c
                ? '\\f'
                : c === 0x0d
                  ? '\\r'
                  : `\\x${c.toString(16).toUpperCase().padStart(2, '0')}`;
    } else if (c === 0x5c) {
      rep = '\\\\';
    } else if (c === quote.charCodeAt(0)) {
      rep = `\\${quote}`;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const isPair = c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
      if (isPair) {
        i++;
        continue;
      }
      rep = `\\u${c.toString(16).toUpperCase()}`;
    }
    if (rep !== undefined) {
      out += s.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return quote + out + s.slice(last) + quote;
}

function formatString(ctx: Ctx, s: string): string {
  // util.inspect prints a long multi-line string as 'line\n' + 'line' pieces.
  if (s.length > MIN_LINE_WIDTH && s.length > ctx.breakLength - ctx.indentationLvl - 4 && s.includes('\n')) {
    const lines = s.split(/(?<=\n)/);
    if (lines.length > 1) {
      return lines.map((l) => quoteString(l)).join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`);
    }
  }
  return quoteString(s);
}

function formatKey(k: string): string {
  return IDENTIFIER_KEY.test(k) ? k : quoteString(k);
}

function formatObject(ctx: Ctx, d: Doc, recurseTimes: number): string {
  if (d.size === 0) return '{}';
  if (recurseTimes > ctx.depth) return '[Object]';
  ctx.currentDepth = recurseTimes;
  const output: string[] = [];
  for (const [k, x] of d) {
    ctx.indentationLvl += 2;
    const str = inspect(ctx, x, recurseTimes + 1);
    ctx.indentationLvl -= 2;
    output.push(`${formatKey(k)}: ${str}`);
  }
  return reduceToSingleString(ctx, output, '', ['{', '}'], false, recurseTimes);
}

function formatArray(ctx: Ctx, a: readonly Value[], recurseTimes: number): string {
  if (a.length === 0) return '[]';
  if (recurseTimes > ctx.depth) return '[Array]';
  ctx.currentDepth = recurseTimes;
  const output: string[] = [];
  const shown = Math.min(a.length, ctx.maxArrayLength);
  for (let i = 0; i < shown; i++) {
    ctx.indentationLvl += 2;
    output.push(inspect(ctx, a[i] as Value, recurseTimes + 1));
    ctx.indentationLvl -= 2;
  }
  if (a.length > shown) {
    const more = a.length - shown;
    output.push(`... ${more} more item${more > 1 ? 's' : ''}`);
  }
  const grouped = output.length > 6 ? groupArrayElements(ctx, output, a, a.length > shown) : output;
  return reduceToSingleString(ctx, grouped, '', ['[', ']'], grouped !== output, recurseTimes);
}

/** util.inspect's `reduceToSingleString` for `compact: 3`. */
function reduceToSingleString(
  ctx: Ctx,
  output: readonly string[],
  base: string,
  braces: readonly [string, string],
  grouped: boolean,
  recurseTimes: number,
): string {
  if (!grouped && ctx.currentDepth - recurseTimes < ctx.compact) {
    const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
    if (isBelowBreakLength(ctx, output, start, base)) {
      const joined = output.join(', ');
      if (!joined.includes('\n')) return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
    }
  }
  const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
  return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
}

function isBelowBreakLength(ctx: Ctx, output: readonly string[], start: number, base: string): boolean {
  let total = output.length + start;
  if (total + output.length > ctx.breakLength) return false;
  for (const o of output) {
    total += o.length;
    if (total > ctx.breakLength) return false;
  }
  return base === '' || !base.includes('\n');
}

/** util.inspect's `groupArrayElements`: long arrays of short items print in aligned columns. */
function groupArrayElements(ctx: Ctx, output: string[], value: readonly Value[], hasMore: boolean): string[] {
  let totalLength = 0;
  let maxLength = 0;
  const outputLength = hasMore ? output.length - 1 : output.length;
  const separatorSpace = 2;
  const dataLen: number[] = [];
  for (let i = 0; i < outputLength; i++) {
    const len = (output[i] as string).length;
    dataLen.push(len);
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const maxLineLength: number[] = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if ((dataLen[j] ?? 0) > lineLength) lineLength = dataLen[j] ?? 0;
      }
      maxLineLength.push(lineLength + separatorSpace);
    }
    // Numbers are right-aligned, everything else left-aligned (util.inspect checks `typeof`).
    let padStart = true;
    for (let i = 0; i < outputLength; i++) {
      const x = value[i];
      if (typeof x !== 'number' && !(x instanceof Int32)) {
        padStart = false;
        break;
      }
    }
    const tmp: string[] = [];
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = '';
      let j = i;
      for (; j < max - 1; j++) {
        const cell = `${output[j] as string}, `;
        const width = maxLineLength[j - i] ?? 0;
        str += padStart ? cell.padStart(width, ' ') : cell.padEnd(width, ' ');
      }
      if (padStart) {
        str += (output[j] as string).padStart((maxLineLength[j - i] ?? 0) - separatorSpace, ' ');
      } else {
        str += output[j] as string;
      }
      tmp.push(str);
    }
    if (hasMore) tmp.push(output[outputLength] as string);
    return tmp;
  }
  return output;
}

function formatBsonScalar(ctx: Ctx, v: Value, recurseTimes: number): string {
  if (typeof v !== 'object' || v === null || !('_bsontype' in v)) return String(v);
  switch (v._bsontype) {
    case 'Int32':
      return formatNumber(v.value);
    case 'Long':
      return `Long('${v.toString()}')`;
    case 'Decimal128':
      return `Decimal128('${v.toString()}')`;
    case 'ObjectId':
      return `ObjectId('${v.toHexString()}')`;
    case 'Timestamp':
      return `Timestamp({ t: ${v.t}, i: ${v.i} })`;
    case 'Binary':
      return formatBinary(v);
    case 'BSONRegExp':
      return formatRegex(v.pattern, v.options);
    case 'MinKey':
      return 'MinKey()';
    case 'MaxKey':
      return 'MaxKey()';
    case 'Code':
      return v.scope === null || v.scope === undefined
        ? `Code(${quoteString(v.code)})`
        : `Code(${quoteString(v.code)}, ${inspect(ctx, new Map(Object.entries(v.scope)) as Doc, recurseTimes + 1)})`;
    case 'BSONSymbol':
      return `BSONSymbol(${quoteString(v.value)})`;
    case 'DBRef':
      return `DBRef(${quoteString(v.collection)}, ${inspect(ctx, v.oid as Value, recurseTimes + 1)}${v.db ? `, ${quoteString(v.db)}` : ''})`;
    case 'undefined':
      return 'undefined';
  }
}

function formatBinary(b: Binary): string {
  if (b.sub_type === Binary.SUBTYPE_UUID && b.length() === 16) {
    const hex = b.toString('hex');
    return `UUID('${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}')`;
  }
  return `Binary.createFromBase64('${b.toString('base64')}', ${b.sub_type})`;
}

/**
 * The driver hands mongosh a JS RegExp when the flags allow it (printed `/a/i`); flags JS lacks
 * (x, l) keep it a BSONRegExp.
 */
function formatRegex(pattern: string, flags: string): string {
  if (/^[imsu]*$/.test(flags)) {
    let source = '';
    let inClass = false;
    for (let i = 0; i < pattern.length; i++) {
      const ch = pattern[i] as string;
      if (ch === '\\') {
        source += ch + (pattern[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      source += ch === '/' && !inClass ? '\\/' : ch === '\n' ? '\\n' : ch;
    }
    return `/${source === '' ? '(?:)' : source}/${[...flags].sort().join('')}`;
  }
  return `BSONRegExp(${quoteString(pattern)}, ${quoteString(flags)})`;
}

// ---- results ------------------------------------------------------------------------------------

/** A mongosh result object as the document mongosh prints (and EJSON serialises). */
export function shellResultToDoc(r: ShellResult): Doc {
  const n = (x: number): Value => (Number.isInteger(x) && Math.abs(x) <= 0x7fffffff ? new Int32(x) : x);
  const ids = (m: ReadonlyMap<number, Value>): Doc =>
    new Map([...m].map(([k, x]) => [String(k), x] as [string, Value]));
  const entries: [string, Value | undefined][] = [];
  switch (r.kind) {
    case 'WriteResult':
      entries.push(['nMatched', n(r.nMatched)], ['nUpserted', n(r.nUpserted)], ['nModified', n(r.nModified)]);
      entries.push(['_id', r._id], ['writeError', r.writeError], ['writeConcernError', r.writeConcernError]);
      break;
    case 'UpdateResult':
      entries.push(['acknowledged', r.acknowledged], ['insertedId', r.insertedId]);
      entries.push(
        ['matchedCount', n(r.matchedCount)],
        ['modifiedCount', n(r.modifiedCount)],
        ['upsertedCount', n(r.upsertedCount)],
      );
      break;
    case 'InsertOneResult':
      entries.push(['acknowledged', r.acknowledged], ['insertedId', r.insertedId]);
      break;
    case 'InsertManyResult':
      entries.push(['acknowledged', r.acknowledged], ['insertedIds', ids(r.insertedIds)]);
      break;
    case 'DeleteResult':
      entries.push(['acknowledged', r.acknowledged], ['deletedCount', n(r.deletedCount)]);
      break;
    case 'BulkWriteResult':
      entries.push(
        ['acknowledged', r.acknowledged],
        ['insertedCount', n(r.insertedCount)],
        ['insertedIds', ids(r.insertedIds)],
      );
      entries.push(
        ['matchedCount', n(r.matchedCount)],
        ['modifiedCount', n(r.modifiedCount)],
        ['deletedCount', n(r.deletedCount)],
      );
      entries.push(['upsertedCount', n(r.upsertedCount)], ['upsertedIds', ids(r.upsertedIds)]);
      break;
    case 'ClientBulkWriteResult': {
      entries.push(
        ['acknowledged', r.acknowledged],
        ['insertedCount', n(r.insertedCount)],
        ['upsertedCount', n(r.upsertedCount)],
      );
      entries.push(
        ['matchedCount', n(r.matchedCount)],
        ['modifiedCount', n(r.modifiedCount)],
        ['deletedCount', n(r.deletedCount)],
      );
      const perOp = <T>(m: ReadonlyMap<number, T> | undefined, f: (x: T) => Doc): Doc | undefined =>
        m === undefined ? undefined : new Map([...m].map(([k, x]) => [String(k), f(x)] as [string, Value]));
      entries.push(['insertResults', perOp(r.insertResults, (x) => new Map([['insertedId', x.insertedId]]))]);
      entries.push([
        'updateResults',
        perOp(r.updateResults, (x) => {
          const d: Doc = new Map([
            ['matchedCount', n(x.matchedCount)],
            ['modifiedCount', n(x.modifiedCount)],
          ]);
          if (x.upsertedId !== undefined) d.set('upsertedId', x.upsertedId);
          return d;
        }),
      ]);
      entries.push(['deleteResults', perOp(r.deleteResults, (x) => new Map([['deletedCount', n(x.deletedCount)]]))]);
      break;
    }
  }
  const out: Doc = new Map();
  for (const [k, x] of entries) if (x !== undefined) out.set(k, x);
  return out;
}

function formatShellResultObject(r: ShellResult, options: FormatOptions): string {
  const d = shellResultToDoc(r);
  if (r.kind === 'WriteResult') {
    // The legacy shell's WriteResult prints as a constructor call around its fields.
    const ctx = makeCtx(options);
    return `WriteResult(${inspect(ctx, d, 0)})`;
  }
  return formatValue(d, options);
}

/** The text mongosh prints for one statement's output (without warnings). */
export function formatShellOutput(output: ShellOutput, options: FormatOptions = {}): string {
  switch (output.kind) {
    case 'none':
      return '';
    case 'value':
      return formatTopLevel(output.value, options);
    case 'result':
      return formatShellResultObject(output.result, options);
    case 'documents': {
      // mongosh prints nothing for a cursor with no documents.
      const docs = output.documents.length === 0 ? '' : formatValue(output.documents as Value[], options);
      return output.hasMore === true ? `${docs}\nType "it" for more` : docs;
    }
    case 'text':
      return output.text;
    case 'error': {
      // mongosh follows the header with the server's errInfo and, for bulk writes, the partial
      // result and the write errors.
      const e = output.error;
      const lines = [e.display];
      const errInfo = e.errorResponse?.get('errInfo');
      if (errInfo !== undefined) lines.push(`Additional information: ${formatValue(errInfo, options)}`);
      if (e.bulkResult !== undefined) lines.push(`Result: ${formatValue(shellResultToDoc(e.bulkResult), options)}`);
      if (e.writeErrors !== undefined && e.writeErrors.length > 0) {
        lines.push(`Write Errors: ${formatValue([...e.writeErrors], options)}`);
      }
      return lines.join('\n');
    }
  }
}

/** Everything mongosh prints for a statement: its warnings, then its output. */
export function formatShellResult(result: ShellStatementResult, options: FormatOptions = {}): string {
  const body = formatShellOutput(result.output, options);
  return [...result.messages.map((m) => m.text), ...(body === '' ? [] : [body])].join('\n');
}

/** A statement's output as a value (for Extended JSON and for the playground's result panel). */
export function shellOutputToValue(output: ShellOutput): Value | undefined {
  switch (output.kind) {
    case 'none':
      return undefined;
    case 'value':
      return output.value;
    case 'result':
      return shellResultToDoc(output.result);
    case 'documents':
      return output.documents as Value[];
    case 'text':
      return output.text;
    case 'error': {
      const d: Doc = new Map<string, Value>([
        ['name', output.error.name],
        ['message', output.error.message],
      ]);
      if (output.error.code !== undefined) d.set('code', new Int32(output.error.code));
      if (output.error.codeName !== undefined) d.set('codeName', output.error.codeName);
      return d;
    }
  }
}

/**
 * The `--shell` command-line rendering: warnings, then the output as relaxed Extended JSON
 * (indent 2). Shell messages and errors stay plain text, as mongosh prints them.
 */
export function formatShellResultEJSON(result: ShellStatementResult): string {
  const o = result.output;
  let body: string;
  if (o.kind === 'none') body = '';
  else if (o.kind === 'text') body = o.text;
  else if (o.kind === 'error') body = formatShellOutput(o);
  else body = stringifyEJSON(shellOutputToValue(o) as Value, { relaxed: true, indent: 2 });
  return [...result.messages.map((m) => m.text), ...(body === '' ? [] : [body])].join('\n');
}
