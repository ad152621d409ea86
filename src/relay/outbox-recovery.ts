// A new console takes over the answers an earlier one journaled for this
// relay (outbox.ts), once the first replay has shown which requests are
// still open: those are queued again with their original command ids, the
// others dropped; the relay's status line says which happened, and how often.

import type { ConsoleStore } from '../store/store.js';
import { OPEN_STATES } from '../store/types.js';
import type { CommandSender } from './commands.js';
import type { Outbox } from './outbox.js';

export function recoverAnswers(store: ConsoleStore, relay: string, outbox: Outbox, commands: CommandSender): { resent: number; dropped: number } {
  let resent = 0;
  let dropped = 0;
  for (const entry of outbox.recover(relay)) {
    const request = store.request(entry.requestKey);
    if (request && OPEN_STATES.has(request.state) && !store.command(entry.event.id)) {
      commands.adopt(entry);
      resent++;
    } else {
      outbox.clear(entry.event.id);
      dropped++;
    }
  }
  const plural = (n: number) => (n === 1 ? 'answer' : 'answers');
  if (resent) store.warnRelay(relay, `resending ${resent} ${plural(resent)} saved by an earlier console (same command ids)`);
  if (dropped) store.warnRelay(relay, `dropped ${dropped} saved ${plural(dropped)}: the request had closed or is gone`);
  return { resent, dropped };
}
