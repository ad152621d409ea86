// Payload readers. A bad payload never invalidates the envelope (unknown and
// odd members are tolerated, AEP-0001 §5–§7): it is normalised into a shape
// the UI can render and the problems are reported as PayloadIssues, so the UI
// can say "malformed request" instead of crashing or guessing.
import {
  ATTENTION_KINDS,
  FIELD_TYPES,
  NACK_REASONS,
  type AepEvent,
  type Answer,
  type AttentionRequestPayload,
  type Choice,
  type FieldSpec,
  type FieldType,
  type FormValue,
  type PayloadIssue,
} from './types.js';
import { fieldSpecProblems, keepWireProblems } from './form.js';
import { rememberChoices, sharedChoices } from './choice-lists.js';
import { rememberFields, sharedFields } from './field-lists.js';
import { isObj, isRfc3339, ownWord, type Obj } from './guards.js';
import { fieldKindOf } from './fields/index.js';
import {
  CHANNELS_KEPT,
  FIELDS_KEPT,
  ID_MAX_CHARS,
  IssueList,
  keepText,
  LABEL_KEPT_CHARS,
  OPTIONS_KEPT,
  PROMPT_KEPT_CHARS,
} from './limits.js';

// Shared empty lists for a payload without options or fields (every permission request has no fields, most
// forms no options): payloads are read, never changed, so two fresh arrays per request need not be made and dropped.
const NO_CHOICES = Object.freeze([]) as unknown as Choice[];
const NO_FIELDS = Object.freeze([]) as unknown as FieldSpec[];

function dataOf(event: unknown): Obj {
  return isObj(event) && isObj(event.data) ? event.data : {};
}

/** Whether `list[0..end)` holds an entry with this id (lists are short: a scan beats a Set). */
function idBefore(list: readonly { id: string }[], end: number, id: string): boolean {
  for (let i = 0; i < end; i++) if (list[i].id === id) return true;
  return false;
}

function readChoices(raw: unknown[], path: string, issues: IssueList | undefined): Choice[] {
  // A list equal to one read clean lately (choice-lists.ts) would read the same again: no issues, equal entries.
  const shared = sharedChoices(raw);
  if (shared) return shared;
  // Only the first OPTIONS_KEPT are read: a list of 300,000 costs no more than one of 200.
  const kept = Math.min(raw.length, OPTIONS_KEPT);
  // Whether every entry was kept as it came (a label cut, a duplicate or a dropped entry makes it unclean).
  let clean = true;
  // Sized once (cut back below if entries are dropped): pushing onto [] reserves room for 17 per list.
  const out = new Array<Choice>(kept);
  let n = 0;
  const seen = kept > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < kept; i++) {
    const c = raw[i];
    // Without a string id an entry cannot be answered: drop it, flagged.
    if (!isObj(c) || typeof c.id !== 'string') {
      issues?.entry(path, i, 'entry without an id');
      continue;
    }
    if (c.id.length > ID_MAX_CHARS) {
      issues?.entry(path, i, `id longer than ${ID_MAX_CHARS} characters`, '.id');
      continue;
    }
    if (typeof c.label !== 'string') {
      issues?.entry(path, i, 'label is not text', '.label');
      clean = false;
    } else if (c.label.length > LABEL_KEPT_CHARS) clean = false;
    if (seen ? seen.has(c.id) : idBefore(out, n, c.id)) {
      issues?.entry(path, i, 'duplicate id', '.id');
      clean = false;
    }
    seen?.add(c.id);
    out[n++] = { id: c.id, label: typeof c.label === 'string' ? keepText(c.label, LABEL_KEPT_CHARS) : '' };
  }
  if (n < kept) out.length = n;
  if (raw.length > kept)
    issues?.push({ path, reason: `${raw.length - kept} more entries not kept (the first ${kept} are)` });
  else if (n === kept && clean) rememberChoices(out);
  return out;
}

/**
 * A field's `default` when it has the shape of a value (text, a finite
 * number, a boolean, a list of texts), else nothing: a script copies it into
 * `--values`, so it is kept whole or not at all (each text at most an id's
 * length, a list at most as long as a choice list is kept).
 */
function defaultOf(raw: unknown): FormValue | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string') return raw.length <= ID_MAX_CHARS ? raw : undefined;
  if (!Array.isArray(raw) || raw.length > OPTIONS_KEPT) return undefined;
  for (let i = 0; i < raw.length; i++) {
    const entry: unknown = raw[i];
    if (typeof entry !== 'string' || entry.length > ID_MAX_CHARS) return undefined;
  }
  return (raw as string[]).slice();
}

// Every entry of `fields` stays in the list, even a malformed one, so that a
// form never silently loses a question: malformed fields keep their raw
// `type` string (possibly '' or not a FieldType) and a select without choices
// gets `choices: []`. The UI must render any field for which
// `fieldSpecProblem(field)` is non-null as "malformed field", and
// validateFormValues refuses such a form, so it can only be answered by text.
function readField(raw: unknown, i: number, issues: IssueList): FieldSpec {
  const problems = fieldSpecProblems(raw);
  for (let p = 0; p < problems.length; p++) issues.entry('data.fields', i, problems[p]);
  if (!isObj(raw)) {
    const empty: FieldSpec = { id: '', type: '' as FieldType, label: '' };
    keepWireProblems(empty, problems);
    return empty;
  }
  const field: FieldSpec = {
    id: typeof raw.id === 'string' ? raw.id : '',
    type: (typeof raw.type === 'string' ? (ownWord(FIELD_TYPES, raw.type) ?? raw.type) : '') as FieldType,
    label: typeof raw.label === 'string' ? keepText(raw.label, LABEL_KEPT_CHARS) : '',
  };
  if (typeof raw.required === 'boolean') field.required = raw.required;
  if (typeof raw.multi === 'boolean') field.multi = raw.multi;
  if (typeof raw.other === 'boolean') field.other = raw.other;
  if (Array.isArray(raw.choices)) {
    // Problems are already reported by fieldSpecProblems; don't double them (so no path either).
    field.choices = readChoices(raw.choices, '', undefined);
  } else if (fieldKindOf(raw)?.hasChoices) {
    field.choices = [];
  }
  if (typeof raw.min === 'number' && Number.isFinite(raw.min)) field.min = raw.min;
  if (typeof raw.max === 'number' && Number.isFinite(raw.max)) field.max = raw.max;
  const suggested = defaultOf(raw.default);
  if (suggested !== undefined) field.default = suggested;
  keepWireProblems(field, problems);
  return field;
}

/**
 * The normalised, render-safe view of an attention.requested payload.
 * Strings are never coerced from other types: a non-string prompt becomes ''
 * (with an issue), a missing kind becomes '' (rendered like any unknown kind:
 * prompt + free-text reply). Options without a string id are dropped (flagged);
 * fields are all kept (see readField). A malformed `expires_at` or
 * `respond_via` is dropped (flagged), i.e. treated as absent. Unknown kinds
 * and unknown respond_via channels are not issues (forward compatibility).
 */
export function readRequestPayload(
  event: AepEvent,
  /** `context: false` leaves the producer's free-form context out (the store never shows it). */
  options: { context?: boolean } = {},
): { payload: AttentionRequestPayload; issues: PayloadIssue[] } {
  const issues = new IssueList();
  const data = dataOf(event);
  // Optional members in place (undefined) from the start: every payload has one shape, read the same way.
  const payload: AttentionRequestPayload = {
    kind: '',
    prompt: '',
    options: NO_CHOICES,
    fields: NO_FIELDS,
    expiresAt: undefined,
    respondVia: undefined,
  };

  if (typeof data.kind === 'string') payload.kind = ownWord(ATTENTION_KINDS, data.kind) ?? data.kind;
  else issues.push({ path: 'data.kind', reason: data.kind === undefined ? 'missing kind' : 'kind is not text' });

  // Kept to a fixed size, the rest counted on screen ("… (N more characters)").
  if (typeof data.prompt === 'string') payload.prompt = keepText(data.prompt, PROMPT_KEPT_CHARS);
  else
    issues.push({ path: 'data.prompt', reason: data.prompt === undefined ? 'missing prompt' : 'prompt is not text' });

  if (Array.isArray(data.options)) payload.options = readChoices(data.options, 'data.options', issues);
  else if (data.options !== undefined) issues.push({ path: 'data.options', reason: 'options is not a list' });

  const sharedForm = Array.isArray(data.fields) ? sharedFields(data.fields) : undefined;
  if (sharedForm) payload.fields = sharedForm;
  else if (Array.isArray(data.fields)) {
    const issuesBefore = issues.size;
    payload.fields = data.fields.slice(0, FIELDS_KEPT).map((f, i) => readField(f, i, issues));
    if (data.fields.length > FIELDS_KEPT)
      issues.push({
        path: 'data.fields',
        reason: `${data.fields.length - FIELDS_KEPT} more fields not kept (the first ${FIELDS_KEPT} are)`,
      });
    const fields = payload.fields;
    const seen = fields.length > 16 ? new Set<string>() : undefined;
    for (let i = 0; i < fields.length; i++) {
      const id = fields[i].id;
      if (id === '') continue;
      if (seen ? seen.has(id) : idBefore(fields, i, id)) issues.entry('data.fields', i, 'duplicate field id', '.id');
      seen?.add(id);
    }
    // Read with no issue at all (nothing cut, malformed or repeated): the same JSON will read the same.
    if (issues.size === issuesBefore) rememberFields(data.fields, fields);
  } else if (data.fields !== undefined) {
    issues.push({ path: 'data.fields', reason: 'fields is not a list' });
  }

  if (isRfc3339(data.expires_at)) payload.expiresAt = data.expires_at as string;
  else if (data.expires_at !== undefined) issues.push({ path: 'data.expires_at', reason: 'not an RFC 3339 time' });

  if (
    Array.isArray(data.respond_via) &&
    data.respond_via.length <= CHANNELS_KEPT &&
    data.respond_via.every((v) => typeof v === 'string' && v.length <= 64)
  ) {
    payload.respondVia = data.respond_via.slice() as string[];
  } else if (data.respond_via !== undefined) {
    issues.push({ path: 'data.respond_via', reason: 'respond_via is not a list of channel names' });
  }

  if (data.context !== undefined && options.context !== false) payload.context = data.context;
  return { payload, issues: issues.done() };
}

/**
 * The answer of an attention.answered or control.attention.respond, with only
 * well-typed members kept (`answer: null` when there is no answer object).
 */
export function readAnswerPayload(event: AepEvent): { answer: Answer | null; issues: PayloadIssue[] } {
  const issues: PayloadIssue[] = [];
  const raw = dataOf(event).answer;
  if (!isObj(raw)) {
    issues.push({ path: 'data.answer', reason: raw === undefined ? 'missing answer' : 'answer is not an object' });
    return { answer: null, issues };
  }
  const answer: Answer = {};
  if (typeof raw.option === 'string') answer.option = raw.option;
  else if (raw.option !== undefined) issues.push({ path: 'data.answer.option', reason: 'option is not text' });
  if (typeof raw.text === 'string') answer.text = raw.text;
  else if (raw.text !== undefined) issues.push({ path: 'data.answer.text', reason: 'text is not text' });
  if (isObj(raw.values)) answer.values = raw.values;
  else if (raw.values !== undefined) issues.push({ path: 'data.answer.values', reason: 'values is not an object' });
  return { answer, issues };
}

/** Payload issues for the types the console acts on; [] for every other type. */
export function payloadIssues(event: AepEvent): PayloadIssue[] {
  switch (event.type) {
    case 'attention.requested':
      return readRequestPayload(event).issues;
    case 'attention.answered':
    case 'control.attention.respond':
      return readAnswerPayload(event).issues;
    case 'control.rejected': {
      const reason = dataOf(event).reason;
      if ((NACK_REASONS as readonly unknown[]).includes(reason)) return [];
      return [
        {
          path: 'data.reason',
          reason: reason === undefined ? 'missing reason' : 'reason is not a known rejection reason',
        },
      ];
    }
    default:
      return [];
  }
}
