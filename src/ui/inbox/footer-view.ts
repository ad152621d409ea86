import { editorSegments } from '../widgets/line-editor.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import type { InboxState, Lock } from './state.js';
import { hintsFor } from '../key-table.js';

/** The bottom row: what the keys do right now, or the filter being typed. */
export function footerLine(state: InboxState, width: number, lock: Lock | undefined, form = false): Line {
  switch (state.mode) {
    case 'filter': {
      return [
        seg('/ filter: ', { bold: true }),
        ...editorSegments(state.filterEditor, width - 30, true),
        seg(`  ${hintsFor('filter')}`, { dim: true }),
      ];
    }
    case 'confirm-quit':
      return [seg(fit('Quit? y quits · any other key stays (a draft is unsent or a reply in flight)', width), { color: 'red', bold: true })];
    case 'help':
      return [seg(fit(hintsFor('help'), width), { dim: true })];
    case 'browse':
      return [seg(fit(hintsFor('browse'), width), { dim: true })];
    case 'answer': {
      if (lock === 'ack-timeout') return [seg(fit(hintsFor('locked'), width), { dim: true })];
      // Resend applies only after an ack timeout: not offered otherwise.
      if (lock && lock !== 'none') return [seg(fit(hintsFor('locked').replace(/^r resend \(same id\) · /, ''), width), { dim: true })];
      return [seg(fit(hintsFor(form ? 'form' : 'answer'), width), { dim: true })];
    }
  }
}
