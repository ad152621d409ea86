// The detail's diff: a cause that is a file edit (protocol/edit-diff.ts)
// shown under the cause's arguments, never instead of them. Each file's
// path heads its lines with the counts; removed lines are marked `-` and
// added `+` (red and green, but the marks say it without colour, and they
// are ASCII); a withheld capture says so. The detail windows these rows
// with its scroll keys (detail-view.ts: diffWindow).

import { eventEdit, type EditDiff, type EventEdit } from '../../protocol/edit-diff.js';
import type { CauseState } from '../../store/cause.js';
import type { RequestRecord } from '../../store/types.js';
import { isFromFile } from '../../store/file-relay.js';
import { seg, type Line } from '../text/line.js';
import { fit } from '../text/wrap.js';
import { glyphs } from '../glyphs.js';
import { moreLines } from '../form/form-view.js';

/** The edit a request's cause asks for, as the console read it (undefined: no cause Event, or no edit tool). */
export function causeEdit(record: RequestRecord, cause: CauseState) {
  if (isFromFile(record)) return undefined;
  if (cause.state !== 'event' && cause.state !== 'withheld') return undefined;
  // Read once per Event: a Write's content can be long, and the detail asks each frame.
  if (!editCache.has(cause.event)) editCache.set(cause.event, eventEdit(cause.event));
  return editCache.get(cause.event);
}

const editCache = new WeakMap<object, EventEdit | undefined>();
const linesCache = new WeakMap<EditDiff, { width: number; utf8: boolean; lines: Line[] }>();

/** `+12 −3` (ASCII: `+12 -3`). */
export function editCounts(diff: Pick<EditDiff, 'added' | 'removed'>): string {
  return `+${diff.added} ${glyphs().utf8 ? '\u2212' : '-'}${diff.removed}`;
}

/** The diff's rows for the detail, `width` wide (none where the cause is no edit). */
export function diffLines(record: RequestRecord, cause: CauseState, width: number): Line[] {
  const edit = causeEdit(record, cause);
  if (!edit) return [];
  if (edit.state === 'withheld')
    return [
      [
        seg(
          fit(`  ${edit.tool}: the diff is withheld (capture ${edit.capture}); the console does not guess it`, width),
          { color: 'yellow' },
        ),
      ],
    ];
  if (edit.state === 'unreadable')
    return [
      [seg(fit(`  ${edit.tool}: arguments not of its edit shape; no diff (shown as they came)`, width), { dim: true })],
    ];
  const kept = linesCache.get(edit.diff);
  if (kept && kept.width === width && kept.utf8 === glyphs().utf8) return kept.lines;
  const lines = renderDiff(edit.diff, width);
  linesCache.set(edit.diff, { width, utf8: glyphs().utf8, lines });
  return lines;
}

function renderDiff(diff: EditDiff, width: number): Line[] {
  const lines: Line[] = [];
  const several = diff.paths.length > 1;
  for (const line of diff.lines) {
    if (line.kind === 'file') {
      // One file: its header carries the counts; several: the counts head them all (below).
      const counts = several ? '' : `  ${editCounts(diff)}`;
      const note = line.note ? ` (${line.note})` : '';
      lines.push([seg(fit(`  ${line.path}${counts}${note}`, width), { bold: true })]);
    } else if (line.kind === 'break') {
      lines.push([seg(fit(`  ${line.text}`, width), { color: 'cyan', dim: true })]);
    } else {
      const color = line.mark === '-' ? 'red' : line.mark === '+' ? 'green' : undefined;
      lines.push([seg(fit(`  ${line.mark} ${line.text}`, width), color ? { color } : { dim: true })]);
    }
  }
  if (several) lines.unshift([seg(fit(`  ${diff.paths.length} files  ${editCounts(diff)}`, width), { bold: true })]);
  if (diff.hidden)
    lines.push([
      seg(
        fit(
          `  ${glyphs().ellipsis} ${moreLines(diff.hidden)} of the diff not shown (the console keeps ${diff.lines.length})`,
          width,
        ),
        {
          dim: true,
        },
      ),
    ]);
  return lines;
}
