import { displayLine } from '../../protocol/sanitize.js';
import type { Counts } from '../../store/selectors.js';
import type { ConnectionState, RelayStatus } from '../../store/types.js';
import { seg, type Line } from '../text/line.js';
import { fit, stringWidth } from '../text/wrap.js';
import { relayText } from '../../store/history.js';
import { glyphs } from '../glyphs.js';

export function connectionText(connection: ConnectionState, now: number): { text: string; color: string } {
  switch (connection.kind) {
    case 'connecting':
      return { text: `connecting${connection.reason ? ` (last attempt: ${connection.reason})` : ''}`, color: 'yellow' };
    case 'live':
      return { text: 'live', color: 'green' };
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((connection.retryAt - now) / 1000));
      return { text: `reconnecting in ${seconds}s${connection.reason ? ` (${connection.reason})` : ''}`, color: 'yellow' };
    }
    case 'unauthorized':
      return { text: `unauthorized${connection.detail ? ` (${connection.detail})` : ': check the token'}`, color: 'red' };
    case 'version-unsupported': {
      const retry = connection.retryAt === undefined ? '' : ` ${glyphs().dot} retrying in ${Math.max(0, Math.ceil((connection.retryAt - now) / 1000))}s`;
      return { text: `version-unsupported${connection.detail ? ` (${connection.detail})` : ''}${retry}`, color: 'red' };
    }
    case 'closed':
      return { text: 'closed', color: 'gray' };
  }
}

export interface StatusInput {
  relays: readonly RelayStatus[];
  counts: Counts;
  filter: string;
  width: number;
  now: number;
  /** At most this many relay rows; the rest are summarized. */
  maxRows: number;
  /** Arrivals since the last bell / notification that rang nothing (alerts are coalesced). */
  heldAlerts?: number;
  /** What the last alert was: "bell", or "notice" with --no-bell --notify. */
  alertWord?: string;
  /** The rules: `AUTO`, `rules: suggest (N)`, rules turned off. */
  rules?: string;
}

/**
 * The relay's name in `room` columns, always followed by a space: a cut
 * name once ran into its state (`http://127.0.0.1:42…live`). Where the whole
 * URL does not fit the scheme goes first (`127.0.0.1:42817`), so the host
 * and port stay; only then is the name cut.
 */
export function relayCell(prefix: string, relay: string, room: number): string {
  const whole = `${prefix}${relayText(relay)}`;
  if (stringWidth(whole) < room) return `${whole} `;
  const bare = `${prefix}${relayText(relay).replace(/^[a-z]+:\/\//i, '')}`;
  return `${stringWidth(bare) < room ? bare : fit(bare, Math.max(1, room - 1))} `;
}

/** One row per relay: state, watch-only, warnings; counts and filter on the first. */
export function buildStatusLines(input: StatusInput): Line[] {
  const { relays, counts, width, now } = input;
  // Beside "pending", where a narrow status line keeps it: what the coalesced bell did not ring for.
  const held = input.heldAlerts ? ` (+${input.heldAlerts} since ${input.alertWord ?? 'bell'})` : '';
  // Requests whose agent is gone are not waiting on you: counted apart.
  const away = counts.away ? ` ${glyphs().dot} ${counts.away} no agent` : '';
  const summary = `${counts.pending} pending${held}${away} ${glyphs().dot} ${counts.recent} recent${input.filter ? ` ${glyphs().dot} filter "${displayLine(input.filter, 30)}"` : ''}`;
  const lines: Line[] = [];
  const shown = relays.slice(0, Math.max(1, input.maxRows));
  shown.forEach((relay, i) => {
    // A --file source has no connection: it is history, followed or read.
    const state = relay.file ? { text: relay.file.following ? 'history file, following' : 'history file', color: 'blue' } : connectionText(relay.connection, now);
    // Connected but the subscription refused: nothing arrives, so not "live".
    if (!relay.file && relay.connection.kind === 'live' && relay.subscriptionError) Object.assign(state, { text: 'connected, not subscribed', color: 'red' });
    // Close reasons and error details come from the relay: producer text.
    state.text = displayLine(state.text, 200);
    const extras: string[] = [];
    if (relay.watchOnly) extras.push(`watch-only${relay.watchOnlyReason ? `: ${relay.watchOnlyReason}` : ''}`);
    if (relay.subscriptionError) extras.push(`subscription refused: ${relay.subscriptionError.code}${relay.subscriptionError.detail ? ` ${relay.subscriptionError.detail}` : ''}`);
    if (relay.invalid) extras.push(`${relay.invalid} invalid events ignored`);
    if (relay.undecodable) extras.push(`${relay.undecodable} undecodable frames`);
    // Saved answers (the outbox) first: what they say stays true until it changes, unlike a warning.
    extras.push(...(relay.outboxNotes ?? []).map((note) => `${glyphs().warn} ${note}`), ...relay.warnings.slice(-2).map((w) => `${glyphs().warn} ${w}`));
    const prefix = relays.length > 1 ? `[${i + 1}] ` : '';
    const line: Line = [
      seg(i === 0 ? 'aep-console ' : '            ', { bold: true }),
      seg(relayCell(prefix, relay.relay, Math.max(10, Math.floor(width / 3)))),
      seg(state.text, { color: state.color, bold: true }),
    ];
    // Beside the relay's state, not among the extras: a narrow status line cuts those first.
    if (relay.violations) line.push(seg(` ${glyphs().dot} ${glyphs().warn} ${relay.violations} emitter violation${relay.violations === 1 ? '' : 's'}`, { color: 'yellow' }));
    if (i === 0) line.push(seg(` ${glyphs().dot} ${summary}`));
    if (i === 0 && input.rules) line.push(seg(` ${glyphs().dot} ${displayLine(input.rules, 300)}`, { color: 'magenta', bold: true }));
    if (extras.length) line.push(seg(` ${glyphs().dot} ${displayLine(extras.join(` ${glyphs().dot} `), 400)}`, { color: relay.watchOnly || relay.subscriptionError ? 'red' : 'yellow' }));
    lines.push(line);
  });
  if (relays.length > shown.length) lines.push([seg(`            +${relays.length - shown.length} more relays`, { dim: true })]);
  return lines;
}
