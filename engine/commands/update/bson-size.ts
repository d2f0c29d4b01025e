/**
 * BSON sizes for the write path's limits (statement `q`+`u` ≤ 16 MiB, code 17420 for an upsert
 * document over 16 MiB). One implementation serves the whole engine: engine/bson/size.ts counts
 * bytes without serializing, so it is cheap enough for every updated document.
 */
export { bsonSize as docSize, valueSize } from '../../bson/size.js';
