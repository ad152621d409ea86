// A relay client: the connection to one relay (connection.ts: connect,
// hello, subscription, roster, liveness, reconnect, frames) and the console's
// commands over it (commands.ts: answers and controls, sent with the
// discipline of AEP-0004; outbox-recovery.ts: answers an earlier console
// saved). This file is the handle the UI holds and the wiring between the
// two sides. Nothing here ever throws into its caller.

import { safeHostname } from './hello.js';
import { SavedAnswers } from './outbox-recovery.js';
import type { Answer } from '../protocol/types.js';
import type { ControlRequest } from '../protocol/control.js';
import type { ConsoleStore } from '../store/store.js';
import { CommandSender } from './commands.js';
import { WireGate } from './gate.js';
import { readSession } from './session-read.js';
import type { Refusal } from '../store/ledger.js';
import { newInstanceId, RoutedNotes } from './routed-notice.js';
import { RelayConnection } from './connection.js';
import type { LinkHooks } from './connection-parts.js';
import { IngestBatch } from './ingest-batch.js';
import { contain } from './contain.js';
import { resolveTiming, type RelayTiming } from './timing.js';
import type { AnswerSend, RelayClientOptions, RelayHandle } from './types.js';
import { BY_OPERATOR, type SendFacts } from '../store/types.js';
import { relayUrls } from '../protocol/relay-url.js';
import { fetchEvents, type FetchResult } from './fetch-events.js';
import type { Pins } from './event-collector.js';

export class RelayClient implements RelayHandle {
  readonly relay: string;
  private readonly store: ConsoleStore;
  private readonly socketUrl?: string;
  private readonly urlProblem?: string;
  private readonly host: string;
  private readonly connection: RelayConnection;
  private readonly commands: CommandSender;
  private readonly gate: WireGate;
  /** This console's open-request notes (attention.routed) on this relay. */
  private readonly notes: RoutedNotes;
  private started = false;
  private stopped = false;
  private stopping?: Promise<void>;
  /** Answers journaled by earlier consoles, taken over after the first replay and decided on proof. */
  private readonly saved?: SavedAnswers;

  constructor(private readonly options: RelayClientOptions) {
    const urls = relayUrls(options.url);
    this.relay = urls.relay;
    if (urls.ok) this.socketUrl = urls.socketUrl;
    else this.urlProblem = urls.reason;
    this.store = options.store;
    this.host = options.host ?? safeHostname();
    const timing = resolveTiming(options.timing);
    const ingest = options.ingest ?? new IngestBatch(options.store);
    this.connection = new RelayConnection(
      this.store,
      this.relay,
      this.socketUrl,
      { ...options, host: this.host },
      timing,
      options.random ?? Math.random,
      ingest,
      this.linkHooks(),
    );
    // --read-only: the one gate before the wire; no command, answer or note is ever sent (and no saved answer taken over).
    const readOnly = options.readOnly === true;
    this.gate = this.makeGate(timing, ingest);
    this.commands = new CommandSender(
      { store: this.store, relay: this.relay, link: this.connection.link, timing, gate: this.gate },
      { name: options.name, host: this.host },
      readOnly ? undefined : options.outbox,
      readOnly,
      options.answersOnProof === true,
    );
    this.store.addRelay(this.relay);
    this.notes = new RoutedNotes(
      this.store,
      this.relay,
      { ready: this.connection.link.ready, send: this.connection.link.note },
      { name: options.name, host: this.host, instance: options.instance ?? newInstanceId() },
      readOnly,
    );
    if (options.outbox && !readOnly)
      this.saved = new SavedAnswers(
        this.store,
        this.relay,
        options.outbox,
        this.commands,
        options.decisions,
        options.holdSaved,
        this.gate,
      );
  }

  /** The gate at the wire (gate.ts): every command frame is asked there, once the Events received are folded. */
  private makeGate(timing: RelayTiming, ingest: IngestBatch): WireGate {
    const { url, ca, capture } = this.options;
    return new WireGate(
      this.store,
      this.relay,
      () => ingest.flush(),
      (session) =>
        readSession(
          { url, token: this.connection.tokenForRead(), ca, capture, timeoutMs: timing.readTimeoutMs },
          session,
        ),
      (session) => {
        this.commands.gateReadDone(session);
        // A saved answer waits for the same reads: sent or dropped now that one ended (or said why not).
        this.saved?.readEnded();
      },
    );
  }

  /** What the commands hear of the connection. */
  private linkHooks(): LinkHooks {
    return {
      heard: () => this.commands.linkHeard(),
      disconnected: () => {
        this.gate.linkChanged();
        this.commands.disconnected();
      },
      // Commands queued across an outage wait for the replay burst to end: an ack
      // recorded while we were away settles them without a needless resend.
      live: (replaying) => {
        // Reads made before this link prove nothing for the saved answers it will carry.
        this.gate.linkChanged();
        if (!replaying) this.commands.flush();
      },
      burstEnded: (verdict) => {
        // Answers an earlier console saved and never saw acknowledged: sent or dropped only on an ended read.
        this.saved?.burstEnded();
        this.commands.flush();
        this.options.replayEnded?.(this.relay, verdict.complete);
      },
      refused: (cause, code, detail) =>
        this.notes.refusal(cause, code, detail) || this.commands.onRelayRefusal(cause, code, detail),
      event: (event) => {
        this.commands.onEvent(event);
        if (this.saved && (event.type.startsWith('attention.') || event.type === 'session.ended'))
          this.saved.eventSeen();
      },
    };
  }

  start(): void {
    contain(() => {
      if (this.started || this.stopped) return;
      this.started = true;
      this.saved?.start();
      if (!this.socketUrl) {
        this.store.updateRelay(this.relay, { connection: { kind: 'closed' } });
        this.store.warnRelay(this.relay, `invalid relay URL: ${this.urlProblem ?? 'unknown problem'}`);
        return;
      }
      this.connection.connect();
    });
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.stopping ??= this.connection.stop(() => {
      this.gate.dispose();
      this.commands.dispose();
    });
    return this.stopping;
  }

  respond(requestKey: string, answer: Answer, send: AnswerSend = BY_OPERATOR): string {
    // Contained like control(): a throw is swallowed but reaches the observer the fuzz tests count.
    let id = '';
    // The operator's answer wins over a saved one not written yet (waiting for its proof): that one is superseded.
    if (!this.stopped && !byRule(send))
      contain(() => {
        const superseded = this.commands.supersedeSaved(requestKey);
        if (superseded)
          this.options.decisions?.dropped(
            this.relay,
            superseded,
            "you answered the request here yourself, so the earlier console's answer was not sent (superseded)",
            'superseded',
          );
      });
    if (!this.stopped) contain(() => (id = this.commands.respond(requestKey, answer, send)));
    // The operator's answer wins: a saved answer still waiting for this request is superseded, never sent.
    if (id) contain(() => this.saved?.answered());
    return id;
  }

  control(requestKey: string, request: ControlRequest, facts: SendFacts = BY_OPERATOR): string {
    let id = '';
    if (!this.stopped) contain(() => (id = this.commands.control(requestKey, request, facts)));
    return id;
  }

  /** One-off read (cause, timeline) on its own connection, with this client's token, CAs and capture ceiling. */
  fetchEvents(filter: Record<string, unknown>, limit: number, signal?: AbortSignal, pin?: Pins): Promise<FetchResult> {
    const { url, ca, capture, name, timing } = this.options;
    return fetchEvents(
      { url, token: this.connection.tokenForRead(), ca, capture, name, host: this.host, timing },
      filter,
      limit,
      signal,
      pin,
    );
  }

  /** `r`: a timed-out command again (same id), or a held one asked at the gate again; the gate's refusal when it still refuses. */
  resend(commandId: string): Refusal | undefined {
    if (this.stopped) return undefined;
    let refusal: Refusal | undefined;
    contain(() => (refusal = this.commands.resend(commandId)));
    return refusal;
  }

  /** Drops a held answer (`request.drop`): not sent, out of the outbox, recorded as a drop; true when it was held. */
  drop(commandId: string): boolean {
    if (this.stopped) return false;
    let dropped = false;
    contain(() => {
      const command = this.store.command(commandId);
      dropped = this.commands.drop(commandId);
      // Recorded as a decision of its own (action drop, its id naming it, as a hide's does); the answer's
      // own decision keeps its outcome (not sent: dropped while held).
      if (dropped && command)
        this.options.decisions?.dropped(
          this.relay,
          {
            relay: this.relay,
            requestKey: command.requestKey,
            event: { ...command.event, id: `drop-${command.id}` },
            answer: command.answer,
            ackWindowMs: command.ackWindowMs,
            createdAt: command.savedAt ?? command.createdAt,
          },
          'dropped by the operator while the gate held it',
          'not-sent',
        );
    });
    return dropped;
  }

  /** The operator opened (or still has open) `requestKey`: other consoles are told (attention.routed). */
  noteOpen(requestKey: string): boolean {
    let sent = false;
    if (!this.stopped) contain(() => (sent = this.notes.opened(requestKey)));
    return sent;
  }
}

/** A rule's answer (`by: "rule NAME"`) supersedes no saved answer: only the operator's does. */
function byRule(send: AnswerSend): boolean {
  return typeof send.by === 'string' && send.by.startsWith('rule ');
}
