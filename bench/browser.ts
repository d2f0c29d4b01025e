/** The bench's Chromium: Debian's where present (scripts/chromium.ts finds it), else Playwright's own. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.js';

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium({
    env: process.env,
    exists: existsSync,
    playwrightChromium: () => chromium.executablePath(),
  });
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
}
