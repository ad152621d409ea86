import { ConsoleStore } from '../../src/store/store.js';
import type { AepEvent } from '../../src/protocol/types.js';
import { initialModel, type Msg, type UiConfig, type UiModel } from '../../src/ui/model.js';
import { update } from '../../src/ui/update.js';
import { performEffect, portsFor } from '../../src/ui/app-effects.js';
import { InputDecoder } from '../../src/ui/keys.js';
import { draftFor } from '../../src/ui/inbox/state.js';
import type { HistoryRead } from '../../src/ui/history/history-state.js';
import { FakeClient } from './fake-client.js';

// The console on the update alone (no React): bytes as a terminal sends them
// go through the decoder, each argument of `read` is one read of the
// terminal (its messages carry one read number, as app-input.ts gives
// them), and every effect is performed the way the App performs it (sends
// reach the store, `then` dispatches the rest of a chunk).

export const RELAY = 'http://relay.test';
export const NOW = Date.parse('2026-07-03T10:00:30Z');
/** Text between the terminal's bracketed-paste marks. */
export const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;

/** Ink's input parser: escape sequences on their own, the text between them as one run. */
export function inkEvents(data: string): string[] {
  // A CSI sequence: parameter bytes (digits, `;`, `<`, `?`…), intermediates, one final byte (ink/build/input-parser.js).
  return data.split(/(\u001b\[[0-?]*[ -/]*[@-~]|\u001bO[A-Z]|\u001b(?!\[))/).filter(Boolean);
}

/** What the console reads besides the relay: the decision history that `H` asks for (as app-effects.ts answers it). */
export interface KeyConsoleWorld {
  history?: HistoryRead;
  /** The terminal's size (default 80x24). */
  size?: { columns: number; rows: number };
}

export function keyConsole(events: AepEvent[], config: Partial<UiConfig> = {}, world: KeyConsoleWorld = {}) {
  const store = new ConsoleStore({ now: () => NOW });
  const client = new FakeClient(RELAY, store);
  store.updateRelay(RELAY, { connection: { kind: 'live' } });
  let model: UiModel = initialModel(store, world.size ?? { columns: 80, rows: 24 }, NOW, {
    bell: false,
    notify: false,
    ...config,
  });
  let quits = 0;
  let reads = 0;
  const performed: string[] = [];
  // The App's own performer, on the fake client; the terminal's writes go nowhere.
  const history = { read: () => world.history ?? { decisions: [], skipped: 0, torn: false, problems: [] } };
  const ports = portsFor(
    () => ({ store, clients: [client], history, onQuit: () => void quits++ }),
    () => model,
  );
  const dispatch = (msg: Msg): void => {
    const result = update(model, msg, { store, now: () => NOW });
    model = result.model;
    for (const effect of result.effects) {
      if (effect.type !== 'then') performed.push(effect.type);
      performEffect(effect, dispatch, ports);
    }
  };
  store.subscribe((change) => dispatch({ type: 'store', change }));
  store.batch(() => events.forEach((e) => store.applyEvent(RELAY, e)));
  dispatch({ type: 'painted' });
  const decoder = new InputDecoder();
  return {
    store,
    client,
    get model() {
      return model;
    },
    quits: () => quits,
    /** The type of every effect the update returned so far (`then` aside: it is the rest of a chunk), in order. */
    performed: () => [...performed],
    /** Each argument is one read from the terminal, split the way Ink's input parser splits it. */
    read: (...data: string[]) => {
      for (const one of data) {
        const read = ++reads;
        for (const part of inkEvents(one)) for (const msg of decoder.push(part)) dispatch({ ...msg, read });
        dispatch({ type: 'painted' });
      }
    },
    /** What went on the wire: each command's type and answer (or scope). */
    sent: () =>
      client.sent.map(
        (e) =>
          `${e.type} ${JSON.stringify((e.data as { answer?: unknown }).answer ?? (e.data as { scope?: string }).scope ?? '')}`,
      ),
    /** The open request's Reply text. */
    reply: () => {
      const record = model.inbox.openKey ? store.request(model.inbox.openKey) : undefined;
      return record ? draftFor(model.inbox, record).reply.value : undefined;
    },
    /** The open request's highlighted row (options first, then Reply). */
    highlight: () => {
      const record = model.inbox.openKey ? store.request(model.inbox.openKey) : undefined;
      return record ? draftFor(model.inbox, record).highlight : undefined;
    },
    selectedAgent: () => model.view.list[model.inbox.selectedIndex]?.agent,
  };
}
