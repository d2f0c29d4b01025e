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
}

/** Shared "seconds + increment" logic (the server's LogicalClock reserveTicks). */
class TimestampSequence {
  private t = 0;
  private i = 0;
  next(now: Date): Timestamp {
    const secs = Math.floor(now.getTime() / 1000);
    if (secs > this.t) {
      this.t = secs;
      this.i = 1;
    } else {
      this.i += 1;
    }
    return new Timestamp({ t: this.t, i: this.i });
  }
}

/** Real time. */
export class SystemClock implements Clock {
  private readonly seq = new TimestampSequence();
  now(): Date {
    return new Date();
  }
  nextTimestamp(): Timestamp {
    return this.seq.next(this.now());
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
    return this.seq.next(this.now());
  }
}
