import { buildRespond } from '../../src/protocol/respond.js';
import type { AepEvent, Answer } from '../../src/protocol/types.js';
import type { RelayHandle } from '../../src/relay/types.js';
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

  respond(requestKey: string, answer: Answer): string {
    const record = this.store.request(requestKey);
    if (!record) throw new Error(`unknown request ${requestKey}`);
    const event = buildRespond({ request: { id: record.id, session: record.session }, answer, name: 'aep-console', host: 'test-host', fields: record.payload.fields });
    this.store.commandCreated(this.relay, requestKey, event, answer, 10_000);
    this.store.commandSent(event.id);
    this.sent.push(event);
    return event.id;
  }

  resend(commandId: string): void {
    this.resent.push(commandId);
    this.store.commandSent(commandId);
  }
}
