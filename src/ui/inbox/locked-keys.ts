// An open request that takes no answer now (sent, closed, informational,
// history): r resends an answer the agent never acknowledged or one the
// gate holds, D drops a held one, and every other key says why nothing is
// sent (the ledger's words).
import type { Controller } from '../binding.js';
import { isOnItsWay, lockHint } from './state.js';
import { back, copy, done, helpOrQuit, scroll, type KeyResult, type OpenPress } from './open-press.js';

export /** Why the open request takes no answer now: an answer on its way says whose it is and when it was given (the ledger's words). */
function lockedWhy({ ctx, record, lock }: OpenPress): string {
  if (lock === 'waiting') return lockHint(lock);
  const inFlight = isOnItsWay(lock) || lock === 'accepted' ? ctx.refusal?.(record) : undefined;
  return inFlight?.code === 'in-flight' ? inFlight.why : lockHint(lock);
}

export const LOCKED_KEYS: Controller<'locked', OpenPress, KeyResult> = {
  scope: 'locked',
  keys: {
    resend: ['r'],
    drop: ['D'],
    copyId: ['y'],
    pageUp: ['pageUp'],
    pageDown: ['pageDown'],
    back: ['escape'],
    help: ['?'],
    quit: ['q', 'ctrlC'],
  },
  refuse: ({ state }, why) => done({ ...state, hint: why }),
  bindings: [
    {
      on: ['resend'],
      does:
        'resend a command the agent never acknowledged (same id); on a held answer: ask the ' +
        'gate again (refused, with the same words, while the gate refuses)',
      hint: '{resend} resend (same id)',
      disabled: (c) => ((c.lock === 'timed out' || c.lock === 'held') && c.ctx.openCommand ? undefined : lockedWhy(c)),
      run: ({ state, ctx }) => done({ ...state, hint: undefined }, { type: 'resend', commandId: ctx.openCommand!.id }),
    },
    {
      on: ['drop'],
      does: 'drop the held answer: it is not sent, leaves the outbox, and the history records the drop',
      hint: '{drop} drop the held answer (not sent)',
      disabled: (c) => (c.lock === 'held' && c.ctx.openCommand ? undefined : 'Only a held answer can be dropped.'),
      run: ({ state, ctx }) => done({ ...state, hint: undefined }, { type: 'drop', commandId: ctx.openCommand!.id }),
    },
    {
      on: ['pageUp', 'pageDown'],
      does: 'scroll a long prompt, cause or diff',
      hint: '{pageUp}/{pageDown} scroll',
      run: scroll,
    },
    { on: ['copyId'], does: "copy the request's id to the clipboard", run: copy },
    { on: ['back'], does: 'back to the list', hint: '{back} back to the list', run: back },
    { on: ['help', 'quit'], does: 'help / quit', hint: '{help} help', run: helpOrQuit },
  ],
};
