/**
 * The router (mongos) of a simulated sharded cluster. Stub until the sharding increment lands.
 */
import type { Doc } from '../bson/values.js';
import type { CommandContext, CommandHandler } from '../commands/context.js';
import { fail } from '../errors.js';
import type { ReplicaSet, TopologyState } from './topology.js';

export interface RoutedReply {
  readonly reply: Doc;
  /** The shards the command wrote to (their replica sets acknowledge the write concern). */
  readonly shards: readonly string[];
}

export class Router {
  constructor(private readonly topology: TopologyState) {}

  route(_ctx: CommandContext, _handler: CommandHandler): RoutedReply | undefined {
    return undefined;
  }

  handlesPrimaryDown(_name: string): boolean {
    return false;
  }

  unreachableMessage(rs: ReplicaSet): string {
    return `Write results unavailable from failing to target a host in the shard ${rs.name} :: caused by :: Could not find host matching read preference { mode: "primary" } for set ${rs.name}`;
  }

  shardCollection(_ctx: CommandContext): Doc {
    if (this.topology.topology !== 'sharded') throw fail(59, "no such command: 'shardCollection'");
    return new Map();
  }

  describe(): Doc[] {
    return [];
  }
}
