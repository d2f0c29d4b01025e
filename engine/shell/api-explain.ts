/**
 * `db.coll.explain(verbosity)`: the same helpers, each sending `{explain: <command>, verbosity}`.
 */
import type { Doc, Value } from '../bson/values.js';
import type { ShellCollection } from './api.js';
import { boolOpt, int } from './api-support.js';

/** `db.coll.explain(verbosity)`: each helper sends `{explain: <command>, verbosity}`. */
export class ShellExplainable {
  readonly collection: ShellCollection;
  readonly verbosity: string;

  constructor(collection: ShellCollection, verbosity: string) {
    this.collection = collection;
    this.verbosity = verbosity;
  }

  private run(built: Parameters<ShellCollection['runExplain']>[0]): Doc {
    return this.collection.runExplain(built, this.verbosity);
  }

  update(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildLegacyUpdate(filter, update, options));
  }
  updateOne(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildUpdateOne(filter, update, options));
  }
  updateMany(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildUpdateMany(filter, update, options));
  }
  replaceOne(filter: Doc, replacement: Value, options?: Doc): Doc {
    return this.run(this.collection.buildReplaceOne(filter, replacement, options));
  }
  findOneAndUpdate(filter: Doc, update: Value, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('update', filter, update, options));
  }
  findOneAndReplace(filter: Doc, replacement: Value, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('replace', filter, replacement, options));
  }
  findAndModify(spec: Doc): Doc {
    return this.run(this.collection.buildLegacyFindAndModify(spec));
  }
  findOneAndDelete(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildFindAndModify('delete', filter, undefined, options));
  }
  deleteOne(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildDelete(filter, options, false));
  }
  deleteMany(filter: Doc, options?: Doc): Doc {
    return this.run(this.collection.buildDelete(filter, options, true));
  }
  remove(filter: Doc, options?: Doc | boolean): Doc {
    const justOne = typeof options === 'boolean' ? options : boolOpt(options, 'justOne') === true;
    return this.run(this.collection.buildDelete(filter, typeof options === 'boolean' ? undefined : options, !justOne));
  }
  find(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    return this.run(this.collection.buildFind(filter, opts));
  }
  findOne(filter: Doc = new Map(), projection?: Doc, options?: Doc): Doc {
    const opts: Doc = new Map(options ?? []);
    if (projection !== undefined && projection.size > 0) opts.set('projection', projection);
    opts.set('limit', int(1));
    opts.set('singleBatch', true);
    return this.run(this.collection.buildFind(filter, opts));
  }
  count(filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildCount(filter, options));
  }
  countDocuments(filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildCountDocuments(filter, options));
  }
  distinct(field: string, filter: Doc = new Map(), options?: Doc): Doc {
    return this.run(this.collection.buildDistinct(field, filter, options));
  }
  aggregate(pipeline: Value[], options?: Doc): Doc {
    return this.run(this.collection.buildAggregate(pipeline, options));
  }
}
