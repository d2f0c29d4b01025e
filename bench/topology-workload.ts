/**
 * A script of many single-document inserts (one `insert` command each, as mongosh sends
 * `insertOne`) against a standalone engine and against a replica set and a sharded cluster.
 * Every reply of a replica set or router carries the last optime; keeping it (rather than
 * scanning the oplog per reply) keeps these within a constant factor of the standalone.
 * Target: replica set / standalone ≤ 1.5x.
 */
import type { Doc, Value } from '../engine/index.js';
import type { EngineModule } from './implementations.js';
import { fullGc, median } from './stats.js';

export type TopologyName = 'standalone' | 'replicaset' | 'sharded';

export interface TopologyResult {
  readonly inserts: number;
  readonly runs: number;
  /** CPU-time median per topology. */
  readonly medianCpuMs: Record<TopologyName, number>;
  readonly medianMs: Record<TopologyName, number>;
  /** replica set / standalone and sharded / standalone on the chosen basis. */
  readonly ratios: { readonly replicaset: number; readonly sharded: number };
}

export const TOPOLOGY_TARGET = 1.5;

function insertCommands(count: number): Doc[] {
  const out: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const doc: Doc = new Map<string, Value>([
      ['_id', i],
      ['n', i],
    ]);
    out.push(
      new Map<string, Value>([
        ['insert', 'c'],
        ['documents', [doc]],
      ]),
    );
  }
  return out;
}

function runOnce(mod: EngineModule, topology: TopologyName, commands: readonly Doc[]): { cpu: number; wall: number } {
  const engine = new mod.Engine({ topology });
  fullGc();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const cmd of commands) {
    const reply = engine.runCommand('bench', cmd);
    if (reply.get('ok') !== 1 || reply.has('writeErrors')) throw new Error(`insert failed on ${topology}`);
  }
  const wall = performance.now() - t0;
  const c = process.cpuUsage(cpu0);
  if (engine.documents('bench', 'c').length !== commands.length) throw new Error(`${topology}: documents lost`);
  return { cpu: (c.user + c.system) / 1000, wall };
}

export function runTopologyWorkload(
  mod: EngineModule,
  options: { inserts: number; runs: number; basis: 'cpu' | 'wall'; log: (line: string) => void },
): TopologyResult {
  const commands = insertCommands(options.inserts);
  const names: TopologyName[] = ['standalone', 'replicaset', 'sharded'];
  const cpu: Record<TopologyName, number[]> = { standalone: [], replicaset: [], sharded: [] };
  const wall: Record<TopologyName, number[]> = { standalone: [], replicaset: [], sharded: [] };
  options.log(`(7) ${options.inserts.toLocaleString('en-US')} single-document inserts per topology`);
  // Interleaved, so a busy moment of the machine does not fall on one topology only.
  for (let r = 0; r < options.runs; r++) {
    for (const t of names) {
      const m = runOnce(mod, t, commands);
      cpu[t].push(m.cpu);
      wall[t].push(m.wall);
    }
  }
  const medianCpuMs = {
    standalone: median(cpu.standalone),
    replicaset: median(cpu.replicaset),
    sharded: median(cpu.sharded),
  };
  const medianMs = {
    standalone: median(wall.standalone),
    replicaset: median(wall.replicaset),
    sharded: median(wall.sharded),
  };
  const fig = options.basis === 'cpu' ? medianCpuMs : medianMs;
  for (const t of names)
    options.log(`    ${t}: median cpu ${medianCpuMs[t].toFixed(0)} ms, wall ${medianMs[t].toFixed(0)} ms`);
  return {
    inserts: options.inserts,
    runs: options.runs,
    medianCpuMs,
    medianMs,
    ratios: { replicaset: fig.replicaset / fig.standalone, sharded: fig.sharded / fig.standalone },
  };
}
