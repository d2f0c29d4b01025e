/**
 * The simulated deployment's shape: a standalone, one replica set, or a router over shards (each
 * shard a replica set). Nothing here runs commands; it only holds state the user controls.
 *
 *   const t = new TopologyState({ topology: 'replicaset', members: [{}, {lagMs: 500}, {state: 'down'}] });
 *   t.primaryOf(t.replicaSets[0]!)   // member 0 (the first member that is up)
 *
 * Simplifications (documented in engine/deploy/README.md): no elections are simulated beyond
 * "the first member that is up is the primary"; every member is data-bearing and votes.
 */
import { fail } from '../errors.js';

export type Topology = 'standalone' | 'replicaset' | 'sharded';
export type MemberStateName = 'up' | 'down';

/** What a user gives for one member (every field optional). */
export interface MemberInput {
  readonly state?: MemberStateName | undefined;
  /** Replication lag in milliseconds (how long this member takes to acknowledge a write). */
  readonly lagMs?: number | undefined;
  /** Replica set member tags, for tag-set write concerns (`settings.getLastErrorModes`). */
  readonly tags?: Readonly<Record<string, string>> | undefined;
}

export interface Member {
  state: MemberStateName;
  lagMs: number;
  tags: Record<string, string>;
}

export interface ReplicaSet {
  /** `rs0` for a replica set deployment; `shard0`, `shard1`, ... for a cluster's shards. */
  readonly name: string;
  members: Member[];
}

export interface TopologyOptions {
  readonly topology?: Topology | undefined;
  /** Member count (default 3) or the members themselves. For a cluster: the members of every shard. */
  readonly members?: number | readonly MemberInput[] | undefined;
  /** Shard count (default 2) for a sharded cluster. */
  readonly shards?: number | undefined;
}

export const DEFAULT_MEMBERS = 3;
export const DEFAULT_SHARDS = 2;

export function makeMember(input: MemberInput = {}): Member {
  const state = input.state ?? 'up';
  if (state !== 'up' && state !== 'down') throw fail(2, `member state must be 'up' or 'down', not '${String(state)}'`);
  const lagMs = input.lagMs ?? 0;
  if (typeof lagMs !== 'number' || !Number.isFinite(lagMs) || lagMs < 0) {
    throw fail(2, 'member lagMs must be a non-negative number');
  }
  return { state, lagMs, tags: { ...(input.tags ?? {}) } };
}

export function makeMembers(spec: number | readonly MemberInput[] | undefined): Member[] {
  if (spec === undefined) return Array.from({ length: DEFAULT_MEMBERS }, () => makeMember());
  if (typeof spec === 'number') {
    if (!Number.isInteger(spec) || spec < 1 || spec > 50) throw fail(2, 'a replica set has 1 to 50 members');
    return Array.from({ length: spec }, () => makeMember());
  }
  if (spec.length < 1 || spec.length > 50) throw fail(2, 'a replica set has 1 to 50 members');
  return spec.map((m) => makeMember(m));
}

export class TopologyState {
  topology: Topology;
  /** One replica set (`rs0`) for `replicaset`; one per shard for `sharded`; empty for `standalone`. */
  replicaSets: ReplicaSet[] = [];

  constructor(options: TopologyOptions = {}) {
    this.topology = options.topology ?? 'standalone';
    this.reshape(options);
  }

  /** Rebuilds the replica sets for a topology (member states of kept sets are replaced). */
  reshape(options: TopologyOptions): void {
    const topology = options.topology ?? this.topology;
    if (topology !== 'standalone' && topology !== 'replicaset' && topology !== 'sharded') {
      throw fail(2, `topology must be 'standalone', 'replicaset' or 'sharded', not '${String(topology)}'`);
    }
    this.topology = topology;
    if (topology === 'standalone') {
      this.replicaSets = [];
      return;
    }
    if (topology === 'replicaset') {
      this.replicaSets = [{ name: 'rs0', members: makeMembers(options.members) }];
      return;
    }
    const shards = options.shards ?? DEFAULT_SHARDS;
    if (!Number.isInteger(shards) || shards < 1 || shards > 16) throw fail(2, 'a cluster has 1 to 16 shards');
    this.replicaSets = Array.from({ length: shards }, (_, i) => ({
      name: `shard${i}`,
      members: makeMembers(options.members),
    }));
  }

  /** The first member that is up, or undefined (no primary: writes fail with code 7). */
  primaryOf(rs: ReplicaSet): Member | undefined {
    return rs.members.find((m) => m.state === 'up');
  }

  replicaSet(name: string): ReplicaSet | undefined {
    return this.replicaSets.find((r) => r.name === name);
  }
}
