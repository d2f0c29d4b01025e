/** The benchmark's tables, as Markdown (readable on a terminal, pasted as is into the README). */
import type { ImplResult, TimeBasis, WorkloadResult } from './engine-workloads.js';
import type { ImplName } from './implementations.js';
import type { PageResults } from './page-workloads.js';
import { formatMs, formatRatio } from './stats.js';
import { TOPOLOGY_TARGET, type TopologyResult } from './topology-workload.js';

function markdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function cell(r: ImplResult, notes: string[]): string {
  switch (r.status) {
    case 'ok': {
      if (r.note === undefined) return formatMs(r.figureMs);
      let i = notes.indexOf(r.note);
      if (i < 0) i = notes.push(r.note) - 1;
      return `${formatMs(r.figureMs)} [${i + 1}]`;
    }
    case 'unsupported':
      return 'unsupported';
    case 'mismatch':
      return 'MISMATCH';
    case 'error':
      return 'ERROR';
  }
}

export function engineTable(results: readonly WorkloadResult[], basis: TimeBasis): string {
  const notes: string[] = [];
  const peers: ImplName[] = ['engine', 'mingo', 'nedb', 'hand'];
  const rows = results.map((w) => [
    String(w.number),
    w.title,
    ...peers.map((p) => cell(w.results[p], notes)),
    formatRatio(w.ratios.mingo ?? Number.NaN),
    formatRatio(w.ratios.nedb ?? Number.NaN),
    formatRatio(w.ratios.hand ?? Number.NaN),
  ]);
  const text = markdown(
    [
      '#',
      `workload (median ${basis === 'cpu' ? 'CPU' : 'wall-clock'} time)`,
      'engine',
      'mingo',
      'nedb',
      'hand loop',
      'engine/mingo',
      'engine/nedb',
      'engine/hand',
    ],
    rows,
  );
  const lines = [text];
  notes.forEach((n, i) => lines.push(`[${i + 1}] ${n}`));
  for (const w of results) {
    for (const p of peers) {
      const r = w.results[p];
      if (r.status !== 'ok') lines.push(`(${w.number}) ${p}: ${r.status}: ${r.reason}`);
    }
  }
  return lines.join('\n');
}

export function pageTable(page: PageResults): string {
  const rows = page.rows.map((r) => [
    r.name,
    r.value,
    r.target ?? '',
    r.target === undefined ? '' : r.met ? 'met' : 'NOT met',
  ]);
  return markdown(['page workload', 'result', 'target', 'status'], rows);
}

export function topologyTable(t: TopologyResult, basis: TimeBasis): string {
  const fig = basis === 'cpu' ? t.medianCpuMs : t.medianMs;
  const n = t.inserts.toLocaleString('en-US');
  const verdict = (r: number) => (r <= TOPOLOGY_TARGET ? 'met' : 'NOT met');
  return markdown(
    [
      '#',
      `workload (median ${basis === 'cpu' ? 'CPU' : 'wall-clock'} time)`,
      'standalone',
      'topology',
      'ratio',
      'target',
    ],
    [
      [
        '7',
        `${n} single-document inserts, replica set`,
        formatMs(fig.standalone),
        formatMs(fig.replicaset),
        formatRatio(t.ratios.replicaset),
        `≤ ${TOPOLOGY_TARGET}x: ${verdict(t.ratios.replicaset)}`,
      ],
      [
        '7s',
        `${n} single-document inserts, sharded cluster`,
        formatMs(fig.standalone),
        formatMs(fig.sharded),
        formatRatio(t.ratios.sharded),
        '(no target)',
      ],
    ],
  );
}
