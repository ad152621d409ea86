// The session commands' keys: `x` / `X` ask to cancel the selected
// request's run / whole session, `p` to pause or resume its session. Nothing
// is sent before `y` (or Enter on a typed reason); the roster's
// `control.accepts` is checked first, and an agent that does not accept the
// command is said so plainly instead of asked. (The question's words:
// control-question.ts; `t` and the timeline's keys: timeline-keys.ts.)

import type { ControlRequest } from '../../protocol/control.js';
import { CONTROL_TYPES } from '../../protocol/control.js';
import { displayLine } from '../../protocol/sanitize.js';
import { isHistory } from '../../store/history.js';
import { isText, type KeyPress } from '../keys.js';
import { actionFor, type Action } from '../key-table.js';
import { editLine, emptyEditor } from '../text/editor.js';
import type { Effect, InboxState, KeyContext } from './state.js';

export interface KeyResult {
  state: InboxState;
  effects: Effect[];
}

const done = (state: InboxState, ...effects: Effect[]): KeyResult => ({ state, effects });

/** Browse keys x, X, p on the selected request; undefined for any other action. */
export function browseControlKey(state: InboxState, action: Action | undefined, ctx: KeyContext): KeyResult | undefined {
  if (action !== 'cancelRun' && action !== 'cancelSession' && action !== 'pause') return undefined;
  const record = ctx.list[state.selectedIndex];
  if (!record) return done({ ...state, notice: 'No request selected.' });
  if (isHistory(record)) return done({ ...state, notice: 'History from a file: nobody is behind it to command.' });
  const session = ctx.session?.(record) ?? { paused: false };
  let request: ControlRequest;
  if (action === 'pause') request = { verb: session.paused ? 'resume' : 'pause' };
  else if (action === 'cancelSession') request = { verb: 'cancel', scope: 'session' };
  else if (!record.run) return done({ ...state, notice: 'This request names no run: X cancels its whole session.' });
  else request = { verb: 'cancel', scope: 'run' };
  const type = CONTROL_TYPES[request.verb];
  if (session.accepts && !session.accepts.includes(type)) {
    const word = request.verb === 'cancel' ? 'cancel' : request.verb;
    return done({ ...state, notice: `${displayLine(record.agent, 30)} does not accept ${word} (not in its control.accepts): nothing sent.` });
  }
  return done({ ...state, mode: 'confirm-control', control: { key: record.key, request }, notice: undefined });
}

/** The y/n question, and the one-line reason a cancel may carry (Tab). */
export function confirmControlKey(state: InboxState, key: KeyPress): KeyResult {
  const control = state.control;
  if (!control) return done({ ...state, mode: 'browse' });
  const back = (notice: string) => done({ ...state, mode: 'browse', control: undefined, notice });
  if (control.reason) {
    // Typing a reason: every printable key is text; Enter sends, Esc keeps it running.
    const action = isText(key) ? undefined : actionFor('reason', key);
    if (action === 'back') return back('Nothing sent: it keeps running.');
    if (action === 'send') {
      const reason = control.reason.value.trim();
      return send(state, control.key, reason ? { ...control.request, reason } : control.request);
    }
    return done({ ...state, control: { ...control, reason: editLine(control.reason, key) } });
  }
  switch (actionFor('control', key)) {
    case 'confirm':
      return send(state, control.key, control.request);
    case 'reason':
      if (control.request.verb !== 'cancel') return done(state);
      return done({ ...state, control: { ...control, reason: emptyEditor } });
    default:
      // n, Esc, or any other key: nothing is sent.
      return back('Nothing sent: it keeps running.');
  }
}

function send(state: InboxState, key: string, request: ControlRequest): KeyResult {
  const what = request.verb === 'cancel' ? (request.scope === 'session' ? 'Cancel of the session' : 'Cancel of the run') : request.verb === 'pause' ? 'Pause' : 'Resume';
  return done({ ...state, mode: 'browse', control: undefined, notice: `${what} sent: the outcome shows on the session's rows.` }, { type: 'control', key, request });
}
