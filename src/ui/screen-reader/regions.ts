// The one region the screen reader is given at a time, as sentences, from
// the model alone: the list (status, then the selected request), the open
// request or form, the batch, help, the timeline or the history. `at` is the
// moment its time left is read at (view.tsx keeps it still between changes).
import { displayLine } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import { commonOptions } from '../inbox/batch.js';
import { batchRows } from '../inbox/digits.js';
import { isFillableForm } from '../inbox/detail-view.js';
import { footerDigits } from '../inbox/footer-view.js';
import { footerLine } from '../places/footer-line.js';
import { answerLock, modalOf } from '../inbox/state.js';
import { historySentences } from './history.js';
import { timelineSentences } from './timeline.js';
import { controlAsked } from '../inbox/control-keys.js';
import { controlQuestion } from '../inbox/control-question.js';
import { buildAlwaysLines } from '../rules/rule-view.js';
import { buildRuleEndLines, ruleEndAsked, ruleEndScope } from '../rules/rule-end.js';
import { listedRules, rulesSentences } from '../rules/rules-screen.js';
import { scopesFor } from '../rules/rule-update.js';
import { keyRows } from '../key-rows.js';
import { PLACES } from '../places/registry.js';
import { withKeys } from '../key-labels.js';
import type { UiModel } from '../model.js';
import type { Line } from '../text/line.js';
import { answering } from '../view.js';
import { highlightSentence, numberedOptions, openRequestSentences } from './request.js';
import { ruleSentence, withCause } from './cause.js';
import { commandSentence, plural, relaySentence, requestSentence } from './words.js';

/** A row of the full screen as text: its separators (the spoken set's `;`) as punctuation. */
const text = (l: Line) =>
  l
    .map((s) => s.text)
    .join('')
    .trim()
    .replace(/ ; /g, '; ');

/** "3 requests waiting for you." and whatever about the relays is not plain "connected". */
export function statusSentences(model: UiModel): string[] {
  const { counts } = model.view;
  const waiting = counts.pending
    ? `${plural(counts.pending, 'request')} waiting for you.`
    : 'Nothing is waiting for you.';
  const lines = [waiting];
  if (counts.unconfirmed)
    lines.push(`${plural(counts.unconfirmed, 'request')} not re-confirmed by the relay: may be answered or gone.`);
  for (const relay of model.snapshot.relays())
    if (relay.connection.kind !== 'live' || relay.watchOnly || model.snapshot.relays().length > 1)
      lines.push(relaySentence(relay));
  if (model.inbox.filter) lines.push(`Filter: ${displayLine(model.inbox.filter, 100)}.`);
  if (model.inbox.tagged.size) lines.push(`${plural(model.inbox.tagged.size, 'request')} marked for a batch answer.`);
  if (model.rules?.auto) lines.push('The rules are answering (AUTO).');
  return lines;
}

/** The selected request: its place in Pending (or Recent) and its sentence. */
function selectedSentences(model: UiModel, at: number): string[] {
  const { list, openCount } = model.view;
  const record = list[model.inbox.selectedIndex];
  if (!record) return [list.length ? 'Nothing is selected.' : 'No requests yet. Agents raise them; they appear here.'];
  const i = model.inbox.selectedIndex;
  const where =
    i < openCount ? `${i + 1} of ${openCount}` : `Recent, ${i - openCount + 1} of ${list.length - openCount}`;
  const lines = [`${where}: ${requestSentence(record, at)}${model.inbox.tagged.has(record.key) ? ' (marked)' : ''}`];
  const command = model.snapshot.lastCommandFor(record.key);
  const said = commandSentence(command);
  if (said) lines.push(`${displayLine(record.agent, 40)}: ${said}`);
  const digits = model.inbox.tagged.size ? markedDigits(model) : selectedDigits(record, answerLock(record, command));
  if (digits) lines.push(digits);
  const rule = ruleSentence(model, record);
  if (rule) lines.push(rule);
  return lines;
}

/** What a digit does on the selected request, as the keys do it (browse-keys.ts open): its options, numbered. */
function selectedDigits(record: RequestRecord, lock: ReturnType<typeof answerLock>): string | undefined {
  if (lock !== 'none') return undefined;
  if (isFillableForm(record))
    return `A form of ${plural(record.payload.fields.length, 'field')}: ${withKeys('browse', '{open} opens it.')}`;
  const { options } = record.payload;
  if (!options.length) return withKeys('browse', 'No options: {open} opens it to type a reply.');
  return `Options: ${numberedOptions(options)}. ${withKeys('answer', 'A digit opens it on that option; {send} then sends it.')}`;
}

/** With marks, a digit opens the batch on the option every marked request shares. */
function markedDigits(model: UiModel): string {
  const records = [...model.inbox.tagged].flatMap((key) => model.snapshot.request(key) ?? []);
  const options = commonOptions(records);
  if (!options.length)
    return withKeys('browse', 'The marked requests share no option: {open} opens the batch to answer them in words.');
  return (
    `Options every marked request offers: ${numberedOptions(options)}. ` +
    `${withKeys('batch', 'A digit opens the batch on that option; {send} then asks before sending.')}`
  );
}

function batchSentences(model: UiModel, at: number): string[] {
  const { inbox, snapshot } = model;
  const records = [...inbox.tagged].flatMap((key): RequestRecord[] => {
    const record = snapshot.request(key);
    return record ? [record] : [];
  });
  const options = commonOptions(records);
  const lines = [`Batch answer to ${plural(records.length, 'marked request')}, one command each.`];
  records.forEach((record, i) => lines.push(`${i + 1} of ${records.length}: ${requestSentence(record, at)}`));
  lines.push(
    options.length
      ? `Options every marked request offers: ${numberedOptions(options)}.`
      : 'The marked requests share no option: answer in words, or mark alike ones.',
  );
  lines.push(highlightSentence(options, inbox.batch.highlight, batchRows(inbox.batch, options.length)));
  return lines;
}

/** Keys as help writes them, said: columns (`k/j  Up/Down`) are alternatives, a run of digits is "1 to 9". */
function spokenKeys(keys: string): string {
  return keys.replace(/\s{2,}/g, ' or ').replace(/\b(\d)-(\d)\b/g, '$1 to $2');
}

/** Every key, a sentence each, with the part of the console it works in; keys in columns (`k/j  Up/Down`) read as alternatives. */
function helpSentences(model: UiModel): string[] {
  const demo = model.config.demo
    ? [`Demo relay: ${model.config.demo.relay}. List it from another terminal with: ${model.config.demo.listCommand}`]
    : [];
  return [
    'Keys.',
    ...demo,
    ...keyRows().map((row) => `${PLACES[row.scope].titles.spoken}, ${spokenKeys(row.keys)}: ${row.does}.`),
  ];
}

/** `a` on an option: the rule's scopes, numbered, and the one picked. */
function alwaysSentences(model: UiModel, record: RequestRecord): string[] {
  const always = modalOf(model.inbox, 'always')!;
  const label = record.payload.options.find((o) => o.id === always.option)?.label ?? always.option;
  const lines = buildAlwaysLines(scopesFor(model, model.snapshot)(record, always.option), always.index, label, 1000)
    .map(text)
    .filter(Boolean);
  return [...lines, `Selected: ${always.index + 1}.`];
}

/** `a`'s second row: how long the rule lasts, the four ends numbered, and the one picked. */
function ruleEndSentences(model: UiModel, record: RequestRecord): string[] {
  const asked = ruleEndAsked(model.inbox, record.key)!;
  const scope = ruleEndScope(asked, { open: record, scopes: scopesFor(model, model.snapshot) });
  const lines = buildRuleEndLines(asked, scope, scope && record, model.now, 1000)
    .map(text)
    .filter(Boolean);
  return [...lines, `Selected: ${asked.index + 1}.`];
}

/** The region the mode shows, as sentences. */
export function regionSentences(model: UiModel, at: number): string[] {
  const { inbox, snapshot } = model;
  if (modalOf(inbox, 'help')) return helpSentences(model);
  if (inbox.mode === 'timeline' && inbox.timeline)
    return timelineSentences(snapshot.request(inbox.timeline.key), model.timelineData?.fetched, model.glyphs);
  if (inbox.mode === 'history' && inbox.history) return historySentences(inbox.history);
  if (inbox.mode === 'rules' && inbox.rulesScreen)
    return rulesSentences(listedRules(model.rules), inbox.rulesScreen, model.now);
  if (inbox.mode === 'batch') return batchSentences(model, at);
  const open = inbox.openKey ? snapshot.request(inbox.openKey) : undefined;
  if (answering(model) && open && ruleEndAsked(inbox, open.key)) return ruleEndSentences(model, open);
  if (answering(model) && open && modalOf(inbox, 'always')?.key === open.key) return alwaysSentences(model, open);
  if (answering(model))
    return open
      ? withCause(openRequestSentences(inbox, open, snapshot, at), model, open)
      : [withKeys('answer', 'This request is no longer held. {back} returns to the list.')];
  return [...statusSentences(model), ...selectedSentences(model, at)];
}

/** The question being asked, the filter being typed, a notice, and what the keys do now: the footer, in words. */
export function promptSentence(model: UiModel): string {
  const { inbox, snapshot } = model;
  const open = inbox.openKey ? snapshot.request(inbox.openKey) : undefined;
  const isAnswering = answering(model);
  const lock = isAnswering && open ? answerLock(open, snapshot.lastCommandFor(open.key)) : undefined;
  const control = controlAsked(inbox);
  const asked = control ? snapshot.request(control.key) : undefined;
  const question = asked && control ? controlQuestion(asked, control.request) : undefined;
  const digits = footerDigits(
    inbox,
    snapshot,
    model.view.list[inbox.selectedIndex],
    isAnswering ? open : undefined,
    lock,
  );
  return text(
    footerLine({
      state: inbox,
      width: 1000,
      lock,
      form: isAnswering && open !== undefined && isFillableForm(open),
      question,
      digits,
      readOnly: model.config.readOnly === true,
    }),
  ).replace(/\.?\s{2,}/g, '. ');
}
