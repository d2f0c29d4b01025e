/**
 * Groups the gallery into the course's sections (COURSE_SECTIONS order), keeping the file's order
 * inside a section. Sections without examples are left out.
 */
import { COURSE_SECTIONS, type CourseSection, type Scenario } from './types.js';

export interface GallerySection {
  readonly title: CourseSection;
  /** One sentence on what the section is about, shown under its heading. */
  readonly intro: string;
  readonly scenarios: readonly Scenario[];
}

const INTROS: Readonly<Record<CourseSection, string>> = {
  Basics: 'What one update does: which documents it finds, which fields it changes, and what it reports.',
  Operators: 'The update operators that change numbers, dates, fields and arrays.',
  'Arrays and arrayFilters': 'Changing elements inside arrays: the matched one, every one, or the ones a filter picks.',
  Upserts: 'Updating a document or inserting it when it is missing, and what the inserted document contains.',
  Pipelines: 'Updates written as an aggregation pipeline, with computed values and variables.',
  'Bulk and errors': 'Several statements in one command, validators, and what happens when one fails.',
  Collation: 'How strings are compared: exactly, or ignoring accents and case.',
  Deployments: 'Replica sets and sharded clusters: write concerns, unreachable members and shard keys.',
};

export function gallerySections(scenarios: readonly Scenario[]): GallerySection[] {
  return COURSE_SECTIONS.map((title) => ({
    title,
    intro: INTROS[title],
    scenarios: scenarios.filter((s) => s.section === title),
  })).filter((s) => s.scenarios.length > 0);
}
