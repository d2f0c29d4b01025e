/**
 * The BinData rows of `$convert`'s conversion table (8.0: string <-> binData with a `format`,
 * binData -> binData of the same subtype), with `format` and `subtype` checked as the server does.
 */
import { Binary, type BsonTypeName, type Value } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import { BINDATA_FORMATS, decodeText, encodeText, type BinDataFormat } from './bindata-format.js';
import { conversionFailure, unsupported } from './conversion-errors.js';
import { integralInt, numKind, type Num } from './numeric.js';
import { nullish, typeName } from './util.js';
import { valueToString } from './value-string.js';

/** A `$convert` target: a BSON type, or 'missing' (`to` evaluated to missing). */
export type Target = BsonTypeName | 'missing';

/** The arguments of the BinData conversions: `format` (absent when not given) and `to`'s subtype. */
export interface BinDataArgs {
  format: BinDataFormat | undefined;
  subtype: Value | undefined;
}

const bytesOf = (b: Binary): Uint8Array => b.buffer.subarray(0, b.position);

/** `computeBinDataType`: 0-8 and the user-defined 128-255; errors here are not conversion failures. */
function binDataType(subtype: Value | undefined): number {
  if (subtype !== undefined && numKind(subtype) !== null) {
    const n = integralInt(subtype as Num);
    if (n === null) throw fail(4341106, "In $convert, numeric 'subtype' argument is not an integer");
    if (!((n >= 0 && n <= 8) || (n >= 128 && n <= 255)))
      throw fail(4341107, `In $convert, numeric value for 'subtype' does not correspond to a BinData type: ${n}`);
    return n;
  }
  throw fail(4341108, `For BinData, $convert's 'subtype' argument must be a number, but is ${typeName(subtype)}`);
}

function requireFormat(format: BinDataFormat | undefined, from: string, to: string): BinDataFormat {
  if (format === undefined) throw fail(4341115, `Format must be speficied when converting from '${from}' to '${to}'`);
  return format;
}

/** `valueToString` of BinData: `BinData(<subtype>, "<escaped bytes>")`, as `Value::operator<<`. */
function binDataToString(b: Binary): string {
  const text = new TextDecoder().decode(bytesOf(b));
  const escaped = [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c === '"' || c === '\\') return `\\${c}`;
      const named: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
      if (named[c]) return named[c];
      return code < 0x20 ? `\\u00${code.toString(16).padStart(2, '0')}` : c;
    })
    .join('');
  return `BinData(${b.sub_type}, "${escaped}")`;
}

/** The BinData rows of the conversion table (8.0: string <-> binData, binData -> binData). */
export function convertBinData(v: Value, from: string, target: Target, args: BinDataArgs): Value {
  if (from === 'string' && target === 'binData') {
    const format = requireFormat(args.format, from, target);
    const type = binDataType(args.subtype);
    try {
      if ((format === 'uuid') !== (type === 4))
        throw fail(4341116, "Only the 'uuid' format is allowed with the UUID subtype");
      return new Binary(decodeText(v as string, format), type);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      throw conversionFailure(
        `Failed to parse BinData '${v as string}' in $convert with no onError value: ${e.errmsg}`,
      );
    }
  }
  if (from === 'binData' && target === 'string') {
    const format = requireFormat(args.format, from, target);
    const b = v as Binary;
    try {
      return encodeText(bytesOf(b), format, b.sub_type === 4 && b.position === 16);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      throw conversionFailure(
        `Failed to convert '${binDataToString(b)}' to string in $convert with no onError value: ${e.errmsg}`,
      );
    }
  }
  if (from === 'binData' && target === 'binData') {
    const b = v as Binary;
    if (b.sub_type !== binDataType(args.subtype))
      throw conversionFailure('Conversions between different BinData subtypes are not supported');
    return new Binary(bytesOf(b).slice(), b.sub_type);
  }
  throw unsupported(from, target);
}

/** `$convert`'s 'format' (`parseBinDataFormat`): absent when nullish, checked before converting. */
export function binDataFormat(format: Value | undefined): BinDataFormat | undefined {
  if (nullish(format)) return undefined;
  if (typeof format !== 'string')
    throw fail(
      4341114,
      `$convert requires that 'format' be a string, found: ${typeName(format)} with value ${valueToString(format)}`,
    );
  if (!(BINDATA_FORMATS as readonly string[]).includes(format))
    throw fail(4341125, `Invalid 'format' argument for $convert: ${format}`);
  return format as BinDataFormat;
}
