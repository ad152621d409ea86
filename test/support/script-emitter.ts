// An emitter the test scripts by hand on a demo relay: it claims its
// session (or not), sends exactly the Events it is told to, records every
// command the relay routes to it, and never answers one unless told: the
// gate's tests need an agent that stays silent, and ids of their choosing.

import WebSocket from 'ws';
import type { AepEvent } from '../../src/protocol/types.js';

export interface ScriptEmitter {
  source: string;
  /** Every command routed here, in order. */
  received: AepEvent[];
  /** An Event of this emitter (the next seq), sent as is. */
  send(type: string, fields?: Partial<AepEvent>): AepEvent;
  /** A permission request with this id. */
  raise(id: string): AepEvent;
  /** Resolves once the relay has handled everything sent so far (a ping round trip). */
  synced(): Promise<void>;
  close(): void;
}

let eventCounter = 0;

export async function scriptEmitter(opts: {
  relayUrl: string;
  token: string;
  host: string;
  name: string;
  session: string;
  /** Claim the session in the hello (default true). */
  claim?: boolean;
}): Promise<ScriptEmitter> {
  const source = `aep://${opts.host}/agent/${opts.name}`;
  const ws = new WebSocket(`${opts.relayUrl.replace(/^http/, 'ws')}/socket`, {
    headers: { authorization: `Bearer ${opts.token}` },
  });
  let seq = 0;
  const pongs = new Map<string, () => void>();
  const emitter: ScriptEmitter = {
    source,
    received: [],
    send(type, fields = {}) {
      const event: AepEvent = {
        aep: '0.1',
        id: `${opts.host}-${++eventCounter}`,
        type,
        time: new Date().toISOString(),
        source,
        agent: opts.name,
        session: opts.session,
        seq: seq++,
        ...fields,
      };
      ws.send(JSON.stringify(event));
      return event;
    },
    raise(id) {
      return emitter.send('attention.requested', {
        id,
        severity: 'warning',
        capture: 'redacted',
        data: {
          kind: 'permission',
          prompt: 'git push --force origin main?',
          options: [
            { id: 'allow', label: 'Allow' },
            { id: 'deny', label: 'Deny' },
          ],
          respond_via: ['control'],
        },
      });
    },
    synced: () =>
      new Promise((resolve) => {
        const t = `sync-${++eventCounter}`;
        pongs.set(t, resolve);
        ws.send(JSON.stringify({ type: 'ping', t }));
      }),
    close: () => ws.terminate(),
  };
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          type: 'hello',
          versions: ['0.1'],
          role: 'emitter',
          identity: { agent: opts.name, instance: `${opts.host}/1` },
          capabilities: { control: { accepts: ['control.attention.respond', 'control.cancel', 'control.pause'] } },
          sessions: opts.claim === false ? [] : [opts.session],
        }),
      ),
    );
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Record<string, unknown>;
      if (msg.type === 'hello') resolve();
      else if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong', t: msg.t }));
      else if (msg.type === 'pong' && typeof msg.t === 'string') {
        pongs.get(msg.t)?.();
        pongs.delete(msg.t);
      } else if (typeof msg.type === 'string' && msg.type.startsWith('control.'))
        emitter.received.push(msg as unknown as AepEvent);
    });
  });
  return emitter;
}
