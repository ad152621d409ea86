// When the clock next has to tick: at the next change the screen would
// show, not every second. Ages and times left are shown to the second under
// a minute, then to the minute (list-view.ts `shortDuration`): a request
// raised an hour ago changes its row once a minute, and a screen of old
// requests ticks once a minute, not 60 times. Over SSH an idle console then
// sends (almost) nothing.
import type { RequestRecord } from '../store/types.js';
import { ageMs, ageTextChangesIn, leftTextHoldsFor, timeLeftMs } from './inbox/ages.js';
import { layoutOf, type UiModel } from './model.js';
import { nextRuleEnd, rulesWaitOnClock } from './rules/rule-state.js';
import { rowCausesWaitOnClock } from './row-causes.js';
import { shownPlace } from './places/top.js';
import { nextLastCallAt } from './last-call.js';
import { nextWake } from './inbox/snooze.js';
import { titleBehind } from './title.js';
import { openNoteLapsesAt } from '../store/open-elsewhere.js';

const SECOND = 1000;
const MINUTE = 60_000;
/** Past a visible minute boundary by this much, so the tick lands after it, not just before. */
const PAST_BOUNDARY_MS = 5;
/** A tick at least this often whatever is shown: background reads retried after a failure wait for one (fetches.ts). */
const LONGEST_MS = MINUTE;

/** Ms until the age's text changes: under a minute, every second; then at the next whole minute of age. */
function untilAgeChanges(age: number): number | 'seconds' {
  return age < MINUTE - SECOND ? 'seconds' : ageTextChangesIn(age);
}

/** Ms until a time left's text changes: seconds under a minute (and `T-exp` once out), else just after the next whole minute down. */
function untilLeftChanges(left: number): number | 'seconds' {
  return left <= MINUTE ? 'seconds' : leftTextHoldsFor(left) + 1;
}

/** The requests whose age or time left the screen may show: the list window (with a margin either side) and the detail's. */
function shownRecords(model: UiModel): RequestRecord[] {
  const height = layoutOf(model.size, model.snapshot.relays().length).bodyHeight;
  const from = Math.max(0, model.listStart - height);
  const shown = model.view.list.slice(from, model.listStart + 2 * height);
  const open = model.inbox.openKey ? model.snapshot.request(model.inbox.openKey) : undefined;
  return open ? [...shown, open] : shown;
}

/** Whether something other than ages is counted down on screen or waits on the clock. */
function waitsOnTheSecond(model: UiModel): boolean {
  const place = shownPlace(model.inbox);
  // Places that draw their own body are not read here: they keep the old one-second clock.
  if (place === 'timeline' || place === 'history' || place === 'decision' || place === 'help') return true;
  // "retrying in 4s" on the status line (and the empty-list note).
  if (model.snapshot.relays().some((relay) => 'retryAt' in relay.connection && relay.connection.retryAt !== undefined))
    return true;
  // "open in console ops-2, 12 s ago" counts by the second, and lapses by the clock.
  if (
    shownRecords(model).some((record) => record.routed.length > 0 && openNoteLapsesAt(record, model.now) !== undefined)
  )
    return true;
  // The rows' reads of causes are tried again, or given up, on the clock (row-causes.ts).
  if (rowCausesWaitOnClock(model.rowCauses)) return true;
  // The rules hold bells and re-read causes on the clock.
  const rules = model.rules;
  return rules !== undefined && rulesWaitOnClock(rules);
}

/**
 * Ms from `model.now` to the next tick: `finest` (the one-second clock)
 * while anything shown changes by the second (every such row then moves on
 * together, one tick a second, not one per row), else just past the first
 * minute boundary of an age or time left shown, else a minute.
 */
export function nextTickMs(model: UiModel, finest: number): number {
  if (waitsOnTheSecond(model) || titleBehind(model)) return finest;
  // A last call, the end of a snooze or a rule's end is due at a moment of its own, whatever is shown.
  let soonest = Math.min(
    LONGEST_MS,
    Math.max(0, nextLastCallAt(model) - model.now),
    Math.max(0, nextWake(model.inbox) - model.now),
    Math.max(0, (nextRuleEnd(model.rules, model.now) ?? Infinity) - model.now),
  );
  for (const record of shownRecords(model)) {
    const age = untilAgeChanges(ageMs(record, model.now));
    const leftMs = timeLeftMs(record, model.now);
    const left = leftMs === undefined ? LONGEST_MS : untilLeftChanges(leftMs);
    if (age === 'seconds' || left === 'seconds') return finest;
    soonest = Math.min(soonest, age, left);
  }
  return soonest + PAST_BOUNDARY_MS;
}
