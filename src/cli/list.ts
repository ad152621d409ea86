import { displayLine, displayText } from '../protocol/sanitize.js';
import type { Choice, FieldSpec } from '../protocol/types.js';
import { MAX_ATTRIBUTE_CHARS } from '../protocol/parse.js';
import { readHistoryOnce, type HistoryResult } from '../relay/read-history.js';
import { readJsonlFiles } from './jsonl-files.js';
import { redact } from '../protocol/redact.js';
import { INVISIBLE_SOURCE } from '../protocol/invisible.js';
import { relayUrls } from '../protocol/relay-url.js';
import { CauseKeepingStore } from './cause-store.js';
import { eventEdit } from '../protocol/edit-diff.js';
import { inboxOrder, type RequestRecord } from '../store/index.js';
import { describeOutcome } from '../ui/words/outcome.js';
import type { ConsoleOptions } from './args.js';
import { stateMark } from '../ui/words/marks.js';
import { filePathText, relayText } from '../store/file-relay.js';

export interface ListIO {
  out: (line: string) => void;
  err: (line: string) => void;
  host?: string;
}

/**
 * Each relay's replay read once, all at once (a relay that does not answer
 * holds up none of the others): what was read goes into `store`; what could
 * not be read is said on stderr, one line per relay, in the order given.
 */
async function readRelays(
  options: ConsoleOptions,
  io: ListIO,
  store: CauseKeepingStore,
): Promise<{ reads: string[]; failed: number; unended: number; readRelays: string[] }> {
  const results = await readEach(options, io, store, options.relays, options.filter);
  const reads: string[] = [];
  const readOk: string[] = [];
  let failed = 0;
  let unended = 0;
  results.forEach((result, i) => {
    const name = relayText(relayUrls(options.relays[i]).relay);
    if (result.ok) {
      readOk.push(options.relays[i]!);
      reads.push(`${name}: ${readText(result)}`);
      // What it read is listed, but a read the relay did not end cannot say nothing else waits there.
      if (!result.ended) {
        unended++;
        io.err(
          `aep-console: ${name}: the read did not end ` +
            `(${displayLine(result.note ?? 'no end of the replay', 200)}): listed what arrived, and ` +
            `more may be waiting`,
        );
      }
    } else {
      failed++;
      io.err(`aep-console: ${name}: ${displayLine(result.reason, 300)}`);
    }
  });
  return { reads, failed, unended, readRelays: readOk };
}

/**
 * The causes of what `list` prints, in one more single pass per relay read
 * (the console's own subscription carries no tool calls): only `tool.*`,
 * and only where a request names a cause. A pass that fails leaves those
 * causes unread: `edit` is left out, the exit code is the first pass's.
 */
async function readCauses(options: ConsoleOptions, io: ListIO, store: CauseKeepingStore, relays: string[]) {
  await readEach(options, io, store, relays, { ...options.filter, type: ['tool.*'] });
}

/** One single pass of `relay` into `store`, with the console's connection options (list and rules test). */
export function readRelayOnce(
  options: ConsoleOptions,
  io: ListIO,
  store: CauseKeepingStore,
  relay: string,
  filter: Record<string, unknown> | undefined,
): Promise<HistoryResult> {
  return readHistoryOnce({
    url: relay,
    token: options.token,
    ca: options.ca,
    name: options.name,
    host: io.host,
    filter,
    capture: options.capture,
    store,
  });
}

/** One single pass of each relay, all at once, into `store`. */
function readEach(
  options: ConsoleOptions,
  io: ListIO,
  store: CauseKeepingStore,
  relays: readonly string[],
  filter: Record<string, unknown> | undefined,
): Promise<HistoryResult[]> {
  return Promise.all(relays.map((relay) => readRelayOnce(options, io, store, relay, filter)));
}

/** `edit: {paths, added, removed}` where the request's cause is a file edit the console read. */
function editJson(store: CauseKeepingStore, record: RequestRecord): Record<string, unknown> | undefined {
  const cause = store.causeOf(record);
  if (cause.state !== 'event') return undefined;
  const edit = eventEdit(cause.event);
  if (edit?.state !== 'diff') return undefined;
  return { paths: edit.diff.paths, added: edit.diff.added, removed: edit.diff.removed };
}

/**
 * `aep-console list`: read each relay's replay once, print requests, exit.
 * With several relays, one that cannot be read does not hide the others:
 * their requests are printed, it is named on stderr, and the exit is 3. So
 * is one whose read did not end (its stream cut by the deadline, or a
 * WebSocket replay ended by a quiet timer): what it sent is printed.
 */
export async function runList(options: ConsoleOptions, io: ListIO): Promise<number> {
  const store = new CauseKeepingStore();
  const { reads, failed, unended, readRelays: read } = await readRelays(options, io, store);
  // Files after relays: a file is history, read whole, beside or instead of relays.
  for (const { path, summary, problems } of readJsonlFiles(options.files, store)) {
    if (problems) io.err(`aep-console: ${path}: ${problems}`);
    reads.push(`${path}: ${summary}`);
  }
  // Nothing could be read at all: no list, only the reasons (stderr).
  if (!reads.length && failed) return 3;
  const records = inboxOrder(store.allRequests());
  if (read.length && records.some((record) => record.cause)) await readCauses(options, io, store, read);
  if (options.json) {
    for (const record of records) {
      const edit = editJson(store, record);
      io.out(safeJson(edit ? { ...toJson(record), edit } : toJson(record)));
    }
  } else if (records.length === 0) {
    // Never "nothing" about a relay that was not read.
    const unread = [failed ? `${failed} could not be read` : '', unended ? `${unended} not read to its end` : '']
      .filter(Boolean)
      .join(', ');
    io.out(
      unread
        ? `no attention requests on the ${reads.length === 1 ? 'source' : 'sources'} read (${unread})`
        : 'no attention requests',
    );
  } else {
    for (const record of records) io.out(textRow(record, options.relays.length + options.files.length > 1));
  }
  // Which binding read the history, last (--json output stays one object per line).
  if (!options.json) io.out(`read ${reads.join('; ')}`);
  // A script is never told "nothing waits" when a read did not end (Hostile input V).
  return failed || unended ? 3 : 0;
}

function readText(result: Extract<HistoryResult, { ok: true }>): string {
  const how =
    result.via === 'sse'
      ? 'SSE single pass (discovery document, live=0)'
      : 'WebSocket replay, ended after 500 ms without events';
  return `${how}${result.note ? ` (${displayLine(result.note, 160)})` : ''}`;
}

/** Longest prompt and label written (the store keeps no more than these, cut with a visible suffix). */
const PROMPT_CHARS = 8_000;
const LABEL_CHARS = 600;

/**
 * One request as `list --json` and `watch --json` write it: what an answer
 * needs included (options, and a form's fields). Ids (request, option,
 * field, choice) and a field's default are written as they came, so what a
 * script reads is what `respond` takes (safeJson escapes what a terminal
 * would act on, losing nothing); labels and the prompt are sanitized like
 * every string on screen.
 */
export function toJson(record: RequestRecord): Record<string, unknown> {
  const outcome = describeOutcome(record);
  const payload = record.payload;
  const row: Record<string, unknown> = {
    relay: record.relay,
    source: record.source,
    agent: record.agent,
    session: record.session,
    id: record.id,
    kind: payload.kind,
    state: record.state,
    prompt: displayText(payload.prompt, PROMPT_CHARS),
    severity: record.severity,
  };
  if (payload.expiresAt) row.expires_at = payload.expiresAt;
  if (outcome) {
    const { summary, ...rest } = outcome;
    row.outcome = { ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)), summary };
  }
  if (record.violations?.length) row.violations = [...record.violations];
  row.options = payload.options.map(choiceJson);
  if (payload.kind === 'form' || payload.fields.length) row.fields = payload.fields.map(fieldJson);
  return row;
}

function choiceJson(choice: Choice): { id: string; label: string } {
  return { id: choice.id, label: displayLine(choice.label, LABEL_CHARS) };
}

function fieldJson(field: FieldSpec): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: field.id,
    type: field.type,
    label: displayLine(field.label, LABEL_CHARS),
    required: field.required === true,
  };
  if (field.default !== undefined) row.default = Array.isArray(field.default) ? [...field.default] : field.default;
  if (field.min !== undefined) row.min = field.min;
  if (field.max !== undefined) row.max = field.max;
  if (field.multi !== undefined) row.multi = field.multi;
  if (field.other !== undefined) row.other = field.other;
  if (field.choices) row.choices = field.choices.map(choiceJson);
  return row;
}

function textRow(record: RequestRecord, showRelay: boolean): string {
  const outcome = describeOutcome(record);
  const cells = [
    stateMark(record.state),
    record.state.padEnd(13),
    displayLine(record.payload.kind, 12).padEnd(10),
    displayLine(record.agent, 20).padEnd(14),
    displayLine(record.session, 24),
    showRelay ? `@${filePathText(record.relay, 200)}` : '',
    '·',
    displayLine(record.payload.prompt, 100),
    outcome ? `→ ${displayLine(outcome.summary, 120)}` : '',
    record.violations?.length ? `⚠ emitter violation: ${record.violations.join(', ')}` : '',
    idCell(record.id),
  ];
  return cells.filter(Boolean).join(' ');
}

/**
 * `[id 01J…]`: the whole id, the one `respond` takes; sanitized, so an id
 * holding characters the sanitizer marks reads as such here and is taken
 * whole from `list --json`. Never cut: an envelope id is at most 1024
 * characters, and a marker is at most 10 per character.
 */
export function idCell(id: string): string {
  return `[id ${displayLine(id, MAX_ATTRIBUTE_CHARS * 10)}]`;
}

/**
 * JSON.stringify escapes C0 but leaves C1, bidi, zero-width, line/paragraph
 * separators and tag characters raw; escape those too so piping `list --json`
 * to a terminal stays inert (and invisible text stays visible). Every string
 * value has the known tokens taken out first (a relay may echo one back).
 */
export function safeJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? redact(v) : v));
  return text.replace(JSON_INVISIBLE, (ch) => escapeUnits(ch));
}

/** `\\uXXXX` per UTF-16 code unit (a tag character is two). */
function escapeUnits(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

// DEL and C1, and every invisible code point the sanitizer knows (invisible.ts:
// soft hyphen, bidi and zero-width controls, variation selectors, Hangul
// fillers, tags…), escaped wherever they stand: JSON loses nothing by it.
const JSON_INVISIBLE = new RegExp(`[\\u007f-\\u009f]|${INVISIBLE_SOURCE}`, 'gu');
