import { displayLine } from '../../protocol/sanitize.js';
import type { OwnCommand, RequestRecord } from '../../store/types.js';
import type { Glyphs } from '../glyphs.js';
import { glyphs } from '../glyphs.js';

/**
 * The answer's state in a few words for its list row (`queued`, `sent`,
 * `✓ deny`, `✗ rejected`, `timed out`): in Pending while the request is
 * open, in Recent after it closes. The detail says the same at length.
 */
export function rowStatus(record: RequestRecord, command: OwnCommand | undefined, g: Glyphs): { text: string; color: string } | undefined {
  const yes = g.utf8 ? glyphs().yes : '+';
  const no = g.utf8 ? glyphs().no : 'x';
  switch (command?.state) {
    case 'sending':
      return command.queued ? { text: 'queued', color: 'yellow' } : { text: 'sent', color: 'yellow' };
    case 'rejected':
      return { text: `${no} rejected`, color: 'red' };
    case 'timeout':
      return { text: 'no ack (r)', color: 'red' };
    case 'refused-by-relay':
      return { text: `${no} refused`, color: 'red' };
    case 'not-sent':
      return { text: 'not sent', color: 'yellow' };
    case 'accepted':
      if (!record.answered && record.state === 'pending') return { text: 'accepted', color: 'green' };
      break;
  }
  if (record.answered && (record.state === 'answered' || record.state === 'resolved')) {
    const answer = record.answered.answer;
    const word = answer.option !== undefined ? displayLine(String(answer.option), 16) : answer.text !== undefined ? 'text' : answer.values !== undefined ? 'form' : 'answered';
    return { text: `${yes} ${word}`, color: 'green' };
  }
  if (record.state === 'timeout') return { text: 'timed out', color: 'red' };
  if (record.state === 'stale') return { text: 'ended', color: 'gray' };
  return undefined;
}
