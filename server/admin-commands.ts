/**
 * What the wire server answers itself, around the engine: the handshake (`hello`/`isMaster` with
 * the simulated topology announced as this one server), and the admin probes drivers and mongosh
 * send on connect (`getParameter`, `getCmdLineOpts`, `getLog`, `whatsmyuri`, `hostInfo`,
 * `saslStart` …). Every other command goes to the engine unchanged.
 */
import { Int32, Long } from 'bson';
import type { Doc, Value } from '../engine/bson/values.js';
import type { CommandEngine as Engine } from '../engine/shell/api.js';

export interface ConnectionInfo {
  /** Server-wide connection number (hello's connectionId). */
  readonly id: number;
  /** The client's address `ip:port` (whatsmyuri). */
  readonly remote: string;
}

export interface ServerInfo {
  /** `host:port` every member of the simulated deployment is announced as. */
  readonly address: string;
  readonly argv: readonly string[];
  readonly bindIp: string;
  readonly port: number;
  readonly startedAt: Date;
}

function error(code: number, codeName: string, errmsg: string): Doc {
  return new Map<string, Value>([
    ['ok', 0],
    ['errmsg', errmsg],
    ['code', new Int32(code)],
    ['codeName', codeName],
  ]);
}

function ok(entries: [string, Value][]): Doc {
  return new Map<string, Value>([...entries, ['ok', 1]]);
}

const HELLO_NAMES = new Set(['hello', 'isMaster', 'ismaster']);

/**
 * The engine's hello, with the simulated members' names replaced by this server's address: the
 * driver's SDAM then sees a replica set whose only (and primary) host is the server it dialled,
 * so `mongodb://127.0.0.1:PORT` and `?directConnection=true` both work. `helloOk` answers the
 * legacy handshake's `helloOk: true`; no `topologyVersion`, so drivers poll instead of streaming.
 */
export function helloReply(engine: Engine, db: string, command: Doc, conn: ConnectionInfo, server: ServerInfo): Doc {
  const name = command.keys().next().value as string;
  const engineCommand = new Map<string, Value>([[name, command.get(name) ?? 1]]);
  const reply = engine.runCommand(db, engineCommand);
  const out: Doc = new Map();
  for (const [k, v] of reply) {
    if (k === 'hosts') out.set(k, [server.address]);
    else if (k === 'primary') out.set(k, server.address);
    else if (k === 'me') out.set(k, server.address);
    else if (k === 'connectionId') out.set(k, new Int32(conn.id));
    else if (k === 'ok') {
      if (command.get('helloOk') === true) out.set('helloOk', true);
      if (command.has('saslSupportedMechs')) out.set('saslSupportedMechs', []);
      out.set(k, v);
    } else out.set(k, v);
  }
  return out;
}

const PARAMETERS: ReadonlyMap<string, () => Value> = new Map<string, () => Value>([
  ['featureCompatibilityVersion', () => new Map<string, Value>([['version', '8.0']])],
  ['authenticationMechanisms', () => ['SCRAM-SHA-1', 'SCRAM-SHA-256']],
  ['maxBSONDepth', () => new Int32(200)],
  ['internalQueryMaxBlockingSortMemoryUsageBytes', () => new Int32(104857600)],
  ['transactionLifetimeLimitSeconds', () => new Int32(60)],
  ['notablescan', () => false],
  ['logLevel', () => new Int32(0)],
]);

function getParameter(command: Doc): Doc {
  const all = command.get('getParameter') === '*';
  const out: [string, Value][] = [];
  for (const [k] of command) {
    if (k === 'getParameter' || k.startsWith('$') || k === 'lsid' || k === 'comment') continue;
    const make = PARAMETERS.get(k);
    if (make) out.push([k, make()]);
  }
  if (all) for (const [k, make] of PARAMETERS) out.push([k, make()]);
  if (out.length === 0) return error(72, 'InvalidOptions', 'no option found to get');
  return ok(out);
}

/** Answers a wire-level command, or returns undefined when the engine should run it. */
export function adminReply(
  engine: Engine,
  db: string,
  command: Doc,
  conn: ConnectionInfo,
  server: ServerInfo,
): Doc | undefined {
  const name = command.keys().next().value as string | undefined;
  if (name === undefined) return undefined;
  if (HELLO_NAMES.has(name)) return helloReply(engine, db, command, conn, server);
  const adminOnly = (): Doc | undefined =>
    db === 'admin' ? undefined : error(13, 'Unauthorized', `${name} may only be run against the admin database.`);
  switch (name) {
    case 'getParameter':
      return adminOnly() ?? getParameter(command);
    case 'getCmdLineOpts':
      return (
        adminOnly() ??
        ok([
          ['argv', [...server.argv]],
          [
            'parsed',
            new Map<string, Value>([
              [
                'net',
                new Map<string, Value>([
                  ['bindIp', server.bindIp],
                  ['port', new Int32(server.port)],
                ]),
              ],
            ]),
          ],
        ])
      );
    case 'getLog': {
      const which = command.get('getLog');
      if (which === '*') return adminOnly() ?? ok([['names', ['global', 'startupWarnings']]]);
      if (which === 'global' || which === 'startupWarnings')
        return (
          adminOnly() ??
          ok([
            ['totalLinesWritten', new Int32(0)],
            ['log', []],
          ])
        );
      return adminOnly() ?? error(2, 'BadValue', `no RamLog named: ${String(which)}`);
    }
    case 'whatsmyuri':
      return ok([['you', conn.remote]]);
    case 'hostInfo':
      return ok([
        [
          'system',
          new Map<string, Value>([
            ['currentTime', new Date()],
            ['hostname', server.address],
            ['cpuAddrSize', new Int32(64)],
            ['numCores', new Int32(1)],
          ]),
        ],
        ['os', new Map<string, Value>([['type', 'upsert-lab']])],
        ['extra', new Map<string, Value>()],
      ]);
    case 'serverStatus':
      return ok([
        ['host', server.address],
        ['version', (engine.runCommand('admin', new Map([['buildInfo', 1]])).get('version') as string) ?? '8.0.0'],
        ['process', 'mongod'],
        ['uptime', Math.floor((Date.now() - server.startedAt.getTime()) / 1000)],
        ['localTime', new Date()],
        ['connections', new Map<string, Value>([['current', new Int32(1)]])],
        ['opcounters', new Map<string, Value>([['command', Long.fromNumber(0)]])],
      ]);
    case 'saslStart':
    case 'saslContinue':
      // The engine's auth takes clear-text passwords, not SCRAM; the wire server serves without auth.
      return error(
        18,
        'AuthenticationFailed',
        'Authentication failed: this server does not run SCRAM; connect without credentials.',
      );
    default:
      return undefined;
  }
}
