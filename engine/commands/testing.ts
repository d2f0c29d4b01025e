/**
 * Test helpers for command-level tests (imported only by *.test.ts files): a deterministic
 * engine and exact reply comparison through canonical Extended JSON (field order and BSON types
 * both matter: `{"n": 1, "ok": 1.0}` means n int32, ok double).
 * @internal
 */
import { ObjectId } from 'bson';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { ManualClock } from '../catalog/clock.js';
import { Engine, type EngineOptions } from '../engine.js';

/** ObjectIds 000000000000000000000001, ...02, ... */
export function counterObjectIds(start = 0): () => ObjectId {
  let n = start;
  return () => new ObjectId((++n).toString(16).padStart(24, '0'));
}

/** A seeded pseudo-random source (mulberry32). */
export function seededRandom(seed = 1): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic engine (manual clock, counted ObjectIds, seeded random); `options` adds to it (a topology …). */
export function testEngine(options: EngineOptions = {}): Engine {
  return new Engine({ clock: new ManualClock(), newObjectId: counterObjectIds(), random: seededRandom(), ...options });
}

/** Runs a command written as Extended JSON text (ints → int32, fractions/1.0 → double). */
export function run(engine: Engine, db: string, command: string): Doc {
  return engine.runCommand(db, parseEJSONDoc(command));
}

/** Canonical Extended JSON of a value. */
export function ejson(v: Value): string {
  return stringifyEJSON(v);
}

/** Canonical form of Extended JSON text, for comparisons with `ejson`. */
export function canon(text: string): string {
  return stringifyEJSON(parseEJSON(text));
}
