import type { Answer } from '../../protocol/types.js';
import { editsText, initialFormDraft, reduceFormKey } from '../form/form-state.js';
import { BROWSE_CHARS, type KeyPress } from '../keys.js';
import { editLine, editorOf } from '../text/editor.js';
import { isAnswerableForm } from './detail-view.js';
import { answerLock, draftFor, type Draft, type Effect, type InboxState, type KeyContext } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

function quit(state: InboxState, ctx: KeyContext): KeyResult {
  if (!ctx.unsentWork) return done(state, { type: 'quit' });
  const returnMode = state.mode === 'help' || state.mode === 'confirm-quit' ? state.returnMode : state.mode;
  return done({ ...state, mode: 'confirm-quit', returnMode });
}

function select(state: InboxState, ctx: KeyContext, index: number): InboxState {
  if (ctx.list.length === 0) return { ...state, selectedIndex: 0, selectedKey: undefined };
  const clamped = Math.max(0, Math.min(ctx.list.length - 1, index));
  return { ...state, selectedIndex: clamped, selectedKey: ctx.list[clamped].key, selectionTouched: true };
}

function setDraft(state: InboxState, key: string, draft: Draft): InboxState {
  return { ...state, drafts: { ...state.drafts, [key]: draft }, pendingConfirm: undefined, hint: undefined };
}

/** Sends, unless the roster says it cannot be delivered: then warn and wait for a second Enter. */
function send(state: InboxState, ctx: KeyContext, key: string, answer: Answer): KeyResult {
  const confirmed = state.pendingConfirm && state.pendingConfirm.key === key && JSON.stringify(state.pendingConfirm.answer) === JSON.stringify(answer);
  if (!confirmed && ctx.claimants !== undefined && ctx.claimants !== 1) {
    const warning =
      ctx.claimants === 0
        ? 'No agent is connected for this session right now: the relay will likely refuse with no-route.'
        : `${ctx.claimants} agents claim this session: the relay will likely refuse it as ambiguous.`;
    return done({ ...state, pendingConfirm: { key, answer, warning }, hint: undefined });
  }
  return done({ ...state, pendingConfirm: undefined, hint: undefined }, { type: 'send', key, answer });
}

/** Whether a printable key is text here: the filter, the Reply row, a text field or `Other…` row. */
function editsTextNow(state: InboxState, ctx: KeyContext): boolean {
  if (state.mode === 'filter') return true;
  if (state.mode !== 'answer' || !ctx.open || answerLock(ctx.open, ctx.openCommand) !== 'none') return false;
  const draft = draftFor(state, ctx.open);
  if (isAnswerableForm(ctx.open)) return editsText(ctx.open.payload.fields, draft.form ?? initialFormDraft());
  return draft.highlight >= ctx.open.payload.options.length;
}

/**
 * Several characters in one press are keys that arrived in one chunk (typed
 * faster than a read, over SSH or from a script) or a paste. Where characters
 * are commands (browse, an option row, help, a quit prompt) each acts on its
 * own, so `jj` moves twice and `kj` on the options never becomes reply text;
 * from the moment the keys land on a text row the rest is typed in one edit.
 */
export function reduceKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const chars = key.name === 'char' ? [...key.text] : [];
  if (chars.length <= 1) return reduceOneKey(state, key, ctx);
  let result = done(state);
  for (let i = 0; i < chars.length; i++) {
    if (editsTextNow(result.state, ctx)) {
      const rest = reduceOneKey(result.state, { name: 'char', text: chars.slice(i).join('') }, ctx);
      return { state: rest.state, effects: [...result.effects, ...rest.effects] };
    }
    const ch = chars[i];
    const step = reduceOneKey(result.state, ch === ' ' ? { name: 'space', text: ' ' } : { name: 'char', text: ch }, ctx);
    result = { state: step.state, effects: [...result.effects, ...step.effects] };
    if (step.effects.some((effect) => effect.type === 'quit')) break;
  }
  return result;
}

function reduceOneKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  switch (state.mode) {
    case 'help':
      if (key.name === 'ctrlC') return quit(state, ctx);
      return done({ ...state, mode: state.returnMode });
    case 'confirm-quit':
      if (key.name === 'ctrlC' || (key.name === 'char' && /^[yY]$/.test(key.text))) return done(state, { type: 'quit' });
      return done({ ...state, mode: state.returnMode });
    case 'filter':
      return filterKey(state, key);
    case 'browse':
      return browseKey(state, key, ctx);
    case 'answer':
      return answerKey(state, key, ctx);
  }
}

function filterKey(state: InboxState, key: KeyPress): KeyResult {
  if (key.name === 'enter') return done({ ...state, mode: 'browse' });
  if (key.name === 'escape') return done({ ...state, mode: 'browse', filter: '', filterEditor: editorOf('') });
  if (key.name === 'ctrlC') return done({ ...state, mode: 'browse', filter: '', filterEditor: editorOf('') });
  const filterEditor = editLine(state.filterEditor, key);
  return done({ ...state, filterEditor, filter: filterEditor.value });
}

function browseKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const index = state.selectedIndex;
  const ch = key.name === 'char' ? key.text : '';
  if (key.name === 'ctrlC' || ch === BROWSE_CHARS.quit) return quit(state, ctx);
  if (key.name === 'up' || ch === BROWSE_CHARS.up) return done(select(state, ctx, index - 1));
  if (key.name === 'down' || ch === BROWSE_CHARS.down) return done(select(state, ctx, index + 1));
  if (key.name === 'pageUp') return done(select(state, ctx, index - ctx.pageSize));
  if (key.name === 'pageDown') return done(select(state, ctx, index + ctx.pageSize));
  if (key.name === 'home') return done(select(state, ctx, 0));
  if (key.name === 'end') return done(select(state, ctx, ctx.list.length - 1));
  if (ch === BROWSE_CHARS.filter) return done({ ...state, mode: 'filter', filterEditor: editorOf(state.filter) });
  if (ch === BROWSE_CHARS.help) return done({ ...state, mode: 'help', returnMode: 'browse' });
  if (key.name === 'enter') {
    const record = ctx.list[index];
    if (!record) return done(state);
    return done({ ...state, mode: 'answer', openKey: record.key, selectedKey: record.key, selectionTouched: true, detailScroll: 0, hint: undefined, pendingConfirm: undefined });
  }
  return done(state);
}

function answerKey(state: InboxState, key: KeyPress, ctx: KeyContext): KeyResult {
  const record = ctx.open;
  if (key.name === 'escape') {
    if (state.pendingConfirm) return done({ ...state, pendingConfirm: undefined });
    return done({ ...state, mode: 'browse', openKey: undefined, hint: undefined });
  }
  if (!record) return done({ ...state, mode: 'browse', openKey: undefined });
  if (key.name === 'pageUp') return done({ ...state, detailScroll: Math.max(0, state.detailScroll - 5) });
  if (key.name === 'pageDown') return done({ ...state, detailScroll: state.detailScroll + 5 });
  const lock = answerLock(record, ctx.openCommand);
  const draft = draftFor(state, record);
  const ch = key.name === 'char' ? key.text : '';
  if (lock !== 'none') {
    if (key.name === 'ctrlC' || ch === BROWSE_CHARS.quit) return quit(state, ctx);
    if (ch === BROWSE_CHARS.help) return done({ ...state, mode: 'help', returnMode: 'answer' });
    if (ch === BROWSE_CHARS.resend && lock === 'ack-timeout' && ctx.openCommand) {
      return done({ ...state, hint: undefined }, { type: 'resend', commandId: ctx.openCommand.id });
    }
    return done({ ...state, hint: lockHint(lock) });
  }
  if (isAnswerableForm(record)) {
    const fields = record.payload.fields;
    const form = draft.form ?? initialFormDraft();
    if (!editsText(fields, form)) {
      if (key.name === 'ctrlC' || ch === BROWSE_CHARS.quit) return quit(state, ctx);
      if (ch === BROWSE_CHARS.help) return done({ ...state, mode: 'help', returnMode: 'answer' });
    } else if (key.name === 'ctrlC') {
      return quit(state, ctx);
    }
    const step = reduceFormKey(fields, form, key);
    const next = setDraft(state, record.key, { ...draft, form: step.draft });
    if (step.submit) return send(next, ctx, record.key, { values: step.submit });
    return done(next);
  }
  return optionKey(state, key, ctx, draft);
}

function optionKey(state: InboxState, key: KeyPress, ctx: KeyContext, draft: Draft): KeyResult {
  const record = ctx.open!;
  const options = record.payload.options;
  const onReply = draft.highlight >= options.length;
  const ch = key.name === 'char' ? key.text : '';
  if (key.name === 'ctrlC') return quit(state, ctx);
  if (key.name === 'up' || (!onReply && ch === BROWSE_CHARS.up)) {
    return done(setDraft(state, record.key, { ...draft, highlight: Math.max(0, draft.highlight - 1) }));
  }
  if (key.name === 'down' || (!onReply && ch === BROWSE_CHARS.down)) {
    return done(setDraft(state, record.key, { ...draft, highlight: Math.min(options.length, draft.highlight + 1) }));
  }
  if (key.name === 'enter') {
    if (!onReply) return send(state, ctx, record.key, { option: options[draft.highlight].id });
    const text = draft.reply.value;
    if (!text.trim()) return done({ ...state, hint: 'Type a reply first: Enter on an empty Reply sends nothing.' });
    return send(state, ctx, record.key, { text });
  }
  if (!onReply) {
    if (ch === BROWSE_CHARS.quit) return quit(state, ctx);
    if (ch === BROWSE_CHARS.help) return done({ ...state, mode: 'help', returnMode: 'answer' });
    // Any other typing goes to the Reply row: you never type into an option.
    if (key.name === 'char') {
      return done(setDraft(state, record.key, { ...draft, highlight: options.length, reply: editLine(draft.reply, key) }));
    }
    return done(state);
  }
  const reply = editLine(draft.reply, key);
  if (reply === draft.reply) return done(state);
  return done(setDraft(state, record.key, { ...draft, reply }));
}

function lockHint(lock: string): string {
  switch (lock) {
    case 'sending':
      return 'Sending: wait for the agent to acknowledge.';
    case 'accepted':
      return 'Accepted: waiting for the agent to record the outcome.';
    case 'ack-timeout':
      return 'No acknowledgement: press r to resend the same command.';
    case 'informational':
      return 'Informational: this request is answered in the agent\'s own UI.';
    case 'history':
      return 'History from a file: it can be read, not answered.';
    case 'answered-elsewhere':
      return 'Already answered: waiting for the agent to resolve it.';
    default:
      return 'This request is closed.';
  }
}
