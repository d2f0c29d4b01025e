/**
 * A script of 100,001 statements must not freeze the page: the result pane renders its statements
 * a page at a time (more as it is scrolled), so rendering the committed result takes no main-thread
 * task over 200 ms (PerformanceObserver 'longtask' in Chromium: an assertion on long tasks, not on
 * wall time). Measured from the moment the result is in the store: the message that carries it
 * across the worker boundary is the transport's part (see the report of issue 13).
 */
import { expect, test } from './fixtures.js';

const STATEMENTS = 100_001;

test('a Run of 100,001 statements renders without a main-thread task over 200 ms', async ({ page, playground }) => {
  test.setTimeout(180_000);
  await playground.open();
  await page.evaluate((n) => {
    const lines = Array.from({ length: n }, (_, i) => `print(${i})`);
    const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __shownAt: number };
    w.__longTasks = [];
    w.__shownAt = Infinity;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: Math.round(e.duration) });
    }).observe({ type: 'longtask' });
    window.__playground?.store.getState().setCommand(lines.join('\n'));
    (window as unknown as { __setAt: number }).__setAt = performance.now();
  }, STATEMENTS);
  // The editor tokenizes the 100,001 lines in the background first: start once it has settled.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __setAt: number };
          const last = w.__longTasks.at(-1);
          return performance.now() - Math.max(w.__setAt, last === undefined ? 0 : last.start + last.duration);
        }),
      { timeout: 60_000, intervals: [500] },
    )
    .toBeGreaterThan(2000);
  await page.evaluate(() => {
    window.__playground?.store.subscribe((s, before) => {
      if (s.shown !== before.shown && s.shown?.kind === 'committed') {
        (window as unknown as { __shownAt: number }).__shownAt = performance.now();
      }
    });
    void window.__playground?.perform('run');
  });
  await expect(page.getByTestId('result-kind')).toContainText('committed', { timeout: 120_000 });
  const statements = page.getByTestId('result-statement');
  await expect(statements.first()).toContainText('print(0)');
  await page.waitForTimeout(1500);
  const longTasks = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __shownAt: number };
    return w.__longTasks.filter((t) => t.start >= w.__shownAt).map((t) => t.duration);
  });
  expect(longTasks.filter((d) => d > 200)).toEqual([]);
  // A page at a time; scrolling to the end of the list brings the next page.
  await expect(statements).toHaveCount(200);
  await page.getByTestId('result-more').scrollIntoViewIfNeeded();
  await expect(statements).toHaveCount(400);
  await expect(page.getByTestId('result-more')).toContainText('of 100,001 statements');
});
