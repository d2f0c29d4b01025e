/** The copyable `<iframe>` snippet for embedding a shared playground in docs, blogs and courses. */
import { embedUrl, type AddressLike } from './url.js';

export interface EmbedSnippetOptions {
  readonly readOnly?: boolean;
  /** CSS pixels (default 480). */
  readonly height?: number;
  /** The iframe's accessible name (default "Upsert Lab example"). */
  readonly title?: string;
}

export const DEFAULT_EMBED_HEIGHT = 480;

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `<iframe src="…?embed=1[&readonly=1]#s=…" …>` for a share URL. The sandbox lets the page run
 * its scripts and worker (same origin for local storage) and open "open in Upsert Lab" in a new
 * tab, but not navigate the host page.
 */
export function embedSnippet(url: AddressLike, options: EmbedSnippetOptions = {}): string {
  const height = options.height ?? DEFAULT_EMBED_HEIGHT;
  if (!Number.isInteger(height) || height < 120 || height > 4000) {
    throw new RangeError(`embed height must be an integer between 120 and 4000 pixels, got ${height}`);
  }
  const src = embedUrl(url, { readOnly: options.readOnly === true });
  const title = options.title ?? 'Upsert Lab example';
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="${height}" ` +
    `style="border: 1px solid #d0d7de; border-radius: 6px;" loading="lazy" ` +
    `sandbox="allow-scripts allow-same-origin allow-popups"></iframe>`
  );
}
