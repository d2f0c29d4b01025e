/**
 * Where the shared state and the embed flags live in a page address. Every function takes the
 * address as an argument (a Location, a URL or a string), never reads globals, so the page passes
 * `window.location` and tests pass strings.
 *
 *   https://host/upsert-lab/?embed=1&readonly=1#s=<payload>
 */
import { decodeState, encodeState } from './codec.js';
import type { ShareState } from './state.js';

/** What the functions accept as an address (window.location satisfies it). */
export type AddressLike = string | URL | { readonly href: string };

function toUrl(address: AddressLike): URL {
  if (address instanceof URL) return new URL(address.href);
  const href = typeof address === 'string' ? address : address.href;
  try {
    return new URL(href);
  } catch {
    // A bare fragment or relative address: resolve against a placeholder origin.
    return new URL(href, 'https://upsert-lab.invalid/');
  }
}

/** The state payload in the address's fragment (`#s=<payload>`), or undefined when it has none. */
export function readSharePayload(address: AddressLike): string | undefined {
  const hash = toUrl(address).hash;
  if (hash.length <= 1) return undefined;
  const payload = new URLSearchParams(hash.slice(1)).get('s');
  return payload === null || payload === '' ? undefined : payload;
}

/**
 * The state a page should start from: the shared one if the address carries `#s=…`, undefined
 * if not. A damaged link rejects with a ShareError (show its message; keep the local state).
 */
export async function getInitialState(address: AddressLike): Promise<ShareState | undefined> {
  const payload = readSharePayload(address);
  return payload === undefined ? undefined : decodeState(payload);
}

/** `base` with its fragment replaced by the encoded state (query, e.g. embed flags, kept). */
export async function shareUrl(base: AddressLike, state: ShareState): Promise<string> {
  const url = toUrl(base);
  url.hash = `s=${await encodeState(state)}`;
  return url.href;
}

export type EmbedPane = 'editor' | 'diff' | 'oplog' | 'result';
export const EMBED_PANES: readonly EmbedPane[] = ['editor', 'diff', 'oplog', 'result'];
/** What an embed shows without `&panes=`. */
export const DEFAULT_EMBED_PANES: readonly EmbedPane[] = ['editor', 'diff'];

export interface EmbedOptions {
  readonly embed: boolean;
  readonly readOnly: boolean;
  /** `&panes=editor,diff,oplog,result`, in the order given; unknown names are ignored. */
  readonly panes: readonly EmbedPane[];
}

function flag(params: URLSearchParams, name: string): boolean {
  const v = params.get(name);
  return v !== null && v !== '0' && v !== 'false';
}

/** `?present=1`: the presentation layout (larger text, command beside diff). */
export function readPresentation(address: AddressLike): boolean {
  return flag(toUrl(address).searchParams, 'present');
}

/** The address with `present=1` set or removed (the fragment is kept). */
export function presentationUrl(address: AddressLike, on: boolean): string {
  const url = toUrl(address);
  if (on) url.searchParams.set('present', '1');
  else url.searchParams.delete('present');
  return url.href;
}

/** `?embed=1` (compact layout for iframes) and `&readonly=1` (no editing, no running). */
export function readEmbedOptions(address: AddressLike): EmbedOptions {
  const params = toUrl(address).searchParams;
  const embed = flag(params, 'embed');
  const asked = (params.get('panes') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p): p is EmbedPane => (EMBED_PANES as readonly string[]).includes(p));
  const panes = [...new Set(asked)];
  return { embed, readOnly: embed && flag(params, 'readonly'), panes: panes.length > 0 ? panes : DEFAULT_EMBED_PANES };
}

/** The address with `embed=1` (and `readonly=1` when asked) set; the fragment is kept. */
export function embedUrl(address: AddressLike, options: { readonly readOnly?: boolean } = {}): string {
  const url = toUrl(address);
  url.searchParams.set('embed', '1');
  if (options.readOnly === true) url.searchParams.set('readonly', '1');
  else url.searchParams.delete('readonly');
  return url.href;
}
