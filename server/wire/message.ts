/**
 * MongoDB wire messages: the 16-byte header, OP_MSG (kind 0 body + kind 1 document sequences,
 * checksum), the legacy OP_QUERY the driver's first `hello` may use, and the replies (OP_MSG,
 * OP_REPLY). Parsing follows the server's `OpMsg::parse` (src/mongo/rpc/op_msg.cpp): unknown
 * required flag bits, a second body, a third sequence, a duplicate sequence, a sequence that
 * repeats a body field, a missing body and a bad checksum each fail with the server's code.
 */
import { isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import { BsonDecodeError, decodeDocumentAt, encodeDocument } from './bson-codec.js';
import { crc32c } from './crc32c.js';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const HEADER_SIZE = 16;
/** `maxMessageSizeBytes` announced by hello; longer messages close the connection, as on the server. */
export const MAX_MESSAGE_SIZE = 48_000_000;

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
export const FLAG_EXHAUST_ALLOWED = 1 << 16;
const SUPPORTED_FLAGS = FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME;
const REQUIRED_FLAG_MASK = 0xffff;

export interface MessageHeader {
  readonly length: number;
  readonly requestId: number;
  readonly responseTo: number;
  readonly opCode: number;
}

/** A request the server refuses with an error reply (the connection stays open). */
export class WireError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
  ) {
    super(message);
  }
}

export function readHeader(buf: Buffer): MessageHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

export interface OpMsgRequest {
  readonly flags: number;
  /** The body with every document sequence appended as an array field. */
  readonly command: Doc;
  readonly checksumPresent: boolean;
  readonly moreToCome: boolean;
  readonly exhaustAllowed: boolean;
}

function asWireError(e: unknown): WireError {
  if (e instanceof WireError) return e;
  if (e instanceof BsonDecodeError) return new WireError(22, 'InvalidBSON', e.message);
  throw e;
}

/** Parses a whole OP_MSG message (header included). Throws WireError. */
export function parseOpMsg(msg: Buffer): OpMsgRequest {
  try {
    if (msg.length < HEADER_SIZE + 4) throw new WireError(22, 'InvalidBSON', 'OP_MSG is too short to hold its flags');
    const flags = msg.readUInt32LE(HEADER_SIZE);
    if ((flags & ~SUPPORTED_FLAGS & REQUIRED_FLAG_MASK) !== 0) {
      throw new WireError(
        223,
        'IllegalOpMsgFlag',
        `Message contains illegal flags value: Ob${flags.toString(2).padStart(32, '0')}`,
      );
    }
    const checksumPresent = (flags & FLAG_CHECKSUM_PRESENT) !== 0;
    const end = msg.length - (checksumPresent ? 4 : 0);
    if (end < HEADER_SIZE + 4) throw new WireError(22, 'InvalidBSON', 'OP_MSG is too short to hold its checksum');
    let body: Doc | undefined;
    const sequences: [string, Doc[]][] = [];
    let pos = HEADER_SIZE + 4;
    while (pos < end) {
      const kind = msg[pos++]!;
      if (kind === 0) {
        if (body !== undefined) throw new WireError(40430, 'Location40430', 'Multiple body sections in message');
        const { doc, length } = decodeDocumentAt(msg, pos, end);
        body = doc;
        pos += length;
      } else if (kind === 1) {
        if (sequences.length >= 2) {
          throw new WireError(224, 'TooManyDocumentSequences', 'Too many document sequences in OP_MSG');
        }
        if (pos + 4 > end) throw new WireError(22, 'InvalidBSON', 'document sequence size extends past the end');
        const size = msg.readInt32LE(pos);
        if (size < 5 || pos + size > end) {
          throw new WireError(22, 'InvalidBSON', `document sequence size ${size} does not fit the message`);
        }
        const seqEnd = pos + size;
        const zero = msg.indexOf(0, pos + 4);
        if (zero < 0 || zero >= seqEnd) throw new WireError(22, 'InvalidBSON', 'unterminated document sequence name');
        const name = msg.toString('utf8', pos + 4, zero);
        if (sequences.some(([n]) => n === name)) {
          throw new WireError(40431, 'Location40431', `Duplicate document sequence: ${name}`);
        }
        const docs: Doc[] = [];
        let p = zero + 1;
        while (p < seqEnd) {
          const { doc, length } = decodeDocumentAt(msg, p, seqEnd);
          docs.push(doc);
          p += length;
        }
        sequences.push([name, docs]);
        pos = seqEnd;
      } else {
        throw new WireError(40432, 'Location40432', `Unknown section kind ${kind}`);
      }
    }
    if (body === undefined) throw new WireError(40587, 'Location40587', 'OP_MSG messages must have a body');
    for (const [name] of sequences) {
      if (hasPath(body, name)) {
        throw new WireError(40433, 'Location40433', `Duplicate field between body and document sequence ${name}`);
      }
    }
    if (checksumPresent && msg.readUInt32LE(msg.length - 4) !== crc32c(msg.subarray(0, msg.length - 4))) {
      throw new WireError(225, 'ChecksumMismatch', 'OP_MSG checksum does not match contents');
    }
    const command: Doc = sequences.length === 0 ? body : new Map(body);
    for (const [name, docs] of sequences) command.set(name, docs);
    return {
      flags,
      command,
      checksumPresent,
      moreToCome: (flags & FLAG_MORE_TO_COME) !== 0,
      exhaustAllowed: (flags & FLAG_EXHAUST_ALLOWED) !== 0,
    };
  } catch (e) {
    throw asWireError(e);
  }
}

function hasPath(doc: Doc, dotted: string): boolean {
  let cur: Value | undefined = doc;
  for (const part of dotted.split('.')) {
    if (!isDoc(cur)) return false;
    cur = cur.get(part);
    if (cur === undefined) return false;
  }
  return true;
}

export interface OpQueryRequest {
  readonly flags: number;
  readonly fullCollectionName: string;
  readonly numberToSkip: number;
  readonly numberToReturn: number;
  readonly query: Doc;
}

/** Parses a whole OP_QUERY message (header included). Throws WireError. */
export function parseOpQuery(msg: Buffer): OpQueryRequest {
  try {
    let pos = HEADER_SIZE;
    if (msg.length < pos + 4 + 1 + 8 + 5) throw new WireError(22, 'InvalidBSON', 'OP_QUERY is too short');
    const flags = msg.readInt32LE(pos);
    pos += 4;
    const zero = msg.indexOf(0, pos);
    if (zero < 0) throw new WireError(22, 'InvalidBSON', 'unterminated collection name in OP_QUERY');
    const fullCollectionName = msg.toString('utf8', pos, zero);
    pos = zero + 1;
    if (pos + 8 > msg.length) throw new WireError(22, 'InvalidBSON', 'OP_QUERY is too short');
    const numberToSkip = msg.readInt32LE(pos);
    const numberToReturn = msg.readInt32LE(pos + 4);
    pos += 8;
    // An optional returnFieldsSelector may follow; only the query document is used.
    const { doc } = decodeDocumentAt(msg, pos, msg.length);
    return { flags, fullCollectionName, numberToSkip, numberToReturn, query: doc };
  } catch (e) {
    throw asWireError(e);
  }
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** An OP_MSG reply with one body section; with `checksum`, the CRC-32C is appended. */
export function buildOpMsg(
  requestId: number,
  responseTo: number,
  body: Doc,
  options: { checksum?: boolean; moreToCome?: boolean } = {},
): Buffer {
  const bson = encodeDocument(body);
  const flags =
    (options.checksum === true ? FLAG_CHECKSUM_PRESENT : 0) | (options.moreToCome === true ? FLAG_MORE_TO_COME : 0);
  const length = HEADER_SIZE + 4 + 1 + bson.length + (options.checksum === true ? 4 : 0);
  const out = Buffer.alloc(length);
  header(length, requestId, responseTo, OP_MSG).copy(out, 0);
  out.writeUInt32LE(flags >>> 0, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  bson.copy(out, HEADER_SIZE + 5);
  if (options.checksum === true) out.writeUInt32LE(crc32c(out.subarray(0, length - 4)), length - 4);
  return out;
}

/** An OP_REPLY holding one document (the answer to an OP_QUERY command). */
export function buildOpReply(requestId: number, responseTo: number, doc: Doc): Buffer {
  const bson = encodeDocument(doc);
  const length = HEADER_SIZE + 4 + 8 + 4 + 4 + bson.length;
  const out = Buffer.alloc(length);
  header(length, requestId, responseTo, OP_REPLY).copy(out, 0);
  let pos = HEADER_SIZE;
  out.writeInt32LE(0, pos); // responseFlags
  pos += 4;
  out.writeBigInt64LE(0n, pos); // cursorID
  pos += 8;
  out.writeInt32LE(0, pos); // startingFrom
  pos += 4;
  out.writeInt32LE(1, pos); // numberReturned
  pos += 4;
  bson.copy(out, pos);
  return out;
}
