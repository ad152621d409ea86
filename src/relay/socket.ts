// One WebSocket to a relay (AEP-0003 §2–§3): the bearer token in the
// Authorization header, text frames decoded into Events (a `type` with a dot)
// and frames, `ping` answered with `pong`, and liveness: after `pingAfterMs`
// of silence the client pings, after `deadAfterMs` the socket is dropped.
// Knows nothing about subscriptions or the store.

import { displayLine } from '../protocol/sanitize.js';
import { rootCertificates } from 'node:tls';
import WebSocket from 'ws';
import { describeCloseCode } from './close-codes.js';
import { contain } from './contain.js';
import { later, type RelayTiming } from './timing.js';

export type Frame = Record<string, unknown> & { type: string };

export interface CloseInfo {
  /** One line for the status bar; never contains the token. */
  reason: string;
  /** HTTP status when the upgrade was refused (401, 403, 404…). */
  httpStatus?: number;
  /** Whether the socket ever opened. */
  opened: boolean;
}

export interface SocketHandlers {
  open(): void;
  /** A frame (object whose `type` has no dot). `ping` is answered before this is called. */
  frame(frame: Frame): void;
  /** An object whose `type` contains a dot: an Event candidate, still unvalidated (its JSON text). */
  event(text: string, value: Record<string, unknown>): void;
  /** Binary frame, bad JSON, or JSON that is not an object. */
  undecodable(): void;
  /** Called exactly once, whatever the cause. */
  closed(info: CloseInfo): void;
}

/** Frames above this are refused by ws (close 1009) rather than buffered. */
const MAX_PAYLOAD = 16 * 1024 * 1024;

export function describeError(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (typeof code === 'string' && /SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    return `TLS certificate not trusted: ${displayLine(message, 120)}; --ca FILE adds a CA`;
  }
  if (typeof code === 'string' && /CERT/.test(code)) return `TLS certificate refused: ${displayLine(message, 120)}`;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
  }
  return message.replace(/\s+/g, ' ').slice(0, 160) || 'socket error';
}

export class RelaySocket {
  private readonly ws: WebSocket;
  private lastFrameAt = Date.now();
  private pinged = false;
  private livenessTimer?: ReturnType<typeof setTimeout>;
  private graceTimer?: ReturnType<typeof setTimeout>;
  private probeTimer?: ReturnType<typeof setTimeout>;
  private heardCount = 0;
  private opened = false;
  private httpStatus?: number;
  private failure?: string;
  private done = false;
  private readonly closedPromise: Promise<void>;
  private resolveClosed!: () => void;

  constructor(
    url: string,
    token: string | undefined,
    private readonly handlers: SocketHandlers,
    private readonly timing: RelayTiming,
    extraCa?: readonly string[],
  ) {
    this.closedPromise = new Promise((resolve) => (this.resolveClosed = resolve));
    const headers: Record<string, string> = {};
    if (token !== undefined && token !== '') headers.Authorization = `Bearer ${token}`;
    // A `ca` replaces Node's roots rather than adding to them: pass both.
    const ca = extraCa?.length ? [...rootCertificates, ...extraCa] : undefined;
    this.ws = new WebSocket(url, {
      headers,
      maxPayload: MAX_PAYLOAD,
      handshakeTimeout: timing.helloTimeoutMs,
      followRedirects: false,
      ca,
    });
    this.ws.on('open', () => contain(() => this.onOpen()));
    this.ws.on('message', (data, isBinary) => contain(() => this.onMessage(data, isBinary)));
    this.ws.on('unexpected-response', (req, res) => {
      this.httpStatus = res.statusCode;
      this.failure = `HTTP ${res.statusCode ?? '?'}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
      res.resume();
      this.ws.terminate();
    });
    this.ws.on('error', (err) => {
      this.failure ??= describeError(err);
    });
    this.ws.on('close', (code, reason) => this.onClose(code, reason.toString('utf8')));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends one JSON object; false when the socket is not open or the send failed. */
  send(frame: unknown): boolean {
    if (!this.isOpen) return false;
    try {
      this.ws.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** Polite close; terminates if the peer does not finish within closeGraceMs. */
  close(reason?: string): Promise<void> {
    if (reason) this.failure ??= reason;
    if (!this.done) {
      try {
        this.ws.close(1000);
      } catch {
        this.ws.terminate();
      }
      this.expectClose();
    }
    return this.closedPromise;
  }

  /** Messages received so far (frames, pongs, Events): a command compares it before and after its ack window. */
  get framesHeard(): number {
    return this.heardCount;
  }

  /**
   * Is the link alive? Pings now; if nothing at all arrives within `ms`, the
   * socket is dropped as dead (a half-open link never closes by itself). A
   * command waiting for its ack uses this rather than resend into a link that
   * may be dead and blame the agent for the silence.
   */
  probe(ms: number): void {
    if (this.done || this.probeTimer) return;
    const heard = this.framesHeard;
    this.send({ type: 'ping', t: Date.now() });
    this.probeTimer = later(() => {
      this.probeTimer = undefined;
      if (this.framesHeard === heard)
        this.terminate(`no answer to a ping within ${Math.round(ms / 1000)} s: the link is dead`);
    }, ms);
  }

  /** Drops the connection now (dead peer, protocol failure). */
  terminate(reason: string): void {
    this.failure ??= reason;
    this.ws.terminate();
  }

  /** The relay announced `closing`: give it closeGraceMs to close, then drop it ourselves. */
  expectClose(reason?: string): void {
    if (reason) this.failure ??= reason;
    if (this.graceTimer || this.done) return;
    this.graceTimer = later(() => {
      this.graceTimer = undefined;
      this.ws.terminate();
    }, this.timing.closeGraceMs);
  }

  private onOpen(): void {
    this.opened = true;
    this.lastFrameAt = Date.now();
    this.scheduleLiveness();
    this.handlers.open();
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    this.lastFrameAt = Date.now();
    this.heardCount++;
    // Any message answers a pending probe: the link is alive.
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.pinged = false;
    if (isBinary) return this.handlers.undecodable();
    const text = data.toString();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.handlers.undecodable();
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return this.handlers.undecodable();
    const object = parsed as Record<string, unknown>;
    if (typeof object.type !== 'string') return; // an object that is neither Event nor frame: ignored
    if (object.type.includes('.')) return this.handlers.event(text, object);
    if (object.type === 'ping') this.send({ type: 'pong', t: object.t });
    this.handlers.frame(object as Frame);
  }

  private scheduleLiveness(): void {
    clearTimeout(this.livenessTimer);
    if (this.done) return;
    const silent = Date.now() - this.lastFrameAt;
    if (silent >= this.timing.deadAfterMs) {
      this.terminate(`no frames from the relay for ${Math.round(silent / 1000)} s`);
      return;
    }
    if (silent >= this.timing.pingAfterMs && !this.pinged) {
      this.pinged = true;
      this.send({ type: 'ping', t: Date.now() });
    }
    const next = silent < this.timing.pingAfterMs ? this.timing.pingAfterMs - silent : this.timing.deadAfterMs - silent;
    this.livenessTimer = later(() => contain(() => this.scheduleLiveness()), Math.max(next, 1));
  }

  private onClose(code: number, reason: string): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.livenessTimer);
    clearTimeout(this.graceTimer);
    clearTimeout(this.probeTimer);
    this.graceTimer = undefined;
    let why = this.failure;
    if (!why) {
      const text = displayLine(reason, 120);
      // The code in words: "1006" alone means nothing to an operator.
      why = `closed by relay (${describeCloseCode(code)}${text ? `; ${text}` : ''})`;
    }
    contain(() => this.handlers.closed({ reason: why, httpStatus: this.httpStatus, opened: this.opened }));
    this.resolveClosed();
  }

  /** Resolves once the close has been reported. */
  whenClosed(): Promise<void> {
    return this.closedPromise;
  }
}
