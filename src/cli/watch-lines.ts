// What `watch` prints: one line per thing that happens, as text for a log
// or a terminal without cursor addressing (ASCII words, no marks, no
// escapes), or with --json one object per line: `list --json`'s members plus
// `event`. Every string from an agent or a relay goes through the sanitizer
// (text) or safeJson (JSON); the token is redacted on the way out (cli.ts).
import { displayLine } from '../protocol/sanitize.js';
import type { RelayStatus, RequestRecord, RequestState } from '../store/types.js';
import { describeOutcome } from '../ui/words/outcome.js';
import { relayText } from '../store/file-relay.js';
import { idCell, safeJson, toJson } from './list.js';
import { connectionText } from './relay-session.js';

/** `expiring`: a pending request's last call (15 s or less left), said once. */
export type WatchEvent = 'requested' | 'answered' | 'resolved' | 'timeout' | 'stale' | 'relay' | 'expiring';

/** The event a request's state is the news of. */
export function eventOf(state: RequestState): Exclude<WatchEvent, 'relay' | 'expiring'> {
  switch (state) {
    case 'pending':
    case 'informational':
      return 'requested';
    default:
      return state;
  }
}

function leftWords(record: RequestRecord, now: number): string {
  const at = record.payload.expiresAt ? Date.parse(record.payload.expiresAt) : NaN;
  return Number.isFinite(at) ? `${Math.max(0, Math.ceil((at - now) / 1000))} s` : 'little time';
}

/** `13:02:07` in UTC: a log line's time, short enough for 80 columns. */
function clock(now: number): string {
  return new Date(now).toISOString().slice(11, 19);
}

export function requestLine(
  record: RequestRecord,
  json: boolean,
  showRelay: boolean,
  now: number,
  event: WatchEvent = eventOf(record.state),
): string {
  if (json) return safeJson({ ...toJson(record), event });
  const outcome = record.state === 'pending' ? undefined : describeOutcome(record);
  const cells = [
    clock(now),
    event.padEnd(9),
    displayLine(record.agent, 40),
    displayLine(record.session, 40),
    showRelay ? `@${relayText(record.relay, 120)}` : '',
    `${displayLine(record.payload.kind, 12)}${record.state === 'informational' ? ' (informational: answered in the agent)' : ''}`,
    record.severity === 'notice' ? '' : record.severity,
    event === 'expiring' ? `(last call: ${leftWords(record, now)} left)` : '',
    ':',
    displayLine(record.payload.prompt, 160),
    outcome ? `-> ${displayLine(outcome.summary, 160)}` : '',
    idCell(record.id),
  ];
  return cells.filter(Boolean).join(' ');
}

export function relayLine(status: RelayStatus, json: boolean, now: number): string {
  const connection = status.connection;
  if (json) {
    const reason = 'reason' in connection ? connection.reason : 'detail' in connection ? connection.detail : undefined;
    return safeJson({
      event: 'relay',
      relay: status.relay,
      state: connection.kind,
      ...(reason !== undefined ? { reason } : {}),
    });
  }
  return `${clock(now)} relay     ${relayText(status.relay, 200)} ${displayLine(connectionText(connection), 300)}`;
}

/** Whether a change of connection is worth a line: every change of kind, and each new failure reason. */
export function connectionKey(status: RelayStatus): string {
  const c = status.connection;
  // "connecting" follows every "reconnecting": the next line (live, or the next failure) says how it went.
  if (c.kind === 'connecting') return '';
  return `${c.kind}\u001f${'reason' in c ? (c.reason ?? '') : ''}\u001f${'detail' in c ? (c.detail ?? '') : ''}`;
}
