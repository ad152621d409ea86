// The session commands' keys: `x` / `X` ask to cancel the selected
// request's run / whole session, `p` to pause or resume its session. Nothing
// is sent before `y` (or Enter on a typed reason); the roster's
// `control.accepts` is checked first, and an agent that does not accept the
// command is said so plainly instead of asked. (The question's words:
// control-question.ts; `t` and the timeline's keys: timeline-keys.ts.)

import type { ControlRequest } from '../../protocol/control.js';
import { CONTROL_TYPES } from '../../protocol/control.js';
import { displayLine } from '../../protocol/sanitize.js';
import { isFromFile } from '../../store/file-relay.js';
import { isText, type KeyPress } from '../keys.js';
import type { Action } from '../key-table.js';
import { withKeys } from '../key-labels.js';
import { runBinding, type Controller } from '../binding.js';
import { editLine, emptyEditor } from '../text/editor.js';
import { modalOf, popModal, pushModal, type Effect, type InboxState, type KeyContext, type ModalOf } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/** Browse keys x, X, p on the selected request; undefined for any other action. */
export function browseControlKey(
  state: InboxState,
  action: Action | undefined,
  ctx: KeyContext,
): KeyResult | undefined {
  if (action !== 'cancelRun' && action !== 'cancelSession' && action !== 'pause') return undefined;
  const record = ctx.list[state.selectedIndex];
  if (!record) return done({ ...state, notice: 'No request selected.' });
  if (isFromFile(record)) return done({ ...state, notice: 'History from a file: nobody is behind it to command.' });
  const session = ctx.session?.(record) ?? { paused: false };
  let request: ControlRequest;
  if (action === 'pause') request = { verb: session.paused ? 'resume' : 'pause' };
  else if (action === 'cancelSession') request = { verb: 'cancel', scope: 'session' };
  else if (!record.run)
    return done({
      ...state,
      notice: withKeys('browse', 'This request names no run: {cancelSession} cancels its whole session.'),
    });
  else request = { verb: 'cancel', scope: 'run' };
  // The gate at the wire, asked now for the session: a command it refuses is said, and not asked
  // (an "unknown" route is asked: the command then waits at the gate for a read of the session).
  const refused = ctx.controlRefusal?.(record);
  if (refused && refused.code !== 'unknown')
    return done({
      ...state,
      // What it means first (a one-row footer cuts the rest at 80 columns), then the gate's words.
      notice: `${verbWord(request)} not sent, another agent could take it: ${refused.why.replace(/^Not sent: /, '')}`,
    });
  const type = CONTROL_TYPES[request.verb];
  if (session.accepts && !session.accepts.includes(type)) {
    const word = request.verb === 'cancel' ? 'cancel' : request.verb;
    return done({
      ...state,
      notice: `${displayLine(record.agent, 30)} does not accept ${word} (not in its control.accepts): nothing sent.`,
    });
  }
  return done({ ...pushModal(state, { kind: 'control', key: record.key, request }), notice: undefined });
}

function verbWord(request: ControlRequest): string {
  if (request.verb !== 'cancel') return request.verb === 'pause' ? 'Pause' : 'Resume';
  return request.scope === 'session' ? 'Cancel of the session' : 'Cancel of the run';
}

/** A press at the y/n question of x, X or p, or while its reason is typed. */
interface ControlPress {
  state: InboxState;
  control: ModalOf<'control'>;
}

const keepsRunning = ({ state }: ControlPress): KeyResult =>
  done({ ...popModal(state), notice: 'Nothing sent: it keeps running.' });

/** The y/n question: n, Esc or any other key sends nothing. */
export const CONTROL_KEYS: Controller<'control', ControlPress, KeyResult> = {
  scope: 'control',
  keys: { confirm: ['y', 'Y'], reason: ['tab'], back: ['n', 'N', 'escape'] },
  refuse: ({ state }) => done(state),
  bindings: [
    {
      on: ['confirm'],
      does: 'send the command (a cancel without a reason)',
      hint: '{confirm} send',
      run: ({ state, control }) => send(state, control.key, control.request),
    },
    {
      on: ['reason'],
      does: 'cancel only: type a one-line reason first, then {reason.send} sends it',
      hint: '{reason} reason',
      disabled: ({ control }) => (control.request.verb === 'cancel' ? undefined : 'only a cancel carries a reason'),
      run: ({ state, control }) => done(popModal(state, { ...control, reason: emptyEditor })),
    },
    {
      on: ['back'],
      does: 'keep it running: nothing is sent (any other key too)',
      hint: '{back/} keep running',
      run: keepsRunning,
    },
  ],
};

/** Typing a reason: every printable key is text; Enter sends, Esc keeps it running. */
export const REASON_KEYS: Controller<'reason', ControlPress, KeyResult> = {
  scope: 'reason',
  keys: { send: ['enter'], back: ['escape', 'ctrlC'] },
  refuse: ({ state }) => done(state),
  bindings: [
    {
      on: ['send'],
      does: 'send the cancel with the reason typed',
      run: ({ state, control }) => {
        const reason = control.reason?.value.trim();
        return send(state, control.key, reason ? { ...control.request, reason } : control.request);
      },
    },
    { on: ['back'], does: 'keep it running: nothing is sent', run: keepsRunning },
  ],
};

/** The y/n question, and the one-line reason a cancel may carry (Tab). */
export function confirmControlKey(state: InboxState, control: ModalOf<'control'>, key: KeyPress): KeyResult {
  const c = { state, control };
  if (!control.reason) return runBinding(CONTROL_KEYS, key, c) ?? keepsRunning(c);
  return (
    (isText(key) ? undefined : runBinding(REASON_KEYS, key, c)) ??
    done(popModal(state, { ...control, reason: editLine(control.reason, key) }))
  );
}

/** The control question on top, if one is asked. */
export function controlAsked(state: Pick<InboxState, 'modals'>): ModalOf<'control'> | undefined {
  return modalOf(state, 'control');
}

function send(state: InboxState, key: string, request: ControlRequest): KeyResult {
  const what = verbWord(request);
  return done(
    { ...popModal(state), notice: `${what} sent: the outcome shows on the session's rows.` },
    { type: 'control', key, request },
  );
}
