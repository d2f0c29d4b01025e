/**
 * The text forms of BinData that `$convert`'s `format` names (8.0): base64 and base64url
 * (`util/base64.cpp`'s one decoder with two alphabets, padding required only for base64), hex
 * (`hexblob`, upper-case when encoding), utf8 (`isValidUTF8`) and uuid (`UUID::parse`/`toString`).
 * Each decoder fails with the server's code and reason; `$convert` wraps them into 241.
 */
import { fail } from '../errors.js';

export type BinDataFormat = 'auto' | 'base64' | 'base64url' | 'hex' | 'utf8' | 'uuid';
export const BINDATA_FORMATS: readonly BinDataFormat[] = ['auto', 'base64', 'base64url', 'hex', 'utf8', 'uuid'];

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encodeBase64(bytes: Uint8Array, table: string, pad: boolean): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += table[n >> 18]! + table[(n >> 12) & 63]! + table[(n >> 6) & 63]! + table[n & 63]!;
  }
  const left = bytes.length - i;
  if (left === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += table[n >> 18]! + table[(n >> 12) & 63]! + table[(n >> 6) & 63]! + (pad ? '=' : '');
  } else if (left === 1) {
    const n = bytes[i]! << 16;
    out += table[n >> 18]! + table[(n >> 12) & 63]! + (pad ? '==' : '');
  }
  return out;
}

/** `decodeImpl` over the string's bytes: whole groups first, then a final group of 2-4 characters whose '=' end it. */
function decodeBase64(s: string, table: string, terminatorRequired: boolean): Uint8Array {
  const b = utf8Bytes(s);
  if (b.length === 0) return new Uint8Array(0);
  const sextet = (c: number): number => {
    const x = c < 128 ? table.indexOf(String.fromCharCode(c)) : -1;
    if (x < 0) throw fail(40537, 'Invalid base64 character');
    return x;
  };
  const lastBlockSize = b.length % 4 || 4;
  if (lastBlockSize < (terminatorRequired ? 4 : 2)) throw fail(10270, 'invalid base64');
  const out: number[] = [];
  let p = 0;
  for (let groups = (b.length - lastBlockSize) / 4; groups > 0; groups--, p += 4) {
    const n = (sextet(b[p]!) << 18) | (sextet(b[p + 1]!) << 12) | (sextet(b[p + 2]!) << 6) | sextet(b[p + 3]!);
    out.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
  }
  const EQ = 0x3d;
  let bits = 24;
  if (lastBlockSize < 4 || b[p + 3] === EQ) {
    bits -= 8;
    if (lastBlockSize < 3 || b[p + 2] === EQ) bits -= 8;
  }
  let n = (sextet(b[p]!) << 18) | (sextet(b[p + 1]!) << 12);
  if (bits > 12) n |= sextet(b[p + 2]!) << 6;
  if (bits > 18) n |= sextet(b[p + 3]!);
  out.push((n >> 16) & 255);
  if (bits > 8) out.push((n >> 8) & 255);
  if (bits > 16) out.push(n & 255);
  return Uint8Array.from(out);
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  throw fail(9, `The character \\x${(c & 255).toString(16).padStart(2, '0')} failed to parse from hex.`);
}

/** `hexblob::decode` over the string's UTF-8 bytes. */
function decodeHex(s: string): Uint8Array {
  const b = utf8Bytes(s);
  if (b.length % 2 !== 0) throw fail(9, 'Hex blob with odd digit count');
  const out = new Uint8Array(b.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (hexDigit(b[2 * i]!) << 4) | hexDigit(b[2 * i + 1]!);
  return out;
}

export function encodeHex(bytes: Uint8Array): string {
  let out = '';
  for (const x of bytes) out += x.toString(16).padStart(2, '0');
  return out.toUpperCase();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** UTF-8 bytes of a string, or null when it holds a lone surrogate (never valid UTF-8). */
function utf8OrNull(s: string): Uint8Array | null {
  return LONE_SURROGATE.test(s) ? null : utf8Bytes(s);
}

function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** `isValidUTF8` (util/text.cpp): lead bytes and continuation counts only. */
export function isValidUtf8(bytes: Uint8Array): boolean {
  let left = 0;
  for (const c of bytes) {
    const ones = Math.clz32(~(c << 24));
    if (left > 0) {
      if (ones !== 1) return false;
      left--;
    } else if (ones !== 0) {
      if (ones === 1 || ones > 4) return false;
      left = ones - 1;
    }
  }
  return left === 0;
}

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** `UUID::parse`: the 8-4-4-4-12 hex form only. */
function parseUuid(s: string): Uint8Array {
  if (!UUID_RE.test(s)) throw fail(207, `Invalid UUID string: ${s}`);
  return decodeHex(s.replaceAll('-', ''));
}

export function uuidString(bytes: Uint8Array): string {
  const h = encodeHex(bytes).toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** String to bytes in `format` ('auto' is not a decoding format: 4341117). */
export function decodeText(s: string, format: BinDataFormat): Uint8Array {
  switch (format) {
    case 'base64':
      return decodeBase64(s, STANDARD, true);
    case 'base64url':
      return decodeBase64(s, URL, false);
    case 'hex':
      return decodeHex(s);
    case 'utf8': {
      const bytes = utf8OrNull(s);
      if (!bytes) throw fail(4341119, `Invalid UTF-8: ${s}`);
      return bytes;
    }
    case 'uuid':
      return parseUuid(s);
    default:
      throw fail(4341117, `Invalid format '${format}'`);
  }
}

/** Bytes to text in `format`; `isUuid` says whether the BinData is a 16-byte subtype 4. */
export function encodeText(bytes: Uint8Array, format: BinDataFormat, isUuid: boolean): string {
  switch (format) {
    case 'auto':
      return isUuid ? uuidString(bytes) : encodeBase64(bytes, STANDARD, true);
    case 'base64':
      return encodeBase64(bytes, STANDARD, true);
    case 'base64url':
      return encodeBase64(bytes, URL, false);
    case 'hex':
      return encodeHex(bytes);
    case 'utf8':
      if (!isValidUtf8(bytes)) throw fail(4341122, 'BinData does not represent a valid UTF-8 string');
      return new TextDecoder().decode(bytes);
    case 'uuid':
      if (!isUuid) throw fail(4341121, 'BinData does not represent a valid UUID');
      return uuidString(bytes);
  }
}
