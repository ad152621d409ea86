import type { Answer } from '../../protocol/types.js';
import { editsText, initialFormDraft, reduceFormKey } from '../form/form-state.js';
import { isText, type KeyPress } from '../keys.js';
import { actionFor, type ActionOf } from '../key-table.js';
import { batchRows, digitDoes, digitOf, requestRows, type ChoiceRows } from './digits.js';
import { editLine } from '../text/editor.js';
import { isAnswerableForm } from './detail-view.js';
import { confirmControlKey } from './control-keys.js';
import { timelineKey } from './timeline-keys.js';
import { commonOptions } from './batch.js';
import { batchKey, confirmBatchKey } from './batch-keys.js';
import { quit, quitPromptKey } from './quit.js';
import { browseKey } from './browse-keys.js';
import { filterKey, helpKey } from './help-keys.js';
import { historyModeKey } from './history-mode.js';
import { copyId, hidePromptKey } from './id-keys.js';
import { alwaysKey, autoPromptKey, openAlways } from '../rules/rule-keys.js';
import { answerLock, draftFor, lockHint, type Draft, type Effect, type InboxState, type KeyContext } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

function setDraft(state: InboxState, key: string, draft: Draft): InboxState {
  return { ...state, drafts: { ...state.drafts, [key]: draft }, pendingConfirm: undefined, hint: undefined };
}

/** Sends, unless the roster says it cannot be delivered: then warn and wait for a second Enter. */
function send(state: InboxState, ctx: KeyContext, key: string, answer: Answer): KeyResult {
  // The ledger first: an answer on its way, or a route another agent could take, refuses this one with words.
  const refused = ctx.open && ctx.refusal?.(ctx.open);
  // A route refusal is said at length in the detail's warning (and by the screen reader): the hint only points to it.
  if (refused) return done({ ...state, pendingConfirm: undefined, hint: refused.code === 'route' ? 'Not sent: another agent shares this session name (the warning below says which).' : refused.why });
  const confirmed = state.pendingConfirm && state.pendingConfirm.key === key && JSON.stringify(state.pendingConfirm.answer) === JSON.stringify(answer);
  // Two or more claimants never get this far (the ledger refuses the route); none is a warning a second Enter overrides.
  if (!confirmed && ctx.claimants === 0) {
    const warning = 'No agent is connected for this session right now: the relay will likely refuse with no-route.';
    return done({ ...state, pendingConfirm: { key, answer, warning }, hint: undefined });
  }
  return done({ ...state, pendingConfirm: undefined, hint: undefined }, { type: 'send', key, answer });
}

/** Whether a printable key is text here: the filter, a cancel reason, the Reply row, a text field or `Other…` row. */
export function editsTextNow(state: InboxState, ctx: KeyContext): boolean {
  if (state.mode === 'filter' || (state.mode === 'confirm-control' && state.control?.reason)) return true;
  if (state.mode === 'history') return state.history?.filtering === true;
  if (state.mode === 'batch') return state.batch.highlight >= commonOptions(ctx.tagged).length;
  if (state.mode !== 'answer' || !ctx.open || answerLock(ctx.open, ctx.openCommand) !== 'none') return false;
  const draft = draftFor(state, ctx.open);
  if (isAnswerableForm(ctx.open)) return editsText(ctx.open.payload.fields, draft.form ?? initialFormDraft());
  return draft.highlight >= ctx.open.payload.options.length;
}

/**
 * A paste is text for the row being typed in, and nothing else: it never
 * sends, never moves focus, never runs a command (no binding matches a
 * paste). Anywhere else it is ignored, and the footer says so.
 */
export function reducePaste(state: InboxState, text: string, ctx: KeyContext): KeyResult {
  if (editsTextNow(state, ctx)) return reduceKey(state, { name: 'paste', text }, ctx);
  const why = state.mode === 'answer' || state.mode === 'batch' ? 'Paste ignored: move to the Reply row (or a text field) to paste.' : 'Paste ignored: open a request first.';
  if (state.mode === 'answer') return done({ ...state, hint: why });
  return done({ ...state, notice: why });
}

/** One key, against the state the previous key left (the update folds a chunk of keys one by one). */
export function reduceKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  if (state.autoPrompt) return autoPromptKey(state, key);
  if (state.hideAsk) return hidePromptKey(state, key);
  if (state.always && state.mode === 'answer') return alwaysKey(state, key, ctx);
  switch (state.mode) {
    case 'help':
      return helpKey(state, key, ctx);
    case 'confirm-quit':
      return quitPromptKey(state, key);
    case 'filter':
      return filterKey(state, key);
    case 'batch':
      return batchKey(state, key, ctx);
    case 'confirm-batch':
      return confirmBatchKey(state, key, ctx);
    case 'browse':
      return browseKey(state, key, ctx);
    case 'answer':
      return answerKey(state, key, ctx);
    case 'confirm-control':
      return confirmControlKey(state, key);
    case 'timeline': {
      const result = timelineKey(state, key, ctx.pageSize);
      return result === 'quit' ? quit(state, ctx) : result;
    }
    case 'history':
      return historyModeKey(state, key, ctx);
  }
}

/**
 * A request is open. Which keys mean what depends on what it can take now:
 * `locked` (sent, closed, informational, history), `form`, or `answer`. On a
 * text row every printable key is text: only named keys act there.
 */
function answerKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const record = ctx.open;
  if (!record) return done({ ...state, mode: 'browse', openKey: undefined });
  const lock = answerLock(record, ctx.openCommand);
  const draft = draftFor(state, record);
  const form = lock === 'none' && isAnswerableForm(record);
  const scope = lock !== 'none' ? 'locked' : form ? 'form' : 'answer';
  // On a text row a printable key is text, but for a digit that picks an option numbered on screen (digits.ts).
  const typing = isText(key) && editsTextNow(state, ctx) && !(scope === 'answer' && picksNow(requestRows(record, draft), key));
  const action = typing ? undefined : actionFor(scope, key);
  if (state.notice) state = { ...state, notice: undefined };
  switch (action) {
    case 'copyId':
      return copyId(state, record);
    case 'back':
      if (state.pendingConfirm) return done({ ...state, pendingConfirm: undefined });
      // Esc ends Tab's typing mode too: the draft keeps its text, not the mode.
      if (draft.literal) state = { ...state, drafts: { ...state.drafts, [record.key]: { ...draft, literal: false } } };
      return done({ ...state, mode: 'browse', openKey: undefined, hint: undefined });
    case 'pageUp':
      return done({ ...state, detailScroll: Math.max(0, state.detailScroll - 5) });
    case 'pageDown':
      return done({ ...state, detailScroll: state.detailScroll + 5 });
    case 'quit':
      return quit(state, ctx);
    case 'help':
      return done({ ...state, mode: 'help', returnMode: 'answer', helpScroll: 0 });
  }
  if (lock !== 'none') {
    if (action === 'resend' && lock === 'ack-timeout' && ctx.openCommand) {
      return done({ ...state, hint: undefined }, { type: 'resend', commandId: ctx.openCommand.id });
    }
    // An answer on its way says whose it is and when it was given (the ledger's words).
    const inFlight = lock === 'sending' || lock === 'accepted' ? ctx.refusal?.(record) : undefined;
    return done({ ...state, hint: inFlight?.code === 'in-flight' ? inFlight.why : lockHint(lock) });
  }
  if (form) {
    const step = reduceFormKey(record.payload.fields, draft.form ?? initialFormDraft(), key);
    const next = setDraft(state, record.key, { ...draft, form: step.draft });
    if (step.submit) return send(next, ctx, record.key, { values: step.submit });
    return done(next);
  }
  return optionKey(state, key, action as ActionOf<'answer'> | undefined, ctx, draft);
}

function optionKey(state: InboxState, key: KeyPress, action: ActionOf<'answer'> | undefined, ctx: KeyContext, draft: Draft): KeyResult {
  const record = ctx.open!;
  const options = record.payload.options;
  const onReply = draft.highlight >= options.length;
  // Moving off the Reply row, or Enter, ends Tab's typing mode.
  const moved = (highlight: number) => done(setDraft(state, record.key, { ...draft, highlight, literal: false }));
  if (action === 'up') return moved(Math.max(0, draft.highlight - 1));
  if (action === 'down') return moved(Math.min(options.length, draft.highlight + 1));
  if (action === 'typeText') return done(setDraft(state, record.key, { ...draft, highlight: options.length, literal: true }));
  if (action === 'send') {
    if (!onReply) return send(state, ctx, record.key, { option: options[draft.highlight].id });
    const text = draft.reply.value;
    const ended = draft.literal ? setDraft(state, record.key, { ...draft, literal: false }) : state;
    if (!text.trim()) return done({ ...ended, hint: 'Type a reply first: Enter on an empty Reply sends nothing.' });
    return send(ended, ctx, record.key, { text });
  }
  if (action === 'pickOption') {
    // A digit names the option numbered on screen (on an empty Reply row too): it highlights it; only Enter sends.
    const n = digitOf('answer', key)!;
    if (digitDoes(requestRows(record, draft), n) === 'pick') return moved(n - 1);
  }
  if (!onReply) {
    if (action === 'always') return openAlways(state, ctx, record.key, options[draft.highlight].id);
    // Any other typing goes to the Reply row: you never type into an option.
    if (isText(key)) {
      return done(setDraft(state, record.key, { ...draft, highlight: options.length, reply: editLine(draft.reply, key) }));
    }
    return done(state);
  }
  const reply = editLine(draft.reply, key);
  if (reply === draft.reply) return done(state);
  return done(setDraft(state, record.key, { ...draft, reply }));
}

/** Whether a press is a digit that picks an option here (then it is no text, even on the Reply row). */
function picksNow(rows: ChoiceRows, key: KeyPress): boolean {
  const n = key.name === 'char' ? digitOf('answer', key) : undefined;
  return n !== undefined && digitDoes(rows, n) === 'pick';
}

/**
 * Whether a press would pick an option of what is open now (a single
 * request or the batch) rather than be typed: the chunk fold types a run of
 * printable keys in one edit, and must not swallow such a digit.
 */
export function digitPicksNow(state: InboxState, ctx: KeyContext, key: KeyPress): boolean {
  if (state.mode === 'batch') {
    const n = key.name === 'char' ? digitOf('batch', key) : undefined;
    return n !== undefined && digitDoes(batchRows(state.batch, commonOptions(ctx.tagged).length), n) !== 'type';
  }
  if (state.mode !== 'answer' || !ctx.open || isAnswerableForm(ctx.open) || answerLock(ctx.open, ctx.openCommand) !== 'none') return false;
  return picksNow(requestRows(ctx.open, draftFor(state, ctx.open)), key);
}
