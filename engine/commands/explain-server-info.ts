/**
 * The trailer of a write's explain: `serverInfo` (this engine as an 8.0.0 server) and the
 * `serverParameters` 8.0 prints (their defaults).
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';

function int(n: number): Int32 {
  return new Int32(n);
}

export function serverInfo(): Doc {
  return new Map<string, Value>([
    ['host', 'upsert-lab'],
    ['port', int(27017)],
    ['version', '8.0.0'],
    ['gitVersion', 'upsert-lab'],
  ]);
}

export function serverParameters(): Doc {
  return new Map<string, Value>([
    ['internalQueryFacetBufferSizeBytes', int(104857600)],
    ['internalQueryFacetMaxOutputDocSizeBytes', int(104857600)],
    ['internalLookupStageIntermediateDocumentMaxSizeBytes', int(104857600)],
    ['internalDocumentSourceGroupMaxMemoryBytes', int(104857600)],
    ['internalQueryMaxBlockingSortMemoryUsageBytes', int(104857600)],
    ['internalQueryProhibitBlockingMergeOnMongoS', int(0)],
    ['internalQueryMaxAddToSetBytes', int(104857600)],
    ['internalDocumentSourceSetWindowFieldsMaxMemoryBytes', int(104857600)],
    ['internalQueryFrameworkControl', 'trySbeRestricted'],
    ['internalQueryPlannerIgnoreIndexWithCollationForRegex', int(1)],
  ]);
}
