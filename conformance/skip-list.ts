/**
 * The one skip list of the conformance runner. Every entry names a file (a path suffix under the
 * specifications directory) and optionally one test (its description), with the reason it cannot
 * pass yet. Skipped tests still run: one that passes is reported as "unexpectedly passing" so the
 * entry can be removed. Reasons starting with "engine bug:" are defects to fix, not missing features.
 */
export interface SkipEntry {
  readonly file: string;
  readonly test?: string;
  readonly reason: string;
}

export const SKIP_LIST: readonly SkipEntry[] = [];
