export { ConsoleStore, type StoreOptions } from './store.js';
export { MIN_ACK_WINDOW_MS, MAX_ACK_WINDOW_MS } from './relay-book.js';
export * from './types.js';
export * from './selectors.js';
export {
  fileRelayKey,
  filePath,
  filePathText,
  fromFileNotes,
  isFileRelay,
  isFromFile,
  relayText,
} from './file-relay.js';
export type { EmitterViolation, ViolationRule } from './violations.js';
