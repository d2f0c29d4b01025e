/**
 * Groups the gallery by the seed section each scenario illustrates, for the examples menu:
 * "Upsert rules 3" → "Upsert rules", "Errors: hint names a missing index" → "Errors".
 * Sections keep the order in which they first appear in the file.
 */
import type { Scenario } from './types.js';

export interface GallerySection {
  readonly title: string;
  readonly scenarios: readonly Scenario[];
}

/** The section part of a `seedRule`. */
export function seedSection(seedRule: string): string {
  const withoutNotes = seedRule.replace(/\s*\([^)]*\)/g, '');
  const beforeColon = withoutNotes.split(':')[0] ?? withoutNotes;
  return beforeColon.replace(/\s+\d+$/, '').trim() || seedRule;
}

export function gallerySections(scenarios: readonly Scenario[]): GallerySection[] {
  const bySection = new Map<string, Scenario[]>();
  for (const s of scenarios) {
    const title = seedSection(s.seedRule);
    const list = bySection.get(title);
    if (list) list.push(s);
    else bySection.set(title, [s]);
  }
  return [...bySection].map(([title, list]) => ({ title, scenarios: list }));
}
