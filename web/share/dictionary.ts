/**
 * Link format 2's preset dictionary for deflate: phrases a playground state is made of (shell
 * methods, update and query operators, Extended JSON type wrappers, the field names of MongoDB's
 * own documentation examples, the frame's usual header), so even a short link finds them and
 * sends a back-reference instead. Deflate looks up to 32 KB back and short distances cost fewer
 * bits, so the most common phrases come last.
 *
 * FROZEN: every format-2 link ever made decodes with exactly these bytes. A better dictionary is
 * a new format version (and this one stays, to read the old links).
 */
const PHRASES: readonly string[] = [
  `db.getSiblingDB("test")db.getCollectionNames()db.createCollection("db.collection.drop()`,
  `db.runCommand({update: "", updates: [{q: {}, u: {}, upsert: true, multi: true}], ordered: false, writeConcern: {w: "majority", wtimeout: }})\n`,
  `db.adminCommand({configureDeployment: db.students.find()db.orders.updateOne(db.counters.updateOne(db.students.updateMany(`,
  `db.inventory.replaceOne(db.inventory.find(db.inventory.updateMany(db.users.updateOne(db.products.updateMany(`,
  `.bulkWrite([{updateOne: {filter: {}, update: {$set: .findOneAndUpdate(.countDocuments().explain().aggregate([{$match: {$group: {$project: {$sort: {\n`,
  `const session = db.getMongo().startSession()session.startTransaction()session.commitTransaction()session.abortTransaction()\n`,
  `{"$numberLong":"{"$numberDecimal":"{"$numberDouble":"{"$numberInt":"{"$date":"{"$oid":"{"$timestamp":{"t":,"i":`,
  `{"$binary":{"base64":"","subType":"00"}}{"$regularExpression":{"pattern":"","options":"i"}}{"$minKey":1}{"$maxKey":1}\n`,
  `"name":"","category":"","tags":["","price":,"quantity":,"total":,"count":,"score":,"scores":[,"lastModified":{"$date":"2024-01-01T00:00:00Z"}`,
  `"createdAt":"updatedAt":"email":"","age":,"city":"","country":"","user":"","title":"","author":"","year":,"region":"","sku":"","questions":[\n`,
  `"validator":{"$jsonSchema":{"bsonType":"object","required":["properties":"validationLevel":"moderate","validationAction":"warn"\n`,
  `[{"key":{"":1},"name":"_1","unique":true,"sparse":true,"partialFilterExpression":"collation":{"locale":"en","strength":2}\n`,
  `$elemMatch$exists$nin$ne$regex$size$all$mul$min$max$rename$pop$pull$pullAll$addToSet$currentDate$bit$position$slice$sort`,
  `$concatArrays$mergeObjects$replaceWith$replaceRoot$cond$ifNull$filter$map$reduce$sum$avg$multiply$subtract$divide$concat$toUpper$literal$$NOW$$ROOT\n`,
  `{$push: {: {$each: [], $slice: $sort: {$setOnInsert: {$unset: {"": ""}}{$expr: {$type: "$or: [{$and: [{$in: [$eq: $ne: $gt: $lte: $lt: $gte: {$set: {: "$$"}}]\n`,
  `db.students.updateOne({_id: 1}, {$set: {"grades.$[elem]": 100}}, {arrayFilters: [{"elem": {$gte: 100}}]})"grades.$": "grades.$[]": `,
  `{"grades":[{"grade":,"mean":,"std":},{"type":"quiz","score":db.students.updateMany({}, \n`,
  `db.inventory.updateOne({item: "paper"}, {$set: {"size.uom": "cm", status: "P"}, $currentDate: {lastModified: true}}){ upsert: true }{$inc: {qty: -1}}\n`,
  `[{"_id":1,"item":"journal","qty":25,"size":{"h":14,"w":21.0,"uom":"cm"},"status":"A","instock":[{"warehouse":"A","qty":5}]},`,
  `{"_id":2,"item":"notebook","qty":50,"status":"D"},{"_id":3,"item":"paper","qty":100,"status":"A"}]`,
  `5:ttest11:treplicaset0:0:`,
];

export const SHARE_DICTIONARY_V2: Uint8Array = new TextEncoder().encode(PHRASES.join(''));
