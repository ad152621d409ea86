import { displayLine } from '../../protocol/sanitize.js';
import type { Counts } from '../../store/selectors.js';
import type { ConnectionState, RelayStatus } from '../../store/types.js';
import { seg, type Line, type Segment } from '../text/line.js';
import { fit, stringWidth } from '../text/wrap.js';
import { relayText } from '../../store/file-relay.js';
import { glyphs } from '../glyphs.js';
import { orderedWarnings } from '../words/warning-order.js';

export function connectionText(connection: ConnectionState, now: number): { text: string; color: string } {
  switch (connection.kind) {
    case 'connecting':
      return { text: `connecting${connection.reason ? ` (last attempt: ${connection.reason})` : ''}`, color: 'yellow' };
    case 'live':
      return { text: 'live', color: 'green' };
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((connection.retryAt - now) / 1000));
      return {
        text: `reconnecting in ${seconds}s${connection.reason ? ` (${connection.reason})` : ''}`,
        color: 'yellow',
      };
    }
    case 'unauthorized':
      // The detail is a clause of its own ("relay refused the token (HTTP 401)"): in brackets it doubled them.
      return {
        text: `unauthorized: ${connection.detail ?? 'check the token'}`,
        color: 'red',
      };
    case 'version-unsupported': {
      const retry =
        connection.retryAt === undefined
          ? ''
          : ` ${glyphs().dot} retrying in ${Math.max(0, Math.ceil((connection.retryAt - now) / 1000))}s`;
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

/**
 * A part of a status row, and what becomes of it when the row is too
 * narrow (fitParts). Parts are joined by a dot unless `joined`.
 */
interface Part {
  text: string;
  style?: Omit<Segment, 'text'>;
  /** Drawn right after a URL before it (a relay's state), without a dot. */
  joined?: boolean;
  /** Followed by a space, not a dot (the console's name). */
  lead?: boolean;
  /** When it gives way (GIVES_WAY); without, it stays and only the row's end is cut. */
  drop?: number;
  /** The relay's URL: shortened before it goes. */
  url?: { prefix: string; relay: string };
}

/**
 * The order parts give way in when a row is too narrow: the relay's URL
 * first (at every width), then what changes nothing the console does.
 */
const GIVES_WAY = { url: 0, name: 1, recent: 2, rulesNotes: 3, away: 4 } as const;

function rowWidth(parts: readonly Part[]): number {
  return lineOf(parts).reduce((n, s) => n + stringWidth(s.text), 0);
}

/**
 * The parts that fit in `width`, in the order GIVES_WAY says: the URL
 * without its scheme, then cut, then gone but for its number; then the
 * console's name, the recent count, the rules' notes, the no-agent count.
 * What changes what the console does (AUTO, the filter, held alerts, a
 * relay's state) stays, first in the row, and is cut only at its end.
 */
function fitParts(parts: readonly Part[], width: number): Part[] {
  const out = parts.map((p) => ({ ...p }));
  for (const order of Object.values(GIVES_WAY)) {
    for (const part of out) {
      const over = rowWidth(out) - width;
      if (over <= 0) return out.filter((p) => p.text !== '');
      if (part.drop !== order) continue;
      if (!part.url) {
        part.text = '';
        continue;
      }
      const room = stringWidth(part.text) - over;
      // A URL cut to a stub says nothing: it goes, and with several relays its number stays.
      part.text =
        room - stringWidth(part.url.prefix) >= 9 ? relayCell(part.url.prefix, part.url.relay, room) : part.url.prefix;
    }
  }
  return out.filter((p) => p.text !== '');
}

/** The parts as drawn: a dot between two, but a relay's state right after its URL (after a URL gone, a dot). */
function lineOf(parts: readonly Part[]): Line {
  const dot = ` ${glyphs().dot} `;
  const drawn = parts.filter((p) => p.text !== '');
  const before = (i: number) => (i === 0 || (drawn[i].joined && drawn[i - 1].url) ? '' : drawn[i - 1].lead ? ' ' : dot);
  return drawn.map((p, i) => seg(`${before(i)}${p.text}`, p.style ?? {}));
}

/** What goes before the first relay: the console's name, the rules, the filter, and the counts. */
function frontParts(input: StatusInput): Part[] {
  const { counts } = input;
  // Beside "pending": what the coalesced bell did not ring for.
  const held = input.heldAlerts ? ` (+${input.heldAlerts} since ${input.alertWord ?? 'bell'})` : '';
  const [rulesHead, ...rulesNotes] = input.rules ? displayLine(input.rules, 300).split(` ${glyphs().dot} `) : [];
  return [
    { text: 'aep-console', style: { bold: true }, drop: GIVES_WAY.name, lead: true },
    ...(rulesHead ? [{ text: rulesHead, style: { color: 'magenta', bold: true } }] : []),
    ...(rulesNotes.length
      ? [{ text: rulesNotes.join(` ${glyphs().dot} `), style: { color: 'magenta' }, drop: GIVES_WAY.rulesNotes }]
      : []),
    ...(input.filter ? [{ text: `filter "${displayLine(input.filter, 30)}"` }] : []),
    { text: `${counts.pending} pending${held}` },
    // Those the relay no longer vouches for (`?`) are not added to "pending": a restarted relay doubled it.
    ...(counts.unconfirmed ? [{ text: `${counts.unconfirmed} unconfirmed`, style: { color: 'yellow' } }] : []),
    // Requests whose agent is gone are not waiting on you: counted apart.
    ...(counts.away ? [{ text: `${counts.away} no agent`, drop: GIVES_WAY.away }] : []),
    { text: `${counts.recent} recent`, drop: GIVES_WAY.recent },
  ];
}

/** The relay's state in a word or two, and its colour. */
function relayState(relay: RelayStatus, now: number): { text: string; color: string } {
  // A --file source has no connection: it is history, followed or read.
  const state = relay.file
    ? { text: relay.file.following ? 'history file, following' : 'history file', color: 'blue' }
    : connectionText(relay.connection, now);
  // Connected but the subscription refused: nothing arrives, so not "live".
  if (!relay.file && relay.connection.kind === 'live' && relay.subscriptionError)
    Object.assign(state, { text: 'connected, not subscribed', color: 'red' });
  // Close reasons and error details come from the relay: producer text.
  state.text = displayLine(state.text, 200);
  return state;
}

/** What else is true of the relay: watch-only, a refused subscription, what was dropped, saved answers, warnings. */
function relayExtras(relay: RelayStatus): string[] {
  const extras: string[] = [];
  if (relay.watchOnly) extras.push(`watch-only${relay.watchOnlyReason ? `: ${relay.watchOnlyReason}` : ''}`);
  if (relay.subscriptionError)
    extras.push(
      `subscription refused: ${relay.subscriptionError.code}${relay.subscriptionError.detail ? ` ${relay.subscriptionError.detail}` : ''}`,
    );
  if (relay.invalid) extras.push(`${relay.invalid} invalid events ignored`);
  if (relay.undecodable) extras.push(`${relay.undecodable} undecodable frames`);
  // Saved answers (the outbox) first: what they say stays true until it changes, unlike a warning.
  // Then the warnings, what changes behaviour first and a standing notice last (warning-order.ts).
  extras.push(
    ...(relay.outboxNotes ?? []).map((note) => `${glyphs().warn} ${note}`),
    ...orderedWarnings(relay.warnings).map((w) => `${glyphs().warn} ${w}`),
  );
  return extras;
}

/** One relay's parts: its URL (numbered when there are several), its state, its violations and extras. */
function relayParts(relay: RelayStatus, prefix: string, now: number): Part[] {
  const state = relayState(relay, now);
  const extras = relayExtras(relay);
  return [
    { text: relayCell(prefix, relay.relay, Infinity), url: { prefix, relay: relay.relay }, drop: GIVES_WAY.url },
    { text: state.text, style: { color: state.color, bold: true }, joined: true },
    // Beside the relay's state, not among the extras: the row's end is cut first.
    ...(relay.violations
      ? [
          {
            text: `${glyphs().warn} ${relay.violations} emitter violation${relay.violations === 1 ? '' : 's'}`,
            style: { color: 'yellow' },
          },
        ]
      : []),
    ...(extras.length
      ? [
          {
            text: displayLine(extras.join(` ${glyphs().dot} `), 400),
            style: { color: relay.watchOnly || relay.subscriptionError ? 'red' : 'yellow' },
          },
        ]
      : []),
  ];
}

/**
 * One row per relay: state, watch-only, warnings; on the first, before
 * the relay, what changes what the console does (AUTO, the filter, the
 * pending count with the alerts held back) and the counts.
 */
export function buildStatusLines(input: StatusInput): Line[] {
  const { relays, width, now } = input;
  const front = frontParts(input);
  const lines: Line[] = [];
  const shown = relays.slice(0, Math.max(1, input.maxRows));
  let indent = '';
  shown.forEach((relay, i) => {
    const prefix = relays.length > 1 ? `[${i + 1}] ` : '';
    const parts: Part[] = [...(i === 0 ? front : []), ...relayParts(relay, prefix, now)];
    // Below the first row, relays line up under the first one's parts.
    const fitted = fitParts(parts, width - stringWidth(indent));
    const line = lineOf(fitted);
    if (i === 0) {
      if (fitted[0]?.lead) indent = ' '.repeat(stringWidth('aep-console') + 1);
    } else {
      line.unshift(seg(indent));
    }
    lines.push(line);
  });
  if (relays.length > shown.length)
    lines.push([seg(`${indent}+${relays.length - shown.length} more relays`, { dim: true })]);
  return lines;
}
