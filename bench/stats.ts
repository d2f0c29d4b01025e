/** Small statistics and timing helpers for the benchmark. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function geometricMean(xs: readonly number[]): number {
  const finite = xs.filter((x) => Number.isFinite(x) && x > 0);
  if (finite.length === 0) return Number.NaN;
  return Math.exp(finite.reduce((s, x) => s + Math.log(x), 0) / finite.length);
}

let collect: (() => void) | undefined;

/**
 * A full garbage collection before each timed run, so one run's garbage is not charged to the
 * next. `gc` is exposed at run time (`npm run bench` starts plain tsx, without --expose-gc).
 */
export function fullGc(): void {
  if (!collect) {
    const g = (globalThis as { gc?: () => void }).gc;
    if (g) collect = g;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  }
  collect();
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatRatio(r: number): string {
  if (!Number.isFinite(r)) return '-';
  return r >= 10 ? `${r.toFixed(0)}x` : `${r.toFixed(2)}x`;
}

/** Window in which the process must use almost no CPU to count as idle. */
const IDLE_WINDOW_MS = 10;
/** CPU (every thread) a window may use and still count as idle. */
const IDLE_CPU_MS = 1;
/** Give up waiting for idle after this long (a busy machine may never look idle). */
const IDLE_WAIT_LIMIT_MS = 1000;

/**
 * `fullGc()`, then waits until the process is idle: V8 finishes a full collection's sweeping on
 * background threads, and `process.cpuUsage` counts every thread, so without the wait the next
 * timed run pays for collecting the setup's garbage (a restored catalog, the previous run's
 * copies). Every implementation gets the same wait before every timed run.
 */
export async function fullGcAndSettle(): Promise<void> {
  fullGc();
  const start = performance.now();
  while (performance.now() - start < IDLE_WAIT_LIMIT_MS) {
    const cpu0 = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    const cpu = process.cpuUsage(cpu0);
    if ((cpu.user + cpu.system) / 1000 < IDLE_CPU_MS) return;
  }
}
