/**
 * Page workloads (placeholder while the harness is written): bundle sizes and the browser timings.
 */
export interface PageRow {
  readonly name: string;
  readonly value: string;
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

export async function runPageWorkloads(_options: PageBenchOptions): Promise<PageResults> {
  return Promise.resolve({ rows: [{ name: 'page workloads', value: 'not available: not written yet' }], data: {} });
}
