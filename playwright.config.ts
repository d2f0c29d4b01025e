/**
 * End-to-end tests in a real Chromium against the production build served by `vite preview`.
 * Browser: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 * With none of them the run fails (it never skips) and says how to get one.
 */
import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

/** `vite preview` port; E2E_PORT lets two checkouts run their e2e suites side by side. */
const PORT = Number(process.env['E2E_PORT'] ?? 4173);

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
          executablePath: findChromium({
            env: process.env,
            exists: existsSync,
            playwrightChromium: () => chromium.executablePath(),
          }),
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: {
    command: `npm run build && npx --no-install vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
