// What every key does in an open request: `answer` (options and a Reply
// row), `form` (its fields) or `locked` (sent, closed, informational,
// history: it takes no answer now, and says why). Each binding's keys
// (key-table.ts), handler, why it does nothing now and help words, in one
// place; help, the footer, the screen reader and docs/keys.md read the same
// objects (key-rows.ts).

import { DIGITS } from '../key-table.js';
import type { Answer } from '../../protocol/types.js';
import { initialFormDraft, reduceFormKey } from '../form/form-state.js';
import { isText, type KeyPress } from '../keys.js';
import { runBinding, type Controller } from '../binding.js';
import { withKeys } from '../key-labels.js';
import { editLine } from '../text/editor.js';
import { digitDoes, digitOf, requestRows } from './digits.js';
import { isFillableForm } from './detail-view.js';
import { openAlways } from '../rules/rule-keys.js';
import { formTakesText, picksNow, replyTakesText } from './typing.js';
import { back, copy, done, helpOrQuit, scroll, type KeyResult, type OpenPress } from './open-press.js';
import { LOCKED_KEYS, lockedWhy } from './locked-keys.js';
import { answerLock, draftFor, type Draft, type InboxState, type KeyContext } from './state.js';

function setDraft(state: InboxState, key: string, draft: Draft): InboxState {
  return { ...state, drafts: { ...state.drafts, [key]: draft }, pendingConfirm: undefined, hint: undefined };
}

/** Sends, unless the roster says it cannot be delivered: then warn and wait for a second Enter. */
function send(state: InboxState, ctx: KeyContext, key: string, answer: Answer): KeyResult {
  // The ledger first: an answer on its way, or a route another agent could take, refuses this one with words.
  // A route the console cannot prove yet ("unknown") is not refused here: the answer waits at the gate
  // for a read of the session, which sends it or refuses it (the detail says which).
  const ruled = ctx.open && ctx.refusal?.(ctx.open);
  const refused = ruled && ruled.code !== 'unknown' ? ruled : undefined;
  // A route refusal is said at length in the detail's warning (and by the screen reader): the hint only points to it.
  if (refused)
    return done({
      ...state,
      pendingConfirm: undefined,
      hint:
        refused.code === 'route' || refused.code === 'twin'
          ? 'Not sent: another agent shares this session name (the warning below says which).'
          : refused.why,
    });
  const confirmed =
    state.pendingConfirm &&
    state.pendingConfirm.key === key &&
    JSON.stringify(state.pendingConfirm.answer) === JSON.stringify(answer);
  // Two or more claimants never get this far (the ledger refuses the route); none is a warning a second Enter overrides.
  if (!confirmed && ctx.claimants === 0) {
    const warning = 'No agent is connected for this session right now: the relay will likely refuse with no-route.';
    return done({ ...state, pendingConfirm: { key, answer, warning }, hint: undefined });
  }
  return done({ ...state, pendingConfirm: undefined, hint: undefined }, { type: 'send', key, answer });
}

/** The highlight moved to another row; moving, or Enter, ends Tab's typing mode. */
const moved = ({ state, record, draft }: OpenPress, highlight: number): KeyResult =>
  done(setDraft(state, record.key, { ...draft, highlight, literal: false }));

/** A printable key (or any the bindings leave): text for the Reply row; typing on an option goes to it (you never type into an option). */
function typed({ state, press, record, draft }: OpenPress): KeyResult {
  const options = record.payload.options;
  if (draft.highlight < options.length) {
    return isText(press)
      ? done(setDraft(state, record.key, { ...draft, highlight: options.length, reply: editLine(draft.reply, press) }))
      : done(state);
  }
  const reply = editLine(draft.reply, press);
  return reply === draft.reply ? done(state) : done(setDraft(state, record.key, { ...draft, reply }));
}

function sendNow(c: OpenPress): KeyResult {
  const { state, ctx, record, draft } = c;
  const options = record.payload.options;
  if (draft.highlight < options.length) return send(state, ctx, record.key, { option: options[draft.highlight].id });
  const text = draft.reply.value;
  const ended = draft.literal ? setDraft(state, record.key, { ...draft, literal: false }) : state;
  if (!text.trim())
    return done({ ...ended, hint: withKeys('answer', 'Type a reply first: {send} on an empty Reply sends nothing.') });
  return send(ended, ctx, record.key, { text });
}

export const ANSWER_KEYS: Controller<'answer', OpenPress, KeyResult> = {
  scope: 'answer',
  keys: {
    up: ['up', 'k'],
    down: ['down', 'j'],
    pickOption: DIGITS,
    typeText: ['tab'],
    send: ['enter'],
    always: ['a'],
    copyId: ['y'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  refuse: ({ state }, why) => done({ ...state, hint: why }),
  bindings: [
    {
      on: ['up', 'down'],
      does: 'move between the options and the Reply row ({up:2}/{down:2} too, off the Reply row)',
      hint: '{up}/{down} choose',
      run: (c, action) =>
        moved(
          c,
          action === 'up'
            ? Math.max(0, c.draft.highlight - 1)
            : Math.min(c.record.payload.options.length, c.draft.highlight + 1),
        ),
    },
    {
      on: ['pickOption'],
      does:
        'highlight option N, on an empty Reply row too (nothing is sent until {send}); a digit ' +
        'is text where the request has no option N, once Reply holds text, and after {typeText}',
      // A digit names the option numbered on screen (on an empty Reply row too): it highlights it; only Enter sends.
      run: (c) => {
        const n = digitOf('answer', c.press)!;
        return digitDoes(requestRows(c.record, c.draft), n) === 'pick' ? moved(c, n - 1) : typed(c);
      },
    },
    {
      on: ['typeText'],
      does: 'go to the Reply row and make every key text, digits too, until {send} or {back}',
      run: ({ state, record, draft }) =>
        done(setDraft(state, record.key, { ...draft, highlight: record.payload.options.length, literal: true })),
    },
    {
      on: ['always'],
      does:
        'on an option: "Always answer like this?", a rule for this run, session, agent and ' +
        'tool, or agent, tool and command prefix (off the Reply row)',
      hint: '{always} always',
      run: (c) =>
        c.draft.highlight < c.record.payload.options.length
          ? openAlways(c.state, c.ctx, c.record.key, c.record.payload.options[c.draft.highlight].id)
          : typed(c),
    },
    {
      on: ['send'],
      does: 'on an option: send it; on Reply: send the text (an empty Reply sends nothing); then back to the list on the next open request',
      hint: '{send} send',
      run: sendNow,
    },
    {
      keys: 'typing',
      does:
        'edit the Reply row (from an option, typing moves to it; on an empty Reply row a digit ' +
        'picks option N instead); a paste goes in as text, its newlines as spaces, and sends nothing',
    },
    {
      on: ['pageUp', 'pageDown'],
      does: 'scroll a long prompt, cause or diff',
      hint: '{pageUp}/{pageDown} scroll',
      run: scroll,
    },
    { on: ['copyId'], does: "copy the request's id to the clipboard (off the Reply row)", run: copy },
    {
      on: ['back'],
      does: 'back to the list; what you typed stays as a draft',
      hint: '{back} back (keeps draft)',
      run: back,
    },
    { on: ['help', 'quit'], does: 'help / quit, where no text is being edited', hint: '{help} help', run: helpOrQuit },
  ],
};

/** A field key: the form's own editor (form-state.ts) reads it, and a submit sends the values. */
function formStep({ state, press, ctx, record, draft }: OpenPress): KeyResult {
  const step = reduceFormKey(record.payload.fields, draft.form ?? initialFormDraft(), press);
  const next = setDraft(state, record.key, { ...draft, form: step.draft });
  if (step.submit) return send(next, ctx, record.key, { values: step.submit });
  return done(next);
}

export const FORM_KEYS: Controller<'form', OpenPress, KeyResult> = {
  scope: 'form',
  keys: {
    nextField: ['tab'],
    prevField: ['backTab'],
    up: ['up'],
    down: ['down'],
    pickOption: DIGITS,
    next: ['enter'],
    toggle: ['space'],
    setYes: ['y', 'Y'],
    setNo: ['n', 'N'],
    unset: ['backspace'],
    // Not a printable key: a text field's default must be takeable while the field takes text.
    takeDefault: ['ctrlT'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  refuse: ({ state }, why) => done({ ...state, hint: why }),
  bindings: [
    {
      on: ['nextField', 'prevField'],
      does: 'next / previous field (Submit is the last stop)',
      hint: '{nextField}/{prevField} field',
      run: formStep,
    },
    {
      on: ['up', 'down'],
      does: 'move between choices of a select, or between fields',
      hint: '{up}/{down} choice',
      run: formStep,
    },
    {
      on: ['pickOption'],
      does:
        'in a select field: pick choice N, as the choices are numbered (a multi select: toggle ' +
        'it; the last number is Other…); in a text or number field a digit is text; nothing is ' +
        'sent until {next} on Submit',
      run: formStep,
    },
    {
      on: ['takeDefault'],
      does: "take the field's default, shown beside it (only where the request gives one); nothing is sent until Submit",
      hint: '{takeDefault} default',
      run: formStep,
    },
    {
      on: ['toggle'],
      does: 'toggle a boolean or a multi choice; pick a single choice',
      hint: '{toggle} toggle',
      run: formStep,
    },
    { on: ['setYes', 'setNo'], does: 'set a boolean field', run: formStep },
    { on: ['unset'], does: 'on an optional boolean field: leave it unset', run: formStep },
    {
      on: ['next'],
      does:
        'confirm the field and go to the next (a pick-one: only what was picked or moved to; ' +
        'nothing picked stays unpicked); on Submit: validate and send',
      hint: '{next} next/Submit',
      run: formStep,
    },
    { keys: 'typing', does: 'edit a text or number field, or an Other… row (a paste goes in as text)' },
    { on: ['pageUp', 'pageDown'], does: 'scroll a long prompt, cause or diff', run: scroll },
    { on: ['back'], does: 'back to the list; the filled-in values stay as a draft', hint: '{back} back', run: back },
    { on: ['help', 'quit'], does: 'help / quit, where no text is being edited', run: helpOrQuit },
  ],
};

/**
 * A request is open. Which keys mean what depends on what it can take now:
 * `locked` (sent, closed, informational, history), `form`, or `answer`. On a
 * text row every printable key is text: only named keys act there.
 */
export function answerKey(state: InboxState, press: KeyPress, ctx: KeyContext): KeyResult {
  const record = ctx.open;
  if (!record) return done({ ...state, mode: 'browse', openKey: undefined });
  const lock = answerLock(record, ctx.openCommand);
  const draft = draftFor(state, record);
  const form = lock === 'none' && isFillableForm(record);
  // On a text row a printable key is text, but for a digit that picks an option numbered on screen (digits.ts).
  const typing =
    isText(press) &&
    lock === 'none' &&
    (form ? formTakesText(state, ctx) : replyTakesText(state, ctx)) &&
    !(lock === 'none' && !form && picksNow(requestRows(record, draft), press));
  if (state.notice) state = { ...state, notice: undefined };
  const c: OpenPress = { state, press, ctx, record, lock, draft };
  if (lock !== 'none')
    return (typing ? undefined : runBinding(LOCKED_KEYS, press, c)) ?? LOCKED_KEYS.refuse(c, lockedWhy(c));
  if (form) return (typing ? undefined : runBinding(FORM_KEYS, press, c)) ?? formStep(c);
  return (typing ? undefined : runBinding(ANSWER_KEYS, press, c)) ?? typed(c);
}
