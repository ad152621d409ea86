// The screen reader's cause: the open request's own cause in one sentence,
// through the same resolver as the detail, the history and the rules
// (cause-of.ts), and what the rules make of it.

import type { RequestRecord } from '../../store/types.js';
import { causeText } from '../inbox/cause-view.js';
import { causeOf } from '../cause-of.js';
import { ruleRowText } from '../rules/rule-state.js';
import type { UiModel } from '../model.js';

export function causeSentences(model: UiModel, record: RequestRecord): string[] {
  const text = causeText(record, causeOf(model, record));
  const rule = ruleRowText(model.rules, record);
  return [...(text ? [`Cause: ${text}`] : []), ...(rule ? [`${rule.charAt(0).toUpperCase()}${rule.slice(1)}.`] : [])];
}

/** The open request's sentences with its cause said right after what it asks. */
export function withCause(sentences: string[], model: UiModel, record: RequestRecord): string[] {
  const cause = causeSentences(model, record);
  return cause.length ? [...sentences.slice(0, 1), ...cause, ...sentences.slice(1)] : sentences;
}
