// Requests read from an AEP JSONL file (AEP-0003 §3.1), `--file`: there is
// no live binding behind a file, so they can be read, never answered. The
// store keys such a "relay" as `file://<absolute path>` (relay URLs are
// http/https/ws/wss, so the two never collide).
import { displayLine } from '../protocol/sanitize.js';
import type { RequestRecord } from './types.js';

const FILE_PREFIX = 'file://';

/** The store's relay key for a file (the caller resolves `absolutePath`). */
export function fileRelayKey(absolutePath: string): string {
  return FILE_PREFIX + absolutePath;
}

export function isFileRelay(relay: string): boolean {
  return relay.startsWith(FILE_PREFIX);
}

/** The path behind a file relay key (for display). */
export function filePath(relay: string): string {
  return isFileRelay(relay) ? relay.slice(FILE_PREFIX.length) : relay;
}

/**
 * A relay key as it may be printed: a `--file` path is the operator's, but a
 * file name can hold any byte (an OSC that sets the pane title, a bidi
 * override), so it goes through the sanitizer like agent text; a URL too.
 */
export function relayText(relay: string, maxChars = 300): string {
  return displayLine(relay, maxChars);
}

/** The path behind a file relay key, sanitized (see relayText). */
export function filePathText(relay: string, maxChars = 300): string {
  return relayText(filePath(relay), maxChars);
}

/** Whether a request was read from a file (--file) and so can never be answered here. */
export function isFromFile(record: Pick<RequestRecord, 'relay'>): boolean {
  return isFileRelay(record.relay);
}

export function fromFileNotes(record: RequestRecord): string[] {
  if (!isFromFile(record)) return [];
  return [
    `◇ history from the file ${filePathText(record.relay)}: it can be read, not answered (a file has no agent behind it to take an answer)`,
  ];
}
