/**
 * What the engine answers for the jstests of jstests/aggregation/expressions/ that test features
 * newer than MongoDB 8.0 (create_oid.js, create_uuid.js, hash.js, hash_bson.js,
 * convert_with_base.js, convert_bindata_numeric.js, sigmoid.js): an 8.0 server does not know the expression
 * (168 from Expression::parseExpression) or the $convert argument (FailedToParse 9 from
 * ExpressionConvert::parse), so neither does the engine.
 */
import { describe, expect, it } from 'vitest';
import { exprError, i } from './harness.js';

describe('expressions newer than 8.0', () => {
  it('$createObjectId, $createUUID, $hash, $hexHash and $sigmoid (8.1, feature-flagged) are unrecognized (168)', () => {
    for (const op of ['$createObjectId', '$createUUID', '$hash', '$hexHash', '$sigmoid']) {
      expect(exprError({ [op]: {} })).toEqual({ code: 168, errmsg: `Invalid $set :: caused by :: Unrecognized expression '${op}'` });
    }
  });
  it("$convert's 'base' (8.3) and 'byteOrder' (8.1) are unknown arguments (9)", () => {
    expect(exprError({ $convert: { input: i(10), to: 'string', base: 2 } })).toEqual({ code: 9, errmsg: 'Invalid $set :: caused by :: $convert found an unknown argument: base' });
    expect(exprError({ $convert: { input: i(200), to: 'binData', byteOrder: 'big' } })).toEqual({ code: 9, errmsg: 'Invalid $set :: caused by :: $convert found an unknown argument: byteOrder' });
  });
});
