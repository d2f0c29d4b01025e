/** `$convert`'s conversion failures: ConversionFailure (241), the code `onError` catches. */
import { fail } from '../errors.js';

export const conversionFailure = (msg: string): Error => fail(241, msg);

export function unsupported(from: string, to: string): Error {
  return conversionFailure(`Unsupported conversion from ${from} to ${to} in $convert with no onError value`);
}

export function overflow(detail: string): Error {
  return conversionFailure(`Conversion would overflow target type in $convert with no onError value: ${detail}`);
}
