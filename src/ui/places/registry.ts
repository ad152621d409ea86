import type { ActionOf, Scope } from '../key-table.js';
import { firstKey } from '../key-labels.js';
import { wordsOf, type BindingWords } from '../binding.js';
import { BATCH_CONFIRM_KEYS, BATCH_KEYS } from '../inbox/batch-keys.js';
import { BROWSE_KEYS } from '../inbox/browse-keys.js';
import { EDIT_KEYS } from '../text/editor.js';
import { ANSWER_KEYS, FORM_KEYS, LOCKED_KEYS } from '../inbox/answer-keys.js';
import { FILTER_KEYS, HELP_KEYS } from '../inbox/help-keys.js';
import { CONTROL_KEYS, REASON_KEYS } from '../inbox/control-keys.js';
import { QUIT_PROMPT_KEYS } from '../inbox/quit.js';
import { HIDE_PROMPT_KEYS } from '../inbox/id-keys.js';
import { ALWAYS_KEYS, AUTO_PROMPT_KEYS } from '../rules/rule-keys.js';
import { TIMELINE_KEYS } from '../inbox/timeline-keys.js';
import { DECISION_KEYS, HISTORY_KEYS } from '../history/history-keys.js';

// Every place the keys can be, one record each (lazygit's contexts): the
// name its actions carry in config.json and docs/keys.md (`request.resend`),
// what kind of place it is, its titles for help, the screen reader and the
// docs, and its bindings' words. The record type is keyed by Scope, so a
// place added to the binding table (key-table.ts) without a record here does
// not compile. A new question is its *-keys.ts file plus one record here.

/** The names of places in action ids (`PLACE.ACTION`), as the contract and config.json write them. */
export type PlaceId =
  | 'list'
  | 'request'
  | 'form'
  | 'batch'
  | 'batchConfirm'
  | 'filter'
  | 'control'
  | 'reason'
  | 'quit'
  | 'hide'
  | 'auto'
  | 'always'
  | 'timeline'
  | 'history'
  | 'decision'
  | 'help'
  | 'edit'
  | 'anywhere';

export interface Place<S extends Scope = Scope> {
  id: PlaceId;
  /**
   * main: a screen of its own (the list, an open request, the history);
   * overlay: drawn over one (help); question: asked over one, taking every
   * key until answered; part: keys that work inside the others (a text row,
   * anywhere).
   */
  kind: 'main' | 'overlay' | 'question' | 'part';
  titles: {
    /** The `?` overlay's heading over this place's keys. */
    help: () => string;
    /** How the screen reader begins a key's sentence: "In the list, j or Down: …". */
    spoken: string;
    /** docs/keys.md's "where" column. */
    table: string;
  };
  /** Its bindings' words in help order (binding.ts). */
  words: () => readonly BindingWords<S>[];
}

/** What a question's no is written as: any key but its yes says no there, and n is the one people type. */
const NO = 'n';

const k = <S extends Scope>(scope: S, action: ActionOf<S>) => firstKey(scope, action);

/** Words for keys that belong to no place's handler: app.tsx redraws, update.ts drops. */
const ANYWHERE_WORDS: readonly BindingWords<'anywhere'>[] = [
  {
    scope: 'anywhere',
    actions: ['redraw'],
    does: 'redraw the whole screen (whatever else wrote to the terminal is gone)',
  },
  {
    scope: 'anywhere',
    keys: 'keys after a send',
    does: 'keys that arrive in the same read as the key that sent (Enter, or y at a question) are dropped, and the footer counts them',
  },
];

/** Every place, in the order help lists them. */
export const PLACES: { [S in Scope]: Place<S> } = {
  browse: {
    id: 'list',
    kind: 'main',
    titles: { help: () => 'Browse (list)', spoken: 'In the list', table: 'list' },
    words: () => wordsOf(BROWSE_KEYS),
  },
  answer: {
    id: 'request',
    kind: 'main',
    titles: { help: () => 'Answer (a request is open)', spoken: 'In an open request', table: 'open' },
    words: () => wordsOf(ANSWER_KEYS),
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
  },
  batchConfirm: {
    id: 'batchConfirm',
    kind: 'question',
    titles: {
      help: () =>
        `Batch answer, asking Send … to N requests? ${k('batchConfirm', 'confirm')}/${NO}`,
      spoken: "At a batch's question, Send to N requests",
      table: 'batch, asking',
    },
    words: () => wordsOf(BATCH_CONFIRM_KEYS),
  },
  form: {
    id: 'form',
    kind: 'main',
    titles: { help: () => 'Form (an open request is a form)', spoken: 'In a form', table: 'form' },
    words: () => wordsOf(FORM_KEYS),
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
  },
  filter: {
    id: 'filter',
    kind: 'main',
    titles: { help: () => `Filter (typing after ${k('browse', 'filter')})`, spoken: 'While you type a filter', table: 'filter' },
    words: () => wordsOf(FILTER_KEYS),
  },
  control: {
    id: 'control',
    kind: 'question',
    titles: {
      help: () =>
        `Cancel / pause (the ${k('control', 'confirm')}/${k('control', 'back')} question of ${k('browse', 'cancelRun')}, ${k('browse', 'cancelSession')}, ${k('browse', 'pause')})`,
      spoken: 'At the cancel or pause question',
      table: 'cancel / pause',
    },
    words: () => wordsOf(CONTROL_KEYS),
  },
  reason: {
    id: 'reason',
    kind: 'question',
    titles: {
      help: () => `Cancel reason (typing after ${k('control', 'reason')} at that question)`,
      spoken: 'While you type a cancel reason',
      table: 'cancel reason',
    },
    words: () => wordsOf(REASON_KEYS),
  },
  quitPrompt: {
    id: 'quit',
    kind: 'question',
    titles: {
      help: () => 'Quit, asking (something would be lost)',
      spoken: 'At the quit question',
      table: 'quit, asking',
    },
    words: () => wordsOf(QUIT_PROMPT_KEYS),
  },
  hidePrompt: {
    id: 'hide',
    kind: 'question',
    titles: {
      help: () =>
        `Hide, asking (${k('browse', 'hide')}: hide this request from this console? ${k('hidePrompt', 'confirm')}/${NO})`,
      spoken: 'At the hide question',
      table: 'hide, asking',
    },
    words: () => wordsOf(HIDE_PROMPT_KEYS),
  },

  always: {
    id: 'always',
    kind: 'question',
    titles: {
      help: () => `Always answer like this? (${k('answer', 'always')} on an option)`,
      spoken: 'At the always answer question',
      table: 'always answer, asking',
    },
    words: () => wordsOf(ALWAYS_KEYS),
  },

  autoPrompt: {
    id: 'auto',
    kind: 'question',
    titles: {
      help: () =>
        `AUTO, asking (${k('browse', 'auto')}: let the rules answer? ${k('autoPrompt', 'confirm')}/${NO})`,
      spoken: 'At the AUTO question',
      table: 'AUTO, asking',
    },
    words: () => wordsOf(AUTO_PROMPT_KEYS),
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
  },
  help: {
    id: 'help',
    kind: 'overlay',
    titles: { help: () => 'Help (this overlay)', spoken: 'In this help', table: 'help' },
    words: () => wordsOf(HELP_KEYS),
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
  },
  anywhere: {
    id: 'anywhere',
    kind: 'part',
    titles: { help: () => 'Anywhere', spoken: 'Anywhere, also while you type', table: 'anywhere' },
    words: () => ANYWHERE_WORDS,
  },
};

/** Every place's scope, in help order. */
export const SCOPES = Object.keys(PLACES) as Scope[];

/** The scopes whose actions an id's place names (the open request is two: answering, and answered). */
export function scopesOfPlace(id: string): Scope[] {
  return SCOPES.filter((scope) => PLACES[scope].id === id);
}

/** An action's id as config.json and docs/keys.md write it. */
export function actionId(scope: Scope, action: string): string {
  return `${PLACES[scope].id}.${action}`;
}
