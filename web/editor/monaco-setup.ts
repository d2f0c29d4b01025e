/**
 * Monaco, loaded on demand (a dynamic import of this module keeps it out of the first chunk):
 * the editor core with its standard contributions, the editor worker through Vite's `?worker`,
 * and the `mongosh` language: Monarch tokens, completions (shell methods, operators, options,
 * the current collection's field paths) and one-line hovers for operators.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { FIELD_QUERY_OPERATORS, TOP_LEVEL_QUERY_OPERATORS } from '../../engine/query/operator-names.js';
import { SHELL_NAMES } from '../../engine/shell/index.js';
import { COLLECTION_SIGNATURES, DATABASE_SIGNATURES } from '../../engine/shell/signatures.js';
import { MODIFIER_NAMES } from '../../engine/update/modifier-names.js';
import { completionPlace } from './completion-context.js';
import { ALL_DOCS, ARRAY_OPERATORS, UPDATE_OPTIONS } from './operator-docs.js';

export { monaco };

export const LANGUAGE_ID = 'mongosh';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

/** What completions need from the page, read on every request. */
export interface CompletionContext {
  fieldPaths(): readonly string[];
  collectionNames(): readonly string[];
}

let context: CompletionContext = { fieldPaths: () => [], collectionNames: () => [] };
let registered = false;

export function setCompletionContext(c: CompletionContext): void {
  context = c;
}

function registerLanguage(): void {
  if (registered) return;
  registered = true;
  window.MonacoEnvironment = { getWorker: () => new EditorWorker() };
  monaco.languages.register({ id: LANGUAGE_ID, aliases: ['mongosh'] });
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"', notIn: ['string'] },
      { open: "'", close: "'", notIn: ['string'] },
    ],
    wordPattern: /(\$\[[\w]*\]|\$?[\w$.]+)/,
  });
  monaco.languages.setMonarchTokensProvider(LANGUAGE_ID, {
    keywords: ['const', 'let', 'var', 'true', 'false', 'null', 'new', 'use', 'show', 'undefined'],
    helpers: SHELL_NAMES.globals.filter((n) => n !== 'db'),
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/\/\*/, 'comment', '@comment'],
        [/\bdb\b/, 'variable.db'],
        [/\.\s*([A-Za-z_]\w*)(?=\s*\()/, 'method'],
        [/\$\[[A-Za-z0-9_]*\]/, 'operator.array'],
        [/["']\$[A-Za-z]+["']/, 'operator'],
        [/\$\$?[A-Za-z_]\w*/, 'operator'],
        [/[A-Za-z_]\w*/, { cases: { '@keywords': 'keyword', '@helpers': 'type.helper', '@default': 'identifier' } }],
        [/"([^"\\]|\\.)*"/, 'string'],
        [/'([^'\\]|\\.)*'/, 'string'],
        [/-?\d+(\.\d+)?([eE][-+]?\d+)?/, 'number'],
        [/[{}()[\]]/, '@brackets'],
        [/[,:;.]/, 'delimiter'],
      ],
      comment: [
        [/\*\//, 'comment', '@pop'],
        [/./, 'comment'],
      ],
    },
  });

  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['.', '$', '"', "'"],
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const place = completionPlace(model.getValueInRange(new monaco.Range(1, 1, position.lineNumber, position.column)));
      // Words include dots (field paths); after `db.` and `db.c.` only the name after the last dot is replaced.
      const lastDot = word.word.lastIndexOf('.');
      const startColumn =
        (place.kind === 'database' || place.kind === 'collection') && lastDot >= 0
          ? word.startColumn + lastDot + 1
          : word.startColumn;
      const range = new monaco.Range(position.lineNumber, startColumn, position.lineNumber, word.endColumn);
      const K = monaco.languages.CompletionItemKind;
      const item = (label: string, kind: monaco.languages.CompletionItemKind, detail: string, insertText = label) => ({
        label,
        kind,
        detail,
        insertText,
        range,
      });
      // Operator names come from the engine's tables; ALL_DOCS only adds a line of text to each.
      const operators = (names: readonly string[], what: string) =>
        names.map((n) => item(n, K.Operator, ALL_DOCS[n] ?? what));
      const arrayOperators = Object.entries(ARRAY_OPERATORS).map(([n, d]) =>
        n === '$[<identifier>]'
          ? {
              ...item(n, K.Operator, d, '\\$[${1:id}]'),
              insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
            }
          : item(n, K.Operator, d),
      );
      const fields = () => context.fieldPaths().map((p) => item(p, K.Field, 'field of the current collection'));
      switch (place.kind) {
        case 'database':
          return {
            suggestions: [
              ...context.collectionNames().map((n) => ({ ...item(n, K.Module, 'collection'), sortText: `0${n}` })),
              ...SHELL_NAMES.database.map((n) => ({
                ...item(n, K.Method, DATABASE_SIGNATURES[n] ?? 'database method'),
                sortText: `1${n}`,
              })),
            ],
          };
        case 'collection':
          return {
            suggestions: SHELL_NAMES.collection.map((n) => ({
              ...item(n, K.Method, COLLECTION_SIGNATURES[n] ?? 'collection method'),
              documentation: `db.${place.name}.${COLLECTION_SIGNATURES[n] ?? n}`,
            })),
          };
        case 'update':
          return {
            suggestions:
              place.depth === 1 ? operators(MODIFIER_NAMES, 'update operator') : [...arrayOperators, ...fields()],
          };
        case 'filter':
          return {
            suggestions: [
              ...operators(place.depth === 1 ? TOP_LEVEL_QUERY_OPERATORS : FIELD_QUERY_OPERATORS, 'query operator'),
              ...fields(),
            ],
          };
        case 'other': {
          const ops = [
            ...operators(MODIFIER_NAMES, 'update operator'),
            ...operators([...TOP_LEVEL_QUERY_OPERATORS, ...FIELD_QUERY_OPERATORS], 'query operator'),
            ...arrayOperators,
          ];
          const options = Object.entries(UPDATE_OPTIONS).map(([n, d]) => item(n, K.Property, d));
          return { suggestions: [...ops, ...options, ...fields()] };
        }
      }
    },
  });

  monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (word === null) return null;
      let name = word.word;
      if (/^\$\[\w+\]$/.test(name)) name = '$[<identifier>]';
      const doc = ALL_DOCS[name] ?? UPDATE_OPTIONS[name];
      if (doc === undefined) return null;
      return {
        range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
        contents: [{ value: `**${name}** — ${doc}` }],
      };
    },
  });

  const rules = (dark: boolean): monaco.editor.ITokenThemeRule[] => [
    { token: 'comment', foreground: dark ? '7d8590' : '6a737d', fontStyle: 'italic' },
    { token: 'variable.db', foreground: dark ? '79c0ff' : '0550ae', fontStyle: 'bold' },
    { token: 'method', foreground: dark ? 'd2a8ff' : '8250df' },
    { token: 'operator', foreground: dark ? 'ffa657' : 'bc4c00' },
    { token: 'operator.array', foreground: dark ? 'ff7b72' : 'cf222e', fontStyle: 'bold' },
    { token: 'string', foreground: dark ? 'a5d6ff' : '0a3069' },
    { token: 'number', foreground: dark ? '7ee787' : '116329' },
    { token: 'keyword', foreground: dark ? 'ff7b72' : 'cf222e' },
    { token: 'type.helper', foreground: dark ? 'f2cc60' : '953800' },
  ];
  monaco.editor.defineTheme('upsert-light', { base: 'vs', inherit: true, rules: rules(false), colors: {} });
  monaco.editor.defineTheme('upsert-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: rules(true),
    colors: { 'editor.background': '#121922' },
  });
}

export function setupMonaco(): typeof monaco {
  registerLanguage();
  return monaco;
}
