/**
 * Issue 15's "Shape": the engine's modules form no import cycle at run time, and the two cycles
 * the update command's move removed stay removed even through type-only imports — `engine.ts` ↔
 * the command registry, and `engine/update/` ↔ `engine/pipeline/`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importClosure, importCycles, importGraph, type ImportGraph } from './import-graph.js';

const engineRoot = fileURLToPath(new URL('../engine', import.meta.url));
const graph = importGraph(engineRoot);

describe('engine import graph', () => {
  it('reads the engine (sanity: the registry imports the update command)', () => {
    expect(graph.get('engine.ts')?.map((e) => e.to)).toContain('commands/registry.ts');
    expect(graph.get('commands/registry.ts')?.map((e) => e.to)).toContain('commands/update/command.ts');
  });

  it('has no cycle among the imports that remain at run time', () => {
    expect(importCycles(graph, false)).toEqual([]);
  });

  it('the command registry never reaches engine.ts, not even for a type', () => {
    expect(importClosure(graph, 'commands/registry.ts', true).has('engine.ts')).toBe(false);
  });

  it('pipeline/ imports nothing from update/, not even a type', () => {
    const crossing = [...graph]
      .filter(([file]) => file.startsWith('pipeline/'))
      .flatMap(([file, edges]) => edges.filter((e) => e.to.startsWith('update/')).map((e) => `${file} → ${e.to}`));
    expect(crossing).toEqual([]);
  });

  it('the cycle finder finds a cycle, and ignores type-only edges when asked', () => {
    const sample: ImportGraph = new Map([
      ['a.ts', [{ to: 'b.ts', typeOnly: false }]],
      ['b.ts', [{ to: 'c.ts', typeOnly: false }]],
      ['c.ts', [{ to: 'a.ts', typeOnly: true }]],
      ['d.ts', [{ to: 'd.ts', typeOnly: false }]],
    ]);
    expect(importCycles(sample, true)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(importCycles(sample, false)).toEqual([['d.ts']]);
  });
});
