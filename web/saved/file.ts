/**
 * A workspace as a downloadable file: the share-link state format (`v`, `database`,
 * `collections` with `documents` as an Extended JSON array, `command`), written as text around
 * the saved documents so even documents the engine refused are kept verbatim.
 */
import type { SavedWorkspace } from './workspace.js';

export const WORKSPACE_FILE_NAME = 'upsert-lab-workspace.json';

export function workspaceFileText(w: SavedWorkspace): string {
  const collections = w.collections.map((c) => {
    const parts = [`"name": ${JSON.stringify(c.name)}`];
    if (c.options !== undefined) parts.push(`"options": ${c.options}`);
    if (c.indexes !== undefined) parts.push(`"indexes": ${c.indexes}`);
    parts.push(`"documents": [${c.docs.length === 0 ? '' : `\n      ${c.docs.join(',\n      ')}\n    `}]`);
    return `    {\n      ${parts.join(',\n      ')}\n    }`;
  });
  const head = [`  "v": 1`, `  "database": ${JSON.stringify(w.database)}`];
  if (w.deployment.topology !== 'standalone') head.push(`  "deployment": ${JSON.stringify(w.deployment.topology)}`);
  if (w.deployment.setup !== null) head.push(`  "setup": ${JSON.stringify(w.deployment.setup)}`);
  head.push(`  "command": ${JSON.stringify(w.command)}`);
  head.push(`  "collections": [${collections.length === 0 ? '' : `\n${collections.join(',\n')}\n  `}]`);
  return `{\n${head.join(',\n')}\n}\n`;
}

/** Offers the workspace as a file download (the browser's own save dialog or Downloads folder). */
export function downloadWorkspace(w: SavedWorkspace): void {
  const url = URL.createObjectURL(new Blob([workspaceFileText(w)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = WORKSPACE_FILE_NAME;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
