/**
 * Registers vitest cases for ported files: each test through the emulated runner (the shell API),
 * then each test through the official driver against one wire server for the whole test file.
 * A driver result listed in `../driver/deviations.ts` is accepted as that deviation, and must
 * still fail there (one that starts passing is reported, as `npm run conformance` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/engine.js';
import { startWireServer, type WireServer } from '../../server/wire-server.js';
import { deviationFor } from '../driver/deviations.js';
import { runFileWithDriver } from '../driver/driver-runner.js';
import { FailPointEngine } from '../fail-points.js';
import { runFile, type FileOutcome } from '../unified-runner.js';
import { toUnifiedDoc, type PortedFile } from './support.js';

const freshEngine = () => new FailPointEngine(new Engine({ topology: 'replicaset' }));

function descriptions(f: PortedFile): string[] {
  return f.tests.map((t) => String((t as { description: string }).description));
}

export function runPorted(files: readonly PortedFile[]): void {
  for (const f of files) {
    describe(`${f.source} (emulated driver)`, () => {
      const outcome = runFile(toUnifiedDoc(f), { createEngine: freshEngine });
      it('has the tests it was written with', () => {
        expect(outcome.fileError).toBeUndefined();
        expect(outcome.tests.map((t) => t.description)).toEqual(descriptions(f));
      });
      for (const t of outcome.tests) {
        it.skipIf(t.status === 'not-applicable')(t.description, () => {
          expect(t.reason ?? '').toBe('');
          expect(t.status).toBe('passed');
        });
      }
    });
  }

  describe('through the official driver', () => {
    let server: WireServer | undefined;
    const outcomes = new Map<string, FileOutcome>();
    beforeAll(async () => {
      server = await startWireServer({ engine: freshEngine(), port: 0 });
      const wire = server;
      for (const f of files) {
        outcomes.set(
          f.source,
          await runFileWithDriver(toUnifiedDoc(f), {
            createEngine: freshEngine,
            serve: (engine) => {
              wire.engine = engine;
            },
            uri: `mongodb://127.0.0.1:${wire.port}/`,
          }),
        );
      }
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });
    for (const f of files) {
      it(f.source, () => {
        const tests = outcomes.get(f.source)?.tests ?? [];
        expect(tests.map((t) => t.description)).toEqual(descriptions(f));
        const wrong = tests.flatMap((t) => {
          if (t.status === 'not-applicable') return [];
          const deviation = deviationFor(f.source, t.description);
          if (deviation !== undefined)
            return t.status === 'passed' ? [`${t.description}: deviation now passes (remove it)`] : [];
          return t.status === 'passed' ? [] : [`${t.description}: ${t.reason ?? 'failed'}`];
        });
        expect(wrong).toEqual([]);
      });
    }
  });
}
