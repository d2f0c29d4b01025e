import { expect, test } from './fixtures.js';

/**
 * An embed's first preview appears at full strength: nothing on the panes is greyed (the stale
 * preview look) or faded (a card's entrance) between load and the first preview, or while it
 * arrives. Every animation frame from the start of the page is sampled.
 */
test('an embed renders its first preview without a grey flash', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.upsert-set-on-insert').click();
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=/);
  const [base, fragment] = (await page.getByTestId('share-url').inputValue()).split('#');

  await page.addInitScript(() => {
    const w = window as unknown as { samples: string[] };
    w.samples = [];
    const start = performance.now();
    const sample = (): void => {
      const t = Math.round(performance.now() - start);
      const panes = [
        ...document.querySelectorAll<HTMLElement>('.panel, .change-card, .oplog-entry, .result-body, .inspect-body'),
      ];
      const greyed = panes.filter((e) => {
        const style = getComputedStyle(e);
        return Number(style.opacity) < 0.99 || style.filter !== 'none';
      });
      const stale = document.querySelectorAll('.stale, [data-testid="stale-preview"]').length;
      if (greyed.length > 0 || stale > 0) {
        w.samples.push(
          `${t} ms: ${stale} stale, ${greyed.map((e) => `${e.className} ${getComputedStyle(e).opacity}`).join('; ')}`,
        );
      }
      if (t < 6000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto(`${base}?embed=1&panes=editor,diff,oplog#${fragment}`);
  await expect(page.getByTestId('diff-pane')).toHaveAttribute('data-kind', 'preview');
  await expect(page.getByTestId('diff-document').or(page.getByTestId('diff-upsert')).first()).toBeVisible();
  await page.waitForTimeout(600); // past any entrance animation
  expect(await page.evaluate(() => (window as unknown as { samples: string[] }).samples)).toEqual([]);
});
