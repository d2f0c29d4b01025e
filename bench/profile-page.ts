/**
 * Where a page workload's main-thread long tasks go: a Chrome trace (CDP `Tracing`, with the V8
 * sampling profiler) around one step of a page session, reduced to each long task's biggest
 * trace events and the JavaScript functions its samples fell in.
 *
 *   npm run build -- --minify false     # readable function names (optional)
 *   BENCH_PORT=4314 npx tsx bench/profile-page.ts run10k|import100k|run100k [--no-build] [--min=50]
 *   (--longtasks: no trace, only the main-thread long tasks of the step, as the bench observes them)
 *   npx tsx bench/profile-page.ts report /tmp/upsert-lab-run10k.trace.json [--min=20] [--worker]
 *
 * Steps: `run10k` (Run of updateMany $inc over 10,000 documents), `import100k` (the Import dialog
 * with 100,000 documents), `run100k` (a Run over 100,000). Prints to stdout; the raw trace is
 * written to /tmp/upsert-lab-<step>.trace.json for chrome://tracing or Perfetto.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { launchChromium } from './browser.js';
import {
  COLLECTION,
  importDocuments,
  openReadyPage,
  runAndCommit,
  setCommand,
  waitPreviewShown,
} from './page-session.js';
import { buildPage, startPreview } from './page-server.js';
import { longTasks, observeLongTasks } from './page-probes.js';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly id?: string;
  readonly args?: Record<string, unknown>;
}

/** `--worker`: the engine worker's thread instead of the page's main thread. */
const THREAD = process.argv.includes('--worker') ? 'DedicatedWorker thread' : 'CrRendererMain';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
];

async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES },
  });
}

async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const stream = await complete;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded === true ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The renderer main thread that ran the most top-level tasks. */
function mainThread(events: readonly TraceEvent[], name: string): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.['name'] === name);
  let best = { pid: 0, tid: 0, busy: -1 };
  for (const m of mains) {
    const busy = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > best.busy) best = { pid: m.pid, tid: m.tid, busy };
  }
  return best;
}

function detail(e: TraceEvent): string {
  const data = (e.args?.['data'] ?? e.args?.['beginData'] ?? {}) as Record<string, unknown>;
  const counts =
    e.args?.['elementCount'] ?? (e.args?.['beginData'] as Record<string, unknown> | undefined)?.['dirtyObjects'];
  const bits = [data['functionName'], data['type'], data['url'], data['lineNumber'], data['message'], counts]
    .filter((x) => x !== undefined && x !== '')
    .map(String);
  return bits.length > 0 ? ` (${bits.join(' ')})` : '';
}

interface ProfileNode {
  readonly id: number;
  readonly parent?: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The sampling profiler's samples on one thread: [time µs, node id], and its nodes. */
function samplesOf(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
): { samples: [number, number][]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid);
  for (const profile of profiles) {
    let t = Number((profile.args?.['data'] as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === thread.pid);
    for (const chunk of chunks) {
      const data = chunk.args?.['data'] as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const s = data.cpuProfile?.samples ?? [];
      const d = data.timeDeltas ?? [];
      for (let i = 0; i < s.length; i++) {
        t += d[i] ?? 0;
        samples.push([t, s[i]!]);
      }
    }
  }
  return { samples, nodes };
}

function frameName(n: ProfileNode): string {
  const f = n.callFrame;
  const file = (f.url ?? '').split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

function report(events: readonly TraceEvent[], minMs: number, threadName = THREAD): void {
  const thread = mainThread(events, threadName);
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000).sort((a, b) => a.ts - b.ts);
  const { samples, nodes } = samplesOf(events, thread);
  console.log(
    `${threadName} ${thread.pid}/${thread.tid}: ${tasks.length} tasks ≥ ${minMs} ms, ${samples.length} samples`,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    console.log(`\n== task ${((task.dur ?? 0) / 1000).toFixed(1)} ms at ${(task.ts / 1000).toFixed(0)} ms`);
    const inside = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 2000)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: TraceEvent[] = [];
    for (const e of inside.slice(0, 60)) {
      while (stack.length > 0 && e.ts >= stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0)) stack.pop();
      console.log(`${'  '.repeat(stack.length + 1)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms${detail(e)}`);
      stack.push(e);
    }
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    let count = 0;
    let prev = task.ts;
    for (const [t, id] of samples) {
      if (t < task.ts || t >= end) continue;
      const dt = (t - prev) / 1000;
      prev = t;
      count++;
      const node = nodes.get(id);
      if (node === undefined) continue;
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + dt);
      const seen = new Set<string>();
      for (
        let n: ProfileNode | undefined = node;
        n !== undefined;
        n = n.parent === undefined ? undefined : nodes.get(n.parent)
      ) {
        const name = frameName(n);
        if (seen.has(name)) continue;
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + dt);
      }
    }
    const top = (m: Map<string, number>, k: number): string =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([n, v]) => `    ${v.toFixed(1).padStart(7)} ms  ${n}`)
        .join('\n');
    console.log(`  samples: ${count}\n  self:\n${top(self, 15)}\n  total:\n${top(total, 25)}`);
  }
}

async function traced(page: Page, step: string, action: () => Promise<unknown>, minMs: number): Promise<void> {
  if (process.argv.includes('--longtasks')) {
    // No trace: the same step under a PerformanceObserver only, as the bench measures it.
    await observeLongTasks(page);
    await action();
    console.log(`long tasks (ms): ${(await longTasks(page)).map((t) => t.toFixed(0)).join(', ') || 'none'}`);
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await startTrace(cdp);
  // Starting the sampling profiler is itself a long task: let it pass before the step.
  await page.waitForTimeout(1500);
  await action();
  await page.waitForTimeout(1500);
  const events = await stopTrace(cdp);
  writeFileSync(`/tmp/upsert-lab-${step}.trace.json`, JSON.stringify(events));
  report(events, minMs);
  // A string: tsx would wrap a named arrow function in a helper the page does not have.
  const elements = await page.evaluate(`(() => {
    const n = (id) => document.querySelector('[data-testid="' + id + '"]')?.querySelectorAll('*').length ?? 0;
    return { page: document.querySelectorAll('*').length, collections: n('collection-pane'), diff: n('diff-pane'), oplog: n('oplog-pane'), result: n('result-pane') };
  })()`);
  console.log(`\nelements after the step: ${JSON.stringify(elements)}`);
}

async function main(): Promise<void> {
  const step = process.argv[2] ?? 'run10k';
  if (step === 'report') {
    const minMs = Number(process.argv.find((a) => a.startsWith('--min='))?.slice(6) ?? 50);
    report(JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as TraceEvent[], minMs);
    return;
  }
  const noBuild = process.argv.includes('--no-build');
  const minMs = Number(process.argv.find((a) => a.startsWith('--min='))?.slice(6) ?? 50);
  const root = process.cwd();
  const outDir = noBuild ? `${root}/dist` : buildPage(root);
  const preview = await startPreview(root, outDir);
  const browser = await launchChromium();
  try {
    const page = await openReadyPage(browser);
    const count = step.endsWith('100k') ? 100_000 : 10_000;
    if (step.startsWith('import')) {
      await traced(page, step, () => importDocuments(page, count), minMs);
      return;
    }
    await importDocuments(page, count);
    await setCommand(page, `db.${COLLECTION}.updateMany({}, {$inc: {n: 1}})`);
    await waitPreviewShown(page, 'before Run');
    await page.waitForTimeout(1000);
    await traced(
      page,
      step,
      async () => console.log(`Run to committed diff: ${(await runAndCommit(page)).toFixed(0)} ms`),
      minMs,
    );
  } finally {
    await browser.close();
    preview.kill();
    if (!noBuild) rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
