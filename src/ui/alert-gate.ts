// Bell and desktop notification, coalesced: at most one per ALERT_INTERVAL_MS, so a burst of new requests
// rings once and says how many ("3 new requests"). What arrives inside the
// interval rings nothing; the status line counts it until the operator
// presses a key or the next alert. A flood of 5,000 requests a second once
// wrote 50,000 BEL bytes in 20 s. Pure: the model holds the state.

import type { RequestRecord } from '../store/types.js';
import type { Effect } from './effect.js';

export const ALERT_INTERVAL_MS = 5_000;

/** What an alert asks App to do (part of the model's Effect; declared here so the gate needs nothing of the model). */
export type AlertEffect = Extract<Effect, { type: 'bell' | 'notify' | 'phone' }>;

/** Which alerts the operator wants (--no-bell, --notify, --notify-cmd). */
export interface AlertConfig {
  bell: boolean;
  notify: boolean;
  /** --notify-cmd: every new request goes to the command, outside the interval and whatever the bell. */
  phone?: boolean;
}

export interface AlertState {
  /** When the last alert went out (bell or notification). */
  lastAt?: number;
  /** Arrivals since that alert that rang nothing (the status line shows them). */
  held: number;
}

export const initialAlerts: AlertState = { held: 0 };

export interface Arrivals {
  /** New live pending requests. */
  requests: RequestRecord[];
  /** Answers of ours newly rejected (they ring, they are not notified). */
  rejections: number;
}

export function gateAlerts(
  alerts: AlertState,
  arrived: Arrivals,
  now: number,
  config: AlertConfig,
): { alerts: AlertState; effects: AlertEffect[] } {
  // The command hears of each new request, one line each: not coalesced, not held by the interval, not --no-bell's.
  const phone: AlertEffect[] =
    config.phone && arrived.requests.length
      ? [{ type: 'phone', keys: arrived.requests.map((record) => record.key), event: 'requested' }]
      : [];
  const rung = ringOrHold(alerts, arrived, now, config);
  return phone.length ? { alerts: rung.alerts, effects: [...phone, ...rung.effects] } : rung;
}

function ringOrHold(
  alerts: AlertState,
  arrived: Arrivals,
  now: number,
  config: AlertConfig,
): { alerts: AlertState; effects: AlertEffect[] } {
  const count = arrived.requests.length + arrived.rejections;
  if (count === 0 || (!config.bell && !config.notify)) return { alerts, effects: [] };
  if (alerts.lastAt !== undefined && now - alerts.lastAt < ALERT_INTERVAL_MS && now >= alerts.lastAt) {
    return { alerts: { ...alerts, held: alerts.held + count }, effects: [] };
  }
  const effects: AlertEffect[] = [];
  if (config.bell) effects.push({ type: 'bell' });
  const n = arrived.requests.length;
  if (config.notify && n > 0) {
    const one = arrived.requests[0];
    effects.push({
      type: 'notify',
      title: 'aep-console',
      body: n === 1 ? `${one.agent} needs you: ${one.payload.kind}` : `${n} new requests`,
    });
  }
  // Rejections with --no-bell: nothing went out, so nothing starts an interval.
  if (!effects.length) return { alerts, effects };
  return { alerts: { lastAt: now, held: 0 }, effects };
}

/** The operator pressed a key: what was held has been seen. */
export function alertsSeen(alerts: AlertState): AlertState {
  return alerts.held === 0 ? alerts : { ...alerts, held: 0 };
}
