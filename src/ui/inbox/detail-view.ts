import { displayLine } from '../../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import type { RouteRefusal } from '../../store/ledger.js';
import { UTF8_GLYPHS, type Glyphs, glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';
import { buildFormLines } from '../form/form-view.js';
import { readOnlyFormLines } from '../form/form-read-only.js';
import { initialFormDraft } from '../form/form-state.js';
import { checkFormSpec } from '../../protocol/form.js';
import { editorSegments } from '../widgets/line-editor.js';
import { choiceWindow } from '../widgets/window.js';
import { seg, type Line } from '../text/line.js';
import { targeted } from '../text/targets.js';
import { fit, wrapText } from '../text/wrap.js';
import { answerStatusLines } from './answer-status.js';
import { detailHead } from './detail-head.js';
import { isUnsent, noAnswerStands, type Draft, type Lock } from './state.js';
import { causeWindow, diffWindow, promptWindow } from './detail-windows.js';
import { promptLines, quoteLabel } from './prompt-quote.js';

export interface DetailViewInput {
  /** What caused it and what control did to its session (cause-view.ts), shown after the prompt. */
  cause?: Line[];
  /** A file edit's diff (diff-view.ts), under the cause: it scrolls with the prompt's keys. */
  diff?: Line[];
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
  /**
   * Why an answer could reach another agent sharing the session name (the ledger's route check): nothing is sent;
   * `unknown`: it waits at the gate.
   */
  route?: RouteRefusal;
  glyphs?: Glyphs;
  /** Number the options (1-9 highlight them). */
  numbered?: boolean;
  /** "open in console ops-2, 12 s ago": another console has it open (store/open-elsewhere.ts). */
  elsewhere?: string;
  /** Columns of the id that tell it from every other request shown (short-id.ts). */
  idDistinct?: number;
}

export function isForm(record: RequestRecord): boolean {
  return record.payload.kind === 'form';
}

/**
 * A form the console can fill in. One with no fields or a malformed spec is
 * shown read-only and answered in words through the Reply row instead: the
 * console must not send values it cannot check, and Submit alone must never
 * be what a stray Enter lands on.
 */
export function isFillableForm(record: RequestRecord): boolean {
  if (!isForm(record) || record.payload.fields.length === 0) return false;
  // Asked several times per key; checking thousands of fields each time costs a frame.
  let fillable = fillableCache.get(record.payload);
  if (fillable === undefined) {
    fillable = Object.keys(checkFormSpec(record.payload.fields)).length === 0;
    fillableCache.set(record.payload, fillable);
  }
  return fillable;
}

const fillableCache = new WeakMap<object, boolean>();

function replyLine(input: DetailViewInput, highlighted: boolean): Line {
  const { draft, width } = input;
  const label = highlighted ? `${(input.glyphs ?? UTF8_GLYPHS).pointer} Reply: ` : '  Reply: ';
  return [
    seg(label, { bold: highlighted }),
    ...editorSegments(draft.reply, width - label.length - 1, highlighted, 'type an answer in your own words'),
  ];
}

function optionControls(input: DetailViewInput, room: number): Line[] {
  const { record, draft, width, lock } = input;
  const options = record.payload.options;
  const withheld = record.capture === 'metadata';
  const active = input.focused && lock === 'none';
  if (lock === 'informational' || lock === 'history') {
    const why =
      lock === 'history' ? 'history from a file: it cannot be answered' : "the answer belongs to the agent's own UI";
    // No options: it asks for words, and says so (never an empty heading).
    if (options.length === 0) return [[seg(fit(`Answered in words (for information; ${why}).`, width), { dim: true })]];
    const lines: Line[] = [[seg(fit(`Options (for information; ${why}):`, width), { dim: true })]];
    options.forEach((o, i) =>
      lines.push([
        seg(fit(`  ${glyphs().dot} ${withheld ? `option ${i + 1}` : displayLine(o.label || o.id, 120)}`, width)),
      ]),
    );
    return lines.slice(0, Math.max(1, room));
  }
  const rows: Line[] = options.map((o, i) => {
    const here = active && draft.highlight === i;
    const label = withheld ? `option ${i + 1} (label withheld)` : displayLine(o.label || o.id, 120);
    const id = displayLine(o.id, 40);
    const text = label === id || withheld ? label : `${label}  [${id}]`;
    // Numbered while open: 1-9 highlight an option, Enter sends it.
    const number = input.numbered && i < 9 ? `${i + 1} ` : '';
    return targeted(
      [
        seg(fit(`${here ? `${(input.glyphs ?? UTF8_GLYPHS).pointer} ` : '  '}${number}${text}`, width), {
          inverse: here,
          bold: here,
        }),
      ],
      { kind: 'option', index: i },
    );
  });
  rows.push(targeted(replyLine(input, active && draft.highlight === options.length), { kind: 'reply' }));
  if (rows.length <= room) return rows;
  // Too little room for context: the highlighted row alone, so what Enter acts on is on screen.
  if (room <= 2) return [rows[Math.min(draft.highlight, rows.length - 1)]];
  // The options windowed (paged around the highlight); the Reply row always stays.
  const window = choiceWindow(
    options.length,
    Math.max(1, room - 2),
    Math.min(draft.highlight, options.length - 1),
    (i) => rows[i],
  );
  const hidden = window.above + window.below;
  return [
    ...window.rows,
    [seg(`  (${hidden} more options: ${glyphs().up}/${glyphs().down})`, { dim: true })],
    rows[rows.length - 1],
  ];
}

function controlLines(input: DetailViewInput, room: number): Line[] {
  const { record, draft, width, lock } = input;
  if (isForm(record)) {
    if (lock === 'informational' || lock === 'history') {
      const why =
        lock === 'history' ? 'history from a file: it cannot be answered' : "the answer belongs to the agent's own UI";
      const heading: Line = [seg(fit(`Form fields (for information; ${why}):`, width), { dim: true })];
      return [heading, ...readOnlyFormLines(record.payload.fields, width, record.capture === 'metadata')].slice(
        0,
        Math.max(1, room),
      );
    }
    const form = (focused: boolean, height: number, errors?: Record<string, string>) =>
      buildFormLines({
        fields: record.payload.fields,
        draft: errors ? { ...initialFormDraft(), errors } : (draft.form ?? initialFormDraft()),
        width,
        height,
        labelsWithheld: record.capture === 'metadata',
        focused,
      });
    if (isFillableForm(record)) return form(input.focused && lock === 'none', room);
    // Read-only fields, then the Reply row: the only way to answer this one.
    const note: Line = [
      seg(fit('This form cannot be filled in here (see above); answer it in words:', width), { color: 'yellow' }),
    ];
    const reply = optionControls(input, 1);
    const problems = checkFormSpec(record.payload.fields);
    return [...form(false, Math.max(0, room - 2), problems), note, ...reply].slice(-room);
  }
  return optionControls(input, room);
}

/**
 * The route's warning: an answer refused (another agent could take it), or,
 * where the console cannot tell yet, that an answer would wait at the gate
 * for a read of the session and go only if the read proves the route.
 */
export function routeWarning(route: RouteRefusal, record: RequestRecord): string {
  if (route.code === 'unknown')
    return (
      `${glyphs().warn} Not proven: the console cannot tell who else speaks in session ` +
      `"${displayLine(record.session, 60)}" (its memory of it is partial). An answer waits for ` +
      `a read of the session and goes only if the read shows no other agent could take it.`
    );
  return (
    `${glyphs().warn} No answer can be sent: ${route.risk}. Commands are routed by session ` +
    `name (AEP-0004 §2.2), so an answer could reach the wrong agent.`
  );
}

/** The lines under the controls: a confirm warning or the hint, a draft that can no longer go, how to answer. */
function detailNotes(input: DetailViewInput): Line[] {
  const { width } = input;
  const notes: Line[] = [];
  if (input.confirmWarning) {
    for (const l of wrapText(
      `${glyphs().warn} ${input.confirmWarning} ${withKeys('answer', '{send} sends anyway, {back} cancels.')}`,
      width,
    ))
      notes.push([seg(l, { color: 'red', bold: true })]);
  } else if (input.hint) {
    // Why a key did nothing can take a sentence or two (the ledger's refusals): wrapped, at most three rows.
    for (const l of wrapText(input.hint, width).slice(0, 3)) notes.push([seg(l, { dim: true })]);
  }
  if (input.route && input.lock === 'none') {
    for (const l of wrapText(routeWarning(input.route, input.record), width))
      notes.push([seg(l, { color: input.route.code === 'unknown' ? 'yellow' : 'red', bold: true })]);
  }
  if (
    isUnsent(input.draft) &&
    noAnswerStands(input.command) &&
    (input.lock === 'answered-elsewhere' || input.lock === 'terminal')
  ) {
    const typed = input.draft.reply.value.trim() ? ` "${displayLine(input.draft.reply.value, 40)}"` : '';
    const why =
      input.lock === 'answered-elsewhere'
        ? 'someone else answered this request first'
        : 'this request closed before it was sent';
    for (const l of wrapText(`Your draft${typed} was not sent: ${why}.`, width))
      notes.push([seg(l, { color: 'yellow' })]);
  }
  if (!input.focused && input.lock === 'none' && input.record.state !== 'informational') {
    notes.push([seg(fit(withKeys('browse', '{open}: answer this request'), width), { dim: true })]);
  }
  return notes;
}

/**
 * The selected request as exact rows: provenance, the quoted prompt (scrolls),
 * the answer controls, then the answer's state. Never taller than `height`.
 */
export function buildDetailLines(input: DetailViewInput): Line[] {
  const { width, height } = input;
  if (height <= 0) return [];
  // The list's keys while the request is only shown; once open, those of the place the keys are in.
  const keys = !input.focused ? 'browse' : input.lock === 'none' ? 'answer' : 'locked';
  const head = detailHead({ ...input, keys });
  const status = answerStatusLines(input.record, input.command, width);
  const notes = detailNotes(input);
  const g = input.glyphs ?? UTF8_GLYPHS;
  const prompt = promptLines(input.record, width, g);
  // Controls never get more than `height` rows, so that is all their count needs (a huge form builds only that many).
  const controlsNatural = input.lock === 'terminal' ? 0 : controlLines(input, Math.max(height, 3)).length;

  // Rows go to what matters most first, so a small terminal loses the least
  // important: the answer state and warnings, the title, a few controls and a
  // few prompt lines, the provenance and request warnings, then the rest of
  // the controls and of the prompt.
  let left = height;
  const take = (want: number) => {
    const got = Math.max(0, Math.min(want, left));
    left -= got;
    return got;
  };
  const titleRows = take(1);
  // A form's fields are what the operator works in: they get their room before the provenance.
  const early = input.lock === 'none' && isFillableForm(input.record) ? Math.max(3, Math.floor(height * 0.6)) : 3;
  let controlRows = take(Math.min(controlsNatural, early));
  let noteRows = take(Math.min(notes.length, 2));
  let statusRows = take(Math.min(status.length, 2));
  let promptRows = take(Math.min(prompt.length, 3));
  const cause = input.cause ?? [];
  const warningRows = take(head.warnings.length);
  let causeRows = take(Math.min(cause.length, 2));
  const identityRows = take(head.identity.length);
  const labelRows = take(promptRows > 0 ? 1 : 0);
  const gapRows = take(controlRows > 0 ? 1 : 0);
  noteRows += take(notes.length - noteRows);
  statusRows += take(status.length - statusRows);
  controlRows += take(Math.min(controlsNatural, Math.floor(height * 0.6)) - controlRows);
  const diff = input.diff ?? [];
  // A diff (what is approved) gets a few rows before the rest of the cause and the prompt, the rest after them.
  let diffRows = take(Math.min(diff.length, 6));
  causeRows += take(cause.length - causeRows);
  promptRows += take(prompt.length - promptRows);
  diffRows += take(diff.length - diffRows);
  controlRows += take(controlsNatural - controlRows);
  // A cut cause keeps what the Event is, one argument and the row that counts the rest (causeWindow), from the diff's.
  if (causeRows < Math.min(cause.length, 3) && diffRows > 3) {
    const moved = Math.min(3 - causeRows, diffRows - 3);
    causeRows += moved;
    diffRows -= moved;
  }

  const controls = controlRows > 0 ? controlLines(input, controlRows).slice(0, controlRows) : [];
  // The detail scrolls once the request is open: PgUp/PgDn as bound where the keys then are.
  const scrollIn = input.lock !== 'none' ? 'locked' : isFillableForm(input.record) ? 'form' : 'answer';
  const pages = withKeys(scrollIn, '{pageUp}/{pageDown}');
  const shownPrompt = promptWindow(prompt, promptRows, input.scroll, width, g, pages);
  return [
    ...[head.title].slice(0, titleRows),
    ...head.identity.slice(0, identityRows),
    ...head.warnings.slice(0, warningRows),
    ...(labelRows ? [quoteLabel(input.record, width, g)] : []),
    ...shownPrompt,
    ...causeWindow(cause, causeRows, input.scroll, width, pages),
    ...diffWindow(diff, diffRows, input.scroll, width, pages),
    ...(gapRows ? [[seg('')]] : []),
    ...controls,
    ...status.slice(0, statusRows),
    ...notes.slice(0, noteRows),
  ];
}
