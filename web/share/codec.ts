/**
 * Share-link codec: state → JSON → deflate-raw (CompressionStream, in Chromium and Node 20) →
 * base64url, carried in the URL fragment as `#s=<payload>` so it never reaches a server (the
 * TypeScript playground's approach). Decoding is defensive: size caps before and after
 * inflating (a tiny link must not inflate into gigabytes), and every failure is a ShareError
 * with a message a person can act on.
 */
import { ShareError, validateShareState, type ShareState } from './state.js';

/** Longest payload we produce or accept (characters of base64url). Chromium URLs allow 2 MB. */
export const MAX_SHARE_PAYLOAD_CHARS = 400_000;
/** Largest JSON we inflate a payload into (bytes). */
export const MAX_SHARE_JSON_BYTES = 8 * 1024 * 1024;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlToBytes(text: string): Uint8Array {
  if (!BASE64URL.test(text) || text.length % 4 === 1) {
    throw new ShareError('corrupt', 'This share link is damaged: it contains characters a share link never has.');
  }
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Reads a byte stream to the end, giving up past `limit` bytes. */
async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ShareError('too-large', 'This share link expands to more data than the playground accepts.');
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

function streamOf(bytes: Uint8Array): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      // A copy backed by a plain ArrayBuffer (what the stream's BufferSource type requires).
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return readAll(streamOf(bytes).pipeThrough(new CompressionStream('deflate-raw')), Number.POSITIVE_INFINITY);
}

async function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  try {
    return await readAll(streamOf(bytes).pipeThrough(new DecompressionStream('deflate-raw')), limit);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('corrupt', 'This share link is damaged: its data cannot be decompressed (was it cut short?).');
  }
}

/** The payload for `#s=<payload>`. Throws ShareError('too-large') past MAX_SHARE_PAYLOAD_CHARS. */
export async function encodeState(state: ShareState, maxChars: number = MAX_SHARE_PAYLOAD_CHARS): Promise<string> {
  const json = JSON.stringify(validateShareState(state));
  const payload = bytesToBase64Url(await deflateRaw(new TextEncoder().encode(json)));
  if (payload.length > maxChars) {
    throw new ShareError(
      'too-large',
      `The state is too large for a link (${payload.length} characters, limit ${maxChars}); export it as a mongosh script instead.`,
    );
  }
  return payload;
}

/** The payload part of a fragment: accepts `#s=<p>`, `s=<p>` (among other `&` parameters) or `<p>`. */
export function payloadOf(fragment: string): string {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!f.includes('=')) return f;
  for (const part of f.split('&')) {
    if (part.startsWith('s=')) return part.slice(2);
  }
  throw new ShareError('missing', 'This link has no shared state (#s=…).');
}

/** Decodes a fragment (see `payloadOf`) back into a validated state. */
export async function decodeState(fragment: string): Promise<ShareState> {
  const payload = payloadOf(fragment.trim());
  if (payload === '') throw new ShareError('missing', 'This link has no shared state (#s=…).');
  if (payload.length > MAX_SHARE_PAYLOAD_CHARS) {
    throw new ShareError('too-large', 'This share link is longer than the playground accepts.');
  }
  const bytes = await inflateRaw(base64UrlToBytes(payload), MAX_SHARE_JSON_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ShareError('corrupt', 'This share link is damaged: its data is not valid JSON.');
  }
  return validateShareState(parsed);
}
