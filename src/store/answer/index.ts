// An answer's states and their words: one module (state.ts: the union and
// how a command is in one; words.ts: what is said of each).
export * from './state.js';
export * from './words.js';
