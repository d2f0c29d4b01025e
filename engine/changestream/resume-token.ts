/**
 * Resume tokens: `{_data: <hex string>}`, as the server's (which are KeyString-encoded
 * `ResumeTokenData`). Ours are a fixed-width hex encoding of the position in the oplog:
 *
 *   "82" | clusterTime seconds (8) | increment (8) | txnOpIndex (4) | kind (2)
 *
 * The leading 0x82 and the timestamp first keep tokens ordered by cluster time, as real tokens are
 * (they start with the KeyString timestamp type byte 0x82). `txnOpIndex` numbers the operations
 * of one applyOps (transaction) entry. Kinds:
 *   01 an event, 02 the invalidate that follows an event, 03 a high-water mark ("everything up to
 *   and including this time has been seen", used for postBatchResumeToken when no event is left),
 *   00 the point just before a cluster time (startAtOperationTime).
 */
import { Timestamp } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

export type PositionKind = 'before' | 'event' | 'invalidate' | 'highWaterMark';

/** A point in the stream of change events. */
export interface StreamPosition {
  readonly t: number;
  readonly i: number;
  /** Index of the operation within its oplog entry (applyOps); 0 otherwise. */
  readonly opIndex: number;
  readonly kind: PositionKind;
}

const KIND_CODE: Record<PositionKind, number> = { before: 0, event: 1, invalidate: 2, highWaterMark: 3 };
const CODE_KIND: readonly PositionKind[] = ['before', 'event', 'invalidate', 'highWaterMark'];

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

/** Sort key: before(T) < every event at T < highWaterMark(T). */
function rank(p: StreamPosition): [number, number, number, number] {
  if (p.kind === 'before') return [p.t, p.i, -1, 0];
  if (p.kind === 'highWaterMark') return [p.t, p.i, Number.POSITIVE_INFINITY, 0];
  return [p.t, p.i, p.opIndex, KIND_CODE[p.kind]];
}

/** Negative when `a` comes before `b`. */
export function comparePositions(a: StreamPosition, b: StreamPosition): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let k = 0; k < 4; k++) {
    const d = ra[k]! - rb[k]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export function positionAt(ts: Timestamp, opIndex: number, kind: PositionKind): StreamPosition {
  return { t: ts.t, i: ts.i, opIndex, kind };
}

export function timestampOf(p: StreamPosition): Timestamp {
  return new Timestamp({ t: p.t, i: p.i });
}

/** The resume token document `{_data: "82…"}` of a position. */
export function encodeResumeToken(p: StreamPosition): Doc {
  const data = `82${hex(p.t, 8)}${hex(p.i, 8)}${hex(p.kind === 'highWaterMark' ? 0xffff : p.opIndex, 4)}${hex(KIND_CODE[p.kind], 2)}`;
  return new Map<string, Value>([['_data', data]]);
}

const TOKEN_PATTERN = /^82([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{4})(0[0-3])$/;

/** Decodes a token; 260 InvalidResumeToken when it is not one of ours. */
export function decodeResumeToken(token: Value): StreamPosition {
  const data = isDoc(token) ? token.get('_data') : undefined;
  const m = typeof data === 'string' ? TOKEN_PATTERN.exec(data.toUpperCase()) : null;
  if (!m) throw fail(260, 'Invalid resume token: expected a token produced by this change stream implementation');
  const kind = CODE_KIND[Number.parseInt(m[4]!, 16)]!;
  const opIndex = kind === 'highWaterMark' ? 0 : Number.parseInt(m[3]!, 16);
  return { t: Number.parseInt(m[1]!, 16), i: Number.parseInt(m[2]!, 16), opIndex, kind };
}
