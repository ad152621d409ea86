// What a drawn row is for the mouse: the view tags the rows a click can
// select (an option, the Reply row, a form field or choice, Submit) as it
// builds them, so a click is mapped to what is drawn where it landed, by
// the same functions that drew it (mouse-target.ts), never by counting rows
// again. A tag is kept beside the row (a weak map), not in it: nothing
// drawn changes.
import type { Line } from './line.js';

export type RowTarget =
  | { kind: 'option'; index: number }
  | { kind: 'reply' }
  | { kind: 'field'; index: number }
  | { kind: 'choice'; field: number; choice: number }
  | { kind: 'submit' };

const targets = new WeakMap<Line, RowTarget>();

/** Tags `row` as `target`, and returns it. */
export function targeted(row: Line, target: RowTarget): Line {
  targets.set(row, target);
  return row;
}

export function targetOf(row: Line | undefined): RowTarget | undefined {
  return row ? targets.get(row) : undefined;
}
