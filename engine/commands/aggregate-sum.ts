/**
 * `$sum` arithmetic with the server's type widening: int32 + int32 stays int32 until it
 * overflows (then int64), int64 stays int64 until it overflows (then double), any double makes
 * a double, any decimal makes a decimal.
 */
import Decimal from 'decimal.js';
import { Decimal128, Int32, Long } from 'bson';
import { toDecimalJs } from '../bson/compare.js';
import { typeOf, type Value } from '../bson/values.js';

type Num = number | Int32 | Long | Decimal128;

export function addNumbers(a: Value, b: Value): Value {
  const x = a as Num;
  const y = b as Num;
  const tx = typeOf(x);
  const ty = typeOf(y);
  if (tx === 'decimal' || ty === 'decimal') {
    const sum = toDecimalJs(x).plus(toDecimalJs(y));
    return Decimal128.fromString(new Decimal(sum).toString());
  }
  if (tx === 'double' || ty === 'double') return Number(x.valueOf()) + Number(y.valueOf());
  const big = BigInt(x.toString()) + BigInt(y.toString());
  if (tx === 'int' && ty === 'int' && big >= -2147483648n && big <= 2147483647n) return new Int32(Number(big));
  if (big >= -9223372036854775808n && big <= 9223372036854775807n) return Long.fromBigInt(big);
  return Number(big);
}
