/**
 * Accumulators usable as expressions (`ExpressionFromAccumulator`): `$sum $avg $max $min`.
 * One argument that evaluates to an array accumulates its elements; otherwise every argument is
 * accumulated. Non-numbers are ignored by `$sum`/`$avg`; nullish values by `$max`/`$min`.
 */
import { compareValues, type Collator } from '../bson/compare.js';
import type { Int32, Long, Value } from '../bson/values.js';
import * as D from './decimal.js';
import { decValue, fitsLong, intOrLong, long, numKind, toBigInt, toDec, widest, type Num, type NumKind } from './numeric.js';
import type { OperatorParser } from './types.js';
import { CallNode, nullish, parseArgs } from './util.js';

/** Compensated double sum, standing in for `DoubleDoubleSummation`. */
class DoubleSum {
  private sum = 0;
  private comp = 0;
  add(x: number): void {
    const t = this.sum + x;
    if (!Number.isFinite(t)) {
      this.sum = t;
      this.comp = 0;
      return;
    }
    if (Math.abs(this.sum) >= Math.abs(x)) this.comp += this.sum - t + x;
    else this.comp += x - t + this.sum;
    this.sum = t;
  }
  value(): number {
    return Number.isFinite(this.sum) ? this.sum + this.comp : this.sum;
  }
}

/** Running `$sum`: exact integers, a compensated double sum, a decimal sum, the widest type. */
class SumState {
  ints = 0n;
  readonly doubles = new DoubleSum();
  hasDoubles = false;
  dec: D.Dec = D.fromBigInt(0n);
  kind: NumKind = 'int';
  count = 0;

  add(v: Value | undefined): void {
    const k = numKind(v);
    if (k === null) return;
    this.count++;
    this.kind = widest(this.kind, k);
    if (k === 'decimal') this.dec = D.add(this.dec, toDec(v as Num));
    else if (k === 'double') {
      this.doubles.add(v as number);
      this.hasDoubles = true;
    } else this.ints += toBigInt(v as Int32 | Long);
  }

  nonDecimalDouble(): number {
    return Number(this.ints) + this.doubles.value();
  }

  value(): Value {
    switch (this.kind) {
      case 'int':
        if (fitsLong(this.ints)) return intOrLong(this.ints);
        return Number(this.ints);
      case 'long':
        if (!this.hasDoubles && fitsLong(this.ints)) return long(this.ints);
        return this.nonDecimalDouble();
      case 'double':
        return this.nonDecimalDouble();
      case 'decimal': {
        let total = this.dec;
        if (this.ints !== 0n) total = D.add(total, D.fromBigInt(this.ints));
        if (this.hasDoubles) total = D.add(total, D.fromDouble34(this.doubles.value()));
        return decValue(total);
      }
    }
  }
}

function accumulate(values: readonly (Value | undefined)[], each: (v: Value | undefined) => void): void {
  const single = values.length === 1 ? values[0] : undefined;
  if (values.length === 1 && Array.isArray(single)) for (const v of single) each(v);
  else for (const v of values) each(v);
}

const parseSum: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseArgs(arg, ctx), (values) => {
    const s = new SumState();
    accumulate(values, (v) => s.add(v));
    return s.value();
  });

const parseAvg: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseArgs(arg, ctx), (values) => {
    const s = new SumState();
    accumulate(values, (v) => s.add(v));
    if (s.count === 0) return null;
    if (s.kind === 'decimal') {
      const total = s.value() as Parameters<typeof D.fromDecimal128>[0];
      return decValue(D.divide(D.fromDecimal128(total), D.fromBigInt(BigInt(s.count))));
    }
    return s.nonDecimalDouble() / s.count;
  });

function minMax(sign: 1 | -1): OperatorParser {
  return (arg, ctx, op) => {
    const collator: Collator | null = ctx.collator;
    return new CallNode(op, parseArgs(arg, ctx), (values) => {
      let best: Value | undefined;
      accumulate(values, (v) => {
        if (nullish(v)) return;
        if (best === undefined || sign * compareValues(v, best, collator) > 0) best = v;
      });
      return best === undefined ? null : best;
    });
  };
}

export const accumulatorOperators = {
  $sum: parseSum,
  $avg: parseAvg,
  $max: minMax(1),
  $min: minMax(-1),
} satisfies Record<string, OperatorParser>;
