/**
 * The statement on one line: comment lines dropped, line breaks and indentation collapsed (a
 * multi-line `updateMany(\n  {},\n  …)` reads `updateMany({}, …)`), cut after `max` characters.
 */
export function statementText(source: string, max = 160): string {
  const code = source
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'))
    .map((l) => l.trim())
    .join(' ')
    .replace(/([([{])\s+/g, '$1')
    .replace(/\s+([)\]}])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return code.length > max ? `${code.slice(0, max - 1)}…` : code;
}
