import { buildRespond } from '../../src/protocol/respond.js';
import { buildControl, type ControlRequest } from '../../src/protocol/control.js';
import type { FetchResult } from '../../src/relay/fetch-events.js';
import type { Pins, PinnedEvent } from '../../src/relay/event-collector.js';
import type { AepEvent, Answer } from '../../src/protocol/types.js';
import type { AnswerSend, RelayHandle } from '../../src/relay/types.js';
import { BY_OPERATOR, type SendFacts } from '../../src/store/types.js';
import type { ConsoleStore } from '../../src/store/store.js';

/** An in-memory relay handle: records what the UI sends, reports to the store like the real client. */
export class FakeClient implements RelayHandle {
  readonly sent: AepEvent[] = [];
  readonly resent: string[] = [];

  constructor(
    readonly relay: string,
    private readonly store: ConsoleStore,
  ) {
    store.addRelay(relay);
  }

  respond(requestKey: string, answer: Answer, send: AnswerSend = BY_OPERATOR): string {
    const record = this.store.request(requestKey);
    if (!record) throw new Error(`unknown request ${requestKey}`);
    const event = buildRespond({
      request: { id: record.id, session: record.session },
      answer,
      name: 'aep-console',
      host: 'test-host',
      fields: record.payload.fields,
    });
    // What the send carries is what the real client keeps with the command (who, the cause shown, the batch).
    const { recheck: _recheck, ...facts } = send;
    this.store.commandCreated(this.relay, requestKey, event, answer, 10_000, facts);
    this.store.commandSent(event.id);
    this.sent.push(event);
    return event.id;
  }

  /** Cancel / pause / resume requested by the UI. */
  readonly controls: { key: string; request: ControlRequest }[] = [];
  /** What fetchEvents reads from (filtered by id / session like a relay), or a failure reason. */
  history: AepEvent[] | string = [];
  readonly fetches: Record<string, unknown>[] = [];

  control(requestKey: string, request: ControlRequest, facts: SendFacts = BY_OPERATOR): string {
    const record = this.store.request(requestKey);
    if (!record) return '';
    const event = buildControl({
      ...request,
      session: record.session,
      run: record.run,
      cause: record.id,
      name: 'aep-console',
      host: 'test-host',
    });
    this.store.commandCreated(this.relay, requestKey, event, {}, 10_000, facts);
    this.store.commandSent(event.id);
    this.store.applyEvent(this.relay, event);
    this.controls.push({ key: requestKey, request });
    this.sent.push(event);
    return event.id;
  }

  async fetchEvents(
    filter: Record<string, unknown>,
    limit: number,
    _signal?: AbortSignal,
    pin?: Pins,
  ): Promise<FetchResult> {
    this.fetches.push(filter);
    if (typeof this.history === 'string') return { ok: false, reason: this.history };
    // attr-match as a relay does it: a value is equality, an array any-of (AEP-0003 §6).
    const matches = (e: AepEvent) =>
      Object.entries(filter).every(([k, v]) => (Array.isArray(v) ? v.includes(e[k]) : e[k] === v));
    const pins: readonly PinnedEvent[] = pin === undefined ? [] : 'id' in pin ? [pin] : pin;
    const pinned = (e: AepEvent) =>
      pins.some((p) => p.id === e.id && p.source === e.source && p.session === (e.session ?? ''));
    const found = this.history.filter(matches);
    // The pinned Events are kept whatever the limit, as the real collector keeps them (relay/event-collector.ts).
    const events = [...found.filter(pinned), ...found.filter((e) => !pinned(e)).slice(-limit)];
    return { ok: true, events, via: 'sse', dropped: 0 };
  }

  resend(commandId: string): void {
    this.resent.push(commandId);
    this.store.commandSent(commandId);
  }
}
