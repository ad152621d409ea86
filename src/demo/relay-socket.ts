// One WebSocket connection to the demo relay (AEP-0003 §3–§7): hello first,
// then Events (type with a dot) and frames (subscribe, unsubscribe, roster,
// ping/pong). Unknown frame types are ignored.

import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { AepEvent, Capture } from '../protocol/types.js';
import { filterProblem } from './filter.js';
import { parseFrom, type RelayCore, type Subscription } from './relay-core.js';
import type { FaultableConnection, FaultSettings } from './relay-faults.js';
import type { Claimant } from './routing.js';
import {
  ROLES,
  SUPPORTED_VERSIONS,
  envelopeProblem,
  isCaptureLevel,
  isEventObject,
  isPlainObject,
  isRole,
  type Role,
} from './wire.js';

let nextConnId = 1;

export class SocketConnection implements Claimant, FaultableConnection {
  readonly connId = nextConnId++;
  identity: { agent?: string; instance?: string } = {};
  control?: { accepts: string[]; ack_window_ms?: number };
  declared: { control?: unknown; emits?: unknown } = {};
  role?: Role;
  lastSeen = Date.now();
  private helloDone = false;
  private readonly subs = new Map<string, Subscription>();
  /** Injected faults (relay-faults.ts): writes nothing at all / drops event deliveries. */
  private muted = false;
  private congested = false;

  constructor(
    private readonly ws: WebSocket,
    /** The connection's socket, as the upgrade handed it over: ws writes each frame to it. */
    private readonly socket: Duplex,
    private readonly core: RelayCore,
    private readonly relayHello: Record<string, unknown>,
    private readonly faults: FaultSettings = { subscribes: [], fromConsumers: [] },
  ) {
    ws.on('message', (data, isBinary) => this.onMessage(isBinary ? null : data.toString()));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(frame: unknown): void {
    this.sendRaw(JSON.stringify(frame));
  }

  /** `written` (if given) is called once the text is handed to the socket, or at once when nothing is sent. */
  sendRaw(text: string, written?: () => void): void {
    if (!this.muted && this.ws.readyState === this.ws.OPEN) this.ws.send(text, written && (() => written()));
    else written?.();
  }

  get isConsumer(): boolean {
    return this.helloDone && this.role !== 'emitter';
  }

  /** Emitter and both-role connections claim sessions and take commands (AEP-0003 §4 rule 2). */
  private get isEmitter(): boolean {
    return this.role === 'emitter' || this.role === 'both';
  }

  mute(): void {
    this.muted = true;
  }

  congest(): void {
    this.congested = true;
  }

  forward(raw: string): void {
    this.sendRaw(raw);
  }

  private fail(code: string, detail: string, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'error', code, detail, ...extra });
    this.ws.close(1008, code);
  }

  private onMessage(text: string | null): void {
    this.lastSeen = Date.now();
    let msg: unknown;
    try {
      msg = text === null ? undefined : JSON.parse(text);
    } catch {
      msg = undefined;
    }
    if (!this.helloDone) {
      this.onHello(msg);
      return;
    }
    if (!isPlainObject(msg) || typeof msg.type !== 'string') {
      this.send({
        type: 'error',
        code: 'bad-frame',
        detail: 'frames are JSON objects with a string "type" (text frames only)',
      });
      return;
    }
    if (isEventObject(msg)) {
      this.onEvent(msg, text!);
      return;
    }
    switch (msg.type) {
      case 'subscribe':
        return this.onSubscribe(msg);
      case 'unsubscribe': {
        const id = typeof msg.id === 'string' ? msg.id : '';
        const sub = this.subs.get(id);
        if (sub) this.core.unsubscribe(sub);
        this.subs.delete(id);
        return this.send({ type: 'unsubscribed', id });
      }
      case 'roster':
        return this.onRoster(msg.id);
      case 'ping':
        return this.send({ type: 'pong', t: msg.t });
      default:
        return; // pong, hello again, closing, unknown frames: ignored (AEP-0003 §2)
    }
  }

  private onHello(msg: unknown): void {
    if (!isPlainObject(msg) || msg.type !== 'hello') {
      this.fail('hello-required', 'the first frame must be hello');
      return;
    }
    const versions = Array.isArray(msg.versions) ? msg.versions : [];
    if (!versions.some((v) => typeof v === 'string' && SUPPORTED_VERSIONS.includes(v))) {
      // §4 rule 1: the error lists the versions this side speaks, so the peer can retry with one.
      this.fail(
        'version-unsupported',
        `relay speaks ${JSON.stringify(SUPPORTED_VERSIONS)}; client offered ${JSON.stringify(versions).slice(0, 200)}`,
        {
          versions: [...SUPPORTED_VERSIONS],
        },
      );
      return;
    }
    if (!isRole(msg.role)) {
      this.fail('invalid-hello', `role must be one of ${ROLES.join(', ')} (AEP-0003 §4 rule 2)`);
      return;
    }
    const identity = isPlainObject(msg.identity) ? msg.identity : {};
    const emitting = msg.role === 'emitter' || msg.role === 'both';
    if (emitting && (typeof identity.agent !== 'string' || identity.agent === '')) {
      this.fail('invalid-hello', 'identity.agent is required of an emitter (AEP-0003 §4 rule 3)');
      return;
    }
    this.helloDone = true;
    this.role = msg.role;
    if (typeof identity.agent === 'string') this.identity.agent = identity.agent;
    if (typeof identity.instance === 'string') this.identity.instance = identity.instance;
    const caps = isPlainObject(msg.capabilities) ? msg.capabilities : {};
    if (this.isEmitter) {
      if (caps.control !== undefined) this.declared.control = caps.control;
      if (caps.emits !== undefined) this.declared.emits = caps.emits;
      if (isPlainObject(caps.control)) {
        const accepts = Array.isArray(caps.control.accepts)
          ? caps.control.accepts.filter((a): a is string => typeof a === 'string')
          : [];
        this.control = { accepts };
        const w = caps.control.ack_window_ms;
        if (typeof w === 'number' && Number.isFinite(w) && w > 0) this.control.ack_window_ms = w;
      }
    }
    this.send(this.relayHello);
    if (this.isEmitter && Array.isArray(msg.sessions)) {
      for (const s of msg.sessions) if (typeof s === 'string' && s !== '') this.core.claims.claim(this, s);
    }
  }

  /** The roster is watch-class (AEP-0003 §4.1 rule 2): an emitter-role request is refused in-band, the connection survives. */
  private onRoster(id: unknown): void {
    if (typeof id !== 'string' || id === '') {
      this.send({ type: 'error', code: 'bad-frame', detail: 'roster needs a string id' });
      return;
    }
    // A relay started without a roster (`roster: false`, as some relays are) never answers one.
    const capabilities = this.relayHello.capabilities as Record<string, unknown> | undefined;
    if (!capabilities?.roster) {
      this.send({ type: 'error', id, code: 'unsupported', detail: 'this relay keeps no roster' });
      return;
    }
    if (this.role === 'emitter') {
      this.send({
        type: 'error',
        id,
        code: 'unauthorized',
        detail: 'roster is answered on consumer and both-role connections',
      });
      return;
    }
    this.send({ type: 'roster', id, entries: this.core.claims.roster() });
  }

  private onEvent(o: Record<string, unknown>, raw: string): void {
    const problem = envelopeProblem(o);
    if (problem) {
      const frame: Record<string, unknown> = { type: 'error', code: 'invalid-event', detail: problem };
      if (typeof o.id === 'string') frame.cause = o.id;
      this.send(frame);
      return;
    }
    const e = o as AepEvent;
    // Kept for tests, bounded: the demo relay of --demo runs for hours.
    if (!this.isEmitter && this.faults.fromConsumers.push(e) > 1000) this.faults.fromConsumers.shift();
    const refused = this.faults.refuseEvents?.(e);
    if (refused !== undefined) {
      this.send({ type: 'error', code: 'invalid-event', detail: refused, cause: e.id });
      return;
    }
    this.core.ingest(e, raw, {
      claimant: this.isEmitter ? this : undefined,
      refuse: (frame) => this.send(frame),
    });
  }

  private onSubscribe(msg: Record<string, unknown>): void {
    const id = msg.id;
    if (typeof id !== 'string' || id === '') {
      this.send({ type: 'error', code: 'invalid-filter', detail: 'subscribe needs a string id' });
      return;
    }
    this.faults.subscribes.push(msg);
    const refuse = (code: string, detail: string): void => this.send({ type: 'error', id, code, detail });
    if (this.subs.has(id)) return refuse('invalid-filter', `subscription ${id} already exists`);
    const filter = msg.filter === undefined ? {} : msg.filter;
    const problem = filterProblem(filter);
    if (problem) return refuse('invalid-filter', problem);
    if (msg.capture !== undefined && !isCaptureLevel(msg.capture)) {
      return refuse('invalid-filter', `capture must be one of none|metadata|redacted|full`);
    }
    const from = parseFrom(msg.from);
    if (!from.ok) return refuse(from.code, from.detail);
    const budget = { left: this.faults.stallAfter ?? Infinity };
    const sub: Subscription = {
      id,
      filter: filter as Record<string, unknown>,
      capture: msg.capture as Capture | undefined,
      deliver: (json, written) => this.deliver(json, budget, written),
      together: (send) => this.together(send),
      exhausted: (frame) => this.send(frame),
    };
    this.subs.set(id, sub);
    this.send({ type: 'subscribed', id });
    this.core.subscribeInSlices(sub, from.from);
  }

  private deliver(json: string, budget: { left: number }, written?: () => void): void {
    if (this.congested) return written?.();
    // A stalled subscription: the relay hangs partway through, as if killed mid-replay.
    if (budget.left-- <= 0) this.muted = true;
    this.sendRaw(json, written);
  }

  /** Runs `send` with the socket corked: the frames it sends go out in one write when it returns. */
  private together(send: () => void): void {
    this.socket.cork();
    try {
      send();
    } finally {
      this.socket.uncork();
    }
  }

  /** Sends `closing` and closes with `code` (1001: going away). */
  shutdown(reason: string, code = 1001): void {
    this.send({ type: 'closing', reason, delivered: [] });
    this.ws.close(code, reason);
  }

  ping(): void {
    this.send({ type: 'ping', t: Date.now() });
  }

  onClosed(cb: () => void): void {
    if (this.ws.readyState === this.ws.CLOSED) cb();
    else this.ws.once('close', cb);
  }

  terminate(): void {
    this.ws.terminate();
  }

  private disposed = false;
  private dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const sub of this.subs.values()) this.core.unsubscribe(sub);
    this.subs.clear();
    this.core.claims.release(this);
  }
}
