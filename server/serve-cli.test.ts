/**
 * `npm run serve` as a user runs it (the real CLI in a child process, loopback port 27112): start
 * from a gallery scenario, change it with the driver, stop, and get a share link that holds the
 * change; a link starts a server with the same state; non-loopback addresses need --bind.
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../engine/bson/ejson.js';
import { parseServeArgs } from './main.js';
import {
  currentShareState,
  decodeLink,
  readScenarioFile,
  saveLink,
  startFromLink,
  startFromScenario,
} from './start-state.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gallery = join(root, 'public', 'examples', 'scenarios.json');
const PORT = 27112;

interface Served {
  readonly stdout: () => string;
  stop(): Promise<number | null>;
}

async function serve(args: string[]): Promise<Served> {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'main.ts'), ...args], {
    cwd: root,
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr.on('data', () => undefined);
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const deadline = Date.now() + 20000;
  while (!out.includes('listening on')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    stdout: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('npm run serve', () => {
  it('serves a gallery scenario and prints a share link of the state on exit', async () => {
    const served = await serve([
      '--port',
      String(PORT),
      '--scenario',
      gallery,
      '--scenario-id',
      'inc-and-unset',
      '--save-link',
      '--quiet',
    ]);
    expect(served.stdout()).toContain(`mongodb://127.0.0.1:${PORT}/?directConnection=true`);
    const client = new MongoClient(`mongodb://127.0.0.1:${PORT}/?directConnection=true`, {
      serverSelectionTimeoutMS: 5000,
    });
    try {
      const inventory = client.db('test').collection<{ _id: number; qty?: number }>('inventory');
      const before = await inventory.findOne({ _id: 1 });
      expect(before).not.toBeNull();
      await inventory.updateOne({ _id: 1 }, { $set: { qty: 1234 } });
    } finally {
      await client.close();
    }
    expect(await served.stop()).toBe(0);
    const link = /share link: (\S+)/.exec(served.stdout())?.[1];
    expect(link).toMatch(/^http:\/\/localhost:5173\/#s=/);
    const state = await decodeLink(link!);
    expect(state.scenarioId).toBe('inc-and-unset');
    expect(JSON.stringify(state.collections)).toContain('1234');
  }, 60000);

  it('rebuilds the same state from a share link', async () => {
    const start = startFromScenario(readScenarioFile(gallery, 'array-filters-basic'));
    const link = await saveLink(start, 'http://localhost:5173/');
    expect(currentShareState(start).collections.map((c) => c.name)).toEqual(['students']);
    const again = await startFromLink(link);
    expect(stringifyEJSON(again.engine.documents('test', 'students'))).toBe(
      stringifyEJSON(start.engine.documents('test', 'students')),
    );
    expect(again.command).toBe(start.command);
  });

  it('listens on loopback unless --bind names another address', () => {
    expect(parseServeArgs([]).host).toBe('127.0.0.1');
    expect(parseServeArgs([]).port).toBe(27017);
    expect(() => parseServeArgs(['--host', '0.0.0.0'])).toThrow(/not a loopback address.*--bind 0\.0\.0\.0/);
    expect(parseServeArgs(['--bind', '0.0.0.0']).host).toBe('0.0.0.0');
    expect(() => parseServeArgs(['--port', 'x'])).toThrow(/port/);
  });
});
