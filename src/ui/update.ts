import type { StoreChange } from '../store/writers.js';
import type { RequestRecord } from '../store/types.js';
import { reconcile } from './reconcile.js';
import type { UpdateResult, World } from './update-types.js';
import { nextWake } from './inbox/snooze.js';
import { outsideThePane } from './outside-pane.js';
import { reducePaste, reduceKey } from './inbox/reduce-key.js';
import { keyState } from './key-state.js';
import { mouseKey } from './inbox/mouse-keys.js';
import { targetAt } from './mouse-target.js';
import { readOnlyGate } from './read-only.js';
import { digitPicksNow, editsTextNow } from './places/typing-now.js';
import { onFetched, timelineEffect } from './fetches.js';
import { onRowCauses, rowCausesWaitOnClock } from './row-causes.js';
import { alertsSeen, gateAlerts } from './alert-gate.js';
import { rulesOnAlways, rulesOnStore, rulesOnFetched, rulesOnTick, rulesOnKeyEffect } from './rules/rule-update.js';
import { onFileMessage, onHistoryRead } from './file-messages.js';
import { type InboxState, type KeyContext, type KeyResult } from './inbox/state.js';
import { isText, looksPasted, pastedText, textKeys } from './keys.js';
import { afterBack, afterSend, nextCandidate } from './selection.js';
import { awayNow } from './no-agent.js';
import { type Effect, type Msg, type UiModel } from './model.js';
import { shownPlace } from './places/top.js';
import { seeRejections } from './rejections.js';
import { dropped, oneSendPerRead, sameReadAsSend, sends } from './one-send-per-read.js';

export type { UpdateResult, World } from './update-types.js';

/**
 * The console's one update (the Elm architecture, as Bubble Tea practises
 * it): every key, store change, clock tick and resize comes through here and
 * yields the next model and the effects to perform (send, resend, quit,
 * bell, notify, suspend). Selection, alerts and rejection feedback are
 * decided here, from what changed, in the same pass: no second render.
 */
export function update(model: UiModel, msg: Msg, world: World): UpdateResult {
  const result = updateOnce(model, msg, world);
  return msg.type === 'painted'
    ? result
    : outsideThePane(
        result,
        world.store,
        (next, before) => reconcile({ model: next, effects: [] }, before, world).model,
      );
}

function updateOnce(model: UiModel, msg: Msg, world: World): UpdateResult {
  if (msg.type === 'painted') {
    // What the operator now sees: keys act on this list until the next paint.
    return {
      model: {
        ...model,
        shown: { version: model.view.version, list: model.view.list, selectedKey: model.inbox.selectedKey },
      },
      effects: [],
    };
  }
  const now = world.now();
  const base = model.now === now ? model : { ...model, now };
  switch (msg.type) {
    case 'key':
    case 'keys':
    case 'paste':
    case 'mouse':
      return onInput(base, model, msg, world);
    case 'store':
      return reconcile(onStore(base, msg.change, world), model.view, world);
    case 'resize':
      // Grown: the list scrolls back as far as the selection allows (its heading shows again when it can).
      return reconcile(
        {
          model: { ...base, size: msg.size, listStart: msg.size.rows > base.size.rows ? 0 : base.listStart },
          effects: [],
        },
        model.view,
        world,
      );
    case 'fetched':
      if (msg.kind === 'rule') return reconcile(rulesOnFetched(base, msg, world.store), model.view, world);
      if (msg.kind === 'rows') {
        const rowCauses = onRowCauses(base.rowCauses, msg.key, msg.result, world.store, now);
        return reconcile({ model: { ...base, rowCauses }, effects: [] }, model.view, world);
      }
      return reconcile({ model: onFetched(base, msg, now), effects: [] }, model.view, world);
    case 'tick':
      return onTick(base, model, world);
    case 'notice':
      return {
        model: {
          ...base,
          inbox: {
            ...base.inbox,
            notice: msg.text,
            hint: shownPlace(base.inbox) === 'answer' ? msg.text : base.inbox.hint,
          },
        },
        effects: [],
      };
    case 'rulesFile':
    case 'ruleDeleted':
    case 'hidden':
      return reconcile(onFileMessage(base, msg, world.store), model.view, world);
    case 'history':
      return onHistoryRead(base, msg.read);
  }
}

/** The clock: the rules' waits, and the list again when a group, a snooze or the rows' reads wait on it (row-causes.ts). */
function onTick(base: UiModel, model: UiModel, world: World): UpdateResult {
  const ticked = rulesOnTick(base, world.store);
  const due =
    base.now >= base.view.away.regroupAt || base.now >= nextWake(base.inbox) || rowCausesWaitOnClock(base.rowCauses);
  return due ? reconcile(ticked, model.view, world) : ticked;
}

/** A key, keys of one read, a paste or a mouse report: one send per read, and reconciled as every message is. */
function onInput(
  base: UiModel,
  model: UiModel,
  msg: Extract<Msg, { type: 'key' | 'keys' | 'paste' | 'mouse' }>,
  world: World,
): UpdateResult {
  switch (msg.type) {
    case 'key':
      if (sameReadAsSend(base, msg.read)) return dropped(base, 1);
      return oneSendPerRead(
        reconcile(
          onKey(present(base), world, (state, ctx) => reduceKey(state, msg.press, ctx)),
          model.view,
          world,
        ),
        msg.read,
        0,
      );
    case 'keys':
      if (sameReadAsSend(base, msg.read)) return dropped(base, textKeys(msg.text).length);
      return onKeys(present(base), msg.text, world, msg.read);
    case 'paste': {
      if (sameReadAsSend(base, msg.read)) return dropped(base, 1);
      // The terminal marks pastes: from now on no chunk of typed keys is guessed to be one.
      const marked = base.markedPaste ? base : { ...base, markedPaste: true };
      return oneSendPerRead(
        reconcile(
          onKey(present(marked), world, (state, ctx) => reducePaste(state, msg.text, ctx)),
          model.view,
          world,
        ),
        msg.read,
        0,
      );
    }
    case 'mouse':
      // Only where the console turned the mouse on is a report's cell a cell of this frame; it never sends (mouse-keys.ts).
      if (!base.config.mouse || sameReadAsSend(base, msg.read)) return { model: base, effects: [] };
      // A click on a frame that a change has not been painted over yet: what is under the pointer may move, so it selects nothing.
      if (msg.event.kind === 'click' && base.shown !== undefined && base.shown.version !== base.view.version)
        return { model: base, effects: [] };
      return reconcile(
        onKey(present(base), world, (state, ctx) =>
          mouseKey(state, targetAt(base, msg.event.x, msg.event.y), msg.event, ctx),
        ),
        model.view,
        world,
      );
  }
}

/** A key or a paste: the operator is here, and has seen what arrived since the last bell. */
function present(model: UiModel): UiModel {
  return { ...model, alerts: alertsSeen(model.alerts) };
}

/**
 * Keys that arrived in one read act as if typed one at a time: each is
 * folded against the model the one before produced, until one sends (an
 * answer, a batch's y, a cancel or pause): what follows it in the read is
 * dropped, and counted on the footer (one send per read), so a paste the terminal did not mark sends at most its
 * first line, never a second request's answer. Another key that has effects
 * (a timeline read, a copy) ends the fold too: the rest comes back as a
 * `then` effect, dispatched after those effects have been performed. On a
 * text row a run of printable keys is typed in one edit (the same result,
 * one step), but for a digit that picks an option numbered on screen.
 * Where the terminal is not known to mark pastes (paste-marks.ts), the rest
 * of a chunk that holds a newline followed by more text, on a text row, is
 * taken for a paste: text, never sent.
 */
function onKeys(model: UiModel, text: string, world: World, read: number | undefined): UpdateResult {
  const keys = textKeys(text);
  const guessPastes = !model.config.pastesMarked && !model.markedPaste;
  let result: UpdateResult = { model, effects: [] };
  for (let i = 0; i < keys.length;) {
    const current = result.model;
    const context = keyState(current, world);
    const typing = editsTextNow(context[0], context[1]) && !digitPicksNow(context[0], context[1], keys[i].press);
    let step: UpdateResult;
    let next = i + 1;
    if (typing && guessPastes && looksPasted(text.slice(keys[i].at))) {
      const pasted = pastedText(text.slice(keys[i].at));
      step = onKey(current, world, (state, ctx) => reducePaste(state, pasted, ctx), context);
      next = keys.length;
    } else if (typing && isText(keys[i].press)) {
      while (next < keys.length && isText(keys[next].press)) next++;
      const typed = keys
        .slice(i, next)
        .map((k) => k.press.text)
        .join('');
      step = onKey(current, world, (state, ctx) => reduceKey(state, { name: 'char', text: typed }, ctx), context);
    } else {
      const press = keys[i].press;
      step = onKey(current, world, (state, ctx) => reduceKey(state, press, ctx), context);
    }
    step = reconcile(step, current.view, world);
    result = { model: step.model, effects: [...result.effects, ...step.effects] };
    i = next;
    if (step.effects.length === 0) continue;
    if (step.effects.some((effect) => effect.type === 'quit')) break;
    if (step.effects.some(sends)) return oneSendPerRead(result, read, keys.length - i);
    if (i < keys.length)
      result.effects.push({ type: 'then', keys: text.slice(keys[i].at), ...(read === undefined ? {} : { read }) });
    break;
  }
  return result;
}

function onKey(
  model: UiModel,
  world: World,
  reduce: (state: InboxState, ctx: KeyContext) => KeyResult,
  /** keyState(model, world), when the caller has it already (the chunk fold reads it to decide). */
  context = keyState(model, world),
): UpdateResult {
  const { store } = world;
  const [state, ctx, list] = context;
  const result = readOnlyGate(model.config.readOnly, state, reduce(state, ctx));
  let inbox = result.state;
  const sends = result.effects.flatMap((effect) => (effect.type === 'send' ? [effect] : []));
  if (sends.length) {
    const sent = new Set(sends.map((effect) => effect.key));
    inbox = afterSend(
      inbox,
      list,
      sent,
      nextCandidate(store, sent, model.view.away.keys),
      sends.some((effect) => effect.batch !== undefined),
    );
  } else if (state.mode === 'answer' && inbox.mode === 'browse') {
    inbox = afterBack(inbox, model.view.list, model.view.openCount);
  }
  const quitting = model.quitting || result.effects.some((effect) => effect.type === 'quit');
  // The selection a key leaves is the operator's own: the next key starts from it, painted or not.
  const nextShown = model.shown ? { ...model.shown, selectedKey: inbox.selectedKey } : model.shown;
  let next: UiModel = {
    ...model,
    inbox,
    quitting,
    shown: nextShown,
    ...(inbox.timeline ? {} : { timelineData: undefined }),
  };
  // What the key asked of the model beyond the inbox (the rules, a timeline read) first, then its own effects.
  const effects: Effect[] = [];
  for (const step of result.steps ?? []) {
    const stepped =
      step.type === 'always'
        ? rulesOnAlways(next, step.key, step.rule, step.save, store)
        : step.type === 'auto'
          ? rulesOnKeyEffect(next, step.on, store)
          : timelineEffect(next, store, step.key);
    next = stepped.model;
    effects.push(...stepped.effects);
  }
  effects.push(...result.effects);
  return { model: next, effects };
}

function onStore(model: UiModel, change: StoreChange, world: World): UpdateResult {
  const { store } = world;
  // Alerts: only what arrived, never a rescan. A request counts once, when it
  // arrives live and pending; history replayed at start-up never rings. The
  // gate coalesces them (one alert per 5 s).
  let arrived: RequestRecord[] = [];
  for (const key of change.added) {
    const record = store.request(key);
    if (record && !record.replayed && record.state === 'pending') arrived.push(record);
  }
  // A request whose agent is already gone waits on nobody: it does not ring.
  if (arrived.length)
    arrived = arrived.filter(
      (record) =>
        awayNow([record], (relay, session) => store.absentSince(relay, session), model.now, model.config.noAgentAfterMs)
          .keys.size === 0,
    );
  // The rules first: a request a rule answers (or may, once its cause is read) does not ring now.
  const ruled = rulesOnStore(model, change, arrived, store);
  model = ruled.model;
  arrived = ruled.arrived;
  const { inbox, rejectionsSeen, rejections } = seeRejections(model, change.commands, store);
  const gated = gateAlerts(model.alerts, { requests: arrived, rejections }, model.now, model.config);
  return {
    model: { ...model, inbox, rejectionsSeen, alerts: gated.alerts },
    effects: [...ruled.effects, ...gated.effects],
  };
}
