/**
 * What the engine answers for the jstests of jstests/aggregation/expressions/ that test features
 * newer than MongoDB 8.0 (create_oid.js, create_uuid.js, hash.js, hash_bson.js,
 * convert_with_base.js, convert_bindata_numeric.js, sigmoid.js, subtype.js, serialize_ejson.js,
 * map_arrayindexas.js, reduce_arrayindexas.js, vector_similarity.js, uuid.js): an 8.0 server does not know the expression
 * (168 from Expression::parseExpression) or the $convert argument (FailedToParse 9 from
 * ExpressionConvert::parse), so neither does the engine.
 */
import { describe, expect, it } from 'vitest';
import { exprError, i } from './harness.js';

describe('expressions newer than 8.0', () => {
  it('$createObjectId, $createUUID, $uuid, $hash, $hexHash and $sigmoid (8.1, feature-flagged) are unrecognized (168)', () => {
    for (const op of ['$createObjectId', '$createUUID', '$uuid', '$hash', '$hexHash', '$sigmoid']) {
      expect(exprError({ [op]: {} })).toEqual({ code: 168, errmsg: `Invalid $set :: caused by :: Unrecognized expression '${op}'` });
    }
  });
  it("$convert's 'base' (8.3) and 'byteOrder' (8.1) are unknown arguments (9)", () => {
    expect(exprError({ $convert: { input: i(10), to: 'string', base: 2 } })).toEqual({ code: 9, errmsg: 'Invalid $set :: caused by :: $convert found an unknown argument: base' });
    expect(exprError({ $convert: { input: i(200), to: 'binData', byteOrder: 'big' } })).toEqual({ code: 9, errmsg: 'Invalid $set :: caused by :: $convert found an unknown argument: byteOrder' });
  });
  it('$subtype, $serializeEJSON, $deserializeEJSON, $toObject and $toArray (8.3) are unrecognized (168)', () => {
    for (const op of ['$subtype', '$serializeEJSON', '$deserializeEJSON', '$toObject', '$toArray']) {
      expect(exprError({ [op]: { input: 1 } })).toEqual({ code: 168, errmsg: `Invalid $set :: caused by :: Unrecognized expression '${op}'` });
    }
  });
  // vector_similarity.js (featureFlagVectorSimilarityExpressions, requires_fcv_82).
  it('$similarityCosine, $similarityDotProduct and $similarityEuclidean (8.2) are unrecognized (168) in both forms', () => {
    for (const op of ['$similarityCosine', '$similarityDotProduct', '$similarityEuclidean']) {
      const unknown = { code: 168, errmsg: `Invalid $set :: caused by :: Unrecognized expression '${op}'` };
      expect(exprError({ [op]: [[1, 2], [3, 4]] })).toEqual(unknown);
      expect(exprError({ [op]: { vectors: [[1, 2], [3, 4]], score: true } })).toEqual(unknown);
    }
  });
  // reduce_arrayindexas.js's branch without featureFlagExposeArrayIndexInMapFilterReduce is 8.0's answer.
  it('$$IDX is an undefined variable (17276) in $map, $filter and $reduce', () => {
    const undefinedIdx = { code: 17276, errmsg: 'Invalid $set :: caused by :: Use of undefined variable: IDX' };
    expect(exprError({ $map: { input: [1, 2], in: '$$IDX' } })).toEqual(undefinedIdx);
    expect(exprError({ $filter: { input: [1, 2], cond: '$$IDX' } })).toEqual(undefinedIdx);
    expect(exprError({ $reduce: { input: [1, 2, 3], initialValue: 0, in: { $add: [{ $multiply: ['$$this', '$$IDX'] }, '$$value'] } } })).toEqual(undefinedIdx);
  });
  it("'arrayIndexAs' (and $reduce's 'as'/'valueAs') are unknown arguments, each with its expression's code", () => {
    const prefix = 'Invalid $set :: caused by :: ';
    expect(exprError({ $map: { input: [1, 2], arrayIndexAs: 'i', in: '$$i' } })).toEqual({ code: 16879, errmsg: `${prefix}Unrecognized parameter to $map: arrayIndexAs` });
    expect(exprError({ $filter: { input: [1, 2], arrayIndexAs: 'i', cond: true } })).toEqual({ code: 28647, errmsg: `${prefix}Unrecognized parameter to $filter: arrayIndexAs` });
    expect(exprError({ $reduce: { input: [1, 2], initialValue: 0, as: 'elem', valueAs: 'acc', in: { $add: ['$$elem', '$$acc'] } } })).toEqual({ code: 40076, errmsg: `${prefix}$reduce found an unknown argument: as` });
    expect(exprError({ $reduce: { input: [1, 2], initialValue: 0, arrayIndexAs: 'i', in: 1 } })).toEqual({ code: 40076, errmsg: `${prefix}$reduce found an unknown argument: arrayIndexAs` });
  });
});
