/** Export the playground state as a mongosh script for a real MongoDB. */
export { collectionAccessor, exportMongoshScript, ExportError, type ExportOptions } from './script.js';
export { docLiteral, hasIntegerLikeKey, stringLiteral, toMongoshLiteral } from './mongosh-literal.js';
