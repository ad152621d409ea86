import { editorSegments } from '../widgets/line-editor.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { answerLock, draftFor, modalOf, type InboxState, type Lock, type ModalOf } from './state.js';
import { mainPlace } from '../places/stack.js';
import type { EditorState } from '../text/editor.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { commonOptions } from './batch.js';
import { isFillableForm } from './detail-view.js';
import { browseHints, choiceHints, digitRange, formHints, hintsFor, hintsWithout } from '../key-rows.js';
import { DIGIT_OPTIONS, batchRows, fieldChoices, requestRows, type ChoiceRows } from './digits.js';
import { editsText, initialFormDraft } from '../form/form-state.js';
import { displayLine } from '../../protocol/sanitize.js';
import { hideQuestion } from './id-keys.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The quit prompt names what quitting would lose. */
function quitQuestion(loses: { drafts: number; inFlight: number }): string {
  // A saved answer in flight is the outbox's: it is kept and sent on the next start, not lost.
  const kept = loses.inFlight ? `${plural(loses.inFlight, 'answer', 'answers')} in flight: kept, sent next start` : '';
  const lost = loses.drafts ? `${plural(loses.drafts, 'unsent draft', 'unsent drafts')} would be lost` : '';
  return (
    `Quit? ${[lost, kept].filter(Boolean).join('; ')} ${glyphs().dot} ` +
    `${withKeys('quitPrompt', '{confirm}')} quits ${glyphs().dot} any other key stays`
  );
}

/**
 * What the digits name on screen now, for the footer: the rows of the open
 * request or the batch (digits.ts), the options of the request selected in
 * the list, and those every marked request shares.
 */
export interface FooterDigits {
  rows?: ChoiceRows;
  selected?: number;
  shared?: number;
  /** An open form on a select field: how many choices the digits pick there (none while its `Other…` row is typed in). */
  choices?: number;
  /** An open form whose active field has a default: form.takeDefault is offered. */
  fieldDefault?: boolean;
  /** An open form whose active row toggles (a yes/no, or a choice of a select): form.toggle is offered. */
  toggles?: boolean;
}

/** What the digits name now (FooterDigits), from the inbox and the store as the view reads it. */
export function footerDigits(
  state: InboxState,
  store: { request(key: string): RequestRecord | undefined; lastCommandFor(key: string): OwnCommand | undefined },
  selected: RequestRecord | undefined,
  open: RequestRecord | undefined,
  lock: Lock | undefined,
): FooterDigits {
  const marked = state.tagged.size ? [...state.tagged].flatMap((key) => store.request(key) ?? []) : [];
  const shared = marked.length ? commonOptions(marked).length : undefined;
  // What the main place's footer names (a question over it draws its own).
  const place = mainPlace(state);
  if (place === 'batch') return { rows: batchRows(state.batch, shared ?? 0), shared };
  if (place === 'answer' && open && lock === 'none' && !isFillableForm(open))
    return { rows: requestRows(open, draftFor(state, open)) };
  if (place === 'answer' && open && lock === 'none') {
    const form = draftFor(state, open).form ?? initialFormDraft();
    const field = open.payload.fields[form.active];
    const typed = editsText(open.payload.fields, form);
    return {
      choices: field && !typed ? fieldChoices(field) : 0,
      fieldDefault: field?.default !== undefined,
      // Not on a text field, an `Other…` row being typed in, or Submit (no field): Space is text or nothing there.
      toggles: field !== undefined && !typed && (field.type === 'boolean' || fieldChoices(field) > 0),
    };
  }
  // A digit in the list highlights an option only of a request that takes an answer now (browse-keys.ts open).
  const picks =
    selected !== undefined &&
    !isFillableForm(selected) &&
    answerLock(selected, store.lastCommandFor(selected.key)) === 'none';
  return { selected: picks ? selected.payload.options.length : 0, shared };
}

type Hints = (text: string) => Line;

/** Key hints in `width`, dim, after the one-shot notice if there is one. */
export function hintsAfterNotice(state: InboxState, width: number): Hints {
  return (text) => {
    // A one-shot notice (why a key did nothing, what was just sent) goes first.
    if (state.notice)
      return [
        seg(fit(`${displayLine(state.notice, 200)}  `, width), { color: 'yellow' }),
        seg(fit(text, Math.max(0, width - displayLine(state.notice, 200).length - 2)), { dim: true }),
      ];
    return [seg(fit(text, width), { dim: true })];
  };
}

/** What every place's footer is drawn from: the state, the width, the open request's shape, and what the digits name. */
export interface FooterInput {
  state: InboxState;
  width: number;
  lock: Lock | undefined;
  form: boolean;
  /** The control question's words (x, X, p), when one is asked. */
  question?: string;
  digits: FooterDigits;
  /** --read-only: keys that would send are not offered. */
  readOnly?: boolean;
  /** Key hints in the width, after the one-shot notice. */
  hints: Hints;
  /** The footer of the place under a question drawn over it. */
  under: () => Line;
}

/** The filter being typed, with its keys. */
function filterLine(editor: EditorState, width: number): Line {
  return [
    seg(`${withKeys('browse', '{filter}')} filter: `, { bold: true }),
    ...editorSegments(editor, width - 30, true),
    seg(`  ${hintsFor('filter')}`, { dim: true }),
  ];
}

const questionLine = (text: string, width: number): Line => [seg(fit(text, width), { color: 'red', bold: true })];

/** Each place's footer, by the place's name (places/registry.ts names the one each place draws). */
export const FOOTERS = {
  filter: ({ state, width }: FooterInput): Line => filterLine(state.filterEditor, width),
  timeline: ({ hints }: FooterInput): Line => hints(hintsFor('timeline')),
  history: ({ state, width, hints }: FooterInput): Line =>
    state.history?.filtering ? filterLine(state.history.filterEditor, width) : hints(hintsFor('history')),
  decision: ({ hints }: FooterInput): Line => hints(hintsFor('decision')),
  browse: ({ state, digits, hints }: FooterInput): Line => browseLine(state, digits, hints),
  // --read-only: the keys that would send (or save a rule) are refused there, so not offered.
  batch: ({ digits, hints, readOnly }: FooterInput): Line =>
    hints(choiceHints('batch', digits.rows, readOnly ? ['send'] : [])),
  answer: ({ digits, hints, readOnly }: FooterInput): Line =>
    hints(choiceHints('answer', digits.rows, readOnly ? ['send', 'always'] : [])),
  form: ({ digits, hints }: FooterInput): Line =>
    hints(formHints(digits.choices ?? 0, digits.fieldDefault === true, digits.toggles === true)),
  // Resend applies only after an ack timeout or to a held answer, drop only to a held one: not offered otherwise.
  locked: ({ lock, hints, readOnly }: FooterInput): Line =>
    hints(
      hintsWithout(
        'locked',
        readOnly || (lock !== 'held' && lock !== 'timed out')
          ? ['resend', 'drop']
          : lock === 'timed out'
            ? ['drop']
            : [],
      ),
    ),
  quitPrompt: ({ state, width }: FooterInput): Line => {
    const top = state.modals[state.modals.length - 1];
    return questionLine(top?.kind === 'quit' ? quitQuestion(top.loses) : '', width);
  },
  batchConfirm: ({ state, width }: FooterInput): Line => {
    const top = state.modals[state.modals.length - 1];
    const keys = top?.kind === 'batchConfirm' ? top.keys.length : 0;
    const label = top?.kind === 'batchConfirm' ? top.label : '';
    return questionLine(
      `Send "${label}" to ${plural(keys, 'request', 'requests')}? ${withKeys('batchConfirm', '{confirm}')}/n`,
      width,
    );
  },
  help: ({ width }: FooterInput): Line => [seg(fit(hintsFor('help'), width), { dim: true })],
  // The question's own keys: the answer view's (`a always`, `Enter send`) do not act under it.
  always: ({ hints }: FooterInput): Line => hints(hintsFor('always')),
  control: ({ state, width, question }: FooterInput): Line => {
    const top = modalOf(state, 'control');
    return top ? controlQuestion(top, width, question) : [];
  },
  reason: ({ state, width, question }: FooterInput): Line => {
    const top = modalOf(state, 'control');
    return top ? controlQuestion(top, width, question) : [];
  },
  hidePrompt: ({ state, width }: FooterInput): Line => questionLine(hideQuestion(state) ?? '', width),
  // A's question is the notice over the list's keys.
  autoPrompt: ({ under }: FooterInput): Line => under(),
} as const;

/** The cancel / pause / resume question, or its reason being typed. */
function controlQuestion(top: ModalOf<'control'>, width: number, question?: string): Line {
  if (top.reason)
    return [
      seg('Reason: ', { bold: true }),
      ...editorSegments(top.reason, Math.max(10, width - 40), true),
      seg(fit(withKeys('reason', `  {send} sends ${glyphs().dot} {back} keeps it running`), 36), { dim: true }),
    ];
  const tab = top.request.verb === 'cancel' ? ` ${glyphs().dot} ${withKeys('control', '{reason}')} reason` : '';
  // Saying no to a resume leaves the session as it is: paused.
  const keeps = top.request.verb === 'resume' ? 'paused' : 'running';
  const no = withKeys('control', '{back/}');
  return [seg(fit(`${question ?? 'Send?'} (${no} keeps it ${keeps}${tab})`, width), { color: 'red', bold: true })];
}

/** The list's keys: what marked requests take, that Esc clears the filter, then the browse keys. */
function browseLine(state: InboxState, digits: FooterDigits, hints: Hints): Line {
  const range = digits.shared === undefined ? digitRange('browse', DIGIT_OPTIONS) : digitRange('browse', digits.shared);
  const marks = state.tagged.size
    ? withKeys(
        'browse',
        `${state.tagged.size} marked: ` +
          `${range ? `{open}/${range} answer them` : '{open} answers them'} ${glyphs().dot} ` +
          `{clear} clears marks ${glyphs().dot} `,
      )
    : '';
  const filter = !marks && state.filter ? withKeys('browse', `{clear} clears the filter ${glyphs().dot} `) : '';
  return hints(`${marks}${filter}${browseHints(state.tagged.size ? digits.shared : digits.selected)}`);
}
