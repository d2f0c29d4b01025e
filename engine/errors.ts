/**
 * Errors are data: MongoDB's numeric code, its codeName and the server's message text.
 * Mirrors the subset of `src/mongo/base/error_codes.yml` the engine raises, and the retryable and
 * interruption codes a failCommand fail point answers with (names exactly as in that file).
 */

export const CODE_NAMES = {
  1: 'InternalError',
  2: 'BadValue',
  4: 'NoSuchKey',
  5: 'GraphContainsCycle',
  6: 'HostUnreachable',
  7: 'HostNotFound',
  8: 'UnknownError',
  9: 'FailedToParse',
  11: 'UserNotFound',
  13: 'Unauthorized',
  14: 'TypeMismatch',
  15: 'Overflow',
  16: 'InvalidLength',
  17: 'ProtocolError',
  18: 'AuthenticationFailed',
  20: 'IllegalOperation',
  22: 'InvalidBSON',
  23: 'AlreadyInitialized',
  24: 'LockTimeout',
  26: 'NamespaceNotFound',
  27: 'IndexNotFound',
  28: 'PathNotViable',
  31: 'RoleNotFound',
  34: 'CannotBackfillArray',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  47: 'NoMatchingDocument',
  48: 'NamespaceExists',
  50: 'MaxTimeMSExpired',
  51: 'ManualInterventionRequired',
  52: 'DollarPrefixedFieldName',
  53: 'InvalidIdField',
  54: 'NotSingleValueField',
  55: 'InvalidDBRef',
  56: 'EmptyFieldName',
  57: 'DottedFieldName',
  59: 'CommandNotFound',
  61: 'ShardKeyNotFound',
  64: 'WriteConcernTimeout',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  68: 'IndexAlreadyExists',
  70: 'ShardNotFound',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  76: 'NoReplicationEnabled',
  79: 'UnknownReplWriteConcern',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  89: 'NetworkTimeout',
  91: 'ShutdownInProgress',
  96: 'OperationFailed',
  100: 'UnsatisfiableWriteConcern',
  111: 'NotExactValueField',
  112: 'WriteConflict',
  115: 'CommandNotSupported',
  117: 'ConflictingOperationInProgress',
  121: 'DocumentValidationFailure',
  125: 'CommandFailed',
  133: 'FailedToSatisfyReadPreference',
  146: 'ExceededMemoryLimit',
  150: 'StaleEpoch',
  159: 'DurationOverflow',
  161: 'IncompatibleCollationVersion',
  166: 'CommandNotSupportedOnView',
  168: 'InvalidPipelineOperator',
  174: 'TransportSessionUnknown',
  189: 'PrimarySteppedDown',
  197: 'InvalidIndexSpecificationOption',
  201: 'CannotBuildIndexKeys',
  206: 'NoSuchSession',
  211: 'KeyNotFound',
  217: 'IncompleteTransactionHistory',
  224: 'QueryFeatureNotAllowed',
  225: 'TransactionTooOld',
  234: 'RetryChangeStream',
  241: 'ConversionFailure',
  244: 'NOT_YET_AVAILABLE_TransactionAborted',
  246: 'SnapshotUnavailable',
  251: 'NoSuchTransaction',
  256: 'TransactionCommitted',
  260: 'InvalidResumeToken',
  262: 'ExceededTimeLimit',
  263: 'OperationNotSupportedInTransaction',
  267: 'PreparedTransactionInProgress',
  276: 'IndexBuildAborted',
  280: 'ChangeStreamFatalError',
  286: 'ChangeStreamHistoryLost',
  322: 'APIVersionError',
  323: 'APIStrictError',
  324: 'APIDeprecationError',
  8000: 'AtlasError',
  9001: 'SocketException',
  10107: 'NotWritablePrimary',
  10334: 'BSONObjectTooLarge',
  11000: 'DuplicateKey',
  11600: 'InterruptedAtShutdown',
  11601: 'Interrupted',
  11602: 'InterruptedDueToReplStateChange',
  13297: 'DatabaseDifferCase',
  13388: 'StaleConfig',
  13435: 'NotPrimaryNoSecondaryOk',
  13436: 'NotPrimaryOrSecondary',
  40414: 'IDLFailedToParse',
  40415: 'IDLUnknownField',
  50768: 'NotARetryableWriteCommand',
} as const satisfies Record<number, string>;

export type KnownCode = keyof typeof CODE_NAMES;

/** The plain shape that crosses the worker boundary and appears in replies. */
export interface ErrorInfo {
  code: number;
  codeName?: string;
  errmsg: string;
}

const ENGINE_ERROR_BRAND = Symbol.for('upsert-lab.EngineError');

/** A MongoDB error: code, codeName, exact server message, optional extra reply fields. */
export class EngineError extends Error {
  readonly [ENGINE_ERROR_BRAND] = true;
  readonly code: number;
  readonly codeName: string | undefined;
  readonly errmsg: string;
  /** Extra fields the server adds to the error (errInfo, keyPattern, keyValue, errorLabels...). */
  readonly extra: ReadonlyMap<string, unknown>;

  constructor(code: number, errmsg: string, extra?: ReadonlyMap<string, unknown>) {
    super(errmsg);
    this.name = 'EngineError';
    this.code = code;
    this.codeName = (CODE_NAMES as Record<number, string>)[code];
    this.errmsg = errmsg;
    this.extra = extra ?? new Map();
  }

  /** The same error with context prepended, as the server's `Status::withContext` does. */
  withContext(context: string): EngineError {
    return new EngineError(this.code, `${context} :: caused by :: ${this.errmsg}`, this.extra);
  }

  toInfo(): ErrorInfo {
    return this.codeName === undefined
      ? { code: this.code, errmsg: this.errmsg }
      : { code: this.code, codeName: this.codeName, errmsg: this.errmsg };
  }
}

/** Brand check that works across module copies (stands in for `instanceof`). */
export function isEngineError(x: unknown): x is EngineError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[ENGINE_ERROR_BRAND] === true;
}

/** Runs `fn`; an engine error it throws gets `context` prepended (`DBException::addContext`). */
export function withErrorContext<T>(context: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw isEngineError(e) ? e.withContext(context) : e;
  }
}

/** Shorthand used by parsers and nodes: `throw fail(2, 'message')`. */
export function fail(code: number, errmsg: string, extra?: ReadonlyMap<string, unknown>): EngineError {
  return new EngineError(code, errmsg, extra);
}

export function codeNameOf(code: number): string | undefined {
  return (CODE_NAMES as Record<number, string>)[code];
}
