/**
 * Entry of the engine library build (`npm run build:engine` → dist/engine.js).
 * Re-exports the engine's public API and the very `bson` module the engine uses, so Node callers
 * build values with the same classes the engine checks against.
 */
export * from '../engine/index.js';
export * as bson from 'bson';
