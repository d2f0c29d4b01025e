/**
 * A page session in Chromium for the page workloads: open the page ready to type, import documents,
 * set the command, wait for the preview, type, Run. A flow the page cannot serve throws
 * `NotAvailable` with the reason (the workload is then reported "not available").
 */
import type { Browser, Page } from '@playwright/test';
import { makeDocs } from './data.js';
import { installPreviewProbe } from './page-probes.js';
import { BASE } from './page-server.js';

export const COLLECTION = 'bench';
export const STEP_TIMEOUT = 60_000;

export class NotAvailable extends Error {}

export function notAvailable(reason: string): never {
  throw new NotAvailable(reason);
}

export const READY_EXPRESSION = `!!document.querySelector('[data-testid="collection-pane"] [data-testid="document"]') &&
  !!document.querySelector('[data-testid="command-editor"][data-ready="true"]')`;

/** Navigation start → a document in the collection pane and the editor ready, in ms. */
export async function timeToReady(browser: Browser): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(BASE, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(READY_EXPRESSION, undefined, { polling: 'raf', timeout: STEP_TIMEOUT });
    } catch {
      notAvailable('no [data-testid=document] in collection-pane with [data-testid=command-editor][data-ready=true]');
    }
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

export async function openReadyPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForFunction(READY_EXPRESSION, undefined, { polling: 'raf', timeout: STEP_TIMEOUT });
  return page;
}

/** Imports `count` benchmark documents as collection `bench` through the Import dialog. */
export async function importDocuments(page: Page, count: number): Promise<void> {
  const docs = makeDocs(count);
  const button = page.getByTestId('import-documents');
  if ((await button.count()) === 0) notAvailable('no [data-testid=import-documents] button');
  await button.click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('Collection', { exact: true }).fill(COLLECTION);
  await pasteText(page, JSON.stringify(docs));
  await page.getByTestId('import-submit').click();
  try {
    await page.getByTestId(`collection-tab.${COLLECTION}`).waitFor({ timeout: STEP_TIMEOUT });
    await dialog.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  } catch {
    notAvailable(`importing ${count} documents did not finish`);
  }
}

/** Characters per `page.evaluate` while moving the text into the page (the harness's own transfer). */
const TRANSFER_CHUNK = 1 << 20;

/**
 * Pastes `text` into the Import dialog's text box as the clipboard would: a `paste` event carrying
 * the text (the page may take it without putting it in the box). The text reaches the page in
 * chunks first, so the harness's own transfer is not one long task. A page that ignores the event
 * gets the text as one input event instead (the measure before pasting was modelled).
 */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __paste: string[] }).__paste = []));
  for (let i = 0; i < text.length; i += TRANSFER_CHUNK) {
    const chunk = text.slice(i, i + TRANSFER_CHUNK);
    await page.evaluate((c) => (window as unknown as { __paste: string[] }).__paste.push(c), chunk);
  }
  await page.getByTestId('import-text').evaluate((el) => {
    const w = window as unknown as { __paste: string[] };
    const whole = w.__paste.join('');
    w.__paste = [];
    const area = el as HTMLTextAreaElement;
    area.focus();
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', whole);
    const taken = !area.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    if (taken) return;
    // fill() would type it through React state updates: one input event with the whole text.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, whole);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Replaces the editor's text (one input event, not a typing session). */
export async function setCommand(page: Page, text: string): Promise<void> {
  await page.getByTestId('command-editor').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** The page's notice banner (a request failure, a timeout), for "not available" reasons. */
export async function noticeText(page: Page): Promise<string> {
  const notice = page.getByTestId('notice');
  if ((await notice.count()) === 0) return '';
  return `; the page says: ${(await notice.first().innerText()).replace(/\s+/g, ' ').slice(0, 200)}`;
}

export async function waitPreviewShown(page: Page, what: string): Promise<void> {
  try {
    await page.waitForFunction(
      () => document.querySelector('[data-testid="preview-state"]')?.classList.contains('on') === true,
      undefined,
      { timeout: STEP_TIMEOUT },
    );
  } catch {
    notAvailable(`no live preview shown (${what})${await noticeText(page)}`);
  }
}

/** The scripted typing session on a page showing the `$set: {x: 1}` preview: latencies in ms. */
export async function typeSession(page: Page, rounds: number, digits: string): Promise<number[]> {
  {
    await installPreviewProbe(page);
    // Cursor right after the `1`: end of text, then left over `}})`.
    await page.keyboard.press('ControlOrMeta+End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    const keys: string[] = [];
    for (let r = 0; r < rounds; r++) keys.push(...digits.split(''), ...Array<string>(digits.length).fill('Backspace'));
    for (const key of keys) {
      await page.keyboard.press(key);
      try {
        await page.waitForFunction(
          () => (window as unknown as { __bench: { phase: string } }).__bench.phase === 'done',
          undefined,
          {
            timeout: STEP_TIMEOUT,
          },
        );
      } catch {
        notAvailable(`no diff shown within ${STEP_TIMEOUT / 1000} s of a keystroke${await noticeText(page)}`);
      }
    }
    return await page.evaluate(() => (window as unknown as { __bench: { latencies: number[] } }).__bench.latencies);
  }
}

/** Clicks Run and waits for the committed diff; ms from the click. */
export async function runAndCommit(page: Page): Promise<number> {
  const run = page.getByTestId('run-button');
  if ((await run.count()) === 0) notAvailable('no [data-testid=run-button]');
  const t0 = await page.evaluate(() => performance.now());
  await run.click();
  try {
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="diff-pane"]')?.getAttribute('data-kind') === 'committed' &&
        !(document.querySelector('[data-testid="preview-state"]')?.textContent ?? '').includes('Running'),
      undefined,
      { timeout: STEP_TIMEOUT * 2, polling: 'raf' },
    );
  } catch {
    notAvailable(`the Run did not show a committed result${await noticeText(page)}`);
  }
  return (await page.evaluate(() => performance.now())) - t0;
}
