import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';
import { displayLine } from '../../protocol/sanitize.js';
import { clipboardText } from '../clipboard.js';
import type { RequestRecord } from '../../store/types.js';
import { runBinding, type Controller } from '../binding.js';
import { fit } from '../text/wrap.js';
import type { KeyPress } from '../keys.js';
import { pushUndo } from './snooze.js';
import { modalOf, popModal, pushModal, type Effect, type InboxState, type ModalOf } from './state.js';

// The two keys about a request's identity rather than its answer: `y`
// copies its id (the footer says which), `d` hides it from this console
// after a y/n (the history records it; `--file` and `list` still show it).

type KeyResult = { state: InboxState; effects: Effect[] };

/** y: the id goes to the clipboard (as clipboard.ts allows), and the footer says what was copied, quoted or refused. */
export function copyId(state: InboxState, record: RequestRecord | undefined): KeyResult {
  if (!record) return { state: { ...state, notice: 'No request selected: nothing to copy.' }, effects: [] };
  const copied = clipboardText(record.id);
  if (!copied.ok) return { state: { ...state, notice: `Nothing copied: the id ${copied.why}.` }, effects: [] };
  const notice = copied.quoted
    ? `copied ${displayLine(copied.text, 80)} (single-quoted for a shell)`
    : `copied ${displayLine(copied.text, 80)}`;
  return { state: { ...state, notice }, effects: [{ type: 'copy', text: record.id }] };
}

/** d: asks first (nothing is hidden without y). */
export function askHide(state: InboxState, record: RequestRecord | undefined): KeyResult {
  if (!record) return { state: { ...state, notice: 'No request selected.' }, effects: [] };
  const label = `${displayLine(record.agent, 30)}: ${fit(displayLine(record.payload.prompt, 200), 40)}`;
  return { state: { ...pushModal(state, { kind: 'hide', key: record.key, label }), notice: undefined }, effects: [] };
}

type HidePress = { state: InboxState; ask: ModalOf<'hide'> };

/** At "Hide this request from this console? y/n": y hides it, any other key keeps it. */
export const HIDE_PROMPT_KEYS: Controller<'hidePrompt', HidePress, KeyResult> = {
  scope: 'hidePrompt',
  keys: { confirm: ['y', 'Y'] },
  refuse: ({ state }) => ({ state, effects: [] }),
  bindings: [
    {
      on: ['confirm'],
      does: 'hide the request from this console (any other key: keep it)',
      run: ({ state, ask }) => {
        const hidden = new Set(state.hidden).add(ask.key);
        const tagged = new Set(state.tagged);
        tagged.delete(ask.key);
        const undo = pushUndo(state, { kind: 'hide', key: ask.key, label: ask.label });
        return {
          state: {
            ...popModal(state),
            hidden,
            tagged,
            undo,
            notice: withKeys(
              'browse',
              'Hidden from this console (the history records it; list and --file still show it); {undo} undoes.',
            ),
          },
          effects: [{ type: 'hide', key: ask.key }],
        };
      },
    },
  ],
};

/** The answer to "Hide …? y/n": y hides it, any other key keeps it. */
export function hidePromptKey(state: InboxState, key: KeyPress): KeyResult {
  const ask = modalOf(state, 'hide');
  if (!ask) return { state, effects: [] };
  return (
    runBinding(HIDE_PROMPT_KEYS, key, { state, ask }) ?? {
      state: { ...popModal(state), notice: 'Kept: nothing hidden.' },
      effects: [],
    }
  );
}

/** The footer's question while d waits for y/n. */
export function hideQuestion(state: InboxState): string | undefined {
  // The question and its keys first: a narrow footer cuts the request's words, not the answer keys.
  const ask = modalOf(state, 'hide');
  return ask
    ? `${withKeys('hidePrompt', 'Hide this request from this console? {confirm} hides')} ` +
        `${glyphs().dot} any other key keeps it ${glyphs().dot} ${ask.label}`
    : undefined;
}
