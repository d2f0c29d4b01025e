/**
 * How long a share link is, and whether common chat tools and mail clients will carry it whole:
 * links past about 2,000 characters are cut or not made clickable by several of them (and by old
 * browsers, whose limit was 2,083).
 */
export const LONG_LINK_CHARACTERS = 2000;

export interface LinkLength {
  readonly characters: number;
  readonly tooLong: boolean;
}

export function linkLength(url: string): LinkLength {
  return { characters: url.length, tooLong: url.length > LONG_LINK_CHARACTERS };
}
