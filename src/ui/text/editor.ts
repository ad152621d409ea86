import { isText, type KeyPress } from '../keys.js';
import { runBinding, type Controller } from '../binding.js';
import { glyphs } from '../glyphs.js';
import { labelOf } from '../key-labels.js';

/** A one-line text editor's state: the value and the cursor (in code points). */
export interface EditorState {
  value: string;
  cursor: number;
}

export const emptyEditor: EditorState = { value: '', cursor: 0 };

export function editorOf(value: string): EditorState {
  return { value, cursor: [...value].length };
}

/** A press on a text row: the value as code points, and where the cursor stands in them. */
interface EditPress {
  state: EditorState;
  chars: string[];
  at: number;
}

const erase = ({ chars }: EditPress, from: number, count: number, cursor: number): EditorState => {
  chars.splice(from, count);
  return { value: chars.join(''), cursor };
};

/** The line editor's keys, on every text row (Reply, text and number fields, `Other…`, the filter, a reason). */
export const EDIT_KEYS: Controller<'edit', EditPress, EditorState> = {
  scope: 'edit',
  keys: {
    left: ['left'],
    right: ['right'],
    home: ['home', 'ctrlA'],
    end: ['end', 'ctrlE'],
    backspace: ['backspace'],
    deleteForward: ['deleteForward', 'ctrlD'],
    clearBefore: ['ctrlU'],
    deleteWord: ['ctrlW'],
  },
  refuse: ({ state }) => state,
  bindings: [
    {
      on: ['left', 'right'],
      does: 'move the cursor',
      run: ({ state, chars, at }, action) => ({
        ...state,
        cursor: action === 'left' ? Math.max(0, at - 1) : Math.min(chars.length, at + 1),
      }),
    },
    {
      on: ['home', 'end'],
      does: 'to the start / end of the text',
      run: ({ state, chars }, action) => ({ ...state, cursor: action === 'home' ? 0 : chars.length }),
    },
    {
      on: ['backspace', 'deleteForward'],
      does: `erase before / under the cursor (${labelOf('backspace')} is 0x7F or 0x08, whichever the terminal sends)`,
      run: (c, action) => {
        if (action === 'backspace') return c.at === 0 ? { ...c.state } : erase(c, c.at - 1, 1, c.at - 1);
        return c.at >= c.chars.length ? { ...c.state } : erase(c, c.at, 1, c.at);
      },
    },
    {
      on: ['clearBefore', 'deleteWord'],
      does: 'erase to the start of the text / the word before the cursor',
      run: (c, action) => {
        if (action === 'clearBefore') return { value: c.chars.slice(c.at).join(''), cursor: 0 };
        let start = c.at;
        while (start > 0 && c.chars[start - 1] === ' ') start--;
        while (start > 0 && c.chars[start - 1] !== ' ') start--;
        return erase(c, start, c.at - start, start);
      },
    },
  ],
};

/**
 * Applies one key to a line editor: printable keys and pastes insert their
 * text, the `edit` scope's keys move and erase. Returns the same object when
 * the key is not an editing key, so callers can tell "handled" from "not mine".
 */
export function editLine(state: EditorState, key: KeyPress): EditorState {
  const chars = [...state.value];
  const at = Math.min(state.cursor, chars.length);
  if (isText(key)) {
    const insert = [...key.text];
    if (insert.length === 0) return state;
    chars.splice(at, 0, ...insert);
    return { value: chars.join(''), cursor: at + insert.length };
  }
  return runBinding(EDIT_KEYS, key, { state, chars, at }) ?? state;
}

/**
 * The visible window of a long value: keeps the cursor on screen by scrolling
 * horizontally, so a pasted paragraph never grows the frame.
 */
export function editorWindow(state: EditorState, width: number): { before: string; cursorChar: string; after: string } {
  const chars = [...state.value];
  const cursor = Math.min(state.cursor, chars.length);
  const room = Math.max(4, width - 1);
  let start = 0;
  if (cursor > room - 1) start = cursor - (room - 1);
  const visible = chars.slice(start, start + room);
  const local = cursor - start;
  return {
    before: (start > 0 ? glyphs().cut : '') + visible.slice(start > 0 ? 1 : 0, local).join(''),
    cursorChar: visible[local] ?? ' ',
    after: visible.slice(local + 1).join('') + (start + room < chars.length ? glyphs().cut : ''),
  };
}
