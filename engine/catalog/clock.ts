/**
 * The engine's clock: wall time for `$currentDate`/`$$NOW`/oplog `wall`, and cluster time for
 * oplog `ts` (a Timestamp that strictly increases per entry: seconds, then an increment).
 * Injected into the Engine so tests get deterministic times.
 */
import { Timestamp } from 'bson';

export interface Clock {
  now(): Date;
  /** A new cluster time, strictly greater than every earlier one. */
  nextTimestamp(): Timestamp;
  /**
   * `nextTimestamp` without building objects (the oplog's write path): reserves the next cluster
   * time, readable as `tick.seconds` / `tick.increment`, and returns the wall time in ms it used.
   */
  reserveTick(): number;
  readonly tick: ClusterTick;
}

/** The last reserved cluster time. */
export interface ClusterTick {
  readonly seconds: number;
  readonly increment: number;
}

/** Shared "seconds + increment" logic (the server's LogicalClock reserveTicks). */
class TimestampSequence implements ClusterTick {
  seconds = 0;
  increment = 0;
  advance(nowMs: number): void {
    const secs = Math.floor(nowMs / 1000);
    if (secs > this.seconds) {
      this.seconds = secs;
      this.increment = 1;
    } else {
      this.increment += 1;
    }
  }
  next(nowMs: number): Timestamp {
    this.advance(nowMs);
    return new Timestamp({ t: this.seconds, i: this.increment });
  }
}

/** Real time. */
export class SystemClock implements Clock {
  private readonly seq = new TimestampSequence();
  now(): Date {
    return new Date();
  }
  nextTimestamp(): Timestamp {
    return this.seq.next(Date.now());
  }
  reserveTick(): number {
    const ms = Date.now();
    this.seq.advance(ms);
    return ms;
  }
  get tick(): ClusterTick {
    return this.seq;
  }
}

/** A clock that only moves when told to: `new ManualClock(new Date('2024-01-01T00:00:00Z'))`. */
export class ManualClock implements Clock {
  private current: number;
  private readonly seq = new TimestampSequence();
  constructor(start: Date = new Date('2024-01-01T00:00:00.000Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  nextTimestamp(): Timestamp {
    return this.seq.next(this.current);
  }
  reserveTick(): number {
    this.seq.advance(this.current);
    return this.current;
  }
  get tick(): ClusterTick {
    return this.seq;
  }
}
