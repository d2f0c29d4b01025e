/** `ping`, `hello`/`isMaster`, `buildInfo`: what drivers and shells ask first. */
import { Int32 } from 'bson';
import type { Value } from '../bson/values.js';
import type { CommandHandler } from './context.js';

export const SERVER_VERSION = '8.0.0';
/** Wire version of MongoDB 8.0. */
export const MAX_WIRE_VERSION = 25;

export const pingCommand: CommandHandler = () => new Map();

export const helloCommand: CommandHandler = (ctx) => {
  const primaryField = ctx.name === 'hello' ? 'isWritablePrimary' : 'ismaster';
  return new Map<string, Value>([
    [primaryField, true],
    ['maxBsonObjectSize', new Int32(16777216)],
    ['maxMessageSizeBytes', new Int32(48000000)],
    ['maxWriteBatchSize', new Int32(100000)],
    ['localTime', ctx.clock.now()],
    ['logicalSessionTimeoutMinutes', new Int32(30)],
    ['connectionId', new Int32(1)],
    ['minWireVersion', new Int32(0)],
    ['maxWireVersion', new Int32(MAX_WIRE_VERSION)],
    ['readOnly', false],
  ]);
};

export const buildInfoCommand: CommandHandler = () =>
  new Map<string, Value>([
    ['version', SERVER_VERSION],
    ['gitVersion', 'upsert-lab'],
    ['modules', []],
    ['allocator', 'system'],
    ['javascriptEngine', 'none'],
    ['sysInfo', 'deprecated'],
    ['versionArray', [new Int32(8), new Int32(0), new Int32(0), new Int32(0)]],
    ['bits', new Int32(64)],
    ['debug', false],
    ['maxBsonObjectSize', new Int32(16777216)],
    ['storageEngines', ['devnull', 'wiredTiger']],
  ]);
