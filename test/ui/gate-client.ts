// A relay handle for the UI's gate tests: the real command sender, its wire
// and the real gate at the wire (relay/commands.ts, command-wire.ts,
// gate.ts) over the test's ConsoleStore, with a link that records every
// frame written (and takes only frames the gate cleared, as the real link
// does) and reads of a session the test answers by hand.
import { CommandSender, type CommandLink } from '../../src/relay/commands.js';
import { takeCleared, WireGate } from '../../src/relay/gate.js';
import { resolveTiming } from '../../src/relay/timing.js';
import type { SessionRead } from '../../src/relay/session-read.js';
import type { Refusal } from '../../src/store/ledger.js';
import type { ConsoleStore } from '../../src/store/store.js';
import type { ControlRequest } from '../../src/protocol/control.js';
import type { AepEvent, Answer } from '../../src/protocol/types.js';
import type { AnswerSend, RelayHandle } from '../../src/relay/types.js';
import type { SendFacts } from '../../src/store/types.js';

export class GateClient implements RelayHandle {
  /** Every command frame put on the wire, in order. */
  readonly written: AepEvent[] = [];
  /** What the UI asked of the handle. */
  readonly resent: string[] = [];
  readonly dropped: string[] = [];
  /** Reads of a session the gate started, each answered by the test (`end`). */
  readonly reads: { session: string; end: (result: SessionRead) => void }[] = [];
  /** Whether the link takes a frame now (false: the connection is down). */
  live = true;
  private readonly sender: CommandSender;
  private readonly gate: WireGate;

  constructor(
    readonly relay: string,
    store: ConsoleStore,
  ) {
    const gate = (this.gate = new WireGate(
      store,
      relay,
      () => {},
      (session) => new Promise<SessionRead>((end) => this.reads.push({ session, end })),
      (session) => this.sender.gateReadDone(session),
    ));
    const link: CommandLink = {
      ready: () => this.live,
      send: (frame) => {
        if (!takeCleared(frame)) throw new Error('a frame the gate did not clear reached the link');
        this.written.push(frame.event);
        return true;
      },
      heard: () => 0,
      probe: () => {},
    };
    this.sender = new CommandSender(
      { store, relay, link, timing: resolveTiming(), gate },
      { name: 'ui-test', host: 'test-host' },
    );
  }

  respond(requestKey: string, answer: Answer, send?: AnswerSend): string {
    return this.sender.respond(requestKey, answer, send);
  }

  control(requestKey: string, request: ControlRequest, facts?: SendFacts): string {
    return this.sender.control(requestKey, request, facts);
  }

  resend(commandId: string): Refusal | undefined {
    this.resent.push(commandId);
    return this.sender.resend(commandId);
  }

  drop(commandId: string): boolean {
    this.dropped.push(commandId);
    return this.sender.drop(commandId);
  }

  /**
   * The connection drops (what was written waits for an ack goes back to the
   * queue), and comes back: the queue is flushed through the gate, which
   * first reads each session it carries; `reads` says how those reads end
   * (by default at once, ended, holding nothing the store lacks).
   */
  async reconnect(reads: 'end' | 'leave' = 'end'): Promise<void> {
    this.live = false;
    this.gate.linkChanged();
    this.sender.disconnected();
    this.live = true;
    this.gate.linkChanged();
    this.sender.flush();
    if (reads === 'leave') return;
    for (const read of this.reads.splice(0)) read.end({ ended: true, events: [] });
    await new Promise((resolve) => setImmediate(resolve));
  }

  stop(): void {
    this.sender.dispose();
  }
}
