/**
 * A share link is untrusted input: whatever its database and collection names hold, the exported
 * mongosh script must parse (as JavaScript, with a real parser) into exactly the statements the
 * exporter means to write, with every name inside a string literal and no user text in comments.
 */
import { parse, type Comment } from 'acorn';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShareState } from '../share/state.js';
import { exportMongoshScript } from './script.js';

/** Fragments that end a line, a string or a comment in JavaScript, or open a template. */
const HOSTILE = [
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  '"',
  "'",
  '`',
  '\\',
  '*/',
  '/*',
  '//',
  '${',
  '}',
  ')',
  ';',
  '<!--',
  '-->',
];
const hostileName = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom('print("pwned")', 'x', ' ', 'use t', 'db')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

interface Node {
  readonly type: string;
  readonly [key: string]: unknown;
}

function node(x: unknown): Node {
  expect(typeof x === 'object' && x !== null && 'type' in x).toBe(true);
  return x as Node;
}

/** `a.b.c(args)` as ['a', 'b', 'c'] with the args; string-literal arguments of inner calls inlined. */
function describeCall(expr: Node): string {
  if (expr.type === 'Identifier') return String(expr['name']);
  if (expr.type === 'Literal') return JSON.stringify(expr['value']);
  if (expr.type === 'MemberExpression') {
    expect(expr['computed']).toBe(false);
    return `${describeCall(node(expr['object']))}.${String(node(expr['property'])['name'])}`;
  }
  if (expr.type === 'CallExpression') {
    const args = (expr['arguments'] as unknown[]).map((a) => {
      const n = node(a);
      return n.type === 'Literal' ? JSON.stringify(n['value']) : n.type;
    });
    return `${describeCall(node(expr['callee']))}(${args.join(', ')})`;
  }
  if (expr.type === 'AssignmentExpression') {
    return `${describeCall(node(expr['left']))} = ${describeCall(node(expr['right']))}`;
  }
  return expr.type;
}

/** The script's top-level statements, described, and its comments. */
function statementsOf(script: string): { statements: string[]; comments: string[] } {
  const comments: Comment[] = [];
  const program = parse(script, { ecmaVersion: 'latest', sourceType: 'script', onComment: comments });
  const statements = program.body.map((s) => {
    expect(s.type).toBe('ExpressionStatement');
    return describeCall(node((s as unknown as { expression: unknown }).expression));
  });
  return { statements, comments: comments.map((c) => c.value) };
}

function stateWith(database: string, names: readonly string[]): ShareState {
  return {
    v: 1,
    database,
    collections: names.map((name, i) => ({
      name,
      documents: `[{"_id": ${i}, "name": ${JSON.stringify(name)}}]`,
      indexes: '[{"key": {"a": 1}, "name": "a_1"}]',
    })),
    command: '',
    deployment: 'replicaset',
  };
}

const FIXED_COMMENTS = new Set([
  ' Exported from Upsert Lab. Run it in mongosh connected to a TEST deployment:',
  ' it drops and recreates the collections below in the database it selects.',
  ' it creates its collections in the database it selects.',
  ' It needs a replica set (the page simulated 3 members): the oplog, transactions and',
  ' write concerns above w: 1 exist only there. Connect mongosh to the primary.',
  ' It needs a sharded cluster (the page simulated 2 shards, each a 3-member replica set):',
  ' connect mongosh to a mongos. sh.shardCollection below recreates each shard key (since MongoDB 6.0',
  ' no sh.enableSharding is needed first).',
  ' Note: some documents have field names such as "0" or "10"; mongosh (JavaScript objects) lists them first.',
  ' The command',
]);

describe('exported scripts with hostile names', () => {
  it('hold every name only in string literals and carry exactly the intended statements', () => {
    fc.assert(
      fc.property(hostileName, fc.array(hostileName, { minLength: 1, maxLength: 3 }), (database, names) => {
        const script = exportMongoshScript(stateWith(database, names));
        const { statements, comments } = statementsOf(script);
        const expected = [`db = db.getSiblingDB(${JSON.stringify(database)})`];
        for (const name of names) {
          const c = `db.getCollection(${JSON.stringify(name)})`;
          expected.push(
            `${c}.drop()`,
            `db.createCollection(${JSON.stringify(name)})`,
            `${c}.createIndex(ObjectExpression, ObjectExpression)`,
            `${c}.insertMany(ArrayExpression, ObjectExpression)`,
          );
        }
        expect(statements).toEqual(expected);
        for (const c of comments) expect(FIXED_COMMENTS.has(c), JSON.stringify(c)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('shards hostile names and shard key fields only through string and object literals', () => {
    fc.assert(
      fc.property(hostileName, hostileName, hostileName, (database, name, field) => {
        const state: ShareState = {
          ...stateWith(database, [name]),
          deployment: 'sharded',
          setup: { shards: 2, shardKeys: { [name]: { [field]: 1 } } },
        };
        const script = exportMongoshScript(state);
        const { statements, comments } = statementsOf(script);
        expect(statements).toContain(`sh.shardCollection(${JSON.stringify(`${database}.${name}`)}, ObjectExpression)`);
        for (const c of comments) expect(FIXED_COMMENTS.has(c), JSON.stringify(c)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the documents’ hostile strings as data', () => {
    const name = 'x\n*/print("pwned")//\u2028${1}';
    const script = exportMongoshScript(stateWith(name, [name]));
    const program = parse(script, { ecmaVersion: 'latest' });
    expect(program.body).toHaveLength(5);
    expect(script).not.toMatch(/^print/m);
  });

  it('exports a command that still runs in the link’s database', () => {
    const state: ShareState = { ...stateWith('my\ndb', ['c']), command: 'db.getCollection("c").find()' };
    const { statements } = statementsOf(exportMongoshScript(state));
    expect(statements[0]).toBe('db = db.getSiblingDB("my\\ndb")');
    expect(statements.at(-1)).toBe('db.getCollection("c").find()');
  });
});
