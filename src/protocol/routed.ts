// `attention.routed` as one console tells the others that its operator has
// a request open (AEP-0002 §7.3): emitted
// by a consumer, so it carries the request's `session` and no `seq`
// (AEP-0001 §5.2); `subject` and `cause` are the request's id. Its `source`
// names this console instance (host, --name and a per-run id), so two
// consoles with one name on one host are still two, and a console can tell
// its own notes from another's. Pure: the timers are the relay layer's.
import { commandId } from './command-id.js';
import type { AepEvent } from './types.js';

/** While the request stays open the note is sent again, at most this often. */
export const ROUTED_RENEW_MS = 60_000;
/** A note older than this (with no newer one) no longer says the request is open anywhere. */
export const ROUTED_LAPSE_MS = 120_000;
/** `data.to` of a console's note: `aep-console:<name>`. */
export const CONSOLE_ROUTE_PREFIX = 'aep-console:';
/** `data.via` of a console's note: the operator reads it in the terminal UI. */
export const CONSOLE_ROUTE_VIA = 'tui';

/** This console instance as a URI: `aep://<host>/agent/<name>/console/<instance>`. */
export function consoleSource(host: string, name: string, instance: string): string {
  return `aep://${encodeURIComponent(host)}/agent/${encodeURIComponent(name)}/console/${encodeURIComponent(instance)}`;
}

export interface RoutedInput {
  request: { id: string; session: string };
  name: string;
  /** consoleSource(...) of this console instance. */
  source: string;
  now?: Date;
}

export function buildRouted(input: RoutedInput): AepEvent {
  const now = input.now instanceof Date && !Number.isNaN(input.now.getTime()) ? input.now : new Date();
  return {
    aep: '0.1',
    id: commandId(now.getTime()),
    type: 'attention.routed',
    time: now.toISOString(),
    source: input.source,
    agent: input.name,
    session: input.request.session,
    subject: input.request.id,
    cause: input.request.id,
    capture: 'metadata',
    data: { to: `${CONSOLE_ROUTE_PREFIX}${input.name}`, via: CONSOLE_ROUTE_VIA },
  };
}

/** The console name a note's `data.to` names, or undefined when the note is not a console's. */
export function consoleRouteName(to: string | undefined): string | undefined {
  if (to === undefined || !to.startsWith(CONSOLE_ROUTE_PREFIX)) return undefined;
  const name = to.slice(CONSOLE_ROUTE_PREFIX.length);
  return name === '' ? undefined : name;
}

/**
 * When a note counts as sent, for its age: when it arrived, unless its own
 * `time` says it is older than a lapse (a replay after a restart brings old
 * notes: they must not read as "open now"). `time` is display only
 * (AEP-0001 §5): a clock a little off never moves a live note.
 */
export function routedAt(time: unknown, receivedAt: number): number {
  const stated = typeof time === 'string' ? Date.parse(time) : NaN;
  return Number.isFinite(stated) && stated < receivedAt - ROUTED_LAPSE_MS ? stated : receivedAt;
}
