// The screen reader's cause: the open request's own cause in one sentence,
// through the same resolver as the detail, the history and the rules
// (cause-of.ts), and what the rules make of it, in words: "Rule no prune
// suggests Deny."
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import { causeText } from '../inbox/cause-view.js';
import { causeOf } from '../cause-of.js';
import { causeEdit } from '../inbox/diff-view.js';
import { editSentence } from '../../protocol/edit-diff.js';
import { verdictFor } from '../rules/rule-state.js';
import type { UiModel } from '../model.js';

/** An option by the label the request gives it (its id where labels are withheld, or it has none). */
export function optionName(record: RequestRecord, id: string): string {
  const option = record.payload.options.find((o) => o.id === id);
  const withheld = record.capture === 'metadata' || record.capture === 'none';
  return displayLine(option && !withheld && option.label ? option.label : id, 60);
}

/** What the rules make of a request, as a sentence (undefined: no rule has a word for it). */
export function ruleSentence(model: UiModel, record: RequestRecord): string | undefined {
  const rules = model.rules;
  if (!rules) return undefined;
  const by = rules.answered.get(record.key);
  if (by !== undefined) return `Rule ${displayLine(by, 60)} answered it.`;
  const verdict = verdictFor(rules, record, model.now);
  switch (verdict.kind) {
    case 'answer':
      // AUTO: the rule sends it (unless the operator has the request open or a draft for it); else it only starts highlighted.
      return rules.auto
        ? `Rule ${displayLine(verdict.rule, 60)} answers ${optionName(record, verdict.option)} (AUTO).`
        : `Rule ${displayLine(verdict.rule, 60)} suggests ${optionName(record, verdict.option)}.`;
    case 'ask':
      return `Rule ${displayLine(verdict.rule, 60)} leaves it to you${askSaid(verdict.cause)}.`;
    case 'waiting':
      return 'The rules wait for its cause to be read.';
    case 'none':
      return undefined;
  }
}

/** Why a deny or ask leaves a request to the operator, said after "leaves it to you". */
function askSaid(cause: Extract<ReturnType<typeof verdictFor>, { kind: 'ask' }>['cause']): string {
  if (cause === 'withheld') return ': its command is withheld';
  if (cause === 'path-unreadable') return ': a path the edit touches cannot be read';
  if (cause === 'no-clock') return ': its end cannot be read without a clock';
  return cause ? ': its cause is not read' : '';
}

/** An edit cause in a sentence: "edit to src/app.ts: 3 lines removed, 12 added.", or that its diff is withheld. */
export function editSentenceOf(model: UiModel, record: RequestRecord): string | undefined {
  const edit = causeEdit(record, causeOf(model, record));
  if (edit?.state === 'diff') return `${editSentence(edit.diff)}.`;
  if (edit?.state === 'withheld') return `The edit's diff is withheld (capture ${edit.capture}).`;
  return undefined;
}

export function causeSentences(model: UiModel, record: RequestRecord): string[] {
  const text = causeText(record, causeOf(model, record));
  const edit = editSentenceOf(model, record);
  const rule = ruleSentence(model, record);
  return [...(text ? [`Cause: ${text}`] : []), ...(edit ? [edit] : []), ...(rule ? [rule] : [])];
}

/** Diff lines read aloud when the request is open, at most: the rest is counted. */
const SPOKEN_DIFF_LINES = 60;

/**
 * The edit's lines, read when the operator opens the request (the list says
 * only the counts): each file, then each line as removed, added or
 * unchanged, after everything the request asks, so options come first.
 */
export function editLineSentences(model: UiModel, record: RequestRecord): string[] {
  const edit = causeEdit(record, causeOf(model, record));
  if (edit?.state !== 'diff') return [];
  const said = edit.diff.lines.slice(0, SPOKEN_DIFF_LINES).map((line) => {
    if (line.kind === 'file') return `File ${line.path}${line.note ? ` (${line.note})` : ''}.`;
    if (line.kind === 'break') return `${line.text}.`;
    return `${line.mark === '-' ? 'Removed' : line.mark === '+' ? 'Added' : 'Unchanged'}: ${line.text}`;
  });
  const more = edit.diff.lines.length - said.length + edit.diff.hidden;
  return [
    'The edit, line by line:',
    ...said,
    ...(more > 0 ? [`${more} more ${more === 1 ? 'line' : 'lines'} of the diff not read; the detail shows them.`] : []),
  ];
}

/** The open request's sentences with its cause said right after what it asks, and an edit's lines last. */
export function withCause(sentences: string[], model: UiModel, record: RequestRecord): string[] {
  const cause = causeSentences(model, record);
  const lines = editLineSentences(model, record);
  return [...sentences.slice(0, 1), ...cause, ...sentences.slice(1), ...lines];
}
