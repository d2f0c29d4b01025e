/** In-page probes: keystroke → diff shown, and main-thread long tasks (PerformanceObserver). */
import type { Page } from '@playwright/test';

/**
 * In-page probe: a keydown starts a measurement; the preview-state marker leaving "on" (the shown
 * run no longer matches the text) and coming back (the new preview is rendered) ends it, taken at
 * the next animation frame (just before that frame paints).
 */
export async function installPreviewProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { phase: string; t0: number; latencies: number[] } };
    w.__bench = { phase: 'idle', t0: 0, latencies: [] };
    const state = document.querySelector('[data-testid="preview-state"]');
    if (!state) throw new Error('no [data-testid=preview-state]');
    document.addEventListener(
      'keydown',
      (e) => {
        w.__bench.phase = state.classList.contains('on') ? 'waitOff' : 'waitOn';
        w.__bench.t0 = e.timeStamp;
      },
      true,
    );
    new MutationObserver(() => {
      const b = w.__bench;
      const on = state.classList.contains('on');
      if (b.phase === 'waitOff' && !on) b.phase = 'waitOn';
      else if (b.phase === 'waitOn' && on) {
        b.phase = 'painting';
        requestAnimationFrame(() => {
          b.latencies.push(performance.now() - b.t0);
          b.phase = 'done';
        });
      }
    }).observe(state, { attributes: true, attributeFilter: ['class'] });
  });
}

/** Starts collecting main-thread long tasks (durations in ms) into `window.__longtasks`. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longtasks: number[] };
    w.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longtasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

export async function longTasks(page: Page): Promise<number[]> {
  await page.waitForTimeout(300);
  return await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks);
}
