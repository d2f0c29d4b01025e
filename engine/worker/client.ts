/**
 * The caller's side of the protocol: numbers requests, and resolves each promise with the
 * response carrying its id. Works over any `Endpoint` (a `Worker` in the page, a `MessagePort`
 * in Node tests), so the page and the tests share one client.
 *
 *   const client = new EngineClient(new Worker(url, {type: 'module'}));
 *   const reply = await client.request({type: 'runCommand', db: 'test', command: '{"find": "c"}'});
 *   if (reply.ok) console.log(reply.result); else console.error(reply.error.errmsg);
 */
import {
  isWorkerResponse,
  type Endpoint,
  type RequestBody,
  type RequestType,
  type WorkerResponse,
} from './protocol.js';

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, (response: WorkerResponse) => void>();

  constructor(private readonly endpoint: Endpoint) {
    endpoint.addEventListener('message', (event) => {
      const response = event.data;
      if (!isWorkerResponse(response)) return;
      const resolve = this.pending.get(response.id);
      if (resolve === undefined) return;
      this.pending.delete(response.id);
      resolve(response);
    });
  }

  /** Sends one request; the promise never rejects, errors come back as `{ok: false, error}`. */
  request<T extends RequestType>(body: RequestBody<T> & { readonly type: T }): Promise<WorkerResponse<T>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (response: WorkerResponse) => void);
      this.endpoint.postMessage({ ...body, id });
    });
  }

  /** Requests still waiting for their answer. */
  get inFlight(): number {
    return this.pending.size;
  }
}
