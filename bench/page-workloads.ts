/**
 * Page workloads, in Debian's Chromium (the e2e suite's browser lookup) against the production build
 * (`npm run build`, served by `vite preview` from a private copy so a concurrent build elsewhere
 * cannot pull the files away mid-measure):
 *
 * - navigation → first collection rendered and the command editor ready (Monaco `data-ready`);
 * - live-preview latency, keystroke → diff shown, with 1,000 and 10,000 documents (a scripted
 *   typing session, one keystroke at a time; the page's 250 ms preview debounce is included);
 * - main-thread long tasks (PerformanceObserver 'longtask') during a Run updating 10,000 documents;
 * - 100,000 documents: import, first preview, keystroke → diff, Run, and the longest main-thread
 *   task over the whole session;
 * - production bundle sizes (bundle.ts).
 *
 * Rows with a target (issue 15) print it and whether the measured figure meets it.
 *
 * A workload the page cannot serve yet (missing test ids, a flow that does not finish) is reported
 * as "not available: <reason>" and the others still run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.js';
import { bundleSizes, kib, type BundleSizes } from './bundle.js';
import { makeDocs } from './data.js';
import { median, percentile } from './stats.js';

export interface PageRow {
  readonly name: string;
  readonly value: string;
  /** The target this figure is held to, and whether it met it (undefined: not measured). */
  readonly target?: string | undefined;
  readonly met?: boolean | undefined;
}

/** A row's target: its text and the check on the measured result. */
interface Target<T> {
  readonly text: string;
  readonly met: (r: T) => boolean;
}

export interface PageResults {
  readonly rows: PageRow[];
  readonly data: Record<string, unknown>;
}

export interface PageBenchOptions {
  readonly root: string;
  readonly quick: boolean;
  readonly log: (line: string) => void;
}

const PORT = Number(process.env['BENCH_PORT'] ?? 4199);
const BASE = `http://127.0.0.1:${PORT}`;
const COLLECTION = 'bench';
const STEP_TIMEOUT = 60_000;

class NotAvailable extends Error {}

function notAvailable(reason: string): never {
  throw new NotAvailable(reason);
}

/** `npm run build`, then a private copy of this build's files (newer than the build's start). */
function buildPage(root: string): string {
  const started = Date.now() - 1000;
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  const copy = mkdtempSync(join(tmpdir(), 'upsert-lab-bench-'));
  const dist = join(root, 'dist');
  for (const entry of readdirSync(dist)) {
    if (entry === 'assets' || entry === 'engine.js' || entry === 'engine.js.map') continue;
    cpSync(join(dist, entry), join(copy, entry), { recursive: true });
  }
  mkdirSync(join(copy, 'assets'));
  for (const f of readdirSync(join(dist, 'assets'))) {
    if (statSync(join(dist, 'assets', f)).mtimeMs >= started) cpSync(join(dist, 'assets', f), join(copy, 'assets', f));
  }
  return copy;
}

async function startPreview(root: string, outDir: string): Promise<ChildProcess> {
  // Node runs vite directly (no npx wrapper), so killing this child stops the server.
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(PORT),
      '--strictPort',
      '--outDir',
      outDir,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited: ${stderr}`);
    try {
      const res = await fetch(BASE);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer on ${BASE}: ${stderr}`);
}

const READY_EXPRESSION = `!!document.querySelector('[data-testid="collection-pane"] [data-testid="document"]') &&
  !!document.querySelector('[data-testid="command-editor"][data-ready="true"]')`;

/** Navigation start → a document in the collection pane and the editor ready, in ms. */
async function timeToReady(browser: Browser): Promise<number> {
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

async function openReadyPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForFunction(READY_EXPRESSION, undefined, { polling: 'raf', timeout: STEP_TIMEOUT });
  return page;
}

/** Imports `count` benchmark documents as collection `bench` through the Import dialog. */
async function importDocuments(page: Page, count: number): Promise<void> {
  const docs = makeDocs(count);
  const button = page.getByTestId('import-documents');
  if ((await button.count()) === 0) notAvailable('no [data-testid=import-documents] button');
  await button.click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('Collection', { exact: true }).fill(COLLECTION);
  // One input event with the whole text (fill() types it through React state updates and can take
  // longer than its timeout for 10,000 documents on a busy machine).
  await page.getByTestId('import-text').evaluate((el, text) => {
    const area = el as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, JSON.stringify(docs));
  await page.getByTestId('import-submit').click();
  try {
    await page.getByTestId(`collection-tab.${COLLECTION}`).waitFor({ timeout: STEP_TIMEOUT });
    await dialog.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  } catch {
    notAvailable(`importing ${count} documents did not finish`);
  }
}

/** Replaces the editor's text (one input event, not a typing session). */
async function setCommand(page: Page, text: string): Promise<void> {
  await page.getByTestId('command-editor').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * In-page probe: a keydown starts a measurement; the preview-state marker leaving "on" (the shown
 * run no longer matches the text) and coming back (the new preview is rendered) ends it, taken at
 * the next animation frame (just before that frame paints).
 */
async function installPreviewProbe(page: Page): Promise<void> {
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

/** The page's notice banner (a request failure, a timeout), for "not available" reasons. */
async function noticeText(page: Page): Promise<string> {
  const notice = page.getByTestId('notice');
  if ((await notice.count()) === 0) return '';
  return `; the page says: ${(await notice.first().innerText()).replace(/\s+/g, ' ').slice(0, 200)}`;
}

async function waitPreviewShown(page: Page, what: string): Promise<void> {
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

/** Keystroke → diff shown over a scripted session editing the `$set` value, one key at a time. */
async function previewLatency(browser: Browser, count: number, rounds: number, digits: string): Promise<number[]> {
  const page = await openReadyPage(browser);
  try {
    await importDocuments(page, count);
    if ((await page.getByTestId('preview-state').count()) === 0) notAvailable('no [data-testid=preview-state]');
    await setCommand(page, `db.${COLLECTION}.updateMany({}, {$set: {x: 1}})`);
    await waitPreviewShown(page, 'initial command');
    return await typeSession(page, rounds, digits);
  } finally {
    await page.context().close();
  }
}

/** The scripted typing session on a page showing the `$set: {x: 1}` preview: latencies in ms. */
async function typeSession(page: Page, rounds: number, digits: string): Promise<number[]> {
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

/** Starts collecting main-thread long tasks (durations in ms) into `window.__longtasks`. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longtasks: number[] };
    w.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longtasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

async function longTasks(page: Page): Promise<number[]> {
  await page.waitForTimeout(300);
  return await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks);
}

/** Clicks Run and waits for the committed diff; ms from the click. */
async function runAndCommit(page: Page): Promise<number> {
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

export interface LargeSession {
  readonly importMs: number;
  readonly firstPreviewMs: number;
  readonly latencies: number[];
  readonly p95Ms: number;
  readonly runMs: number;
  readonly longestTaskMs: number;
  readonly longTasks: number;
}

/** 100,000 documents: import, first preview, typing, Run; long tasks over the whole session. */
async function largeSession(browser: Browser, count: number, digits: string): Promise<LargeSession> {
  const page = await openReadyPage(browser);
  try {
    await observeLongTasks(page);
    let t0 = Date.now();
    await importDocuments(page, count);
    const importMs = Date.now() - t0;
    await setCommand(page, `db.${COLLECTION}.updateMany({}, {$set: {x: 1}})`);
    t0 = Date.now();
    await waitPreviewShown(page, 'initial command');
    const firstPreviewMs = Date.now() - t0;
    const latencies = await typeSession(page, 1, digits);
    const runMs = await runAndCommit(page);
    const tasks = await longTasks(page);
    return {
      importMs,
      firstPreviewMs,
      latencies,
      p95Ms: percentile(latencies, 95),
      runMs,
      longestTaskMs: tasks.length > 0 ? Math.max(...tasks) : 0,
      longTasks: tasks.length,
    };
  } finally {
    await page.context().close();
  }
}

/** Long tasks on the main thread while Run updates `count` documents. */
async function longTasksDuringRun(
  browser: Browser,
  count: number,
): Promise<{ count: number; longestMs: number; runMs: number }> {
  const page = await openReadyPage(browser);
  try {
    await importDocuments(page, count);
    await setCommand(page, `db.${COLLECTION}.updateMany({}, {$inc: {n: 1}})`);
    await waitPreviewShown(page, 'before Run');
    await observeLongTasks(page);
    const runMs = await runAndCommit(page);
    const tasks = await longTasks(page);
    return { count: tasks.length, longestMs: tasks.length > 0 ? Math.max(...tasks) : 0, runMs };
  } finally {
    await page.context().close();
  }
}

async function attempt<T>(
  name: string,
  rows: PageRow[],
  data: Record<string, unknown>,
  fn: () => Promise<T>,
  show: (r: T) => string,
  log: (line: string) => void,
  targets: readonly (Target<T> & { readonly name?: string })[] = [],
): Promise<void> {
  try {
    const r = await fn();
    data[name] = r;
    if (targets.length === 0) rows.push({ name, value: show(r) });
    targets.forEach((t, i) =>
      rows.push({
        name: i === 0 ? name : (t.name ?? name),
        value: i === 0 ? show(r) : '″',
        target: t.text,
        met: t.met(r),
      }),
    );
    log(`    ${name}: ${show(r)}${targets.map((t) => ` [${t.text}: ${t.met(r) ? 'met' : 'NOT met'}]`).join('')}`);
  } catch (e) {
    const reason =
      e instanceof NotAvailable ? e.message : `error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    data[name] = { notAvailable: reason };
    if (targets.length === 0) rows.push({ name, value: `not available: ${reason}` });
    targets.forEach((t, i) =>
      rows.push({
        name: i === 0 ? name : (t.name ?? name),
        value: i === 0 ? `not available: ${reason}` : '″',
        target: t.text,
        met: false,
      }),
    );
    log(`    ${name}: not available: ${reason}`);
  }
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

export async function runPageWorkloads(options: PageBenchOptions): Promise<PageResults> {
  const { log } = options;
  const rows: PageRow[] = [];
  const data: Record<string, unknown> = {};
  log('page workloads: npm run build + vite preview + Chromium');
  let outDir: string;
  try {
    outDir = buildPage(options.root);
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    return { rows: [{ name: 'page workloads', value: `not available: ${reason}` }], data: { error: reason } };
  }
  let sizes: BundleSizes | undefined;
  try {
    sizes = bundleSizes(outDir);
    const t = sizes.totals;
    const rowsOf: PageRow[] = [
      {
        name: 'bundle: initial JS (gzip / raw)',
        value: `${kib(t.initialJs.gzip)} / ${kib(t.initialJs.bytes)} (${sizes.initial.map((f) => f.file).join(', ')})`,
      },
      {
        name: 'bundle: engine worker JS, loaded at start (gzip / raw)',
        value: `${kib(t.engineWorker.gzip)} / ${kib(t.engineWorker.bytes)}`,
      },
      {
        name: 'bundle: lazily loaded JS (gzip / raw)',
        value: `${kib(t.lazyJs.gzip)} / ${kib(t.lazyJs.bytes)}; Monaco ${sizes.monacoInInitial ? 'IS in the initial bundle' : 'lazy (not in the initial bundle)'}`,
      },
      { name: 'bundle: total JS (gzip / raw)', value: `${kib(t.allJs.gzip)} / ${kib(t.allJs.bytes)}` },
    ];
    rows.push(...rowsOf);
    data['bundle'] = sizes;
    for (const r of rowsOf) log(`    ${r.name}: ${r.value}`);
  } catch (e) {
    rows.push({ name: 'bundle sizes', value: `not available: ${e instanceof Error ? e.message : String(e)}` });
  }

  let preview: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    preview = await startPreview(options.root, outDir);
    const executablePath = findChromium({
      env: process.env,
      exists: existsSync,
      playwrightChromium: () => chromium.executablePath(),
    });
    browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
    const b = browser;
    const loads = options.quick ? 2 : 5;
    await attempt(
      'navigation → first collection rendered + editor ready',
      rows,
      data,
      async () => {
        const times: number[] = [];
        for (let i = 0; i < loads; i++) times.push(await timeToReady(b));
        return { medianMs: median(times), runsMs: times };
      },
      (r) => `${ms(r.medianMs)} median of ${r.runsMs.length} (${r.runsMs.map(ms).join(', ')})`,
      log,
    );
    for (const count of [1_000, 10_000]) {
      await attempt(
        `live preview latency, ${count.toLocaleString('en-US')} docs (keystroke → diff shown)`,
        rows,
        data,
        async () => {
          const samples = await previewLatency(b, count, options.quick ? 1 : 2, options.quick ? '234' : '23456');
          return { medianMs: median(samples), p95Ms: percentile(samples, 95), samples };
        },
        (r) =>
          `median ${ms(r.medianMs)}, p95 ${ms(r.p95Ms)} over ${r.samples.length} keystrokes (incl. 250 ms debounce)`,
        log,
        count === 10_000 ? [{ text: 'p95 ≤ 150 ms', met: (r) => r.p95Ms <= 150 }] : [],
      );
    }
    await attempt(
      'long tasks during a Run updating 10,000 docs',
      rows,
      data,
      () => longTasksDuringRun(b, 10_000),
      (r) => `${r.count} long tasks, longest ${ms(r.longestMs)} (Run to committed diff: ${ms(r.runMs)})`,
      log,
      [
        { text: 'commit ≤ 300 ms', met: (r) => r.runMs <= 300 },
        { text: 'no main-thread task > 50 ms', met: (r) => r.longestMs <= 50, name: '(same Run)' },
      ],
    );
    await attempt(
      '100,000 docs: import, preview, typing, Run',
      rows,
      data,
      () => largeSession(b, 100_000, options.quick ? '23' : '234'),
      (r) =>
        `import ${ms(r.importMs)}, first preview ${ms(r.firstPreviewMs)}, keystroke p95 ${ms(r.p95Ms)} over ${r.latencies.length}, Run ${ms(r.runMs)}; ${r.longTasks} long tasks, longest ${ms(r.longestTaskMs)}`,
      log,
      [
        { text: 'loads, previews and runs', met: () => true },
        { text: 'keystroke → diff p95 ≤ 600 ms', met: (r) => r.p95Ms <= 600, name: '(same session)' },
        { text: 'no main-thread task > 100 ms', met: (r) => r.longestTaskMs <= 100, name: '(same session)' },
      ],
    );
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    rows.push({ name: 'browser workloads', value: `not available: ${reason}` });
    log(`    browser workloads: not available: ${reason}`);
  } finally {
    await browser?.close();
    preview?.kill();
    rmSync(outDir, { recursive: true, force: true });
  }
  return { rows, data };
}
