/**
 * End-to-end tests in a real Chromium against the production build served by `vite preview`.
 * Browser: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 * With none of them the run fails (it never skips) and says how to get one.
 */
import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

const PORT = 4173;

function findChromium(): string {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', safePlaywrightChromium()];
  for (const candidate of candidates) {
    if (candidate !== undefined && candidate !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error(
    [
      'No Chromium found for the end-to-end tests (looked at $CHROMIUM_PATH, /usr/bin/chromium and',
      "Playwright's own browser). Install one with either:",
      '  apt-get update && apt-get install -y chromium',
      '  npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chromium/Chrome executable.',
    ].join('\n'),
  );
}

function safePlaywrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm run build && npm run preview',
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
