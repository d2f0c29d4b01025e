/** The example collections shipped in public/examples/ (listed by its index.json). */

export interface ExampleIndex {
  readonly database: string;
  readonly collections: readonly ExampleCollection[];
}

export interface ExampleCollection {
  readonly name: string;
  readonly file: string;
  readonly description: string;
}

const base = `${import.meta.env.BASE_URL}examples/`;

async function fetchText(path: string): Promise<string> {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`cannot load examples/${path}: HTTP ${response.status}`);
  return response.text();
}

export async function fetchExampleIndex(): Promise<ExampleIndex> {
  return JSON.parse(await fetchText('index.json')) as ExampleIndex;
}

/** Each collection's EJSON text, keyed by collection name, ready for `loadCollections`. */
export async function fetchExampleCollections(index: ExampleIndex): Promise<Record<string, string>> {
  const texts = await Promise.all(index.collections.map((c) => fetchText(c.file)));
  return Object.fromEntries(index.collections.map((c, i) => [c.name, texts[i] ?? '[]']));
}
