import { describe, expect, it } from 'vitest';
import { completionPlace } from './completion-context.js';

describe('completionPlace', () => {
  it('knows db. and db.<collection>.', () => {
    expect(completionPlace('db.')).toEqual({ kind: 'database' });
    expect(completionPlace('x = 1\ndb.stu')).toEqual({ kind: 'database' });
    expect(completionPlace('db.students.')).toEqual({ kind: 'collection', name: 'students' });
    expect(completionPlace('db.students.upd')).toEqual({ kind: 'collection', name: 'students' });
    expect(completionPlace('db.getCollection("a b").')).toEqual({ kind: 'collection', name: 'a b' });
  });

  it('tells the filter from the update document, and their depth', () => {
    expect(completionPlace('db.s.updateOne({')).toEqual({ kind: 'filter', depth: 1 });
    expect(completionPlace('db.s.updateOne({qty: {$')).toEqual({ kind: 'filter', depth: 2 });
    expect(completionPlace('db.s.updateOne({a: "x, {"}, {$')).toEqual({ kind: 'update', depth: 1 });
    expect(completionPlace('db.s.updateMany({}, {$set: {')).toEqual({ kind: 'update', depth: 2 });
    expect(completionPlace('db.s.find({$or: [{')).toEqual({ kind: 'filter', depth: 2 });
    expect(completionPlace('db.s.updateOne({}, {$set: {a: 1}}, {arrayFilters: [{')).toEqual({
      kind: 'filter',
      depth: 1,
    });
    expect(completionPlace('db.s.bulkWrite([{updateOne: {filter: {')).toEqual({ kind: 'filter', depth: 1 });
    expect(completionPlace('db.s.bulkWrite([{updateOne: {filter: {}, update: {')).toEqual({ kind: 'update', depth: 1 });
  });

  it('stays out of strings, comments, pipelines and other calls', () => {
    expect(completionPlace('db.s.updateOne({a: "$')).toEqual({ kind: 'other' });
    expect(completionPlace('// db.s.updateOne({')).toEqual({ kind: 'other' });
    expect(completionPlace('db.s.updateOne({}, [{')).toEqual({ kind: 'other' });
    expect(completionPlace('db.s.insertOne({')).toEqual({ kind: 'other' });
  });
});
