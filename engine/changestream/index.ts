export { changeStreamAggregate, changeStreamGetMore, isChangeStreamPipeline } from './commands.js';
export { ChangeStream, latestPosition, parseChangeStreamSpec } from './stream.js';
export type { PollResult, ParsedChangeStream } from './stream.js';
export { eventsOf } from './events.js';
export type {
  ChangeEvent,
  EventOptions,
  FullDocumentBeforeChangeMode,
  FullDocumentMode,
  StreamScope,
} from './events.js';
export { describeDiff, updateDescriptionOf } from './update-description.js';
export type { UpdateDescriptionParts } from './update-description.js';
export { comparePositions, decodeResumeToken, encodeResumeToken } from './resume-token.js';
export type { StreamPosition, PositionKind } from './resume-token.js';
export { flattenOplog } from './oplog-ops.js';
export type { OplogOp } from './oplog-ops.js';
