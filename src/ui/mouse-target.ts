// Where a click or a wheel notch landed, in the terms of what the frame
// draws there: a request of the list, a control of the detail (an option,
// the Reply row, a form field or choice, Submit: the rows the view tagged,
// text/targets.ts), or a body of its own (help, the timeline, the history).
// Worked out by the functions that draw the frame (view.ts, list-view.ts,
// view-detail.ts) on the model the click came to, never by counting rows anew.
import { drawingWith } from './glyphs.js';
import { recordAtRow } from './inbox/list-view.js';
import { modalOf } from './inbox/state.js';
import type { UiModel } from './model.js';
import { targetOf, type RowTarget } from './text/targets.js';
import { frameContext, view } from './view.js';
import { detailLines } from './view-detail.js';

export type MouseTarget =
  /** The list; `index`: the request drawn on that row (none: a header, a note, a blank row). */
  | { region: 'list'; index?: number }
  /** The detail (or, narrow, the open request or batch in the whole body); `row`: the control drawn there. */
  | { region: 'detail'; row?: RowTarget }
  /** Help, the timeline or the history: a body of its own, the whole width. */
  | { region: 'whole' }
  /** The status line, the footer, the rule between the columns, outside the frame. */
  | { region: 'none' };

const NONE: MouseTarget = { region: 'none' };

/** What is drawn at column `x`, row `y` (0-based) of the frame this model paints. */
export function targetAt(model: UiModel, x: number, y: number): MouseTarget {
  return drawingWith(model.glyphs, () => {
    const frame = frameContext(model);
    const { layout } = frame;
    const row = y - view(model).status.length;
    if (row < 0 || row >= layout.bodyHeight || x < 0 || x >= model.size.columns) return NONE;
    const { inbox } = model;
    if (modalOf(inbox, 'help') || inbox.mode === 'timeline' || inbox.mode === 'history') return { region: 'whole' };
    const detailShown = frame.isAnswering || frame.inBatch;
    const inDetail = layout.wide ? x >= layout.listWidth + 3 : detailShown;
    if (inDetail)
      return {
        region: 'detail',
        row: targetOf(detailLines(frame, layout.detailWidth).slice(0, layout.bodyHeight)[row]),
      };
    if (layout.wide && x >= layout.listWidth) return NONE;
    const { list, openCount, noAgent } = model.view;
    return {
      region: 'list',
      index: recordAtRow(list.length, openCount, layout.bodyHeight, model.listStart, row, noAgent),
    };
  });
}
