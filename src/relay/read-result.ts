// What a one-off read of Events hands back to the UI (cause, timeline,
// rules): a leaf module, so the handle's type (types.ts) needs no reader.
import type { AepEvent } from '../protocol/types.js';

export type FetchResult =
  | { ok: true; events: AepEvent[]; via: 'sse' | 'websocket'; dropped: number; gap?: boolean }
  | { ok: false; reason: string };
