/** Share links (state in the URL fragment), embed mode and the iframe snippet. */
export {
  SHARE_STATE_VERSION,
  ShareError,
  validateShareState,
  type EjsonInput,
  type JsonValue,
  type ShareCollection,
  type ShareDeployment,
  type ShareErrorKind,
  type ShareState,
  type ShareTheme,
} from './state.js';
export {
  MAX_SHARE_JSON_BYTES,
  MAX_SHARE_PAYLOAD_CHARS,
  base64UrlToBytes,
  bytesToBase64Url,
  decodeState,
  encodeState,
  payloadOf,
} from './codec.js';
export {
  embedUrl,
  getInitialState,
  readEmbedOptions,
  readSharePayload,
  shareUrl,
  type AddressLike,
  type EmbedOptions,
} from './url.js';
export { DEFAULT_EMBED_HEIGHT, embedSnippet, type EmbedSnippetOptions } from './embed.js';
export { scenarioToShareState } from './from-scenario.js';
export { loadShareStateIntoEngine, parseShareCollections, shareStateSetupCommands } from './parse-state.js';
