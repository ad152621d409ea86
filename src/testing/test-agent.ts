// A scripted AEP agent for other projects' tests: it connects to a relay as
// an emitter, raises the requests a test asks for, and answers commands as a
// conformant target. The target itself is the demo agent (src/demo/agent.ts:
// acks, dedupe by (source, id) with the recorded ack re-sent, AEP-0006 form
// validation, AEP-0008 text mapping, attention.answered then
// attention.resolved); this file only turns its outcomes into promises.

import { randomBytes } from 'node:crypto';
import { startDemoAgent, type DemoAgent, type RaiseRequest } from '../demo/agent.js';
import type { AepEvent, Answer } from '../protocol/types.js';
import { isPlainObject } from '../demo/wire.js';

export interface TestAgentOptions {
  /** The relay's base URL (`http://…`, `https://…`, `ws://…` or `wss://…`); the socket is `{relay}/socket`. */
  relay: string;
  /** Bearer token. Without one the relay is watch-only and every answer is refused before it reaches the agent. */
  token?: string;
  /** The agent's name: the envelope `agent` and its hello identity (default `test-agent`). */
  agent?: string;
  /** Its session (default a fresh `s_…` per agent). */
  session?: string;
  /** Declared `control.ack_window_ms` (default 10000). */
  ackWindowMs?: number;
}

/** What `raise()` resolves with once the request is answered. */
export interface Answered {
  /** The request's Event id (the `subject` of the answer that resolved it). */
  id: string;
  /** The answer as the agent applied it: a text reply on a permission arrives mapped to an option (AEP-0008). */
  answer: Answer;
  /** Who answered: the answering command's `agent` (the console's `name`), or `local-operator` for `respond_via: ["oob"]`. */
  by: string;
}

/** The pending answer of one raised request; its id is known at once. */
export type Raised = Promise<Answered> & { readonly id: string };

export interface TestAgent {
  readonly name: string;
  readonly session: string;
  /** The `source` URI its Events carry. */
  readonly source: string;
  /**
   * Emits an `attention.requested` (`kind` `permission`, `input` for a
   * question, `form`, `review`, `auth`, `other`; `options` for choices,
   * `fields` for a form, AEP-0006) and resolves once
   * an answer has been accepted, applied, and `attention.answered` +
   * `attention.resolved` emitted. Answers the agent refuses (an unknown
   * option, an invalid form) are nacked and the request stays pending. It
   * rejects if the request times out (`expiresInMs`), is dismissed by a
   * `control.cancel`, or the agent stops first.
   */
  raise(request: RaiseRequest): Raised;
  /** Every command received so far, in arrival order (duplicates included). */
  readonly commands: readonly AepEvent[];
  /** Ends the session (`session.ended`) and disconnects; pending raises reject. Safe to call twice. */
  stop(): Promise<void>;
}

interface Waiting {
  resolve(answered: Answered): void;
  reject(error: Error): void;
}

/** Connects to the relay (resolves once the relay's hello arrived) and returns the agent. */
export async function createTestAgent(options: TestAgentOptions): Promise<TestAgent> {
  const name = options.agent ?? 'test-agent';
  const waiting = new Map<string, Waiting>();
  let gone: string | undefined;
  const fail = (id: string, why: string): void => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    w.reject(new Error(`request ${id} ${why}`));
  };
  const failAll = (why: string): void => {
    gone ??= why;
    for (const id of [...waiting.keys()]) fail(id, why);
  };
  const impl: DemoAgent = await startDemoAgent({
    relayUrl: options.relay,
    token: options.token,
    name,
    session: options.session ?? `s_${randomBytes(4).toString('hex')}`,
    ackWindowMs: options.ackWindowMs,
    script: 'none',
    onAnswered: (id, answer, by) => {
      const w = waiting.get(id);
      if (!w) return;
      waiting.delete(id);
      w.resolve({ id, answer: { ...answer }, by });
    },
    onEvent: (e) => {
      if (typeof e.subject !== 'string') return;
      if (e.type === 'attention.timeout') fail(e.subject, 'timed out before it was answered');
      else if (e.type === 'attention.resolved' && isPlainObject(e.data) && e.data.resolution === 'dismissed')
        fail(e.subject, 'was dismissed (control.cancel) before it was answered');
    },
    onClose: () => failAll('was not answered: the agent is disconnected'),
  });

  let stopping: Promise<void> | undefined;
  return {
    name,
    session: impl.session,
    source: impl.source,
    get commands() {
      return impl.received;
    },
    raise(request: RaiseRequest): Raised {
      if (gone !== undefined) throw new Error(`raise: the test agent ${name} is disconnected`);
      const id = impl.raise(request);
      const answered = new Promise<Answered>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // A raise nobody awaits must not turn stop() into an unhandled rejection; an awaited one still rejects.
      answered.catch(() => undefined);
      return Object.assign(answered, { id });
    },
    stop: () =>
      (stopping ??= (async () => {
        failAll('was not answered: the agent stopped');
        await impl.close();
      })()),
  };
}
