/**
 * `$round` and `$trunc` as `evaluateRoundOrTrunc`: `[number, place]` with place an integral
 * value in [-20, 100]. Decimals and doubles (as Decimal128(double, 34 digits)) go through
 * `Decimal128::quantize`, which returns the value at full 34-digit precision when the place asks
 * for more digits than a decimal holds; ints and longs with a negative place are quantized as
 * decimals and converted back with `toLong` (51080 outside 64 bits).
 */
import type { Int32, Long, Value } from '../bson/values.js';
import { fail } from '../errors.js';
import * as D from './decimal.js';
import { decValue, fitsLong, int32, long, numKind, toBigInt, toDec, toDouble, type Num, type NumKind } from './numeric.js';
import type { OperatorParser } from './types.js';
import { CallNode, nullish, parseArgs, rangedArity, typeName } from './util.js';

/** `$round` / `$trunc`: `[number, place]` with place an integer in [-20, 100]. */
export function roundingOp(op: '$round' | '$trunc'): OperatorParser {
  return (arg, ctx) => {
    const args = parseArgs(arg, ctx);
    rangedArity(op, args, 1, 2);
    return new CallNode(op, args, ([v, p]) => {
      if (nullish(v)) return null;
      const k = numKind(v);
      if (k === null) throw fail(51081, `${op} only supports numeric types, not ${typeName(v)}`);
      let place = 0;
      if (args.length === 2) {
        if (nullish(p)) return null;
        const pk = numKind(p);
        const pv = pk === null ? null : toDouble(p as Num);
        if (pv === null || !Number.isInteger(pv))
          throw fail(51082, `precision argument to  ${op} must be a integral value`);
        if (pv < -20 || pv > 100)
          throw fail(51083, `cannot apply ${op} with precision value ${pv} value must be in [-20, 100]`);
        place = pv;
      }
      return roundNumber(v as Num, k, place, op === '$round' ? 'even' : 'trunc');
    });
  };
}

function roundNumber(v: Num, k: NumKind, place: number, mode: 'even' | 'trunc'): Value {
  if (k === 'decimal') {
    const d = toDec(v);
    return decValue(D.quantize(d, -place, mode));
  }
  if (k === 'double') {
    const x = v as number;
    if (!Number.isFinite(x)) return x;
    const d = D.quantize(D.fromDouble34(x), -place, mode);
    const r = D.toNumber(d);
    return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
  }
  const n = toBigInt(v as Int32 | Long);
  if (place >= 0) return v;
  const div = 10n ** BigInt(-place);
  let q = n / div;
  const rem = n % div;
  if (mode === 'even' && rem !== 0n) {
    const twice = (rem < 0n ? -rem : rem) * 2n;
    if (twice > div || (twice === div && q % 2n !== 0n)) q += n < 0n ? -1n : 1n;
  }
  const r = q * div;
  // The Decimal128 result converted back with toLong: outside 64 bits is an invalid conversion.
  if (!fitsLong(r)) {
    const op = mode === 'even' ? '$round' : '$trunc';
    throw fail(51080, `invalid conversion from Decimal128 result in ${op} resulting from arguments: [${n}, ${place}]`);
  }
  // An int result becomes a long only above INT_MAX; below INT_MIN the server's static_cast<int>
  // wraps it (two's complement).
  if (k === 'long' || r > 2147483647n) return long(r);
  return int32(Number(BigInt.asIntN(32, r)));
}

