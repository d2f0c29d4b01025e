import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';

/** Text lines each visible topbar control and the title take (a squeezed toolbar wraps them). */
function wrappedTopbarTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.topbar h1, .topbar .toolbar > *, .topbar .btn')]
      .filter((e) => e.offsetParent !== null && e.innerText.trim() !== '')
      .filter((e) => {
        // Line boxes: a fragment starting below the previous line's bottom starts a new line.
        const range = document.createRange();
        range.selectNodeContents(e);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = Number.NEGATIVE_INFINITY;
        for (const r of rects) {
          if (r.top >= bottom - 1) {
            lines++;
            bottom = r.bottom;
          } else bottom = Math.max(bottom, r.bottom);
        }
        return lines > 1;
      })
      .map((e) => e.innerText.replace(/\s+/g, ' ')),
  );
}

test.describe('phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

  test('the toolbar keeps Run and Share in one row and puts the rest under More', async ({ playground, page }) => {
    await playground.open();
    const more = page.getByTestId('more-button');
    for (const id of ['toolbar-run', 'share-button', 'more-button']) await expect(page.getByTestId(id)).toBeVisible();
    for (const id of ['examples-button', 'deployment-select', 'undo-button', 'reset-everything', 'theme-toggle']) {
      await expect(page.getByTestId(id)).toBeHidden();
    }
    const bar = (await page.locator('.topbar .toolbar').boundingBox())!;
    const run = (await page.getByTestId('toolbar-run').boundingBox())!;
    const moreBox = (await more.boundingBox())!;
    expect(Math.abs(run.y - moreBox.y)).toBeLessThan(2); // one row
    expect(bar.height).toBeLessThan(60);
    expect((await page.locator('.topbar').boundingBox())!.height).toBeLessThan(120);
    expect(await wrappedTopbarTexts(page)).toEqual([]);

    // Run from the toolbar commits the command.
    await playground.setCommand('db.inventory.updateOne({item: "journal"}, {$set: {qty: 31}})');
    await playground.waitForPreview();
    await page.getByTestId('toolbar-run').click();
    await expect(page.getByTestId('result-kind')).toContainText('committed');
  });

  test('More is a keyboard-operable disclosure: aria-expanded, arrows, Escape closes and returns focus', async ({
    playground,
    page,
  }) => {
    await playground.open();
    const more = page.getByTestId('more-button');
    const menu = page.getByTestId('more-menu');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toHaveAccessibleName('More');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('role', 'group');
    await expect(menu).toHaveAccessibleName('More controls');
    expect(await more.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
    await expect(page.getByTestId('examples-button')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('deployment-select')).toBeFocused();
    await page.keyboard.press('Shift+Tab'); // arrows inside the select pick an option
    await expect(page.getByTestId('examples-button')).toBeFocused();
    await page.keyboard.press('ArrowUp'); // wraps to the last control
    await expect(page.getByTestId('theme-toggle')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();

    // Every control is named in the menu; a click outside closes it.
    await more.click();
    await expect(page.getByTestId('undo-button')).toHaveText(/Undo/);
    await expect(page.getByTestId('theme-toggle')).toContainText('Theme: system');
    await page.getByTestId('collection-pane').click({ position: { x: 10, y: 10 } });
    await expect(menu).toBeHidden();

    // A control that opens a dialog closes the menu; the dialog has the focus.
    await more.click();
    await page.getByTestId('examples-button').click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(
      page.getByRole('dialog').getByRole('searchbox').or(page.getByRole('dialog').getByRole('textbox')).first(),
    ).toBeFocused();
  });
});

test.describe('presentation at 1280x720 with browser zoom 150%', () => {
  test.use({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });

  test('the toolbar fits one row without squeezing any label', async ({ playground, page }) => {
    await playground.open('/?present=1');
    await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('engine-status')).toBeVisible();
    expect(await wrappedTopbarTexts(page)).toEqual([]); // before: the title and "Members 3/3 up" wrapped
    for (const id of ['examples-button', 'share-button', 'presentation-toggle', 'more-button', 'engine-status']) {
      await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(853);
    const tops = await page
      .locator('.topbar .toolbar > *')
      .evaluateAll((els) =>
        els.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)),
      );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
    // The secondary controls are one click away.
    await page.getByTestId('more-button').click();
    await expect(page.getByTestId('deployment-select')).toBeVisible();
    await expect(page.getByTestId('undo-button')).toBeVisible();
  });
});
