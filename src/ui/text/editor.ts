import { isText, type KeyPress } from '../keys.js';
import { actionFor } from '../key-table.js';
import { glyphs } from '../glyphs.js';

/** A one-line text editor's state: the value and the cursor (in code points). */
export interface EditorState {
  value: string;
  cursor: number;
}

export const emptyEditor: EditorState = { value: '', cursor: 0 };

export function editorOf(value: string): EditorState {
  return { value, cursor: [...value].length };
}

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
  switch (actionFor('edit', key)) {
    case 'backspace':
      if (at === 0) return { ...state };
      chars.splice(at - 1, 1);
      return { value: chars.join(''), cursor: at - 1 };
    case 'deleteForward':
      if (at >= chars.length) return { ...state };
      chars.splice(at, 1);
      return { value: chars.join(''), cursor: at };
    case 'left':
      return { ...state, cursor: Math.max(0, at - 1) };
    case 'right':
      return { ...state, cursor: Math.min(chars.length, at + 1) };
    case 'home':
      return { ...state, cursor: 0 };
    case 'end':
      return { ...state, cursor: chars.length };
    case 'clearBefore':
      return { value: chars.slice(at).join(''), cursor: 0 };
    case 'deleteWord': {
      let start = at;
      while (start > 0 && chars[start - 1] === ' ') start--;
      while (start > 0 && chars[start - 1] !== ' ') start--;
      chars.splice(start, at - start);
      return { value: chars.join(''), cursor: start };
    }
    default:
      return state;
  }
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
