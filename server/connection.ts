/**
 * One client connection: frames the byte stream into messages, answers each one, and decides
 * when a connection must close. Bad framing (a length under 16 or over maxMessageSizeBytes), an
 * opcode the server does not take (OP_COMPRESSED included: no compressor is negotiated) close the
 * connection, as mongod does; a malformed OP_MSG/OP_QUERY body gets the server's error reply.
 * Nothing a client sends may throw out of here: the other connections keep being served.
 */
import type { Socket } from 'node:net';
import { Int32 } from 'bson';
import type { Doc, Value } from '../engine/bson/values.js';
import { encodeDocument } from './wire/bson-codec.js';
import {
  buildOpMsg,
  buildOpReply,
  HEADER_SIZE,
  MAX_MESSAGE_SIZE,
  OP_COMPRESSED,
  OP_MSG,
  OP_QUERY,
  parseOpMsg,
  parseOpQuery,
  readHeader,
  WireError,
} from './wire/message.js';

export interface CommandRunner {
  /** Runs one command (body with `$db`) for this connection; a throw closes the connection. */
  run(db: string, command: Doc): Doc;
}

export interface ConnectionLog {
  (message: string): void;
}

let nextRequestId = 1;
function requestId(): number {
  nextRequestId = (nextRequestId % 0x7fffffff) + 1;
  return nextRequestId;
}

function hasOpenCursor(reply: Doc): boolean {
  const cursor = reply.get('cursor');
  if (reply.get('ok') !== 1 || !(cursor instanceof Map)) return false;
  const id = cursor.get('id');
  return id !== undefined && id !== null && String(id) !== '0';
}

function errorDoc(code: number, codeName: string, errmsg: string): Doc {
  return new Map<string, Value>([
    ['ok', 0],
    ['errmsg', errmsg],
    ['code', new Int32(code)],
    ['codeName', codeName],
  ]);
}

/** A reply that could not be encoded becomes an error reply (e.g. a result over 16 MB). */
function encodable(reply: Doc): Doc {
  try {
    const size = encodeDocument(reply).length;
    if (size > MAX_MESSAGE_SIZE) return errorDoc(10334, 'BSONObjectTooLarge', `BSONObj size: ${size} is invalid`);
    return reply;
  } catch (e) {
    return errorDoc(1, 'InternalError', `reply cannot be encoded: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export class Connection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly runner: CommandRunner,
    private readonly log: ConnectionLog,
  ) {
    socket.on('data', (chunk: Buffer) => {
      try {
        this.receive(chunk);
      } catch (e) {
        this.close(`internal error: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
    socket.on('error', () => this.close());
    socket.on('close', () => {
      this.closed = true;
    });
  }

  private close(reason?: string): void {
    if (reason !== undefined)
      this.log(`closing connection ${this.socket.remoteAddress ?? ''}:${this.socket.remotePort ?? ''}: ${reason}`);
    this.closed = true;
    this.chunks = [];
    this.buffered = 0;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (!this.closed && this.buffered >= 4) {
      const head = this.peek(4);
      const length = head.readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
        this.close(`message length ${length} is invalid. Min ${HEADER_SIZE} Max: ${MAX_MESSAGE_SIZE}`);
        return;
      }
      if (this.buffered < length) return;
      this.handle(this.take(length));
    }
  }

  private peek(n: number): Buffer {
    if (this.chunks[0]!.length >= n) return this.chunks[0]!;
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const msg = Buffer.from(all.subarray(0, n));
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return msg;
  }

  private send(bytes: Buffer): void {
    if (!this.closed) this.socket.write(bytes);
  }

  private handle(msg: Buffer): void {
    const header = readHeader(msg);
    if (header.opCode === OP_MSG) this.handleOpMsg(msg, header.requestId);
    else if (header.opCode === OP_QUERY) this.handleOpQuery(msg, header.requestId);
    else if (header.opCode === OP_COMPRESSED) this.close('OP_COMPRESSED received but no compressor was negotiated');
    else this.close(`unsupported opcode ${header.opCode}`);
  }

  private handleOpMsg(msg: Buffer, responseTo: number): void {
    let request;
    try {
      request = parseOpMsg(msg);
    } catch (e) {
      if (!(e instanceof WireError)) throw e;
      // A client that said moreToCome reads no reply: close instead of answering.
      const flags = msg.length >= HEADER_SIZE + 4 ? msg.readUInt32LE(HEADER_SIZE) : 0;
      if ((flags & 2) !== 0) return this.close(e.message);
      this.send(buildOpMsg(requestId(), responseTo, errorDoc(e.code, e.codeName, e.message)));
      return;
    }
    const db = request.command.get('$db');
    let reply: Doc;
    if (db === undefined) reply = errorDoc(40571, 'Location40571', 'OP_MSG requests require a $db argument');
    else if (typeof db !== 'string')
      reply = errorDoc(14, 'TypeMismatch', "BSON field '$db' is the wrong type, expected type 'string'");
    else {
      const r = this.runCommand(db, request.command);
      if (r === undefined) return;
      reply = r;
    }
    if (request.moreToCome) return; // fire-and-forget (w: 0): the client reads no reply
    // Exhaust (OP_MSG spec): for a getMore the client allows it on, the server streams every
    // following batch unasked, each reply flagged moreToCome and answering the previous reply.
    let responseId = responseTo;
    let current = reply;
    for (;;) {
      const stream =
        request.exhaustAllowed &&
        typeof db === 'string' &&
        request.command.keys().next().value === 'getMore' &&
        hasOpenCursor(current);
      const id = requestId();
      this.send(
        buildOpMsg(id, responseId, encodable(current), { checksum: request.checksumPresent, moreToCome: stream }),
      );
      if (!stream || this.closed) return;
      responseId = id;
      const next = this.runCommand(db, request.command);
      if (next === undefined) return;
      current = next;
    }
  }

  /** The runner's reply, or undefined after closing the connection because the runner threw. */
  private runCommand(db: string, command: Doc): Doc | undefined {
    try {
      return this.runner.run(db, command);
    } catch (e) {
      this.close(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  }

  private handleOpQuery(msg: Buffer, responseTo: number): void {
    let reply: Doc;
    try {
      const q = parseOpQuery(msg);
      const dot = q.fullCollectionName.indexOf('.');
      const db = dot < 0 ? q.fullCollectionName : q.fullCollectionName.slice(0, dot);
      const coll = dot < 0 ? '' : q.fullCollectionName.slice(dot + 1);
      // Legacy OP_QUERY carries only the handshake now; the command may be wrapped in $query.
      const wrapped = q.query.get('$query');
      const command = wrapped instanceof Map ? wrapped : q.query;
      const name = command.keys().next().value;
      if (coll !== '$cmd') {
        reply = errorDoc(
          5739101,
          'Location5739101',
          'OP_QUERY is no longer supported. The client driver may require an upgrade.',
        );
      } else if (name !== 'hello' && name !== 'isMaster' && name !== 'ismaster') {
        reply = errorDoc(
          352,
          'UnsupportedOpQueryCommand',
          `Unsupported OP_QUERY command: ${String(name)}. The client driver may require an upgrade.`,
        );
      } else {
        const r = this.runCommand(db, command);
        if (r === undefined) return;
        reply = r;
      }
    } catch (e) {
      if (!(e instanceof WireError)) throw e;
      reply = errorDoc(e.code, e.codeName, e.message);
    }
    this.send(buildOpReply(requestId(), responseTo, encodable(reply)));
  }
}
