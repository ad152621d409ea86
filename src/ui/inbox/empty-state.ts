import { displayLine } from '../../protocol/sanitize.js';
import type { RelayStatus } from '../../store/types.js';
import { seg, type Line } from '../text/line.js';
import { connectionText } from './status-view.js';
import { relayText } from '../../store/file-relay.js';
import { fit, stringWidth } from '../text/wrap.js';
import { glyphs } from '../glyphs.js';
import { withKeys } from '../key-labels.js';

/**
 * What the filter hides and how to clear it, in the longest wording that
 * fits: cut, the hint lost its "Esc clears it" (the way out) first.
 */
function filterNote(hidden: number, filter: string, width: number): string {
  const shown = displayLine(filter, 30);
  const clears = withKeys('browse', '{clear} clears');
  const wordings = [
    `  the filter "${shown}" hides ${hidden} pending request${hidden === 1 ? '' : 's'} ${glyphs().dot} ${clears} it`,
    `  filter "${shown}" hides ${hidden} pending ${glyphs().dot} ${clears} it`,
    `  filter hides ${hidden} pending ${glyphs().dot} ${clears} it`,
    `  ${hidden} hidden ${glyphs().dot} ${clears}`,
  ];
  return wordings.find((text) => stringWidth(text) <= width) ?? fit(wordings[wordings.length - 1], width);
}
/**
 * Why the Pending section is empty, honestly: a filter hiding requests, no
 * relay connected (and why), a refused token, a replay still arriving, or
 * truly nothing waiting. Never "nothing waiting" when the console cannot know.
 */
export function emptyPendingNote(
  relays: readonly RelayStatus[],
  hiddenByFilter: number,
  filter: string,
  now: number,
  width = Number.POSITIVE_INFINITY,
): Line {
  if (hiddenByFilter > 0) return [seg(filterNote(hiddenByFilter, filter, width), { color: 'yellow' })];
  // The relay is named only when there are several (the status line names a single one).
  const which = (relay: RelayStatus) => (relays.length > 1 ? ` to ${relayText(relay.relay, 120)}` : '');
  const refused = relays.find((relay) => relay.connection.kind === 'unauthorized');
  if (refused)
    return [
      seg(`  token refused${which(refused).replace(' to ', ' by ')}: check --token, AEP_TOKEN or --token-file`, {
        color: 'red',
      }),
    ];
  // Connected with its subscription refused is not connected for what waits: nothing arrives.
  const down = relays.filter((relay) => relay.connection.kind !== 'live' || relay.subscriptionError);
  if (down.length === relays.length && relays.length > 0) {
    const refusedSub = down[0].connection.kind === 'live' ? down[0].subscriptionError : undefined;
    const why = displayLine(
      refusedSub ? `subscription refused: ${refusedSub.code}` : connectionText(down[0].connection, now).text,
      120,
    );
    return [
      seg(`  not connected${which(down[0])}: ${why} ${glyphs().dot} cannot tell what is waiting`, { color: 'yellow' }),
    ];
  }
  if (relays.some((relay) => relay.replaying))
    return [seg(`  reading the relay's history${glyphs().ellipsis}`, { dim: true })];
  if (down.length)
    return [
      seg(`  nothing waiting on the connected relays; ${down.length} of ${relays.length} not connected`, {
        color: 'yellow',
      }),
    ];
  return [seg('  nothing waiting for you', { dim: true })];
}
