// What the console says outside its own rows after every message (but a
// paint): the last calls due (last-call.ts) and the terminal's title
// (title.ts: at most one write a second; the clock ticks for a late one).
import { lastCalls } from './last-call.js';
import { TITLE_EVERY_MS, titleText } from './title.js';
import type { Effect, ListView, StoreReader, UiModel } from './model.js';

/** `rebuild`: the list built again (the update's reconcile), for a snoozed request called back into Pending. */
export function outsideThePane(
  result: { model: UiModel; effects: Effect[] },
  store: StoreReader,
  rebuild: (model: UiModel, before: ListView) => UiModel,
): { model: UiModel; effects: Effect[] } {
  const called = lastCalls(result.model, store);
  let model = called.model;
  if (model.inbox.snoozed !== result.model.inbox.snoozed) model = rebuild(model, result.model.view);
  const effects = [...result.effects, ...called.effects];
  const text = model.config.title ? titleText(model) : undefined;
  if (
    text !== undefined &&
    text !== model.title?.text &&
    (model.title === undefined || model.now - model.title.at >= TITLE_EVERY_MS || model.now < model.title.at)
  ) {
    model = { ...model, title: { text, at: model.now } };
    effects.push({ type: 'title', text });
  }
  return model === result.model && effects.length === result.effects.length ? result : { model, effects };
}
