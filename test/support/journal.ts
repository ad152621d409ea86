// A journaled answer's identity as a console writes it: its command answers
// the very request its key names (same session, subject = the request's id).
// The outbox takes over only such files (outbox.ts); the file-level tests
// that are about something else use these.

import type { AepEvent } from '../../src/protocol/types.js';
import { requestKey } from '../../src/store/types.js';

export function agreeingAnswer(id: string, relay = 'http://r'): { requestKey: string; event: AepEvent } {
  const subject = `req-${id}`;
  return {
    requestKey: requestKey(relay, 's1', 'aep://host-a/agent/claude-code/session/s1', subject),
    event: { id, type: 'control.attention.respond', session: 's1', subject } as AepEvent,
  };
}
