/**
 * How long a share link is, and whether common chat tools and mail clients will carry it whole.
 * One limit, 2,000 characters, because it is where links start to break in the places people
 * paste them: Discord refuses a message longer than 2,000 characters (so a longer link cannot be
 * sent there at all), and link previews, mail clients and older browsers cut or stop linking URLs
 * past 2,048–2,083 characters (2,083 was Internet Explorer's limit, still a common rule of thumb).
 * Slack, Teams and WhatsApp carry far longer links; the warning is for the strictest common one.
 */
export const LONG_LINK_CHARACTERS = 2000;

export interface LinkLength {
  readonly characters: number;
  readonly tooLong: boolean;
}

export function linkLength(url: string): LinkLength {
  return { characters: url.length, tooLong: url.length > LONG_LINK_CHARACTERS };
}
