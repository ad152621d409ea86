import type { Effect, StoreReader, UiModel } from './model.js';

/** What an update yields: the next model, and the effects to perform once it is committed. */
export interface UpdateResult {
  model: UiModel;
  effects: Effect[];
}

/** What the update reads besides the model: the store (read only) and the clock. */
export interface World {
  store: StoreReader;
  now: () => number;
}
