/**
 * Which Chromium the end-to-end tests drive: $CHROMIUM_PATH if set, else Debian's
 * /usr/bin/chromium, else Playwright's own download. With none of them this throws a message that
 * says how to get one: the browser tests fail, they are never skipped.
 */

export interface ChromiumLookup {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly exists: (path: string) => boolean;
  /** Where Playwright's own Chromium would be (it may not be downloaded). */
  readonly playwrightChromium: () => string | undefined;
}

export const NO_CHROMIUM_MESSAGE = [
  'No Chromium found for the end-to-end tests (looked at $CHROMIUM_PATH, /usr/bin/chromium and',
  "Playwright's own browser). Install one with either:",
  '  apt-get update && apt-get install -y chromium',
  '  npx playwright install chromium',
  'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
].join('\n');

export function findChromium({ env, exists, playwrightChromium }: ChromiumLookup): string {
  const explicit = env['CHROMIUM_PATH'];
  if (explicit !== undefined && explicit !== '') {
    if (exists(explicit)) return explicit;
    throw new Error(`CHROMIUM_PATH is set to ${explicit}, but no such file exists.`);
  }
  if (exists('/usr/bin/chromium')) return '/usr/bin/chromium';
  let own: string | undefined;
  try {
    own = playwrightChromium();
  } catch {
    own = undefined;
  }
  if (own !== undefined && exists(own)) return own;
  throw new Error(NO_CHROMIUM_MESSAGE);
}

/** Launch flags for Debian's Chromium running as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;
