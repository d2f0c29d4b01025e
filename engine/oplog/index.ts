export { applyOplogDiff } from './apply-diff.js';
export { V2LogBuilder } from './v2-log-builder.js';
export * from './diff-types.js';
