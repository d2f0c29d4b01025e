/**
 * Lint rules for the whole repository (flat config, typescript-eslint's non-type-checked preset to
 * stay fast). The one rule that matters most is engine purity: engine/ runs unchanged in a Web
 * Worker, in Node and in an embedding page, so it may not reach the DOM, Node built-ins, React,
 * Monaco, zustand or the web/ layer. scripts/lint-rules.test.ts proves the rule bites.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))];

/** Import patterns engine/ may never use; tests may additionally use Node. */
const uiImportPatterns = [
  {
    regex: '^(react|react-dom|monaco-editor|zustand)(/.*)?$',
    message: 'engine/ is UI-free: no React, Monaco or zustand (they belong in web/).',
  },
  {
    regex: '(^|/)web(/|$)',
    message: 'engine/ must not import from web/: the dependency goes the other way.',
  },
];
const nodeImportPatterns = [
  {
    regex: `^(node:.*|(${nodeBuiltins.map((n) => n.replace(/[/]/g, '\\/')).join('|')})(/.*)?)$`,
    message: 'engine/ is portable: no Node built-ins (it runs in a Web Worker too).',
  },
];

/** Browser and Node globals engine/ may not touch. */
const forbiddenGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'navigator',
  'location',
  'history',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'EventTarget',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'Worker',
  'postMessage',
  'self',
  'alert',
  'requestAnimationFrame',
  'process',
  'Buffer',
  'require',
  'module',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
].map((name) => ({
  name,
  message: `engine/ is pure: \`${name}\` is a DOM or Node global; pass what you need in from the host.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
      'docs/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript checks names; ESLint's no-undef knows no DOM/Node globals without a list.
      'no-undef': 'off',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
      // `let x = false; try { x = f(); } catch { x = false; }` is a clear idiom, not a bug.
      'no-useless-assignment': 'off',
      // int64 bounds such as 9223372036854775807 are written as the server writes them; as doubles
      // they are exactly 2^63, which is what the comparisons mean.
      'no-loss-of-precision': 'off',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...uiImportPatterns, ...nodeImportPatterns] },
      ],
      'no-restricted-globals': ['error', ...forbiddenGlobals],
      'no-restricted-properties': [
        'error',
        ...['window', 'document', 'localStorage', 'navigator', 'process', 'fetch'].map(
          (property) => ({
            object: 'globalThis',
            property,
            message: 'engine/ is pure: no DOM or Node globals, not even through globalThis.',
          }),
        ),
      ],
    },
  },
  {
    // Tests run in Node under vitest: they may use Node (fs, worker_threads …), never the UI.
    files: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: uiImportPatterns }],
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
