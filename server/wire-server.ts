/**
 * The engine on MongoDB's wire protocol: a TCP server whose connections share one Engine.
 *
 *   const server = await startWireServer({ engine: new Engine({topology: 'replicaset'}), port: 27100 });
 *   // mongodb://127.0.0.1:27100/?directConnection=true
 *   await server.close();
 */
import { createServer, type Server, type Socket } from 'node:net';
import { Int32 } from 'bson';
import type { Doc, Value } from '../engine/bson/values.js';
import type { CommandEngine } from '../engine/shell/api.js';
import { adminReply, type ServerInfo } from './admin-commands.js';
import { Connection } from './connection.js';

export interface WireServerOptions {
  /** An Engine, or anything that runs commands like one (the conformance runner's fail points). */
  readonly engine: CommandEngine;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly argv?: readonly string[];
  /** Where connection-level events are reported (default: nowhere). */
  readonly log?: ((message: string) => void) | undefined;
}

export interface WireServer {
  host: string;
  port: number;
  /** `mongodb://host:port/?directConnection=true` */
  uri: string;
  /** The engine every connection uses; `engine = other` swaps it for new commands. */
  engine: CommandEngine;
  readonly connections: () => number;
  close(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function hostForUri(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startWireServer(options: WireServerOptions): Promise<WireServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  const server: Server = createServer();
  const info: { value: ServerInfo | undefined } = { value: undefined };
  const handle: WireServer = {
    host,
    port: 0,
    uri: '',
    engine: options.engine,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    const conn = { id: ++connectionCount, remote: `${socket.remoteAddress ?? ''}:${socket.remotePort ?? 0}` };
    const runner = {
      run: (db: string, command: Doc): Doc => {
        const engine = handle.engine;
        try {
          return adminReply(engine, db, command, conn, info.value!) ?? engine.runCommand(db, command);
        } catch (e) {
          // A simulated network failure (the conformance fail points' closeConnection) closes the socket.
          if (e instanceof Error && e.name === 'MongoNetworkError') throw e;
          return new Map<string, Value>([
            ['ok', 0],
            ['errmsg', e instanceof Error ? e.message : String(e)],
            ['code', new Int32(1)],
            ['codeName', 'InternalError'],
          ]);
        }
      },
    };
    new Connection(socket, runner, log);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port: options.port ?? 27017, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => log(`server error: ${e.message}`));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 27017);
  info.value = {
    address: `${hostForUri(host)}:${port}`,
    argv: options.argv ?? [],
    bindIp: host,
    port,
    startedAt: new Date(),
  };
  handle.host = host;
  handle.port = port;
  handle.uri = `mongodb://${hostForUri(host)}:${port}/?directConnection=true`;
  return handle;
}
