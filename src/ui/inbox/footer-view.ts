import { editorWindow } from '../text/editor.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import type { InboxState, Lock } from './state.js';

/** The bottom row: what the keys do right now, or the filter being typed. */
export function footerLine(state: InboxState, width: number, lock: Lock | undefined, form = false): Line {
  switch (state.mode) {
    case 'filter': {
      const w = editorWindow(state.filterEditor, width - 30);
      return [
        seg('/ filter: ', { bold: true }),
        seg(w.before),
        seg(w.cursorChar, { inverse: true }),
        seg(w.after),
        seg('  Enter keeps · Esc clears', { dim: true }),
      ];
    }
    case 'confirm-quit':
      return [seg(fit('Quit? y quits · any other key stays (a draft is unsent or a reply in flight)', width), { color: 'red', bold: true })];
    case 'help':
      return [seg(fit('any key: close help', width), { dim: true })];
    case 'browse':
      return [seg(fit('↑/↓ j/k move · Enter open · / filter · ? help · q quit', width), { dim: true })];
    case 'answer':
      if (lock === 'ack-timeout') return [seg(fit('r resend (same id) · Esc back · ? help', width), { dim: true })];
      if (lock && lock !== 'none') return [seg(fit('Esc back to the list · PgUp/PgDn scroll · ? help', width), { dim: true })];
      if (form) return [seg(fit('Tab/Shift-Tab field · ↑/↓ choice · Space toggle · Enter next/Submit · Esc back', width), { dim: true })];
      return [seg(fit('↑/↓ choose · Enter send · Esc back (keeps draft) · PgUp/PgDn scroll · ? help', width), { dim: true })];
  }
}
