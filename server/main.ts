/**
 * `npm run serve`: the engine on MongoDB's wire protocol, for mongosh and the official drivers.
 *
 *   npm run serve                                   127.0.0.1:27017, a 3-member replica set
 *   npm run serve -- --port 27100 --topology standalone
 *   npm run serve -- --scenario public/examples/scenarios.json --scenario-id upsert-set-on-insert
 *   npm run serve -- --link 'http://localhost:5173/#s=…' --save-link
 *   npm run serve -- --bind 0.0.0.0                 listen beyond loopback (explicitly only)
 *
 * Connect: mongosh 'mongodb://127.0.0.1:27017/?directConnection=true'.
 */
import { Engine } from '../engine/engine.js';
import { isLoopback, startWireServer } from './wire-server.js';
import {
  readScenarioFile,
  saveLink,
  startFromLink,
  startFromScenario,
  type StartState,
  type Topology,
} from './start-state.js';

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly topology: Topology;
  readonly scenario?: string | undefined;
  readonly scenarioId?: string | undefined;
  readonly link?: string | undefined;
  readonly saveLink: boolean;
  readonly linkBase: string;
  readonly quiet: boolean;
}

const TOPOLOGIES: readonly Topology[] = ['standalone', 'replicaset', 'sharded'];

export function parseServeArgs(argv: readonly string[]): ServeOptions {
  let host = '127.0.0.1';
  let bind: string | undefined;
  let port = 27017;
  let topology: Topology = 'replicaset';
  let scenario: string | undefined;
  let scenarioId: string | undefined;
  let link: string | undefined;
  let save = false;
  let linkBase = 'http://localhost:5173/';
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const v = value();
        port = Number(v);
        if (!/^\d+$/.test(v) || port > 65535) throw new Error(`--port must be a port number, not ${v}`);
        break;
      }
      case '--host':
        host = value();
        break;
      case '--bind':
        bind = value();
        break;
      case '--topology': {
        const t = value();
        if (!(TOPOLOGIES as readonly string[]).includes(t))
          throw new Error(`--topology must be one of ${TOPOLOGIES.join(', ')}`);
        topology = t as Topology;
        break;
      }
      case '--scenario':
        scenario = value();
        break;
      case '--scenario-id':
        scenarioId = value();
        break;
      case '--link':
        link = value();
        break;
      case '--save-link':
        save = true;
        break;
      case '--link-base':
        linkBase = value();
        break;
      case '--quiet':
        quiet = true;
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  if (bind !== undefined) host = bind;
  else if (!isLoopback(host)) {
    throw new Error(
      `refusing to listen on ${host}: it is not a loopback address. The engine has no authentication; pass --bind ${host} to expose it anyway.`,
    );
  }
  if (scenario !== undefined && link !== undefined) throw new Error('--scenario and --link cannot be combined');
  return { host, port, topology, scenario, scenarioId, link, saveLink: save, linkBase, quiet };
}

export async function startState(o: ServeOptions): Promise<StartState> {
  if (o.scenario !== undefined) return startFromScenario(readScenarioFile(o.scenario, o.scenarioId));
  if (o.link !== undefined) return startFromLink(o.link);
  return { engine: new Engine({ topology: o.topology }), database: 'test', command: '' };
}

async function main(): Promise<void> {
  let options: ServeOptions;
  let start: StartState;
  try {
    options = parseServeArgs(process.argv.slice(2));
    start = await startState(options);
  } catch (e) {
    process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
    return;
  }
  const log = options.quiet ? undefined : (m: string): void => void process.stderr.write(`serve: ${m}\n`);
  let server;
  try {
    server = await startWireServer({
      engine: start.engine,
      host: options.host,
      port: options.port,
      argv: process.argv.slice(1),
      log,
    });
  } catch (e) {
    process.stderr.write(
      `serve: cannot listen on ${options.host}:${options.port}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`Upsert Lab engine (MongoDB 8.0 wire protocol) listening on ${server.uri}\n`);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server.close();
    if (options.saveLink) process.stdout.write(`share link: ${await saveLink(start, options.linkBase)}\n`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1]?.endsWith('server/main.ts')) void main();
