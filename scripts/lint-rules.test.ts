/**
 * Proves the engine-purity lint rules bite: the same code that is fine in web/ is rejected in
 * engine/, and engine tests may use Node but not the UI.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const samples: Record<string, { code: string; rule: string }> = {
  'a DOM global (document)': { code: 'export const title = document.title;\n', rule: 'no-restricted-globals' },
  'a DOM global (window)': { code: 'export const w = window.innerWidth;\n', rule: 'no-restricted-globals' },
  'localStorage': { code: "export const v = localStorage.getItem('k');\n", rule: 'no-restricted-globals' },
  'fetch': { code: "export const p = fetch('/x');\n", rule: 'no-restricted-globals' },
  'a DOM type import (HTMLElement)': { code: 'export const isEl = (x: unknown) => x instanceof HTMLElement;\n', rule: 'no-restricted-globals' },
  'a node: import': { code: "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", rule: 'no-restricted-imports' },
  'a bare Node built-in import': { code: "import { join } from 'path';\nexport const j = join;\n", rule: 'no-restricted-imports' },
  'react': { code: "import { useState } from 'react';\nexport const u = useState;\n", rule: 'no-restricted-imports' },
  'react-dom/client': { code: "import { createRoot } from 'react-dom/client';\nexport const c = createRoot;\n", rule: 'no-restricted-imports' },
  'monaco-editor': { code: "import * as monaco from 'monaco-editor';\nexport const m = monaco;\n", rule: 'no-restricted-imports' },
  'zustand': { code: "import { create } from 'zustand';\nexport const c = create;\n", rule: 'no-restricted-imports' },
  'a web/ module': { code: "import { App } from '../../web/App.js';\nexport const a = App;\n", rule: 'no-restricted-imports' },
};

describe('engine purity lint rules', () => {
  for (const [what, { code, rule }] of Object.entries(samples)) {
    it(`rejects ${what} in engine/`, async () => {
      expect(await ruleIds(code, 'engine/update/example.ts')).toContain(rule);
    });
  }

  it('allows the same DOM, Node and React uses in web/', async () => {
    for (const { code } of Object.values(samples)) {
      const ids = await ruleIds(code, 'web/example.ts');
      expect(ids.filter((id) => id.startsWith('no-restricted'))).toEqual([]);
    }
  });

  it('allows Node built-ins but not React in engine tests', async () => {
    const node = "import { MessageChannel } from 'node:worker_threads';\nexport const m = MessageChannel;\n";
    expect(await ruleIds(node, 'engine/update/example.test.ts')).toEqual([]);
    const react = "import { useState } from 'react';\nexport const u = useState;\n";
    expect(await ruleIds(react, 'engine/update/example.test.ts')).toContain('no-restricted-imports');
  });

  it('accepts ordinary engine code importing bson and its siblings', async () => {
    const code = "import { Long } from 'bson';\nimport type { Doc } from '../bson/values.js';\nexport const f = (d: Doc) => d.set('n', Long.fromNumber(1));\n";
    expect(await ruleIds(code, 'engine/update/example.ts')).toEqual([]);
  });

  it('requires type-only imports to say so', async () => {
    const code = "import { Doc } from '../bson/values.js';\nexport const f = (d: Doc) => d;\n";
    expect(await ruleIds(code, 'engine/update/example.ts')).toContain('@typescript-eslint/consistent-type-imports');
  });
});
