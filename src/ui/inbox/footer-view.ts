import { editorSegments } from '../widgets/line-editor.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { draftFor, placeOf, type InboxState, type Lock, type ModalOf } from './state.js';
import type { EditorState } from '../text/editor.js';
import type { RequestRecord } from '../../store/types.js';
import { commonOptions } from './batch.js';
import { isFillableForm } from './detail-view.js';
import { browseHints, choiceHints, digitRange, formHints, hintsFor, hintsWithout } from '../key-rows.js';
import { DIGIT_OPTIONS, batchRows, fieldChoices, requestRows, type ChoiceRows } from './digits.js';
import { editsText, initialFormDraft } from '../form/form-state.js';
import { displayLine } from '../../protocol/sanitize.js';
import { hideQuestion } from './id-keys.js';
import { glyphs } from '../glyphs.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The quit prompt names what quitting would lose. */
function quitQuestion(loses: { drafts: number; inFlight: number }): string {
  // A saved answer in flight is the outbox's: it is kept and sent on the next start, not lost.
  const kept = loses.inFlight ? `${plural(loses.inFlight, 'answer', 'answers')} in flight: kept, sent next start` : '';
  const lost = loses.drafts ? `${plural(loses.drafts, 'unsent draft', 'unsent drafts')} would be lost` : '';
  return `Quit? ${[lost, kept].filter(Boolean).join('; ')} ${glyphs().dot} y quits ${glyphs().dot} any other key stays`;
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
}

/** What the digits name now (FooterDigits), from the inbox and the store as the view reads it. */
export function footerDigits(
  state: InboxState,
  store: { request(key: string): RequestRecord | undefined },
  selected: RequestRecord | undefined,
  open: RequestRecord | undefined,
  lock: Lock | undefined,
): FooterDigits {
  const marked = state.tagged.size ? [...state.tagged].flatMap((key) => store.request(key) ?? []) : [];
  const shared = marked.length ? commonOptions(marked).length : undefined;
  const place = placeOf(state);
  if (place === 'batch') return { rows: batchRows(state.batch, shared ?? 0), shared };
  if (place === 'answer' && open && lock === 'none' && !isFillableForm(open))
    return { rows: requestRows(open, draftFor(state, open)) };
  if (place === 'answer' && open && lock === 'none') {
    const form = draftFor(state, open).form ?? initialFormDraft();
    const field = open.payload.fields[form.active];
    return {
      choices: field && !editsText(open.payload.fields, form) ? fieldChoices(field) : 0,
      fieldDefault: field?.default !== undefined,
    };
  }
  return { selected: selected?.payload.options.length, shared };
}

type Hints = (text: string) => Line;

/** Key hints in `width`, dim, after the one-shot notice if there is one. */
function hintsAfterNotice(state: InboxState, width: number): Hints {
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

/** The filter being typed, with its keys. */
function filterLine(editor: EditorState, width: number): Line {
  return [
    seg('/ filter: ', { bold: true }),
    ...editorSegments(editor, width - 30, true),
    seg(`  ${hintsFor('filter')}`, { dim: true }),
  ];
}

/** The cancel / pause / resume question, or its reason being typed. */
function controlQuestion(top: ModalOf<'control'>, width: number, question?: string): Line {
  if (top.reason)
    return [
      seg('Reason: ', { bold: true }),
      ...editorSegments(top.reason, Math.max(10, width - 40), true),
      seg(fit(`  Enter sends ${glyphs().dot} Esc keeps it running`, 36), { dim: true }),
    ];
  const tab = top.request.verb === 'cancel' ? ` ${glyphs().dot} Tab reason` : '';
  // Saying no to a resume leaves the session as it is: paused.
  const keeps = top.request.verb === 'resume' ? 'paused' : 'running';
  return [seg(fit(`${question ?? 'Send?'} (n/Esc keeps it ${keeps}${tab})`, width), { color: 'red', bold: true })];
}

/** A question or overlay on top (hide, quit, a batch, help, always, control) owns the row; undefined when none is up. */
function modalLine(state: InboxState, width: number, hints: Hints, question?: string): Line | undefined {
  const hide = hideQuestion(state);
  if (hide) return [seg(fit(hide, width), { color: 'red', bold: true })];
  const top = state.modals[state.modals.length - 1];
  switch (top?.kind) {
    case 'quit':
      return [seg(fit(quitQuestion(top.loses), width), { color: 'red', bold: true })];
    case 'batchConfirm':
      return [
        seg(fit(`Send "${top.label}" to ${plural(top.keys.length, 'request', 'requests')}? y/n`, width), {
          color: 'red',
          bold: true,
        }),
      ];
    case 'help':
      return [seg(fit(hintsFor('help'), width), { dim: true })];
    case 'always':
      // The question's own keys: the answer view's (`a always`, `Enter send`) do not act under it.
      return hints(hintsFor('always'));
    case 'control':
      return controlQuestion(top, width, question);
  }
  return undefined;
}

/** The list's keys: what marked requests take, that Esc clears the filter, then the browse keys. */
function browseLine(state: InboxState, digits: FooterDigits, hints: Hints): Line {
  const range = digits.shared === undefined ? digitRange('browse', DIGIT_OPTIONS) : digitRange('browse', digits.shared);
  const marks = state.tagged.size
    ? `${state.tagged.size} marked: ${range ? `Enter/${range} answer them` : 'Enter answers them'} ${glyphs().dot} Esc clears marks ${glyphs().dot} `
    : '';
  const filter = !marks && state.filter ? `Esc clears the filter ${glyphs().dot} ` : '';
  return hints(`${marks}${filter}${browseHints(state.tagged.size ? digits.shared : digits.selected)}`);
}

/** The open request's keys: locked, a form's, or its options'. */
function answerLine(lock: Lock | undefined, form: boolean, digits: FooterDigits, hints: Hints): Line {
  // Resend applies only after an ack timeout or to a held answer, drop only to a held one: not offered otherwise.
  if (lock === 'held') return hints(hintsFor('locked'));
  if (lock === 'ack-timeout') return hints(hintsWithout('locked', ['drop']));
  if (lock && lock !== 'none') return hints(hintsWithout('locked', ['resend', 'drop']));
  if (form) return hints(formHints(digits.choices ?? 0, digits.fieldDefault === true));
  return hints(digits.rows ? choiceHints('answer', digits.rows) : hintsFor('answer'));
}

/** The bottom row: what the keys do right now, the filter being typed, or a question. */
export function footerLine(
  state: InboxState,
  width: number,
  lock: Lock | undefined,
  form = false,
  question?: string,
  digits: FooterDigits = {},
): Line {
  const hints = hintsAfterNotice(state, width);
  const modal = modalLine(state, width, hints, question);
  if (modal) return modal;
  switch (state.mode) {
    case 'filter':
      return filterLine(state.filterEditor, width);
    case 'timeline':
      return hints(hintsFor('timeline'));
    case 'history': {
      const history = state.history;
      if (history?.filtering) return filterLine(history.filterEditor, width);
      return hints(hintsFor(history?.open !== undefined ? 'decision' : 'history'));
    }
    case 'browse':
      return browseLine(state, digits, hints);
    case 'batch':
      return hints(digits.rows ? choiceHints('batch', digits.rows) : hintsFor('batch'));
    case 'answer':
      return answerLine(lock, form, digits, hints);
  }
}
