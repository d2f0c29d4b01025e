/**
 * The allow-list of mongosh's legacy Bulk API (`Bulk` and `BulkFindOp`), in the style of
 * methods.ts: each entry checks its arguments as mongosh's `assertArgsDefinedType` does (defined,
 * any type; the driver checks the rest) and calls the API method of the same name.
 */
import type { Method } from './method-args.js';
import { need, reqDoc, reqValue, wrapResult } from './method-args.js';
import { BulkFindOpHandle, BulkHandle } from './runtime-values.js';
import type { ShellBulkTarget } from './targets.js';

/** A verb ends the find and answers with the bulk it belongs to. */
function toBulk(f: BulkFindOpHandle, r: ShellBulkTarget): BulkHandle {
  return r === f.bulk.target ? f.bulk : new BulkHandle(r);
}

export const BULK_METHODS: Readonly<Record<string, Method<BulkHandle>>> = {
  find: (b, a, ctx) => new BulkFindOpHandle(need(b.target.find, ctx).call(b.target, reqValue(a, 0, ctx)), b),
  insert: (b, a, ctx) => {
    need(b.target.insert, ctx).call(b.target, reqDoc(a, 0, ctx));
    return b;
  },
  execute: (b, _a, ctx) => wrapResult(need(b.target.execute, ctx).call(b.target)),
  toJSON: (b) => b.target.toJSON(),
  getOperations: (b, _a, ctx) => need(b.target.getOperations, ctx).call(b.target),
};

export const BULK_FIND_OP_METHODS: Readonly<Record<string, Method<BulkFindOpHandle>>> = {
  upsert: (f, _a, ctx) => {
    need(f.target.upsert, ctx).call(f.target);
    return f;
  },
  collation: (f, a, ctx) => {
    need(f.target.collation, ctx).call(f.target, reqValue(a, 0, ctx));
    return f;
  },
  arrayFilters: (f, a, ctx) => {
    need(f.target.arrayFilters, ctx).call(f.target, reqValue(a, 0, ctx));
    return f;
  },
  hint: (f, a, ctx) => {
    need(f.target.hint, ctx).call(f.target, reqValue(a, 0, ctx));
    return f;
  },
  update: (f, a, ctx) => toBulk(f, need(f.target.update, ctx).call(f.target, reqValue(a, 0, ctx))),
  updateOne: (f, a, ctx) => toBulk(f, need(f.target.updateOne, ctx).call(f.target, reqValue(a, 0, ctx))),
  replaceOne: (f, a, ctx) => toBulk(f, need(f.target.replaceOne, ctx).call(f.target, reqValue(a, 0, ctx))),
  delete: (f, _a, ctx) => toBulk(f, need(f.target.delete, ctx).call(f.target)),
  deleteOne: (f, _a, ctx) => toBulk(f, need(f.target.deleteOne, ctx).call(f.target)),
  remove: (f, _a, ctx) => toBulk(f, need(f.target.remove, ctx).call(f.target)),
  removeOne: (f, _a, ctx) => toBulk(f, need(f.target.removeOne, ctx).call(f.target)),
};
