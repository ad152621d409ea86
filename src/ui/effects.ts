// The effects that reach a relay, performed for App: answers and their
// resends, cancel / pause / resume, and the one-off reads whose results
// come back as `fetched` messages. A request read from a file is history:
// never commanded, whatever the keys said.

import type { RelayHandle } from '../relay/types.js';
import type { FetchResult } from '../relay/fetch-events.js';
import { isHistory } from '../store/history.js';
import type { StoreReader } from '../store/writers.js';
import type { Effect, Msg } from './model.js';
import { ReadPool } from './reads.js';
import { readId } from './fetches.js';

/** Performs `effect` when it concerns a relay; false for every other effect. */
export function performRelayEffect(
  effect: Effect,
  store: StoreReader,
  clients: RelayHandle[],
  dispatch: (msg: Msg) => void,
  reads: ReadPool = new ReadPool(),
  /** Told the command id of each decision made (the decision history). */
  made?: (commandId: string) => void,
): boolean {
  switch (effect.type) {
    case 'send': {
      const record = store.request(effect.key);
      const id = record && !isHistory(record) ? clientOf(clients, record.relay)?.respond(effect.key, effect.answer, effect.by) : undefined;
      if (id) made?.(id);
      return true;
    }
    case 'resend': {
      const command = store.command(effect.commandId);
      if (command) clientOf(clients, command.relay)?.resend(effect.commandId);
      return true;
    }
    case 'control': {
      const record = store.request(effect.key);
      const id = record && !isHistory(record) ? clientOf(clients, record.relay)?.control?.(effect.key, effect.request) : undefined;
      if (id) made?.(id);
      return true;
    }
    case 'fetch': {
      const client = clientOf(clients, effect.relay);
      const done = (result: FetchResult) => dispatch({ type: 'fetched', kind: effect.kind, key: effect.key, result });
      if (!client?.fetchEvents) {
        done({ ok: false, reason: 'this relay connection cannot read history' });
        return true;
      }
      // Bounded and given up when unwanted (reads.ts); the pool names a thrown error's cause.
      const fetchEvents = client.fetchEvents.bind(client);
      reads.run(readId(effect.kind, effect.key), (signal) => fetchEvents(effect.filter, effect.limit, signal, effect.pin), done);
      return true;
    }
    default:
      return false;
  }
}

function clientOf(clients: RelayHandle[], relay: string): RelayHandle | undefined {
  return clients.find((client) => client.relay === relay);
}
