// The `aep-console` package entry: the console as a library, for tests and
// embedders. Everything exported here is public API under semver (README,
// "Stability"); deep imports into dist/ are not. The bin does not load this
// file: it runs its own bundle of src/cli.ts.
export { App, type AppProps } from './ui/app.js';
export type { TerminalSize } from './ui/model.js';
export { ConsoleStore, type StoreOptions } from './store/index.js';
export type { RequestRecord, RequestState, RelayStatus, ConnectionState, AnsweredInfo } from './store/index.js';
export { RelayClient, type RelayClientOptions, type RelayHandle } from './relay/index.js';
export { connect, type ConnectOptions, type ConsoleConnection } from './connect.js';
export { parseEvent, displayText, displayLine } from './protocol/index.js';
export type { AepEvent, Answer, Capture, Choice, FieldSpec, ParseResult, Severity } from './protocol/index.js';
