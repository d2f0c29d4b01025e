import { describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM_MESSAGE } from './chromium.js';

const has = (...paths: string[]) => (path: string) => paths.includes(path);
const ownBrowser = () => '/root/.cache/ms-playwright/chromium/chrome';

describe('findChromium', () => {
  it('prefers $CHROMIUM_PATH', () => {
    const found = findChromium({ env: { CHROMIUM_PATH: '/opt/c' }, exists: has('/opt/c', '/usr/bin/chromium'), playwrightChromium: ownBrowser });
    expect(found).toBe('/opt/c');
  });

  it('refuses a $CHROMIUM_PATH that does not exist instead of guessing', () => {
    expect(() => findChromium({ env: { CHROMIUM_PATH: '/nope' }, exists: has('/usr/bin/chromium'), playwrightChromium: ownBrowser })).toThrow(
      'CHROMIUM_PATH is set to /nope, but no such file exists.',
    );
  });

  it("falls back to Debian's chromium, then Playwright's own", () => {
    expect(findChromium({ env: {}, exists: has('/usr/bin/chromium', ownBrowser()), playwrightChromium: ownBrowser })).toBe('/usr/bin/chromium');
    expect(findChromium({ env: {}, exists: has(ownBrowser()), playwrightChromium: ownBrowser })).toBe(ownBrowser());
  });

  it('fails with instructions when there is no browser at all', () => {
    expect(() => findChromium({ env: {}, exists: has(), playwrightChromium: ownBrowser })).toThrow(NO_CHROMIUM_MESSAGE);
    expect(NO_CHROMIUM_MESSAGE).toContain('apt-get install -y chromium');
    expect(NO_CHROMIUM_MESSAGE).toContain('npx playwright install chromium');
  });
});
