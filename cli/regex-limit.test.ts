/**
 * Issue 13, "never hang": a catastrophic regular expression answers promptly in every command-line
 * front end, because matching follows PCRE2's match limit (not the page's worker watchdog).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const subject = `${'a'.repeat(40)}b`;

/** `npm run --silent engine`, killed after 30 s (a hang fails the test instead of blocking it). */
function engine(
  input: string,
  args: readonly string[] = [],
): { stdout: string[]; status: number | null; signal: string | null } {
  const result = spawnSync('npm', ['run', '--silent', 'engine', '--', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { stdout: result.stdout.split('\n').filter((l) => l !== ''), status: result.status, signal: result.signal };
}

describe('catastrophic regular expressions in the command line', () => {
  it(
    'find with {s: {$regex: "(a+)+$"}} over "aaa…ab" answers (no match) and later lines still run',
    { timeout: 60_000 },
    () => {
      const lines = [
        `{"$db":"t","insert":"c","documents":[{"_id":1,"s":"${subject}"}]}`,
        '{"$db":"t","find":"c","filter":{"s":{"$regex":"(a+)+$"}}}',
        '{"$db":"t","aggregate":"c","pipeline":[{"$project":{"m":{"$regexMatch":{"input":"$s","regex":"(a+)+$"}}}}],"cursor":{}}',
        '{"$db":"t","find":"c","filter":{"s":{"$regex":"b$"}},"projection":{"_id":1}}',
      ];
      const { stdout, signal } = engine(lines.map((l) => `${l}\n`).join(''), ['--topology', 'standalone']);
      expect(signal).toBeNull();
      expect(stdout.length).toBe(4);
      expect(stdout[1]).toContain('"firstBatch":[]');
      expect(stdout[2]).toContain('"code":{"$numberInt":"51156"}');
      expect(stdout[2]).toContain('Result code: match limit exceeded');
      expect(stdout[3]).toContain('"firstBatch":[{"_id":{"$numberInt":"1"}}]');
    },
  );

  it('--shell answers the same find and goes on with the script', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'regex-limit-'));
    const file = join(dir, 'script.js');
    writeFileSync(
      file,
      [
        `db.c.insertOne({_id: 1, s: "${subject}"})`,
        'db.c.find({s: {$regex: "(a+)+$"}}).toArray()',
        'db.c.find({s: /(a+)+b$/}).toArray().length',
      ].join('\n'),
    );
    const { stdout, signal } = engine('', ['--shell', file, '--format', 'shell']);
    expect(signal).toBeNull();
    expect(stdout.join('\n')).toBe('{ acknowledged: true, insertedId: 1 }\n[]\n1');
  });
});
