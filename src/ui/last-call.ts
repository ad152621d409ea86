// The last call: a request with an
// `expires_at` rings (and notifies, with --notify) once more when LAST_CALL_MS
// or less are left, so an operator who missed the first bell does not lose
// it to the adapter's own timeout. Only a request the operator is not
// looking at: pending, not open now, not hidden or with its agent gone, not
// one the relay no longer vouches for (`?`), and no answer of ours on its
// way. Once per request; a snoozed one comes back.
// The alert gate may hold it while another alert's interval runs (5 s, well
// inside the 15 s), never drop it: held, it rings when the interval ends or
// at 10 s left, whichever comes first; with a bell rung by the same message
// (a new request) it goes with that bell. With --notify-cmd it also goes to
// the command, once, as soon as it is due: the interval holds bells, not the
// word to a phone. Pure.

import { ALERT_INTERVAL_MS, type AlertEffect } from './alert-gate.js';
import { timeLeftMs } from './inbox/ages.js';
import { displayLine } from '../protocol/sanitize.js';
import type { RequestRecord } from '../store/types.js';
import type { StoreReader, UiModel } from './model.js';
import type { StoreSnapshot } from './store-snapshot.js';

export const LAST_CALL_MS = 15_000;
/** A last call held by another alert's interval rings by this much left, whatever rings meanwhile. */
const LATEST_MS = LAST_CALL_MS - ALERT_INTERVAL_MS;
/** Past this many called keys, those of requests no longer open are forgotten. */
const CALLED_KEPT = 512;

interface Expiring {
  key: string;
  /** When it expires (ms since the epoch). */
  at: number;
}

/** The open requests that expire, soonest first, once per store version pinned. */
const expiringBy = new WeakMap<StoreSnapshot, Expiring[]>();

function expiring(snapshot: StoreSnapshot, now: number): Expiring[] {
  let list = expiringBy.get(snapshot);
  if (!list) {
    list = [];
    for (const record of snapshot.allRequests()) {
      if (record.state !== 'pending' || !record.payload.expiresAt) continue;
      const left = timeLeftMs(record, now);
      if (left !== undefined) list.push({ key: record.key, at: now + left });
    }
    list.sort((a, b) => a.at - b.at);
    expiringBy.set(snapshot, list);
  }
  return list;
}

/** Whether the operator has this request in front of them now (open, or marked for the batch being composed). */
function beingAnswered(model: UiModel, key: string): boolean {
  const { inbox } = model;
  return (inbox.mode === 'answer' && inbox.openKey === key) || (inbox.mode === 'batch' && inbox.tagged.has(key));
}

/** The requests due a last call now. */
function dueNow(model: UiModel, store: StoreReader): RequestRecord[] {
  const due: RequestRecord[] = [];
  for (const { key, at } of expiring(model.snapshot, model.now)) {
    const left = at - model.now;
    if (left > LAST_CALL_MS) break;
    if (
      left <= 0 ||
      model.lastCalls.has(key) ||
      model.inbox.hidden.has(key) ||
      model.view.away.keys.has(key) ||
      beingAnswered(model, key)
    )
      continue;
    const record = store.request(key);
    // The relay no longer vouches for it (`?`): a last call would ring for what may be gone.
    if (!record || record.state !== 'pending' || record.unconfirmed) continue;
    const command = store.lastCommandFor(key)?.state;
    if (command === 'sending' || command === 'accepted') continue;
    due.push(record);
  }
  return due;
}

/**
 * When the clock must next look (Infinity: never by itself): the next
 * request to enter its last call, or the end of the alert interval holding
 * one already in it. One in its last call but open, hidden or with an answer
 * on its way waits for the message that changes that, not for the clock.
 */
export function nextLastCallAt(model: UiModel): number {
  const { now, alerts } = model;
  const gateOpensAt =
    alerts.lastAt !== undefined && now >= alerts.lastAt ? alerts.lastAt + ALERT_INTERVAL_MS : -Infinity;
  let held = false;
  let heldUntil = Infinity;
  for (const { key, at } of expiring(model.snapshot, now)) {
    if (at <= now || model.lastCalls.has(key)) continue;
    if (at - LAST_CALL_MS > now) return held ? Math.min(heldUntil, at - LAST_CALL_MS) : at - LAST_CALL_MS;
    if (gateOpensAt > now) {
      held = true;
      heldUntil = Math.min(heldUntil, gateOpensAt, Math.max(now + 1, at - LATEST_MS));
    }
  }
  return held ? heldUntil : Infinity;
}

function secondsLeft(record: RequestRecord, now: number): number {
  return Math.max(1, Math.ceil((timeLeftMs(record, now) ?? 0) / 1000));
}

/** The last calls due now: rung (once, coalesced), marked, and a snoozed one brought back. */
export function lastCalls(model: UiModel, store: StoreReader): { model: UiModel; effects: AlertEffect[] } {
  const due = dueNow(model, store);
  if (due.length === 0) return { model, effects: [] };
  const phoned = phoneLastCalls(model, due, store);
  const rung = ringLastCalls(phoned.model, due, store);
  return phoned.effects.length ? { model: rung.model, effects: [...phoned.effects, ...rung.effects] } : rung;
}

/** --notify-cmd: each last call goes to the command when it is due, whatever the bell's interval holds (once per request). */
function phoneLastCalls(
  model: UiModel,
  due: RequestRecord[],
  store: StoreReader,
): { model: UiModel; effects: AlertEffect[] } {
  if (!model.config.phone) return { model, effects: [] };
  const before = model.lastCallsPhoned ?? new Set<string>();
  const fresh = due.filter((record) => !before.has(record.key));
  if (!fresh.length) return { model, effects: [] };
  let phoned = new Set(before);
  for (const record of fresh) phoned.add(record.key);
  if (phoned.size > CALLED_KEPT) phoned = new Set([...phoned].filter((key) => store.request(key)?.state === 'pending'));
  return {
    model: { ...model, lastCallsPhoned: phoned },
    effects: [{ type: 'phone', keys: fresh.map((record) => record.key), event: 'expiring' }],
  };
}

function ringLastCalls(
  model: UiModel,
  due: RequestRecord[],
  store: StoreReader,
): { model: UiModel; effects: AlertEffect[] } {
  const { alerts, config, now } = model;
  // A bell rang in this very message (a new request): the last call goes with it, no second bell.
  const coalesced = alerts.lastAt === now;
  // Another alert's interval still runs: held until it ends, but never past LATEST_MS left (new
  // requests arriving every few seconds would otherwise hold it to the end).
  const gateOpensAt =
    alerts.lastAt !== undefined && now >= alerts.lastAt ? alerts.lastAt + ALERT_INTERVAL_MS : -Infinity;
  if (!coalesced && now < gateOpensAt && due.every((record) => (timeLeftMs(record, now) ?? 0) > LATEST_MS))
    return { model, effects: [] };
  const effects: AlertEffect[] = [];
  if (config.bell && !coalesced) effects.push({ type: 'bell' });
  if (config.notify) {
    const one = due[0];
    const body =
      due.length === 1
        ? `last call: ${displayLine(one.agent, 40)} expires in ${secondsLeft(one, now)} s (${one.payload.kind})`
        : `last call: ${due.length} requests expire within 15 s`;
    effects.push({ type: 'notify', title: 'aep-console', body });
  }
  let called = new Set(model.lastCalls);
  for (const record of due) called.add(record.key);
  if (called.size > CALLED_KEPT) called = new Set([...called].filter((key) => store.request(key)?.state === 'pending'));
  let inbox = model.inbox;
  if (due.some((record) => inbox.snoozed.has(record.key))) {
    const snoozed = new Map(inbox.snoozed);
    for (const record of due) snoozed.delete(record.key);
    inbox = { ...inbox, snoozed };
  }
  return {
    model: { ...model, inbox, lastCalls: called, alerts: effects.length ? { ...alerts, lastAt: now } : alerts },
    effects,
  };
}

/** Whether a request's row says `last call` now. */
export function onLastCall(model: Pick<UiModel, 'lastCalls'>, record: RequestRecord): boolean {
  return record.state === 'pending' && !record.unconfirmed && model.lastCalls.has(record.key);
}
