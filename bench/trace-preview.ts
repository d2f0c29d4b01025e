/**
 * Where a live-preview keystroke's time goes in the page, for attributing the page rows: the
 * production build in Chromium (as page-workloads.ts), `count` documents, the bench's typing
 * session, and per keystroke
 *
 *   keydown → dry run posted to the worker → its answer back → diff shown (next frame)
 *
 * read from an init script that wraps `Worker.prototype.postMessage` and the worker's messages.
 * With `--profile`, a main-thread CPU profile of the session is written to /tmp/page-preview.cpuprofile.
 *
 *   npm run build && BENCH_PORT=4313 npx tsx bench/trace-preview.ts [docs=10000] [--profile] [--dist=<dir>]
 *
 * `--dist` serves another build (an A/B against an older commit's `dist/`, run alternately).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './browser.js';
import {
  COLLECTION,
  importDocuments,
  openReadyPage,
  setCommand,
  typeSession,
  waitPreviewShown,
} from './page-session.js';
import { startPreview } from './page-server.js';
import { median, percentile } from './stats.js';

const count = Number(process.argv[2] ?? 10_000);
const profile = process.argv.includes('--profile');
const root = join(import.meta.dirname, '..');
const dist = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? join(root, 'dist');
const server = await startPreview(root, dist);
const browser = await launchChromium();
try {
  const page = await openReadyPage(browser);
  // A string, not a function: tsx would wrap named functions in `__name`, which the page lacks.
  await page.evaluate(`(() => {
    const w = window;
    w.__trace = { posts: [], answers: [], keys: [], elapsed: [] };
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message && message.type === 'runScript' && message.dryRun === true) {
        w.__trace.posts.push(performance.now());
        const id = message.id;
        const listener = (e) => {
          if (e.data.id !== id) return;
          w.__trace.answers.push(performance.now());
          w.__trace.elapsed.push(e.data.result ? e.data.result.elapsedMs : NaN);
          this.removeEventListener('message', listener);
        };
        this.addEventListener('message', listener);
      }
      return post.call(this, message, ...rest);
    };
  })()`);
  await importDocuments(page, count);
  await setCommand(page, `db.${COLLECTION}.updateMany({}, {$set: {x: 1}})`);
  await waitPreviewShown(page, 'initial command');
  const cdp = await page.context().newCDPSession(page);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.evaluate(() => {
    const w = window as unknown as {
      __trace: { posts: number[]; answers: number[]; keys: number[]; elapsed: number[] };
    };
    w.__trace.posts = [];
    w.__trace.answers = [];
    w.__trace.elapsed = [];
    w.__trace.keys = [];
    document.addEventListener('keydown', (e) => w.__trace.keys.push(e.timeStamp), true);
  });
  const latencies = await typeSession(page, 2, '23456');
  if (profile) {
    const { profile: p } = await cdp.send('Profiler.stop');
    writeFileSync('/tmp/page-preview.cpuprofile', JSON.stringify(p));
  }
  const t = await page.evaluate(
    () =>
      (window as unknown as { __trace: { posts: number[]; answers: number[]; keys: number[]; elapsed: number[] } })
        .__trace,
  );
  // The session's own keys, not the cursor moves before them.
  const keys = t.keys.slice(-latencies.length);
  const before: number[] = [];
  const worker: number[] = [];
  const after: number[] = [];
  const ran: number[] = [];
  latencies.forEach((total, i) => {
    const key = keys[i]!;
    const next = keys[i + 1] ?? Infinity;
    // The last dry run posted after this key (and before the next): the one that was shown.
    const posts = t.posts
      .map((p, j) => [p, t.answers[j]!, t.elapsed[j]!] as const)
      .filter(([p]) => p >= key && p < next);
    const [p, a, e] = posts.at(-1) ?? [NaN, NaN, NaN];
    ran.push(e);
    before.push(p - key);
    worker.push(a - p);
    after.push(key + total - a);
    console.log(
      `key ${i}: total ${total.toFixed(0)} = to post ${(p - key).toFixed(0)} + worker ${(a - p).toFixed(0)} (script ran ${e} ms) + answer to shown ${(key + total - a).toFixed(0)} ms (${posts.length} dry runs)`,
    );
  });
  const s = (xs: number[]): string => `median ${median(xs).toFixed(0)} p95 ${percentile(xs, 95).toFixed(0)}`;
  console.log(
    `${count} docs: total ${s(latencies)}; to post ${s(before)}; worker ${s(worker)} (of which the script ran ${s(ran)}); answer to shown ${s(after)}`,
  );
} finally {
  await browser.close();
  server.kill();
}
