/**
 * Reads the log of `npm test` and prints one closing line, `N passed, N failed`, totalling every
 * suite: the type check and lint count as one check each, then vitest's tests, the conformance
 * runner's tests and Playwright's tests.
 *
 * `npm test` runs its parts with `&&`, and npm announces each part with a `> pkg@1.0.0 test:x`
 * header; a part that started but never handed over to the next one failed (when the whole run
 * failed), which is how a failed type check or lint is counted even though it prints no summary.
 *
 * Usage: tsx scripts/ci-summary.ts <log file> <npm test exit code>
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface Tally {
  passed: number;
  failed: number;
}

const PARTS = ['test:types', 'test:lint', 'test:unit', 'test:conformance', 'test:e2e'] as const;
type Part = (typeof PARTS)[number];

/** Removes ANSI escape sequences (colours, cursor moves) and carriage-return overdraws. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\r(?!\n)/g, '\n');
}

/** Splits the log into the parts npm announced, in order of appearance. */
export function splitParts(log: string): Map<Part, string[]> {
  const parts = new Map<Part, string[]>();
  let current: string[] | undefined;
  for (const line of stripAnsi(log).split('\n')) {
    const header = /^> \S+ (test:[a-z0-9]+)\s*$/.exec(line.trim());
    const name = header?.[1];
    if (name !== undefined && (PARTS as readonly string[]).includes(name)) {
      current = [];
      parts.set(name as Part, current);
      continue;
    }
    current?.push(line);
  }
  return parts;
}

function count(line: string, word: string): number {
  const m = new RegExp(`(\\d+) ${word}\\b`).exec(line);
  return m?.[1] === undefined ? 0 : Number(m[1]);
}

/** vitest: the `Tests  3 failed | 40 passed (43)` line. */
export function vitestTally(lines: readonly string[]): Tally | undefined {
  const line = lines.find((l) => /^\s*Tests\s+.*\d+ (passed|failed)/.test(l));
  return line === undefined ? undefined : { passed: count(line, 'passed'), failed: count(line, 'failed') };
}

/** The conformance runner's last line: `conformance: P passed, F failed, S skipped of T`. */
export function conformanceTally(lines: readonly string[]): Tally | undefined {
  const line = [...lines].reverse().find((l) => /^\s*conformance: \d+ passed, \d+ failed/.test(l));
  return line === undefined ? undefined : { passed: count(line, 'passed'), failed: count(line, 'failed') };
}

/** Playwright's list reporter: `  2 passed (5.1s)`, `  1 failed`, `  1 flaky` on their own lines. */
export function playwrightTally(lines: readonly string[]): Tally | undefined {
  let found = false;
  const tally: Tally = { passed: 0, failed: 0 };
  for (const line of lines) {
    const m = /^\s*(\d+) (passed|failed|flaky|interrupted|timed out)\b/.exec(line);
    if (m === null) continue;
    found = true;
    const n = Number(m[1]);
    if (m[2] === 'passed' || m[2] === 'flaky') tally.passed += n;
    else tally.failed += n;
  }
  return found ? tally : undefined;
}

/** The total over all parts of one `npm test` run that exited with `exitCode`. */
export function summarize(log: string, exitCode: number): Tally {
  const parts = splitParts(log);
  const started = PARTS.filter((p) => parts.has(p));
  const lastStarted = started[started.length - 1];
  const total: Tally = { passed: 0, failed: 0 };
  for (const part of started) {
    const lines = parts.get(part) ?? [];
    const partFailed = exitCode !== 0 && part === lastStarted;
    let tally: Tally | undefined;
    if (part === 'test:unit') tally = vitestTally(lines);
    else if (part === 'test:conformance') tally = conformanceTally(lines) ?? { passed: 0, failed: 0 };
    else if (part === 'test:e2e') tally = playwrightTally(lines);
    else tally = partFailed ? { passed: 0, failed: 1 } : { passed: 1, failed: 0 };
    // A part that failed without reporting any failed test (crash, config error) still counts one.
    tally ??= { passed: 0, failed: 0 };
    if (partFailed && tally.failed === 0) tally = { passed: tally.passed, failed: 1 };
    total.passed += tally.passed;
    total.failed += tally.failed;
  }
  // npm test failed before announcing any part (e.g. a broken package.json).
  if (exitCode !== 0 && total.failed === 0) total.failed = 1;
  return total;
}

function main(argv: readonly string[]): void {
  const [logFile, code] = argv;
  if (logFile === undefined) {
    console.error('usage: tsx scripts/ci-summary.ts <log file> <npm test exit code>');
    process.exit(2);
  }
  const { passed, failed } = summarize(readFileSync(logFile, 'utf8'), Number(code ?? '0'));
  console.log(`${passed} passed, ${failed} failed`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2));
}
