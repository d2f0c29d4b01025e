/**
 * Production bundle sizes read from a page build: the JavaScript the page loads first (index.html's
 * scripts and their static imports), the engine worker it starts at once, what is loaded lazily
 * (Monaco and its worker), and the total. Gzip sizes with node:zlib (level 9, as servers ship).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzip: number;
}

export interface BundleSizes {
  readonly initial: BundleFile[];
  readonly engineWorker: BundleFile[];
  readonly lazy: BundleFile[];
  readonly monacoInInitial: boolean;
  readonly totals: {
    readonly initialJs: { bytes: number; gzip: number };
    readonly engineWorker: { bytes: number; gzip: number };
    readonly lazyJs: { bytes: number; gzip: number };
    readonly allJs: { bytes: number; gzip: number };
  };
}

function measure(dir: string, file: string): BundleFile {
  const data = readFileSync(join(dir, file));
  return { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
}

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./y.js"`), not `import()`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

function sum(files: readonly BundleFile[]): { bytes: number; gzip: number } {
  return files.reduce((s, f) => ({ bytes: s.bytes + f.bytes, gzip: s.gzip + f.gzip }), { bytes: 0, gzip: 0 });
}

export function bundleSizes(distDir: string): BundleSizes {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const assets = join(distDir, 'assets');
  const allJs = readdirSync(assets).filter((f) => f.endsWith('.js'));
  // Entry scripts and modulepreload links of index.html, then their static imports, transitively.
  const queue = [...html.matchAll(/(?:src|href)="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const initial = new Set<string>();
  while (queue.length > 0) {
    const f = queue.pop()!;
    if (initial.has(f) || !allJs.includes(f)) continue;
    initial.add(f);
    for (const dep of staticImports(readFileSync(join(assets, f), 'utf8'))) queue.push(dep.replace(/^.*\//, ''));
  }
  const initialFiles = [...initial].map((f) => measure(assets, f));
  const workerFiles = allJs.filter((f) => !initial.has(f) && /engine.*worker/i.test(f)).map((f) => measure(assets, f));
  const lazyFiles = allJs.filter((f) => !initial.has(f) && !/engine.*worker/i.test(f)).map((f) => measure(assets, f));
  const monacoInInitial = [...initial].some((f) => /monaco|editor\.worker/i.test(f));
  return {
    initial: initialFiles,
    engineWorker: workerFiles,
    lazy: lazyFiles,
    monacoInInitial,
    totals: {
      initialJs: sum(initialFiles),
      engineWorker: sum(workerFiles),
      lazyJs: sum(lazyFiles),
      allJs: sum([...initialFiles, ...workerFiles, ...lazyFiles]),
    },
  };
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
