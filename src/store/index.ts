export { ConsoleStore, type StoreOptions } from './store.js';
export * from './types.js';
export * from './selectors.js';
export * from './outcome.js';
export { stateMark } from './marks.js';
