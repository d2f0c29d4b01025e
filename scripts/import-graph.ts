/**
 * The engine's import graph, read with the TypeScript compiler API (no bundler, no type check):
 * each source file's relative `import`/`export … from` targets, marked type-only when the
 * compiler erases them (`import type`, or every named binding `type`; `verbatimModuleSyntax`
 * keeps the rest). Used by import-cycles.test.ts to keep the module graph free of cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  readonly to: string;
  readonly typeOnly: boolean;
}

/** File (relative to `root`, `/`-separated) → its imports of other files under `root`. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined) return false; // a side-effect import runs the module
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return (
      clause.name === undefined &&
      named !== undefined &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((e) => e.isTypeOnly)
    );
  }
  if (statement.isTypeOnly) return true;
  const clause = statement.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The graph of every non-test source file under `root`. */
export function importGraph(root: string): ImportGraph {
  const graph = new Map<string, ImportEdge[]>();
  const key = (path: string) => relative(root, path).split('\\').join('/');
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const edges: ImportEdge[] = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (specifier === undefined || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const target = resolveSpecifier(file, specifier.text);
      if (target === undefined || relative(root, target).startsWith('..')) continue;
      edges.push({ to: key(target), typeOnly: isTypeOnly(statement) });
    }
    graph.set(key(file), edges);
  }
  return graph;
}

/**
 * Every cycle's files, one list per strongly connected component with more than one file (or a
 * file importing itself), found with Tarjan's algorithm; `includeTypes` false follows only the
 * imports that remain at run time.
 */
export function importCycles(graph: ImportGraph, includeTypes: boolean): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const targets = (file: string) => (graph.get(file) ?? []).filter((e) => includeTypes || !e.typeOnly).map((e) => e.to);
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of targets(file)) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || targets(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Every file reachable from `start` (itself included). */
export function importClosure(graph: ImportGraph, start: string, includeTypes: boolean): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const edge of graph.get(queue.pop()!) ?? []) {
      if ((includeTypes || !edge.typeOnly) && !seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return seen;
}
