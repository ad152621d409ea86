import { editorWindow, type EditorState } from '../text/editor.js';
import { seg, type Segment } from '../text/line.js';

/**
 * One one-line editor, drawn the same everywhere it is used (the filter,
 * the Reply row, text and number fields, `Other…` rows): the text scrolled
 * horizontally so the cursor stays on screen, the cursor in inverse video
 * while it has the keys, and a placeholder when it is empty and idle.
 */
export function editorSegments(state: EditorState, width: number, active: boolean, placeholder = ''): Segment[] {
  const w = editorWindow(state, width);
  if (active) return [seg(w.before), seg(w.cursorChar, { inverse: true }), seg(w.after)];
  if (!state.value && placeholder) return [seg(placeholder, { dim: true })];
  return [seg(`${w.before}${w.cursorChar === ' ' && !w.after ? '' : w.cursorChar}${w.after}`)];
}
