// Which request `respond` answers, and whether it may: the request the
// relays' history shows under that id (narrowed by --session and --source),
// open, not informational, not one of two emitters', and an answer the
// request can take (an option it offers, values its form accepts, AEP-0006;
// text for anything but a form, AEP-0006/AEP-0008: a form given text is exit 2
// in words, nothing sent). Pure: the store is only read.
import { validateFormValues } from '../protocol/form.js';
import { displayLine } from '../protocol/sanitize.js';
import type { Answer } from '../protocol/types.js';
import type { RequestRecord } from '../store/types.js';
import { describeOutcome } from '../ui/words/outcome.js';
import type { RespondSpec } from './options.js';

export type Pick =
  | { ok: true; record: RequestRecord }
  /** code 2: the answer does not fit the request; 3: the request cannot be answered here. */
  | { ok: false; code: 2 | 3; reason: string; record?: RequestRecord; result: string };

export function pickRequest(records: readonly RequestRecord[], spec: RespondSpec, sessions: readonly string[]): Pick {
  const id = displayLine(spec.id, 80);
  const matches = records.filter(
    (r) =>
      r.id === spec.id &&
      (spec.source === undefined || r.source === spec.source) &&
      (sessions.length === 0 || sessions.includes(r.session)),
  );
  if (matches.length === 0)
    return {
      ok: false,
      code: 3,
      result: 'not-found',
      reason: `no request ${id} in the relays' history${spec.source ? ` from ${displayLine(spec.source, 120)}` : ''}`,
    };
  if (matches.length > 1) {
    const sources = [...new Set(matches.map((r) => displayLine(r.source, 120)))].join(', ');
    return {
      ok: false,
      code: 3,
      result: 'ambiguous',
      reason: `request id ${id} is used by ${matches.length} emitters (${sources}): name one with --source`,
    };
  }
  const record = matches[0]!;
  if (record.state === 'informational')
    return {
      ok: false,
      code: 3,
      result: 'informational',
      record,
      reason: `request ${id} is informational: it is answered in the agent's own UI, not by a command`,
    };
  if (record.state !== 'pending') {
    const outcome = describeOutcome(record);
    return {
      ok: false,
      code: 3,
      result: 'not-pending',
      record,
      reason: `request ${id} is not pending (${record.state}${outcome ? `: ${displayLine(outcome.summary, 160)}` : ''})`,
    };
  }
  const problem = answerProblem(record, spec.answer);
  return problem ? { ok: false, code: 2, result: 'invalid', record, reason: problem } : { ok: true, record };
}

function answerProblem(record: RequestRecord, answer: Answer): string | undefined {
  const { options, fields } = record.payload;
  if (answer.option !== undefined && !options.some((o) => o.id === answer.option)) {
    const ids = options.map((o) => displayLine(o.id, 40)).join(', ');
    return ids
      ? `--option must be one of the request's options: ${ids}`
      : 'the request offers no options: answer with --text or --values';
  }
  // A form takes values only (AEP-0006): text would reach the agent as an answer it must refuse. Nothing is sent.
  if (answer.text !== undefined && (record.payload.kind === 'form' || fields.length))
    return (
      `the request is a form: answer it with --values (its fields: ` +
      `${fields.map((f) => displayLine(f.id, 40)).join(', ')}), not --text`
    );
  if (answer.values !== undefined) {
    if (!fields.length) return 'the request is not a form: answer it with --option or --text';
    const check = validateFormValues(fields, answer.values);
    if (!check.ok)
      return `--values: ${Object.entries(check.errors)
        .map(([field, why]) => `${displayLine(field, 40)}: ${displayLine(why, 120)}`)
        .join('; ')}`;
  }
  return undefined;
}
