import { describe, expect, it } from 'vitest';
import { EngineBridge, EngineUnavailableError, RESTART_ATTEMPTS, TimeoutError, type WorkerLike } from './bridge.js';

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
    bridge.onRestart = async (send) => {
      restarted++;
      expect((await send({ type: 'ping' }, 100)).ok).toBe(true);
    };
    await expect(
      bridge.request({ type: 'runScript', db: 'test', script: 'x', dryRun: true }, 30),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    expect(restarted).toBe(1);
    expect((await bridge.request({ type: 'ping' }, 100)).ok).toBe(true);
  });

  it('holds other requests until the fresh worker is reloaded', async () => {
    const bridge = new EngineBridge(() => new FakeWorker());
    const order: string[] = [];
    bridge.onRestart = async (send) => {
      order.push('reload start');
      await send({ type: 'ping' }, 100);
      await new Promise((r) => setTimeout(r, 20));
      order.push('reload done');
    };
    const runaway = bridge.request({ type: 'runScript', db: 'test', script: 'x', dryRun: true }, 30);
    await new Promise((r) => setTimeout(r, 35));
    const next = bridge.request({ type: 'ping' }, 100).then((r) => {
      order.push('next answered');
      return r;
    });
    await expect(runaway).rejects.toBeInstanceOf(TimeoutError);
    expect((await next).ok).toBe(true);
    expect(order).toEqual(['reload start', 'reload done', 'next answered']);
  });

  it('gives up after a bounded number of failed reloads and says so; later requests fail fast', async () => {
    const workers: FakeWorker[] = [];
    const bridge = new EngineBridge(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    });
    let unavailable: EngineUnavailableError | null = null;
    bridge.onUnavailable = (e) => {
      unavailable = e;
    };
    // The reload itself never gets an answer (it runs into the time limit every time).
    bridge.onRestart = async (send) => {
      await send({ type: 'collections', db: 'test' }, 10);
    };
    await expect(
      bridge.request({ type: 'runScript', db: 'test', script: 'x', dryRun: true }, 10),
    ).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(workers).toHaveLength(1 + RESTART_ATTEMPTS);
    expect(unavailable).toBeInstanceOf(EngineUnavailableError);
    await expect(bridge.request({ type: 'ping' }, 100)).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(workers).toHaveLength(1 + RESTART_ATTEMPTS);
  });
});
