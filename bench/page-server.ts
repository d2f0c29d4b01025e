/**
 * The page under measurement: the production build (`npm run build`), copied so a concurrent build
 * elsewhere cannot pull the files away mid-measure, and served by `vite preview` on BENCH_PORT.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PORT = Number(process.env['BENCH_PORT'] ?? 4199);
export const BASE = `http://127.0.0.1:${PORT}`;

/** `npm run build`, then a private copy of this build's files (newer than the build's start). */
export function buildPage(root: string): string {
  const started = Date.now() - 1000;
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  const copy = mkdtempSync(join(tmpdir(), 'upsert-lab-bench-'));
  const dist = join(root, 'dist');
  for (const entry of readdirSync(dist)) {
    if (entry === 'assets' || entry === 'engine.js' || entry === 'engine.js.map') continue;
    cpSync(join(dist, entry), join(copy, entry), { recursive: true });
  }
  mkdirSync(join(copy, 'assets'));
  for (const f of readdirSync(join(dist, 'assets'))) {
    if (statSync(join(dist, 'assets', f)).mtimeMs >= started) cpSync(join(dist, 'assets', f), join(copy, 'assets', f));
  }
  return copy;
}

export async function startPreview(root: string, outDir: string): Promise<ChildProcess> {
  // Node runs vite directly (no npx wrapper), so killing this child stops the server.
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(PORT),
      '--strictPort',
      '--outDir',
      outDir,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited: ${stderr}`);
    try {
      const res = await fetch(BASE);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer on ${BASE}: ${stderr}`);
}
