import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import type { Glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { targeted } from '../text/targets.js';
import { fit, pad } from '../text/wrap.js';
import { editorSegments } from '../widgets/line-editor.js';
import { choiceWindow } from '../widgets/window.js';
import { commonOptions } from './batch.js';
import { promptExcerpt } from '../words/prompt-excerpt.js';
import type { InboxState } from './state.js';
import { glyphs } from '../glyphs.js';

function batchTitle(count: number, width: number): Line {
  return [
    seg(
      fit(
        `Batch answer ${glyphs().dot} ${count} marked request${count === 1 ? '' : 's'} ${glyphs().dot} one command each, own ids`,
        width,
      ),
      { bold: true },
    ),
  ];
}

/** The options every marked request offers, numbered, then the Reply row. */
function batchControls(state: InboxState, options: ReturnType<typeof commonOptions>, width: number, g: Glyphs): Line[] {
  const { highlight, reply } = state.batch;
  const controls: Line[] = options.map((option, i) => {
    const here = highlight === i;
    const label = displayLine(option.label || option.id, 80);
    const id = displayLine(option.id, 30);
    return targeted(
      [
        seg(fit(`${here ? `${g.pointer} ` : '  '}${i + 1} ${label === id ? label : `${label}  [${id}]`}`, width), {
          inverse: here,
          bold: here,
        }),
      ],
      { kind: 'option', index: i },
    );
  });
  const onReply = highlight >= options.length;
  const label = onReply ? `${g.pointer} Reply: ` : '  Reply: ';
  controls.push(
    targeted(
      [
        seg(label, { bold: onReply }),
        ...editorSegments(reply, width - label.length - 1, onReply, 'the same text to every one'),
      ],
      { kind: 'reply' },
    ),
  );
  return controls;
}

function batchNote(shared: boolean, width: number): Line {
  return shared
    ? [seg(fit('Options every marked request offers (same id):', width), { dim: true })]
    : [
        seg(fit('The marked requests share no option: answer in words, or mark alike ones.', width), {
          color: 'yellow',
        }),
      ];
}

/** The marked requests in `room` rows, the last saying how many more when they do not all fit. */
function markedRows(records: RequestRecord[], room: number, width: number, g: Glyphs): Line[] {
  const agentWidth = Math.min(16, Math.max(...records.map((record) => displayLine(record.agent, 16).length), 4));
  const list = choiceWindow(records.length, records.length > room ? room - 1 : room, 0, (i): Line => {
    const record = records[i];
    return [
      seg(`  ${g.tagged} `, { color: 'magenta' }),
      seg(`${pad(displayLine(record.agent, 40), agentWidth)} `, { bold: true }),
      seg(promptExcerpt(record.payload.prompt, width - 5 - agentWidth)),
    ];
  });
  const rows = [...list.rows];
  if (list.below) rows.push([seg(`  +${list.below} more`, { dim: true })]);
  return rows;
}

/**
 * The batch answer: the marked requests (windowed), the options every one
 * of them offers, numbered, and the Reply row. Never taller than `height`.
 */
export function buildBatchLines(
  state: InboxState,
  records: RequestRecord[],
  width: number,
  height: number,
  g: Glyphs,
): Line[] {
  const options = commonOptions(records);
  const controls = batchControls(state, options, width, g);
  // The requests get what is left, at least two rows.
  const room = Math.max(2, height - 1 - controls.length - 2);
  const rows = markedRows(records, room, width, g);
  return [
    batchTitle(records.length, width),
    ...rows,
    [seg('')],
    batchNote(options.length > 0, width),
    ...controls,
  ].slice(0, Math.max(1, height));
}
