/**
 * The command-line front door, end to end: spawn `tsx cli/engine.ts`, feed lines, read lines.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { answerLine } from './engine.js';

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

  it(
    'the loop never dies: a 300-level aggregate result is an Overflow error reply and later lines are answered',
    { timeout: 60_000 },
    () => {
      const deep =
        '{"$db":"t","aggregate":"c","cursor":{},"pipeline":[{"$set":{"a":{"$reduce":{"input":{"$range":[0,300]},"initialValue":{},"in":{"x":"$$value"}}}}}]}';
      const { stdout, status } = runCli(
        ['{"$db":"t","insert":"c","documents":[{"_id":1}]}', deep, '{"$db":"t","count":"c"}'],
        ['--topology', 'standalone'],
      );
      expect(status).toBe(0);
      expect(stdout).toEqual([
        '{"n":{"$numberInt":"1"},"ok":{"$numberDouble":"1.0"}}',
        '{"ok":{"$numberDouble":"0.0"},"errmsg":"PlanExecutor error during aggregation :: caused by :: cannot convert document to BSON because it exceeds the limit of 200 levels of nesting","code":{"$numberInt":"15"},"codeName":"Overflow"}',
        '{"n":{"$numberInt":"1"},"ok":{"$numberDouble":"1.0"}}',
      ]);
    },
  );

  it('--shell reports the 300-level aggregate as a server error and exits 1', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'upsert-lab-cli-'));
    const file = join(dir, 'deep.js');
    writeFileSync(
      file,
      'db.c.insertOne({_id: 1});\ndb.c.aggregate([{$set: {a: {$reduce: {input: {$range: [0, 300]}, initialValue: {}, in: {x: "$$value"}}}}}]);\n',
    );
    const { stdout, status } = runCli([], ['--shell', file, '--format', 'shell']);
    expect(status).toBe(1);
    expect(stdout).toEqual([
      '{ acknowledged: true, insertedId: 1 }',
      'MongoServerError[Overflow]: PlanExecutor error during aggregation :: caused by :: cannot convert document to BSON because it exceeds the limit of 200 levels of nesting',
    ]);
  });
});

describe('answerLine', () => {
  it('turns a reply that Extended JSON cannot write into an error reply', () => {
    // No real command returns such a reply any more; an engine whose reply is 1,000 levels deep
    // stands in for any future one.
    class DeepReplyEngine extends Engine {
      override runCommand(): Doc {
        let v: Value = 1;
        for (let i = 0; i < 1000; i++) v = new Map([['x', v]]);
        return v as Doc;
      }
    }
    const line = answerLine(new DeepReplyEngine(), '{"$db":"t","ping":1}');
    expect(JSON.parse(line)).toMatchObject({ ok: { $numberDouble: '0.0' }, codeName: 'Overflow' });
  });
});
