/**
 * Link format 1 (the first one, `#s=<payload>` with no prefix): the state as JSON, deflate-raw
 * (CompressionStream, in Chromium and Node 20), base64url. The page no longer writes it but must
 * keep reading it: links made before format 2 live in chats, docs and bookmarks.
 */
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';
import { ShareError } from './state.js';

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

/** Format 1's payload for a JSON text (kept so tests can make the links older pages made). */
export async function encodeV1Json(json: string): Promise<string> {
  const stream = streamOf(new TextEncoder().encode(json)).pipeThrough(new CompressionStream('deflate-raw'));
  return bytesToBase64Url(await readAll(stream, Number.POSITIVE_INFINITY));
}

/** The JSON text of a format-1 payload, at most `limit` bytes of it. */
export async function decodeV1Json(payload: string, limit: number): Promise<string> {
  const bytes = base64UrlToBytes(payload);
  let inflated: Uint8Array;
  try {
    inflated = await readAll(streamOf(bytes).pipeThrough(new DecompressionStream('deflate-raw')), limit);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('corrupt', 'This share link is damaged: its data cannot be decompressed (was it cut short?).');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw new ShareError('corrupt', 'This share link is damaged: its data is not valid JSON.');
  }
}
