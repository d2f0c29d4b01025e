/**
 * Link format 2 (`#s=2.<payload>`): the state's text frame (frame.ts), raw deflate with a preset
 * dictionary (dictionary.ts; fflate, because CompressionStream takes no dictionary), base64url.
 */
import { deflateSync, Inflate } from 'fflate';
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';
import { SHARE_DICTIONARY_V2 } from './dictionary.js';
import { frameToState, stateToFrame } from './frame.js';
import { ShareError, type ShareState } from './state.js';

/** Input fed to the inflater per step: deflate expands at most ~1032×, so one step stays small. */
const INFLATE_STEP = 1024;

export function encodeV2(state: ShareState): string {
  const bytes = new TextEncoder().encode(stateToFrame(state));
  return bytesToBase64Url(deflateSync(bytes, { level: 9, mem: 8, dictionary: SHARE_DICTIONARY_V2 }));
}

/** The inflated bytes, refusing more than `limit` of them (a tiny link must not become gigabytes). */
function inflate(bytes: Uint8Array, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate({ dictionary: SHARE_DICTIONARY_V2 }, (chunk, final) => {
    total += chunk.byteLength;
    if (total > limit) {
      throw new ShareError('too-large', 'This share link expands to more data than the playground accepts.');
    }
    parts.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < bytes.length; at += INFLATE_STEP) {
      inflater.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
    }
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('corrupt', 'This share link is damaged: its data cannot be decompressed (was it cut short?).');
  }
  if (!ended)
    throw new ShareError('corrupt', 'This share link is damaged: its data ends too early (was it cut short?).');
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

export function decodeV2(payload: string, limit: number): ShareState {
  const bytes = inflate(base64UrlToBytes(payload), limit);
  let frame: string;
  try {
    frame = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareError('corrupt', 'This share link is damaged: its data is not text.');
  }
  return frameToState(frame);
}
