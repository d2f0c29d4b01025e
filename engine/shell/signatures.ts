/**
 * mongosh's signatures of the database and collection methods the shell runs (methods.ts), for
 * editor completions. signatures.test.ts keeps the tables equal to the methods that exist.
 */

export const COLLECTION_SIGNATURES: Readonly<Record<string, string>> = {
  getName: 'getName(): string',
  getFullName: 'getFullName(): string',
  getDB: 'getDB(): Database',
  runCommand: 'runCommand(commandName, options?)',
  update: 'update(filter, update, options?)  — deprecated: use updateOne / updateMany',
  updateOne: 'updateOne(filter, update, options?: {upsert, arrayFilters, collation, hint, let})',
  updateMany: 'updateMany(filter, update, options?: {upsert, arrayFilters, collation, hint, let})',
  replaceOne: 'replaceOne(filter, replacement, options?: {upsert, collation, hint, let})',
  findOneAndUpdate:
    'findOneAndUpdate(filter, update, options?: {returnDocument, upsert, arrayFilters, sort, projection})',
  findOneAndReplace: 'findOneAndReplace(filter, replacement, options?: {returnDocument, upsert, sort, projection})',
  findOneAndDelete: 'findOneAndDelete(filter, options?: {sort, projection, collation})',
  findAndModify: 'findAndModify({query, update, remove, new, upsert, sort, fields, arrayFilters})',
  bulkWrite: 'bulkWrite(operations, options?: {ordered})',
  insertOne: 'insertOne(document, options?)',
  insertMany: 'insertMany(documents, options?: {ordered})',
  insert: 'insert(documentOrArray, options?)  — deprecated: use insertOne / insertMany',
  remove: 'remove(filter, justOne?)  — deprecated: use deleteOne / deleteMany',
  find: 'find(filter?, projection?)',
  findOne: 'findOne(filter?, projection?)',
  aggregate: 'aggregate(pipeline, options?)',
  countDocuments: 'countDocuments(filter?, options?)',
  estimatedDocumentCount: 'estimatedDocumentCount(options?)',
  count: 'count(filter?, options?)  — deprecated: use countDocuments',
  distinct: 'distinct(field, filter?, options?)',
  deleteOne: 'deleteOne(filter, options?: {collation, hint})',
  deleteMany: 'deleteMany(filter, options?: {collation, hint})',
  createIndex: 'createIndex(keys, options?: {unique, name, partialFilterExpression, collation})',
  createIndexes: 'createIndexes(keyPatterns, options?)',
  getIndexes: 'getIndexes()',
  dropIndex: 'dropIndex(nameOrKeys)',
  drop: 'drop()',
  explain: 'explain(verbosity?)',
};

export const DATABASE_SIGNATURES: Readonly<Record<string, string>> = {
  getName: 'getName(): string',
  getMongo: 'getMongo(): Mongo',
  version: 'version(): string',
  getCollection: 'getCollection(name)',
  getSiblingDB: 'getSiblingDB(name)',
  runCommand: 'runCommand(command)',
  adminCommand: 'adminCommand(command)',
  createCollection: 'createCollection(name, options?: {validator, collation, capped …})',
  dropDatabase: 'dropDatabase()',
  getCollectionNames: 'getCollectionNames()',
  auth: 'auth(user, password)',
  logout: 'logout()',
  createUser: 'createUser({user, pwd, roles}, writeConcern?)',
  dropUser: 'dropUser(name, writeConcern?)',
  createRole: 'createRole({role, privileges, roles}, writeConcern?)',
  grantRolesToUser: 'grantRolesToUser(name, roles, writeConcern?)',
};
