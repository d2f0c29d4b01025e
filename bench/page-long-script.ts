/**
 * Issue 13's long script: a Run of 100,001 `print` statements, and the main-thread long tasks from
 * the Run until its result is shown and settled (the message that carries the result included).
 */
import type { Browser } from '@playwright/test';
import { longTasks, observeLongTasks } from './page-probes.js';
import { notAvailable, openReadyPage, STEP_TIMEOUT } from './page-session.js';

export interface LongScriptRun {
  readonly statements: number;
  readonly runMs: number;
  readonly longTasks: number;
  readonly longestMs: number;
}

export async function longScriptRun(browser: Browser, statements: number): Promise<LongScriptRun> {
  const page = await openReadyPage(browser);
  try {
    await page.evaluate((n) => {
      const lines = Array.from({ length: n }, (_, i) => `print(${i})`);
      const w = window as unknown as { __playground?: { store: { getState(): { setCommand(t: string): void } } } };
      w.__playground?.store.getState().setCommand(lines.join('\n'));
    }, statements);
    // The editor tokenizes the script in the background first: start once the page is quiet.
    await observeLongTasks(page);
    const deadline = Date.now() + STEP_TIMEOUT;
    for (;;) {
      const before = await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks.length);
      await page.waitForTimeout(2000);
      const after = await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks.length);
      if (after === before || Date.now() > deadline) break;
    }
    await observeLongTasks(page);
    const t0 = await page.evaluate(() => performance.now());
    await page.evaluate(() => {
      const w = window as unknown as { __playground?: { perform(name: string): Promise<void> } };
      void w.__playground?.perform('run');
    });
    try {
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="result-kind"]')?.textContent ?? '').includes('committed'),
        undefined,
        { timeout: STEP_TIMEOUT * 2, polling: 'raf' },
      );
    } catch {
      notAvailable('the Run of the long script did not show a committed result');
    }
    const runMs = (await page.evaluate(() => performance.now())) - t0;
    await page.waitForTimeout(1200);
    const tasks = await longTasks(page);
    return { statements, runMs, longTasks: tasks.length, longestMs: tasks.length > 0 ? Math.max(...tasks) : 0 };
  } finally {
    await page.context().close();
  }
}
