/**
 * The command line shared by the profiling scripts (profile-engine.ts, profile-run.ts): which
 * workload, how many documents, how many runs, and that workload's runner over the built engine.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeDocs, makeIdSequence, makeUpserts } from './data.js';
import { engineImplementations, type EngineModule, type Runner, type WorkloadId } from './implementations.js';

export interface ProfiledWorkload {
  readonly id: WorkloadId;
  readonly runs: number;
  readonly runner: Runner;
}

/** `<workload> [docs] [runs]` from `argv` (process.argv without node and the script). */
export async function profiledWorkload(argv: readonly string[]): Promise<ProfiledWorkload> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const id = (argv[0] ?? 'inc-all') as WorkloadId;
  const docCount = Number(argv[1] ?? 100_000);
  const runs = Number(argv[2] ?? 3);
  const mod = (await import(pathToFileURL(`${root}dist/engine.js`).href)) as EngineModule;
  const input = {
    docs: makeDocs(docCount),
    upserts: makeUpserts(Math.max(1, Math.floor(docCount / 10)), docCount),
    ids: makeIdSequence(docCount, docCount),
  };
  const impl = engineImplementations(mod, input)[id];
  if (!impl || 'unsupported' in impl) throw new Error(`unknown workload ${id}`);
  return { id, runs, runner: impl.runner() };
}
