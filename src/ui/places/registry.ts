import { shipBindings, type ActionOf, type Bindings, type Scope } from '../key-table.js';
import { firstKey } from '../key-labels.js';
import { shipRows, type RowSpec } from '../key-rows.js';
import { wordsOf } from '../binding.js';
import { BATCH_CONFIRM_KEYS, BATCH_KEYS, batchKey, confirmBatchKey } from '../inbox/batch-keys.js';
import { BROWSE_KEYS, browseKey } from '../inbox/browse-keys.js';
import { EDIT_KEYS } from '../text/editor.js';
import { ANSWER_KEYS, FORM_KEYS, answerKey } from '../inbox/answer-keys.js';
import { LOCKED_KEYS } from '../inbox/locked-keys.js';
import { FILTER_KEYS, HELP_KEYS, filterKey, helpKey } from '../inbox/help-keys.js';
import { CONTROL_KEYS, REASON_KEYS, confirmControlKey } from '../inbox/control-keys.js';
import { QUIT_PROMPT_KEYS } from '../inbox/quit.js';
import { HIDE_PROMPT_KEYS } from '../inbox/id-keys.js';
import { ALWAYS_KEYS, AUTO_PROMPT_KEYS, alwaysKey, autoPromptKey } from '../rules/rule-keys.js';
import { TIMELINE_KEYS } from '../inbox/timeline-keys.js';
import { DECISION_KEYS, HISTORY_KEYS } from '../history/history-keys.js';
import { modalOf } from '../inbox/state.js';
import { FOOTERS } from '../inbox/footer-view.js';
import { ANYWHERE_WORDS, type Place } from './place.js';

export type { Place, PlaceId } from './place.js';
import { batchTakesText, formTakesText, historyTakesText, replyTakesText } from '../inbox/typing.js';
import { quit, quitPromptKey } from '../inbox/quit.js';
import { hidePromptKey } from '../inbox/id-keys.js';
import { RULE_END_PLACE } from '../rules/rule-end.js';
import { RULES_PLACE } from '../rules/rules-screen.js';
import { RULE_DELETE_PLACE } from '../rules/rule-delete.js';
import { timelineKey } from '../inbox/timeline-keys.js';
import { historyModeKey } from '../inbox/history-mode.js';

// Every place the keys can be, one record each (lazygit's contexts): the
// name its actions carry in config.json and docs/keys.md (`request.resend`),
// what kind of place it is, its titles for help, the screen reader and the
// docs, and its bindings' words. The record type is keyed by Scope, so a
// place added to the binding table (key-table.ts) without a record here does
// not compile. A new question is its *-keys.ts file plus one record here.
// Handlers are called through arrows: the records and the handlers' files
// import one another, so none is read before every file has loaded.

/** What a question's no is written as: any key but its yes says no there, and n is the one people type. */
const NO = 'n';

const k = <S extends Scope>(scope: S, action: ActionOf<S>) => firstKey(scope, action);

/** Every place, in the order help lists them. */
export const PLACES: { [S in Scope]: Place<S> } = {
  browse: {
    id: 'list',
    kind: 'main',
    titles: { help: () => 'Browse (list)', spoken: 'In the list', table: 'list' },
    words: () => wordsOf(BROWSE_KEYS),
    keys: () => BROWSE_KEYS.keys,
    key: (state, press, ctx) => browseKey(state, press, ctx),
    footer: (input) => FOOTERS.browse(input),
  },
  answer: {
    id: 'request',
    kind: 'main',
    titles: { help: () => 'Answer (a request is open)', spoken: 'In an open request', table: 'open' },
    words: () => wordsOf(ANSWER_KEYS),
    keys: () => ANSWER_KEYS.keys,
    key: (state, press, ctx) => answerKey(state, press, ctx),
    takesText: (state, ctx) => replyTakesText(state, ctx),
    footer: (input) => FOOTERS.answer(input),
  },
  batch: {
    id: 'batch',
    kind: 'main',
    titles: {
      help: () => `Batch answer (requests marked with ${k('browse', 'tag')} or ${k('browse', 'tagAll')})`,
      spoken: 'In a batch answer',
      table: 'batch',
    },
    words: () => wordsOf(BATCH_KEYS),
    keys: () => BATCH_KEYS.keys,
    key: (state, press, ctx) => batchKey(state, press, ctx),
    takesText: (state, ctx) => batchTakesText(state, ctx),
    footer: (input) => FOOTERS.batch(input),
  },
  batchConfirm: {
    asks: (modal) => modal.kind === 'batchConfirm',
    id: 'batchConfirm',
    kind: 'question',
    titles: {
      help: () => `Batch answer, asking Send … to N requests? ${k('batchConfirm', 'confirm')}/${NO}`,
      spoken: "At a batch's question, Send to N requests",
      table: 'batch, asking',
    },
    words: () => wordsOf(BATCH_CONFIRM_KEYS),
    keys: () => BATCH_CONFIRM_KEYS.keys,
    key: (state, press, ctx) => confirmBatchKey(state, modalOf(state, 'batchConfirm')!, press, ctx),
    footer: (input) => FOOTERS.batchConfirm(input),
    asksBeforeSend: true,
  },
  form: {
    id: 'form',
    kind: 'main',
    titles: { help: () => 'Form (an open request is a form)', spoken: 'In a form', table: 'form' },
    words: () => wordsOf(FORM_KEYS),
    keys: () => FORM_KEYS.keys,
    key: (state, press, ctx) => answerKey(state, press, ctx),
    takesText: (state, ctx) => formTakesText(state, ctx),
    footer: (input) => FOOTERS.form(input),
  },
  locked: {
    id: 'request',
    kind: 'main',
    titles: {
      help: () => 'Sent or closed (the open request takes no answer now)',
      spoken: 'In a request that takes no answer now',
      table: 'open, answered',
    },
    words: () => wordsOf(LOCKED_KEYS),
    keys: () => LOCKED_KEYS.keys,
    key: (state, press, ctx) => answerKey(state, press, ctx),
    footer: (input) => FOOTERS.locked(input),
  },
  filter: {
    id: 'filter',
    kind: 'main',
    titles: {
      help: () => `Filter (typing after ${k('browse', 'filter')})`,
      spoken: 'While you type a filter',
      table: 'filter',
    },
    words: () => wordsOf(FILTER_KEYS),
    keys: () => FILTER_KEYS.keys,
    key: (state, press) => filterKey(state, press),
    takesText: () => true,
    footer: (input) => FOOTERS.filter(input),
  },
  control: {
    asks: (modal) => modal.kind === 'control' && modal.reason === undefined,
    id: 'control',
    kind: 'question',
    titles: {
      help: () =>
        `Cancel / pause (the ${k('control', 'confirm')}/${k('control', 'back')} question of ` +
        `${k('browse', 'cancelRun')}, ${k('browse', 'cancelSession')}, ${k('browse', 'pause')})`,
      spoken: 'At the cancel or pause question',
      table: 'cancel / pause',
    },
    words: () => wordsOf(CONTROL_KEYS),
    keys: () => CONTROL_KEYS.keys,
    key: (state, press) => confirmControlKey(state, modalOf(state, 'control')!, press),
    footer: (input) => FOOTERS.control(input),
    asksBeforeSend: true,
  },
  reason: {
    asks: (modal) => modal.kind === 'control' && modal.reason !== undefined,
    id: 'reason',
    kind: 'question',
    titles: {
      help: () => `Cancel reason (typing after ${k('control', 'reason')} at that question)`,
      spoken: 'While you type a cancel reason',
      table: 'cancel reason',
    },
    words: () => wordsOf(REASON_KEYS),
    keys: () => REASON_KEYS.keys,
    key: (state, press) => confirmControlKey(state, modalOf(state, 'control')!, press),
    takesText: () => true,
    footer: (input) => FOOTERS.reason(input),
    asksBeforeSend: true,
  },
  quitPrompt: {
    asks: (modal) => modal.kind === 'quit',
    id: 'quit',
    kind: 'question',
    titles: {
      help: () => 'Quit, asking (something would be lost)',
      spoken: 'At the quit question',
      table: 'quit, asking',
    },
    words: () => wordsOf(QUIT_PROMPT_KEYS),
    keys: () => QUIT_PROMPT_KEYS.keys,
    key: (state, press) => quitPromptKey(state, press),
    footer: (input) => FOOTERS.quitPrompt(input),
  },
  hidePrompt: {
    asks: (modal) => modal.kind === 'hide',
    id: 'hide',
    kind: 'question',
    titles: {
      help: () =>
        `Hide, asking (${k('browse', 'hide')}: hide this request from this console? ${k('hidePrompt', 'confirm')}/${NO})`,
      spoken: 'At the hide question',
      table: 'hide, asking',
    },
    words: () => wordsOf(HIDE_PROMPT_KEYS),
    keys: () => HIDE_PROMPT_KEYS.keys,
    key: (state, press) => hidePromptKey(state, press),
    footer: (input) => FOOTERS.hidePrompt(input),
    asksBeforeSend: true,
    over: true,
  },

  always: {
    asks: (modal) => modal.kind === 'always',
    onlyOver: 'answer',
    id: 'always',
    kind: 'question',
    titles: {
      help: () => `Always answer like this? (${k('answer', 'always')} on an option)`,
      spoken: 'At the always answer question',
      table: 'always answer, asking',
    },
    words: () => wordsOf(ALWAYS_KEYS),
    keys: () => ALWAYS_KEYS.keys,
    key: (state, press, ctx) => alwaysKey(state, press, ctx),
    footer: (input) => FOOTERS.always(input),
    asksBeforeSend: true,
    over: true,
  },

  ruleEnd: RULE_END_PLACE,

  autoPrompt: {
    asks: (modal) => modal.kind === 'auto',
    id: 'auto',
    kind: 'question',
    titles: {
      help: () => `AUTO, asking (${k('browse', 'auto')}: let the rules answer? ${k('autoPrompt', 'confirm')}/${NO})`,
      spoken: 'At the AUTO question',
      table: 'AUTO, asking',
    },
    words: () => wordsOf(AUTO_PROMPT_KEYS),
    keys: () => AUTO_PROMPT_KEYS.keys,
    key: (state, press) => autoPromptKey(state, press),
    footer: (input) => FOOTERS.autoPrompt(input),
    asksBeforeSend: true,
    over: true,
  },
  timeline: {
    id: 'timeline',
    kind: 'main',
    titles: {
      help: () => `Timeline (${k('browse', 'timeline')}: a session's recent Events)`,
      spoken: 'In the timeline',
      table: 'timeline',
    },
    words: () => wordsOf(TIMELINE_KEYS),
    keys: () => TIMELINE_KEYS.keys,
    key: (state, press, ctx) => {
      const result = timelineKey(state, press, ctx.pageSize);
      return result === 'quit' ? quit(state, ctx) : result;
    },
    footer: (input) => FOOTERS.timeline(input),
  },
  history: {
    id: 'history',
    kind: 'main',
    titles: {
      help: () => `History (${k('browse', 'history')}: the decisions this console made, newest first)`,
      spoken: 'In the history',
      table: 'history',
    },
    words: () => wordsOf(HISTORY_KEYS),
    keys: () => HISTORY_KEYS.keys,
    key: (state, press, ctx) => historyModeKey(state, press, ctx),
    takesText: (state) => historyTakesText(state),
    footer: (input) => FOOTERS.history(input),
  },
  decision: {
    id: 'decision',
    kind: 'main',
    titles: {
      help: () => `One decision (${k('history', 'open')} in the history)`,
      spoken: 'In one decision of the history',
      table: 'one decision',
    },
    words: () => wordsOf(DECISION_KEYS),
    keys: () => DECISION_KEYS.keys,
    key: (state, press, ctx) => historyModeKey(state, press, ctx),
    takesText: (state) => historyTakesText(state),
    footer: (input) => FOOTERS.decision(input),
  },
  rules: RULES_PLACE,
  ruleDelete: RULE_DELETE_PLACE,
  help: {
    asks: (modal) => modal.kind === 'help',
    id: 'help',
    kind: 'overlay',
    titles: { help: () => 'Help (this overlay)', spoken: 'In this help', table: 'help' },
    words: () => wordsOf(HELP_KEYS),
    keys: () => HELP_KEYS.keys,
    key: (state, press, ctx) => helpKey(state, modalOf(state, 'help')!, press, ctx),
    footer: (input) => FOOTERS.help(input),
  },
  edit: {
    id: 'edit',
    kind: 'part',
    titles: {
      help: () => 'Every text row (Reply, text fields, Other…, the filter, a reason)',
      spoken: 'On any text row',
      table: 'any text row',
    },
    words: () => wordsOf(EDIT_KEYS),
    keys: () => EDIT_KEYS.keys,
    footer: () => [],
  },
  anywhere: {
    id: 'anywhere',
    kind: 'part',
    titles: { help: () => 'Anywhere', spoken: 'Anywhere, also while you type', table: 'anywhere' },
    words: () => ANYWHERE_WORDS,
    // Taken before any place sees them (app.tsx).
    keys: () => ({ redraw: ['ctrlL'] }),
    footer: () => [],
  },
};

// The shipped table is every place's own keys; help's rows are every place's words, in order.
shipBindings(() => Object.fromEntries(SCOPES.map((scope) => [scope, PLACES[scope].keys()])) as Bindings);
shipRows(() => SCOPES.flatMap((scope): readonly RowSpec[] => PLACES[scope].words() as readonly RowSpec[]));

/** Every place's scope, in help order. */
export const SCOPES = Object.keys(PLACES) as Scope[];
