export { RelayClient } from './client.js';
export { consumerHello } from './hello.js';
export { readReplayOnce, type ReplayOnceOptions, type ReplayOnceResult } from './replay-once.js';
export { mergeFilter, subscribeFrame, CONSOLE_TYPES, type MergedFilter } from './filter.js';
export { relayUrls, type RelayUrls } from '../protocol/relay-url.js';
export { DEFAULT_TIMING, backoffDelay, resolveTiming, type RelayTiming } from './timing.js';
export type { RelayClientOptions, RelayHandle } from './types.js';
