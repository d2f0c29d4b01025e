/** `maxTimeMS` for the commands that run update statements. */
import { fail } from '../../errors.js';
import { keepShape } from '../../shape-anchor.js';

/** Cooperative time limit (`maxTimeMS`), checked between documents with the engine clock. */
export class Deadline {
  constructor(
    private readonly now: () => Date,
    private readonly limitAt: number | undefined,
  ) {
    keepShape(this);
  }
  /** No limit: `check` never reads the clock, so one instance serves every command. */
  static none(_now?: () => Date): Deadline {
    return UNLIMITED;
  }
  /** `maxTimeMS` after the command started; no limit when undefined. */
  static after(now: () => Date, startedAt: Date, maxTimeMS: number | undefined): Deadline {
    return maxTimeMS === undefined ? Deadline.none(now) : new Deadline(now, startedAt.getTime() + maxTimeMS);
  }
  check(): void {
    if (this.limitAt !== undefined && this.now().getTime() > this.limitAt) {
      throw fail(50, 'operation exceeded time limit');
    }
  }
}

const UNLIMITED = new Deadline(() => new Date(0), undefined);
