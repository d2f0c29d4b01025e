/** Raw-socket helpers for the wire server's tests (loopback only). */
import { connect, type Socket } from 'node:net';
import type { Doc } from '../engine/bson/values.js';
import { decodeDocumentAt, encodeDocument } from './wire/bson-codec.js';
import { HEADER_SIZE, OP_MSG, OP_REPLY, readHeader } from './wire/message.js';

export interface RawReply {
  readonly opCode: number;
  readonly responseTo: number;
  readonly flags: number;
  readonly doc: Doc;
}

/** A raw client: send bytes, read whole replies, see whether the server closed. */
export class RawClient {
  private data = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port }, () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  /** The next reply, or undefined when the server closes the connection first (or `ms` pass). */
  async reply(ms = 5000): Promise<RawReply | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.data.length >= 4) {
        const len = this.data.readInt32LE(0);
        if (this.data.length >= len) {
          const msg = this.data.subarray(0, len);
          this.data = this.data.subarray(len);
          const h = readHeader(msg);
          if (h.opCode === OP_MSG) {
            const flags = msg.readUInt32LE(HEADER_SIZE);
            return {
              opCode: h.opCode,
              responseTo: h.responseTo,
              flags,
              doc: decodeDocumentAt(msg, HEADER_SIZE + 5).doc,
            };
          }
          if (h.opCode === OP_REPLY) {
            return {
              opCode: h.opCode,
              responseTo: h.responseTo,
              flags: msg.readInt32LE(HEADER_SIZE),
              doc: decodeDocumentAt(msg, HEADER_SIZE + 20).doc,
            };
          }
          throw new Error(`unexpected opcode ${h.opCode}`);
        }
      }
      if (this.closed) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Resolves true once the server has closed the connection (false after `ms`). */
  async waitClosed(ms = 5000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.closed;
  }

  end(): void {
    this.socket.destroy();
  }
}

/** An OP_MSG with one body section (and optional raw extra sections / flags). */
export function opMsg(
  body: Doc,
  options: { requestId?: number; flags?: number; sections?: Buffer; rawBody?: Buffer } = {},
): Buffer {
  const bson = options.rawBody ?? encodeDocument(body);
  const sections = Buffer.concat([Buffer.from([0]), bson, options.sections ?? Buffer.alloc(0)]);
  const out = Buffer.alloc(HEADER_SIZE + 4 + sections.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(options.requestId ?? 7, 4);
  out.writeInt32LE(0, 8);
  out.writeInt32LE(OP_MSG, 12);
  out.writeUInt32LE((options.flags ?? 0) >>> 0, HEADER_SIZE);
  sections.copy(out, HEADER_SIZE + 4);
  return out;
}

/** A bare message: header with `opCode` and the given payload. */
export function rawMessage(opCode: number, payload: Buffer, lengthOverride?: number): Buffer {
  const out = Buffer.alloc(HEADER_SIZE + payload.length);
  out.writeInt32LE(lengthOverride ?? out.length, 0);
  out.writeInt32LE(9, 4);
  out.writeInt32LE(0, 8);
  out.writeInt32LE(opCode, 12);
  payload.copy(out, HEADER_SIZE);
  return out;
}
