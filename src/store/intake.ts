// Event intake shared by the live client, `list` and `--file`: validate,
// count what is rejected, apply what is not. Pure: the text comes from
// whichever reader got it (a socket, a stream, a file).

import { parseEvent, parseParsedEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';
import type { EventIntake, RelayStatusBook } from './writers.js';

import { displayLine } from '../protocol/sanitize.js';

/** Intake writes Events and counts what it refuses on the relay's status. */
type Intake = EventIntake & Pick<RelayStatusBook, 'getRelay' | 'updateRelay'>;

// Options made once, not per Event.
const NO_PAYLOAD_ISSUES = { payloadIssues: false } as const;
const REPLAYED = { replayed: true } as const;
const LIVE = { replayed: false } as const;

/** Parses one Event frame's text and applies it; the parsed event, or undefined when it was rejected. */
export function ingestEvent(
  store: Intake,
  relay: string,
  text: string,
  replayed: boolean,
  parsedValue?: Record<string, unknown>,
): AepEvent | undefined {
  // The store reads (and flags) the payload when it folds the Event; a value
  // the socket already parsed is not parsed again.
  const parsed = parsedValue
    ? parseParsedEvent(parsedValue, text.length, NO_PAYLOAD_ISSUES)
    : parseEvent(text, NO_PAYLOAD_ISSUES);
  if (!parsed.ok) {
    const status = store.getRelay(relay);
    store.updateRelay(relay, {
      invalid: (status?.invalid ?? 0) + 1,
      lastInvalid: displayLine(`${parsed.rule}: ${parsed.reason}`, 200),
    });
    return undefined;
  }
  store.applyEvent(relay, parsed.event, replayed ? REPLAYED : LIVE);
  return parsed.event;
}

export function countUndecodable(store: Intake, relay: string): void {
  store.updateRelay(relay, { undecodable: (store.getRelay(relay)?.undecodable ?? 0) + 1 });
}
