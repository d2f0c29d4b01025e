/**
 * The command-line front door, end to end: spawn `tsx cli/engine.ts`, feed lines, read lines.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function runCli(lines: readonly string[], args: readonly string[] = []): { stdout: string[]; status: number | null } {
  const result = spawnSync(`${root}node_modules/.bin/tsx`, ['cli/engine.ts', ...args], {
    cwd: root,
    input: lines.map((l) => `${l}\n`).join(''),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { stdout: result.stdout.split('\n').filter((l) => l !== ''), status: result.status };
}

describe('npm run engine', () => {
  it(
    'answers the issue example with two lines, keeping field order _id, b, 0 and $numberInt types',
    { timeout: 60_000 },
    () => {
      const { stdout } = runCli(
        ['{"$db":"t","insert":"c","documents":[{"b":1,"0":2}]}', '{"$db":"t","find":"c"}'],
        ['--topology', 'standalone'],
      );
      expect(stdout.length).toBe(2);
      expect(stdout[0]).toBe('{"n":{"$numberInt":"1"},"ok":{"$numberDouble":"1.0"}}');
      expect(stdout[1]).toMatch(
        /^\{"cursor":\{"firstBatch":\[\{"_id":\{"\$oid":"[0-9a-f]{24}"\},"b":\{"\$numberInt":"1"\},"0":\{"\$numberInt":"2"\}\}\],"id":\{"\$numberLong":"0"\},"ns":"t\.c"\},"ok":\{"\$numberDouble":"1\.0"\}\}$/,
      );
    },
  );

  it('types numbers non-relaxed, skips empty lines and answers bad input with code 9', { timeout: 60_000 }, () => {
    const { stdout, status } = runCli(
      [
        '{"$db":"t","insert":"c","documents":[{"_id":1,"i":1,"l":3000000000,"d":1.5}]}',
        '',
        'not json',
        '{"$db":"t","find":"c"}',
      ],
      ['--topology', 'standalone'],
    );
    expect(status).toBe(0);
    expect(stdout.length).toBe(3);
    expect(stdout[1]).toMatch(
      /^\{"ok":\{"\$numberDouble":"0\.0"\},"errmsg":"[^"]*","code":\{"\$numberInt":"9"\},"codeName":"FailedToParse"\}$/,
    );
    expect(stdout[2]).toContain(
      '{"_id":{"$numberInt":"1"},"i":{"$numberInt":"1"},"l":{"$numberLong":"3000000000"},"d":{"$numberDouble":"1.5"}}',
    );
  });

  it(
    'simulates a 3-member replica set by default (replies carry $clusterTime and operationTime)',
    { timeout: 60_000 },
    () => {
      const { stdout } = runCli(['{"$db":"t","insert":"c","documents":[{"b":1,"0":2}]}', '{"$db":"t","find":"c"}']);
      expect(stdout.length).toBe(2);
      expect(stdout[0]).toMatch(
        /^\{"n":\{"\$numberInt":"1"\},.*"ok":\{"\$numberDouble":"1\.0"\},"\$clusterTime":.*"operationTime":/,
      );
      expect(stdout[1]).toMatch(
        /"firstBatch":\[\{"_id":\{"\$oid":"[0-9a-f]{24}"\},"b":\{"\$numberInt":"1"\},"0":\{"\$numberInt":"2"\}\}\]/,
      );
    },
  );

  it('accepts --topology and runs mongosh scripts with --shell', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'upsert-lab-cli-'));
    const file = join(dir, 'script.js');
    writeFileSync(file, 'db.c.insertOne({_id: 1, a: 1});\ndb.c.find();\n');
    const { stdout, status } = runCli([], ['--topology', 'replicaset', '--shell', file]);
    expect(status).toBe(0);
    // One relaxed Extended JSON block per statement.
    expect(stdout.join('\n')).toBe(
      [
        '{',
        '  "acknowledged": true,',
        '  "insertedId": 1',
        '}',
        '[',
        '  {',
        '    "_id": 1,',
        '    "a": 1',
        '  }',
        ']',
      ].join('\n'),
    );
    const shellLayout = runCli([], ['--shell', file, '--format', 'shell']);
    expect(shellLayout.stdout.join('\n')).toBe('{ acknowledged: true, insertedId: 1 }\n[ { _id: 1, a: 1 } ]');
  });
});
