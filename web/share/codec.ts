/**
 * Share-link codec: the state in the URL fragment as `#s=<payload>`, so it never reaches a server
 * (the TypeScript playground's approach). The payload names its format:
 *
 *   `2.<base64url>`  format 2, written today (codec-v2.ts: text frame + deflate with a dictionary)
 *   `<base64url>`    format 1, links made before it (codec-v1.ts: JSON + deflate), still read
 *
 * base64url has no `.`, so a format-1 payload never looks like a newer one. Decoding is
 * defensive: size caps before and after inflating (a tiny link must not inflate into
 * gigabytes), and every failure is a ShareError with a message a person can act on.
 */
import { decodeV1Json } from './codec-v1.js';
import { decodeV2, encodeV2 } from './codec-v2.js';
import { ShareError, validateShareState, type ShareState } from './state.js';

export { base64UrlToBytes, bytesToBase64Url } from './base64url.js';

/** Longest payload we produce or accept (characters of base64url). Chromium URLs allow 2 MB. */
export const MAX_SHARE_PAYLOAD_CHARS = 400_000;
/** Largest text we inflate a payload into (bytes). */
export const MAX_SHARE_JSON_BYTES = 8 * 1024 * 1024;

/** The link format encodeState writes. */
export const SHARE_LINK_FORMAT = 2;
const FORMAT_PREFIX = /^([0-9]+)\./;

/** The payload for `#s=<payload>`. Throws ShareError('too-large') past MAX_SHARE_PAYLOAD_CHARS. */
export async function encodeState(state: ShareState, maxChars: number = MAX_SHARE_PAYLOAD_CHARS): Promise<string> {
  const payload = `${SHARE_LINK_FORMAT}.${encodeV2(validateShareState(state))}`;
  if (payload.length > maxChars) {
    throw new ShareError(
      'too-large',
      `The state is too large for a link (${payload.length} characters, limit ${maxChars}); export it as a mongosh script instead.`,
    );
  }
  return Promise.resolve(payload);
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

/** Decodes a fragment (see `payloadOf`), of any format this page ever wrote, into a validated state. */
export async function decodeState(fragment: string): Promise<ShareState> {
  const payload = payloadOf(fragment.trim());
  if (payload === '') throw new ShareError('missing', 'This link has no shared state (#s=…).');
  if (payload.length > MAX_SHARE_PAYLOAD_CHARS) {
    throw new ShareError('too-large', 'This share link is longer than the playground accepts.');
  }
  const format = FORMAT_PREFIX.exec(payload);
  if (format === null) return decodeV1(payload);
  const version = Number(format[1]);
  if (version === 2) return decodeV2(payload.slice(format[0].length), MAX_SHARE_JSON_BYTES);
  throw new ShareError(
    'version',
    version > SHARE_LINK_FORMAT
      ? `This share link was made by a newer Upsert Lab (link format ${version}); reload the page to update.`
      : `This share link has an unknown format (${version}).`,
  );
}

async function decodeV1(payload: string): Promise<ShareState> {
  const json = await decodeV1Json(payload, MAX_SHARE_JSON_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ShareError('corrupt', 'This share link is damaged: its data is not valid JSON.');
  }
  return validateShareState(parsed);
}
