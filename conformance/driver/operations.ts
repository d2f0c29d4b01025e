/** The unified format's entity operations as official-driver calls. */
import type { ChangeStream, ClientSession, Document } from 'mongodb';
import { isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import {
  bulkResult,
  clientBulkResult,
  docs,
  type Entity,
  plain,
  returnDocument,
  str,
  typed,
  Unsupported,
  without,
} from './support.js';
import { fromDriver } from './values.js';

/** What the operations need from the running test. */
export interface OperationHost {
  entity(id: string): Entity | undefined;
  need<T extends Entity['type']>(id: string, type: T): Extract<Entity, { type: T }>;
  runOperation(op: Doc): Promise<void>;
  changeStream(stream: ChangeStream): Promise<Value | undefined>;
}

function sessionOf(host: OperationHost, args: Doc): { session?: ClientSession } {
  const s = args.get('session');
  return typeof s === 'string' ? { session: host.need(s, 'session').session } : {};
}

export async function runEntityOperation(
  host: OperationHost,
  object: string,
  name: string,
  args: Doc,
): Promise<Value | undefined> {
  const e = host.entity(object);
  if (e === undefined) throw new Unsupported(`unknown entity ${object}`);
  const session = sessionOf(host, args);
  const opts = (...drop: string[]): Document => ({ ...plain(without(args, 'session', ...drop)), ...session });
  const filter = (): Document => typed(isDoc(args.get('filter')) ? args.get('filter') : new Map());
  const out = (v: unknown): Value | undefined => (v === undefined ? undefined : fromDriver(v));
  if (e.type === 'collection') {
    const c = e.coll;
    switch (name) {
      case 'insertOne':
        return out(await c.insertOne(typed(args.get('document')), opts('document')));
      case 'insertMany':
        return out(await c.insertMany(typed(args.get('documents')) as unknown as Document[], opts('documents')));
      case 'updateOne':
        return out(await c.updateOne(filter(), typed(args.get('update')), opts('filter', 'update')));
      case 'updateMany':
        return out(await c.updateMany(filter(), typed(args.get('update')), opts('filter', 'update')));
      case 'replaceOne':
        return out(await c.replaceOne(filter(), typed(args.get('replacement')), opts('filter', 'replacement')));
      case 'deleteOne':
        return out(await c.deleteOne(filter(), opts('filter')));
      case 'deleteMany':
        return out(await c.deleteMany(filter(), opts('filter')));
      case 'findOneAndUpdate':
        return out(
          await c.findOneAndUpdate(filter(), typed(args.get('update')), returnDocument(opts('filter', 'update'))),
        );
      case 'findOneAndReplace':
        return out(
          await c.findOneAndReplace(
            filter(),
            typed(args.get('replacement')),
            returnDocument(opts('filter', 'replacement')),
          ),
        );
      case 'findOneAndDelete':
        return out(await c.findOneAndDelete(filter(), opts('filter')));
      case 'bulkWrite': {
        const r = await c.bulkWrite(typed(args.get('requests')) as unknown as never[], opts('requests'));
        return out(bulkResult(r));
      }
      case 'find':
        return out(await c.find(filter(), opts('filter')).toArray());
      case 'findOne':
        return out(await c.findOne(filter(), opts('filter')));
      case 'countDocuments':
        return out(await c.countDocuments(filter(), opts('filter')));
      case 'estimatedDocumentCount':
        return out(await c.estimatedDocumentCount(opts()));
      case 'distinct':
        return out(await c.distinct(str(args, 'fieldName'), filter(), opts('fieldName', 'filter')));
      case 'aggregate':
        return out(await c.aggregate(typed(args.get('pipeline')) as unknown as Document[], opts('pipeline')).toArray());
      case 'createIndex':
        return out(await c.createIndex(typed(args.get('keys')), opts('keys')));
      case 'dropIndex':
        return out(await c.dropIndex(str(args, 'name'), opts('name')));
      case 'listIndexes':
        return out(await c.listIndexes(opts()).toArray());
      case 'drop':
        return out(await c.drop(opts()));
      case 'rename':
        await c.rename(str(args, 'to'), opts('to'));
        return undefined;
      case 'createChangeStream':
        return host.changeStream(c.watch(typed(args.get('pipeline')) as unknown as Document[], opts('pipeline')));
      default:
        throw new Unsupported(`collection operation ${name}`);
    }
  }
  if (e.type === 'database') {
    const db = e.db;
    switch (name) {
      case 'runCommand': {
        const cmd = typed(args.get('command'));
        return out(await db.command(cmd, opts('command', 'commandName')));
      }
      case 'createCollection':
        await db.createCollection(str(args, 'collection'), opts('collection'));
        return undefined;
      case 'dropCollection':
        return out(await db.dropCollection(str(args, 'collection'), opts('collection')));
      case 'listCollectionNames':
        return out(
          (
            await db
              .listCollections(typed(args.get('filter') ?? new Map()), { ...opts('filter'), nameOnly: true })
              .toArray()
          ).map((c) => c.name),
        );
      case 'listCollections':
        return out(await db.listCollections(typed(args.get('filter') ?? new Map()), opts('filter')).toArray());
      case 'aggregate':
        return out(
          await db.aggregate(typed(args.get('pipeline')) as unknown as Document[], opts('pipeline')).toArray(),
        );
      case 'modifyCollection':
        return out(
          await db.command(
            { collMod: str(args, 'collection'), ...typed(without(args, 'collection', 'session')) },
            session,
          ),
        );
      case 'createChangeStream':
        return host.changeStream(db.watch(typed(args.get('pipeline')) as unknown as Document[], opts('pipeline')));
      default:
        throw new Unsupported(`database operation ${name}`);
    }
  }
  if (e.type === 'client') {
    switch (name) {
      case 'listDatabases':
        return out(await e.client.db('admin').admin().listDatabases(opts()));
      case 'clientBulkWrite': {
        const models = docs(args.get('models')).map((m) => {
          const [kind, body] = m.entries().next().value as [string, Value];
          return { name: kind, ...typed(body) };
        });
        return out(clientBulkResult(await e.client.bulkWrite(models as never[], opts('models'))));
      }
      case 'createChangeStream':
        return host.changeStream(
          e.client.watch(typed(args.get('pipeline')) as unknown as Document[], opts('pipeline')),
        );
      default:
        throw new Unsupported(`client operation ${name}`);
    }
  }
  if (e.type === 'session') {
    const s = e.session;
    switch (name) {
      case 'startTransaction':
        s.startTransaction(plain(args));
        return undefined;
      case 'commitTransaction':
        await s.commitTransaction();
        return undefined;
      case 'abortTransaction':
        await s.abortTransaction();
        return undefined;
      case 'endSession':
        await s.endSession();
        return undefined;
      case 'withTransaction': {
        const callback = docs(args.get('callback'));
        await s.withTransaction(
          async () => {
            for (const op of callback) await host.runOperation(op);
          },
          plain(without(args, 'callback')),
        );
        return undefined;
      }
      default:
        throw new Unsupported(`session operation ${name}`);
    }
  }
  if (e.type === 'changeStream') {
    switch (name) {
      case 'iterateUntilDocumentOrError':
        return out(await e.stream.next());
      case 'iterateOnce':
        return out((await e.stream.tryNext()) ?? undefined);
      case 'close':
        await e.stream.close();
        return undefined;
      default:
        throw new Unsupported(`change stream operation ${name}`);
    }
  }
  throw new Unsupported(`operation ${name} on ${object}`);
}
