import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../engine/bson/values.js';
import { Int32 } from '../../engine/bson/values.js';
import { Engine } from '../../engine/engine.js';
import { runSetupCommands, setupCommands } from './setup.js';

describe('setupCommands', () => {
  it('restores a collection past the server’s 100,000-write batch limit in batches', () => {
    const documents: Doc[] = Array.from({ length: 100_001 }, (_, i) => new Map<string, Value>([['_id', new Int32(i)]]));
    const commands = setupCommands({ name: 'big', documents, indexSpecs: [] });
    const inserts = commands.filter((c) => c.has('insert'));
    expect(inserts.every((c) => (c.get('documents') as Doc[]).length <= 1000)).toBe(true);
    const engine = new Engine();
    runSetupCommands(engine, 'test', commands);
    expect(engine.documents('test', 'big')).toHaveLength(100_001);
  }, 60_000);
});
