import { displayLine, displayText } from '../../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import { stateMark } from '../../store/marks.js';
import { buildFormLines } from '../form/form-view.js';
import { initialFormDraft } from '../form/form-state.js';
import { editorWindow } from '../text/editor.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { answerStatusLines } from './answer-status.js';
import { ageMs, shortDuration, timeLeftMs, timeLeftText } from './list-view.js';
import type { Draft, Lock } from './state.js';
import { QUOTE_COLOR, severityColor, stateColor } from './theme.js';

export interface DetailViewInput {
  record: RequestRecord;
  command?: OwnCommand;
  draft: Draft;
  lock: Lock;
  /** Keys go to this request's controls (answer mode). */
  focused: boolean;
  width: number;
  height: number;
  scroll: number;
  now: number;
  relay: string;
  /** Live claimants of the session from the roster (undefined = unknown). */
  claimants?: number;
  hint?: string;
  confirmWarning?: string;
}

export function isForm(record: RequestRecord): boolean {
  return record.payload.kind === 'form';
}

function provenance(input: DetailViewInput): Line[] {
  const { record, width, now } = input;
  const left = timeLeftMs(record, now);
  const title: Line = [
    seg(`${stateMark(record.state)} `, { color: stateColor(record.state) }),
    seg(fit(`${displayLine(record.payload.kind || 'unknown', 20)} request`, 30), { bold: true }),
    seg(` · ${record.state}`, { color: stateColor(record.state) }),
    seg(` · ${record.severity}`, { color: severityColor(record.severity) }),
    seg(` · raised ${shortDuration(ageMs(record, now))} ago`, { dim: true }),
    seg(left !== undefined ? ` · ${timeLeftText(left)}` : '', { color: left !== undefined && left < 60_000 ? 'red' : 'yellow' }),
  ];
  const lines: Line[] = [
    title,
    [seg('agent ', { dim: true }), seg(fit(displayLine(record.agent, 80), Math.max(8, width - 6)), { bold: true })],
    [seg('session ', { dim: true }), seg(fit(displayLine(record.session, 120), Math.max(8, width - 8)))],
    [
      seg('host ', { dim: true }),
      seg(displayLine(record.host || '(none in source)', 60)),
      seg(' · relay ', { dim: true }),
      seg(fit(input.relay, Math.max(8, width - 20))),
    ],
  ];
  if (input.claimants === 0 && (record.state === 'pending' || record.state === 'answered')) {
    lines.push([seg(fit('⚠ no agent is connected for this session: an answer cannot be delivered now', width), { color: 'red' })]);
  } else if (input.claimants !== undefined && input.claimants > 1) {
    lines.push([seg(fit(`⚠ ${input.claimants} agents claim this session: the relay will refuse to pick one`, width), { color: 'red' })]);
  }
  if (record.capture === 'metadata' || record.capture === 'none') {
    for (const l of wrapText(`prompt synthesized by the agent: content withheld at capture ${record.capture}`, width)) {
      lines.push([seg(l, { color: 'yellow' })]);
    }
  }
  if (record.issues.length) {
    const first = record.issues[0];
    const more = record.issues.length > 1 ? ` (+${record.issues.length - 1} more)` : '';
    lines.push([seg(fit(`⚠ malformed request: ${displayLine(first.path, 60)}: ${displayLine(first.reason, 80)}${more}`, width), { color: 'red' })]);
  }
  return lines;
}

// Wrapping a long prompt costs milliseconds; it only changes with the payload or the width.
const promptCache = new WeakMap<object, { width: number; lines: Line[] }>();

function promptLines(record: RequestRecord, width: number): Line[] {
  const cached = promptCache.get(record.payload);
  if (cached && cached.width === width) return cached.lines;
  const lines = quotePrompt(record, width);
  promptCache.set(record.payload, { width, lines });
  return lines;
}

function quotePrompt(record: RequestRecord, width: number): Line[] {
  const text = displayText(record.payload.prompt || '(empty prompt)', 8000);
  const quoted = wrapText(text, Math.max(4, width - 2)).map((l): Line => [seg('┃ ', { color: QUOTE_COLOR }), seg(l)]);
  const label = fit(`┏ ${displayLine(record.agent, 40)} says (agent text, not the console's):`, width);
  return [[seg(label, { color: QUOTE_COLOR, dim: true })], ...quoted];
}

function replyLine(input: DetailViewInput, highlighted: boolean): Line {
  const { draft, width } = input;
  const label = highlighted ? '▸ Reply: ' : '  Reply: ';
  const w = editorWindow(draft.reply, width - label.length - 1);
  if (!highlighted) {
    return [seg(label), seg(draft.reply.value ? `${w.before}${w.cursorChar.trim()}${w.after}` : 'type an answer in your own words', { dim: !draft.reply.value })];
  }
  return [seg(label, { bold: true }), seg(w.before), seg(w.cursorChar, { inverse: true }), seg(w.after)];
}

function optionControls(input: DetailViewInput, room: number): Line[] {
  const { record, draft, width, lock } = input;
  const options = record.payload.options;
  const withheld = record.capture === 'metadata';
  const active = input.focused && lock === 'none';
  if (lock === 'informational') {
    const lines: Line[] = [[seg('Options (for information; the answer belongs to the agent\'s own UI):', { dim: true })]];
    options.forEach((o, i) => lines.push([seg(fit(`  · ${withheld ? `option ${i + 1}` : displayLine(o.label || o.id, 120)}`, width))]));
    return lines.slice(0, Math.max(1, room));
  }
  const rows: Line[] = options.map((o, i) => {
    const here = active && draft.highlight === i;
    const label = withheld ? `option ${i + 1} (label withheld)` : displayLine(o.label || o.id, 120);
    const id = displayLine(o.id, 40);
    const text = label === id || withheld ? label : `${label}  [${id}]`;
    return [seg(fit(`${here ? '▸ ' : '  '}${text}`, width), { inverse: here, bold: here })];
  });
  rows.push(replyLine(input, active && draft.highlight === options.length));
  if (rows.length <= room) return rows;
  // Window the options around the highlight; the Reply row always stays.
  const optionRoom = Math.max(1, room - 2);
  const start = Math.min(Math.max(0, draft.highlight - Math.floor(optionRoom / 2)), Math.max(0, options.length - optionRoom));
  const shown = rows.slice(start, Math.min(options.length, start + optionRoom));
  const hidden = options.length - shown.length;
  return [...shown, [seg(`  (${hidden} more options: ↑/↓)`, { dim: true })], rows[rows.length - 1]];
}

function controlLines(input: DetailViewInput, room: number): Line[] {
  const { record, draft, width, lock } = input;
  if (isForm(record)) {
    if (lock === 'informational') return [[seg('Form fields (for information; the answer belongs to the agent\'s own UI)', { dim: true })]];
    return buildFormLines({
      fields: record.payload.fields,
      draft: draft.form ?? initialFormDraft(),
      width,
      height: room,
      labelsWithheld: record.capture === 'metadata',
      focused: input.focused && lock === 'none',
    });
  }
  return optionControls(input, room);
}

/**
 * The selected request as exact rows: provenance, the quoted prompt (scrolls),
 * the answer controls, then the answer's state. Never taller than `height`.
 */
export function buildDetailLines(input: DetailViewInput): Line[] {
  const { width, height } = input;
  if (height <= 0) return [];
  const head = provenance(input);
  const status = answerStatusLines(input.record, input.command, width);
  const notes: Line[] = [];
  if (input.confirmWarning) {
    for (const l of wrapText(`⚠ ${input.confirmWarning} Enter sends anyway, Esc cancels.`, width)) notes.push([seg(l, { color: 'red', bold: true })]);
  } else if (input.hint) {
    notes.push([seg(fit(input.hint, width), { dim: true })]);
  }
  if (!input.focused && input.lock === 'none' && input.record.state !== 'informational') {
    notes.push([seg(fit('Enter: answer this request', width), { dim: true })]);
  }
  const prompt = promptLines(input.record, width);
  // What must stay visible, in order of priority: the answer state and any
  // warning, the controls, the title and agent, then the prompt and the rest
  // of the provenance. Small terminals lose the least important first.
  const reserved = status.length + notes.length;
  const headRoom = Math.max(Math.min(2, head.length), Math.min(head.length, height - reserved - 5));
  const shownHead = head.slice(0, headRoom);
  const budget = height - shownHead.length - reserved - 1;
  const controlRoom = Math.max(3, Math.min(budget - Math.min(prompt.length, 3), Math.floor(height * 0.6)));
  const controls = input.lock === 'terminal' ? [] : controlLines(input, controlRoom);
  const promptRoom = Math.max(1, height - shownHead.length - controls.length - reserved - 1);
  let shownPrompt = prompt;
  if (prompt.length > promptRoom) {
    const bodyRoom = Math.max(1, promptRoom - 1);
    const maxScroll = Math.max(0, prompt.length - bodyRoom);
    const scroll = Math.max(0, Math.min(input.scroll, maxScroll));
    const body = prompt.slice(scroll, scroll + bodyRoom);
    const below = prompt.length - scroll - body.length;
    const more: Line = [seg(fit(`┃ … ${scroll ? `↑${scroll} ` : ''}${below ? `↓${below} more lines` : ''} (PgUp/PgDn)`, width), { color: QUOTE_COLOR, dim: true })];
    shownPrompt = promptRoom >= 2 ? [...body, more] : body;
  }
  const lines = [...shownHead, ...shownPrompt, [seg('')], ...controls];
  // Never cut the answer state or a warning: trim the controls' tail instead.
  return [...lines.slice(0, Math.max(0, height - reserved)), ...status, ...notes].slice(0, height);
}

