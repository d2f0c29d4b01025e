/**
 * The one skip list of the conformance runner. Every entry names a file (a path suffix under the
 * specifications directory) and optionally one test (its description), with the reason it cannot
 * pass yet. Skipped tests still run: one that passes is reported as "unexpectedly passing" so the
 * entry can be removed. Reasons starting with "engine bug:" are defects to fix; "engine gap:" are
 * features the engine does not have yet; the others need server machinery outside the engine.
 */
export interface SkipEntry {
  readonly file: string;
  readonly test?: string;
  readonly reason: string;
}

/** One entry per listed test of `file` (for per-test entries). */
export function tests(file: string, reason: string, descriptions: readonly string[]): SkipEntry[] {
  return descriptions.map((test) => ({ file, test, reason }));
}

// Change streams (engine/changestream, conformance/change-streams.ts) pass: no entries left.
export const SKIP_LIST: readonly SkipEntry[] = [];
