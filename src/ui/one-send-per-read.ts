// One send per read: keys that arrive in the same read as a key that sent
// (a paste, a held key, a terminal's burst) are dropped, and counted on the
// footer beside what the send said (update.ts).
import type { UpdateResult } from './update-types.js';
import type { Effect, UiModel } from './model.js';

/**
 * An effect that puts a command on the wire for the operator: an answer (one, a batch's, a rule made with a), a cancel
 * or pause, a resend.
 */
export function sends(effect: Effect): boolean {
  return effect.type === 'send' || effect.type === 'control' || effect.type === 'resend';
}

/** Whether a message came in the read a send came in. */
export function sameReadAsSend(model: UiModel, read: number | undefined): boolean {
  return read !== undefined && model.sentIn?.read === read;
}

/**
 * After a key was folded: if it sent, the read it came in is remembered
 * (later messages of that read are dropped, `dropped`), and the keys of its
 * own chunk that followed it are counted now.
 */
export function oneSendPerRead(result: UpdateResult, read: number | undefined, after: number): UpdateResult {
  if (!result.effects.some(sends)) return result;
  const model = { ...result.model, sentIn: { read: read ?? -1, dropped: 0, notice: result.model.inbox.notice } };
  return after ? { ...result, model: dropped(model, after).model } : { ...result, model };
}

/** Keys of the read a send came in: not acted on, and counted on the footer beside what the send said. */
export function dropped(model: UiModel, count: number): UpdateResult {
  const sentIn = model.sentIn ?? { read: -1, dropped: 0 };
  const total = sentIn.dropped + count;
  if (total === 0) return { model, effects: [] };
  const words = `Dropped ${total} key${total === 1 ? '' : 's'} that came in the same read as the send (one send per read).`;
  const notice = sentIn.notice ? `${sentIn.notice} ${words}` : words;
  return { model: { ...model, sentIn: { ...sentIn, dropped: total }, inbox: { ...model.inbox, notice } }, effects: [] };
}
