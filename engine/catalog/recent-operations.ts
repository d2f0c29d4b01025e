/**
 * A bounded log of recent operations (the server's slow-query log / profiler, in small): command
 * name, namespace, `comment`, time, and warnings such as `validationAction: 'warn'` failures.
 * The playground shows it so a command's `comment` is visible somewhere, as on a real server.
 */
import type { Doc, Value } from '../bson/values.js';

export interface OperationRecord {
  readonly kind: 'command' | 'warning';
  readonly command: string;
  readonly ns: string;
  readonly comment?: Value | undefined;
  readonly time: Date;
  /** For warnings: the message (e.g. "Document would fail validation"), and details. */
  readonly message?: string | undefined;
  readonly details?: Doc | undefined;
}

export class RecentOperations {
  private readonly records: OperationRecord[] = [];
  constructor(private readonly capacity = 200) {}

  record(entry: OperationRecord): void {
    this.records.push(entry);
    // Trimmed in batches: removing the oldest entry on every command shifts the whole array
    // (about 8 µs a command at 200 entries).
    if (this.records.length >= 2 * this.capacity) this.records.splice(0, this.records.length - this.capacity);
  }

  /** The newest `capacity` operations, oldest first. */
  list(): readonly OperationRecord[] {
    const n = this.records.length;
    return n > this.capacity ? this.records.slice(n - this.capacity) : this.records;
  }

  clear(): void {
    this.records.length = 0;
  }
}
