// Event intake shared by the live client and `list`: validate, count what is
// rejected, apply what is not.

import { parseEvent, parseParsedEvent } from '../protocol/parse.js';
import type { AepEvent } from '../protocol/types.js';
import type { EventIntake, RelayStatusBook } from '../store/writers.js';

/** Intake writes Events and counts what it refuses on the relay's status. */
type Intake = EventIntake & Pick<RelayStatusBook, 'getRelay' | 'updateRelay'>;
import { displayLine } from '../protocol/sanitize.js';

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

/** The relay hello's verdict on version and capabilities (AEP-0003 §3). */
export interface RelayHelloInfo {
  versionOk: boolean;
  versions: string[];
  replayAll: boolean;
  roster: boolean;
  /** Set when the relay says it runs without auth / offers no control. */
  watchOnlyReason?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Watch-only detection: `capabilities.control` absent (the relay accepts no
 * commands) or `auth: "none"` (top level, as the demo relay sends it, or
 * inside capabilities): a relay without a token refuses every command.
 */
export function readRelayHello(frame: Record<string, unknown>): RelayHelloInfo {
  const versions = Array.isArray(frame.versions)
    ? frame.versions.filter((v): v is string => typeof v === 'string')
    : [];
  const caps = isObject(frame.capabilities) ? frame.capabilities : {};
  const replay = isObject(caps.replay) ? caps.replay : {};
  const info: RelayHelloInfo = {
    versionOk: versions.includes('0.1'),
    versions,
    replayAll: replay.all === true,
    roster: caps.roster !== undefined && caps.roster !== null && caps.roster !== false,
  };
  if (frame.auth === 'none' || caps.auth === 'none')
    info.watchOnlyReason = 'relay runs without a token: it refuses every command';
  else if (!isObject(caps.control)) info.watchOnlyReason = 'relay offers no control: commands are refused';
  return info;
}
