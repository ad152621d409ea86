import type { Answer } from '../../protocol/types.js';
import type { Effect, Step } from '../effect.js';
import type { ControlRequest } from '../../protocol/control.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import type { RuleScope } from '../../store/rule-scopes.js';
import type { Rule } from '../../protocol/rules.js';
import { isFromFile } from '../../store/file-relay.js';
import type { Refusal } from '../../store/ledger.js';
import { ANSWER_STATES, answerState, type AnswerState } from '../../store/answer/index.js';
import { say } from '../words/answer-say.js';
import { emptyEditor, type EditorState } from '../text/editor.js';
import type { FormDraft } from '../form/form-state.js';
import type { HistoryView } from '../history/history-state.js';
import type { RulesScreen } from '../rules/rules-screen-state.js';
import { firstKey } from '../key-labels.js';

/** The place the keys are in, under any question asked over it (Modal): a list, an open request, a batch, a view of its own. */
export type Mode = 'browse' | 'answer' | 'batch' | 'filter' | 'timeline' | 'history' | 'rules';

/** What the operator has typed or highlighted for one request, kept across Esc. */
export interface Draft {
  reply: EditorState;
  /** Highlighted control: option index, or options.length for the Reply row. */
  highlight: number;
  /** Tab on the Reply row: every key is text (digits too) until Enter, Esc or a move off the row. */
  literal?: boolean;
  form?: FormDraft;
}

/**
 * A question asked over what the screen shows (lazygit's context stack):
 * pushed by the key that asks it, popped by its answer; the keys go to the
 * top one (the place records, places/registry.ts), never to what is under
 * it. Each kind and what it carries; a new question's own file may add its
 * kind (`declare module '…/inbox/state.js' { interface Questions { … } }`).
 */
export interface Questions {
  /** `A`: "Let the rules answer what they match (AUTO)?" waits for y/n. */
  auto: object;
  /** `d`: "Hide this request from this console?" waits for y/n, pinned to the request it was asked on. */
  hide: { key: string; label: string };
  /** `a` on an option: "Always answer like this?", and which scope (0-3) the rule would cover. */
  always: { key: string; option: string; index: number };
  /** `?`: the help overlay over the place it was opened from, and its first row shown (it scrolls on small terminals). */
  help: { scroll: number };
  /** q with something to lose: "Quit? …" names what would be lost, counted when q was pressed. */
  quit: { loses: { drafts: number; inFlight: number } };
  /** A batch's Enter: `Send "…" to N requests? y/n`, the answer and the marked requests it was asked for. */
  batchConfirm: { answer: Answer; label: string; keys: string[] };
  /** x / X / p: cancel, pause or resume awaiting y/n, pinned to the request it was asked on; `reason` while one is typed (Tab). */
  control: { key: string; request: ControlRequest; reason?: EditorState };
}

export type Modal = { [K in keyof Questions]: { kind: K } & Questions[K] }[keyof Questions];

export type ModalOf<K extends Modal['kind']> = Extract<Modal, { kind: K }>;

/** The question on top, if it is a `kind` one. */
export function modalOf<K extends Modal['kind']>(state: Pick<InboxState, 'modals'>, kind: K): ModalOf<K> | undefined {
  const top = state.modals[state.modals.length - 1];
  return top?.kind === kind ? (top as ModalOf<K>) : undefined;
}

/** A question asked: on top of the stack. */
export function pushModal(state: InboxState, modal: Modal): InboxState {
  return { ...state, modals: [...state.modals, modal] };
}

/** The question on top answered (or changed: `replaced` takes its place). */
export function popModal(state: InboxState, replaced?: Modal): InboxState {
  const rest = state.modals.slice(0, -1);
  return { ...state, modals: replaced ? [...rest, replaced] : rest };
}

/** One snoozed request: when it comes back, the record as it was snoozed (any change brings it back sooner), and its words. */
export interface Snoozed {
  until: number;
  record: RequestRecord;
  label: string;
}

export interface InboxState {
  mode: Mode;
  /** Requests marked for a batch answer (Space, `*`), by key. */
  tagged: ReadonlySet<string>;
  /** The batch answer being composed: highlighted option (or Reply) and the reply text (its y/n is a Modal). */
  batch: { highlight: number; reply: EditorState; literal?: boolean };
  /** A one-shot note in the footer (why a key did nothing, what was just sent). */
  notice?: string;
  /** The list selection, by request key, so reordering never moves it. */
  selectedKey?: string;
  selectedIndex: number;
  /** The operator moved the selection (before that, a start-up replay may still reorder the first row). */
  selectionTouched: boolean;
  /** The selection was left in Recent because the last open request closed under it: the next new request takes it. */
  parked?: boolean;
  /** Where the open request stood in Pending when it closed under the operator (Esc lands on its neighbour there). */
  closedAt?: number;
  /** The request pinned in answer mode. Answers only ever go to this key. */
  openKey?: string;
  filterEditor: EditorState;
  filter: string;
  drafts: Record<string, Draft>;
  detailScroll: number;
  /** A send waiting for a second Enter because the session has no single live claimant. */
  pendingConfirm?: { key: string; answer: Answer; warning: string };
  /** The questions asked over the screen, the newest on top (Modal): while one is up, every key is its answer. */
  modals: readonly Modal[];
  /** Requests hidden from this console (d): never listed, never counted. */
  hidden: ReadonlySet<string>;
  /** Requests set aside for now (z): in the Snoozed group until `until`, or until the request changes (snooze.ts). */
  snoozed: ReadonlyMap<string, Snoozed>;
  /** What Z undoes, the newest last: the snoozes and hides of this run. */
  undo: readonly { kind: 'snooze' | 'hide'; key: string; label: string }[];
  /** A one-shot hint shown under the controls (e.g. why Enter did nothing). */
  hint?: string;
  /** The request whose session timeline is shown (t), and its first row shown (-1: the newest at the bottom). */
  timeline?: { key: string; start: number; maxStart?: number };
  /** The decision history (H), as read when it was opened. */
  history?: HistoryView;
  /** The rules screen (list.rules): its selection, and the history read for the rules' counts. */
  rulesScreen?: RulesScreen;
}

export const initialInbox: InboxState = {
  mode: 'browse',
  tagged: new Set(),
  hidden: new Set(),
  snoozed: new Map(),
  undo: [],
  modals: [],
  batch: { highlight: 0, reply: emptyEditor },
  selectedIndex: 0,
  selectionTouched: false,
  filterEditor: emptyEditor,
  filter: '',
  drafts: {},
  detailScroll: 0,
};

export type { Effect, Step } from '../effect.js';

/** What a key leaves: the inbox, the effects to perform, and what it asks of the model beyond the inbox (Step). */
export interface KeyResult {
  state: InboxState;
  effects: Effect[];
  steps?: Step[];
}

/** A key's result: the inbox, and any effects. */
export const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

export interface KeyContext {
  /** The list as shown (filtered, ordered). */
  list: RequestRecord[];
  /** The record behind `openKey`, if still known. */
  open?: RequestRecord;
  /** The console's latest command for the open request. */
  openCommand?: OwnCommand;
  /** Live claimants of the open request's session (undefined = no roster). */
  claimants?: number;
  /** Rows a page move jumps. */
  pageSize: number;
  /** The console's clock, as of this key. */
  now: number;
  /** What quitting would lose: unsent drafts and commands in flight. */
  unsentWork: () => { drafts: number; inFlight: number };
  /** Whether a request can take an answer from the list now (open, not a form or informational, nothing in flight). */
  answerable: (record: RequestRecord) => boolean;
  /** The records marked for a batch, in list order, that can still take an answer. */
  tagged: RequestRecord[];
  /** The console's latest command for a request. */
  commandFor: (key: string) => OwnCommand | undefined;
  /** The command types a request's session accepts (roster), undefined when unknown; and whether it is paused. */
  session?: (record: RequestRecord) => { accepts?: string[]; paused: boolean };
  /** Rules loaded (--rules): whether they answer (AUTO), and the option one suggests for a request. */
  rules?: { auto: boolean; suggest: (record: RequestRecord) => string | undefined };
  /** Every rule in force, in order, as the rules screen lists them; `inFile`: read from the rules file (else made here). */
  ruleList?: readonly { rule: Rule; inFile: boolean }[];
  /** The scopes `a` offers for a request answered with an option. */
  scopes?: (record: RequestRecord, option: string) => RuleScope[];
  /** The answer ledger (store/ledger.ts): why no answer may be sent for a request now (undefined: it may). */
  refusal?: (record: RequestRecord) => Refusal | undefined;
  /** The gate at the wire for a session command (cancel, pause, resume) about a request (ledger.ts gateRefusal 'control'). */
  controlRefusal?: (record: RequestRecord) => Refusal | undefined;
}

/**
 * Whether the open request can take an answer now (`none`), and if not, why:
 * the request's own state (closed, answered elsewhere, informational, read
 * from a file), or the state of our answer to it (store/answer/:
 * on its way, accepted, held at the gate, unacknowledged).
 */
export type Lock =
  | 'none'
  | 'terminal'
  | 'answered-elsewhere'
  | 'informational'
  | 'history'
  | Extract<AnswerState, 'waiting' | 'queued' | 'sent' | 'accepted' | 'held' | 'timed out'>;

/** Whether the open request can take an answer now, and if not, why. */
export function answerLock(record: RequestRecord | undefined, command: OwnCommand | undefined): Lock {
  if (!record) return 'terminal';
  if (record.state === 'resolved' || record.state === 'timeout' || record.state === 'stale') return 'terminal';
  // Read from a file (--file): nobody is behind it to take an answer.
  if (isFromFile(record)) return 'history';
  if (record.informational) return 'informational';
  const state = answerState(command);
  if (state === 'waiting' || state === 'queued' || state === 'sent' || state === 'accepted' || state === 'held')
    return state;
  if (record.state === 'answered') return 'answered-elsewhere';
  if (state === 'timed out') return state;
  return 'none';
}

/** An answer of ours on its way (waiting at the gate, queued or sent). */
export function isOnItsWay(lock: Lock): lock is 'waiting' | 'queued' | 'sent' {
  return lock === 'waiting' || lock === 'queued' || lock === 'sent';
}

/** The first key of a locked request's action, as bound now (a rebinding changes the words). */
export function lockedKey(action: 'resend' | 'drop'): string {
  return firstKey('locked', action);
}

/** Why the open request takes no answer now, as the hint under its controls says it. */
export function lockHint(lock: Lock): string {
  switch (lock) {
    case 'informational':
      return "Informational: this request is answered in the agent's own UI.";
    case 'history':
      return 'History from a file: it can be read, not answered.';
    case 'answered-elsewhere':
      return 'Already answered: waiting for the agent to resolve it.';
    case 'none':
    case 'terminal':
      return 'This request is closed.';
    default:
      return ANSWER_STATES[lock].lock?.(say()) ?? 'This request is closed.';
  }
}

export function draftFor(state: InboxState, record: RequestRecord): Draft {
  return state.drafts[record.key] ?? { reply: emptyEditor, highlight: record.payload.options.length };
}

/**
 * Whether no answer of ours stands for the request: none was made, or the
 * gate refused it on its first send or it was dropped while held (then what
 * the operator typed is a draft again, counted and marked as one).
 */
export function noAnswerStands(command: OwnCommand | undefined): boolean {
  return (
    command === undefined || (command.state === 'not-sent' && (command.code === 'gate' || command.code === 'dropped'))
  );
}

export function isUnsent(draft: Draft | undefined): boolean {
  return draft !== undefined && (draft.reply.value.trim() !== '' || draft.form?.dirty === true);
}

/**
 * The filter as k9s, lazygit and fzf read it: words separated by spaces must
 * all match, case-insensitive, each against the agent, session, host, kind,
 * severity or prompt.
 */
export function matchesFilter(record: RequestRecord, filter: string): boolean {
  const words = filterWords(filter);
  if (words.length === 0) return true;
  const fields = [
    record.agent,
    record.session,
    record.host,
    record.payload.kind,
    record.severity,
    record.payload.prompt,
  ].map((f) => f.toLowerCase());
  return words.every((word) => fields.some((field) => field.includes(word)));
}

const wordsCache = new Map<string, string[]>();

function filterWords(filter: string): string[] {
  let words = wordsCache.get(filter);
  if (!words) {
    words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    if (wordsCache.size > 64) wordsCache.clear();
    wordsCache.set(filter, words);
  }
  return words;
}
