// What a one-off read of Events hands back to the UI (cause, timeline,
// rules): a leaf module, so the handle's type (types.ts) needs no reader.
import type { AepEvent } from '../protocol/types.js';

export type FetchResult =
  | { ok: true; events: AepEvent[]; via: 'sse' | 'websocket'; dropped: number; gap?: boolean }
  /** `timedOut`: the read ran out of its deadline (rather than being refused or failing). */
  | { ok: false; reason: string; timedOut?: boolean };
