import { describe, expect, it } from 'vitest';
import { EngineBridge, TimeoutError, type WorkerLike } from './bridge.js';

/** A worker that answers ping at once and never answers anything else (a runaway script). */
class FakeWorker implements WorkerLike {
  terminated = false;
  private listener: ((event: { readonly data: unknown }) => void) | undefined;
  postMessage(message: unknown): void {
    const m = message as { id: number; type: string };
    if (m.type === 'ping') queueMicrotask(() => this.listener?.({ data: { id: m.id, ok: true, result: 'pong' } }));
  }
  addEventListener(_type: 'message', listener: (event: { readonly data: unknown }) => void): void {
    this.listener = listener;
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('EngineBridge', () => {
  it('answers within the time limit', async () => {
    const bridge = new EngineBridge(() => new FakeWorker());
    const reply = await bridge.request({ type: 'ping' }, 100);
    expect(reply).toEqual({ id: 1, ok: true, result: 'pong' });
  });

  it('terminates a worker that does not answer in time, starts a new one and lets the owner reload', async () => {
    const workers: FakeWorker[] = [];
    const bridge = new EngineBridge(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    });
    let restarted = 0;
    bridge.onRestart = async () => {
      restarted++;
    };
    await expect(
      bridge.request({ type: 'runScript', db: 'test', script: 'x', dryRun: true }, 30),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    expect(restarted).toBe(1);
    expect((await bridge.request({ type: 'ping' }, 100)).ok).toBe(true);
  });
});
