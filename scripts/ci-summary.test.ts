import { describe, expect, it } from 'vitest';
import { stripAnsi, summarize } from './ci-summary.js';

const header = (part: string) => `\n> upsert-lab@0.1.0 ${part}\n> command\n`;

const passingLog = [
  header('test'),
  header('test:types'),
  header('test:lint'),
  header('test:unit'),
  ' Test Files  3 passed (3)',
  '      Tests  40 passed | 2 skipped (42)',
  header('test:conformance'),
  'file a … ok',
  'conformance: 120 passed, 3 failed, 9 skipped of 132',
  header('test:e2e'),
  'Running 2 tests using 2 workers',
  '  ✓  1 [chromium] › e2e/first-page.spec.ts:3:1 › shows (1.2s)',
  '  2 passed (4.1s)',
].join('\n');

describe('ci summary', () => {
  it('totals types, lint, vitest, conformance and playwright', () => {
    expect(summarize(passingLog, 0)).toEqual({ passed: 1 + 1 + 40 + 120 + 2, failed: 3 });
  });

  it('reads vitest failures and stops counting at the failed part', () => {
    const log = [header('test:types'), header('test:lint'), header('test:unit'), '      Tests  2 failed | 38 passed (40)'].join('\n');
    expect(summarize(log, 1)).toEqual({ passed: 40, failed: 2 });
  });

  it('counts a failed type check as one failure', () => {
    expect(summarize([header('test:types'), 'engine/x.ts(1,1): error TS2304'].join('\n'), 2)).toEqual({ passed: 0, failed: 1 });
  });

  it('counts a crashed part that reported no failed test as one failure', () => {
    const log = [header('test:types'), header('test:lint'), header('test:unit'), header('test:conformance'), header('test:e2e'), 'Error: No Chromium found'].join('\n');
    expect(summarize(log, 1)).toEqual({ passed: 2, failed: 1 });
  });

  it('reads playwright failures and flaky tests', () => {
    const log = [header('test:e2e'), '  1 failed', '    [chromium] › a.spec.ts', '  1 flaky', '  3 passed (9s)'].join('\n');
    expect(summarize(log, 1)).toEqual({ passed: 4, failed: 1 });
  });

  it('treats a skipped conformance suite as zero tests', () => {
    const log = [header('test:conformance'), 'conformance: skipped (../shared/conformance not found)'].join('\n');
    expect(summarize(log, 0)).toEqual({ passed: 0, failed: 0 });
  });

  it('ignores colours', () => {
    expect(stripAnsi('\u001b[32m✓\u001b[39m \u001b[1m2 passed\u001b[22m')).toBe('✓ 2 passed');
    const coloured = `${header('test:unit')}\n\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m16 passed\u001b[39m\u001b[22m\u001b[90m (16)\u001b[39m`;
    expect(summarize(coloured, 0)).toEqual({ passed: 16, failed: 0 });
  });
});
