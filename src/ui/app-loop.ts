// App's loop (loop.ts) put together: the model made from the props, the
// update with the store and clock, App's effects, and what a commit does
// (give up the reads the model no longer waits for; ask React to paint).

import type { AppProps } from './app-props.js';
import { performEffect } from './app-effects.js';
import { wantedRead } from './fetches.js';
import { glyphsFor } from './glyphs.js';
import { termMarksPastes } from './paste-marks.js';
import { Loop } from './loop.js';
import { initialModel, type Effect, type Msg, type TerminalSize, type UiModel } from './model.js';
import type { ReadPool } from './reads.js';
import { update } from './update.js';
import { OpenTracker } from '../relay/open-tracker.js';

export interface AppLoop {
  loop: Loop<UiModel, Msg, Effect>;
  /** The props as of the last render (effects and the clock read them when they run). */
  setProps(props: AppProps): void;
  /** The App is gone: no more open-request notes. */
  stop(): void;
}

export function createAppLoop(
  first: AppProps,
  stdout: NodeJS.WriteStream,
  reads: ReadPool,
  repaint: () => void,
): AppLoop {
  let props = first;
  const { store } = first;
  const size: TerminalSize = props.size ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const env = props.env ?? process.env;
  const pastesMarked = props.pasteMarks === true && termMarksPastes(env.TERM);
  const config = {
    bell: props.bell ?? true,
    notify: props.notify ?? false,
    phone: props.phone !== undefined,
    demo: props.demo,
    rules: props.rules,
    auto: props.readOnly ? false : props.auto,
    rulesNote: props.rulesNote,
    noAgentAfterMs: props.noAgentAfterMs,
    pastesMarked,
    readOnly: props.readOnly === true,
    title: props.title === true && props.screenReader !== true,
    mouse: props.mouse === true,
  };
  const started = initialModel(store, size, (props.now ?? Date.now)(), config, glyphsFor(env));
  // What d hid in earlier runs stays hidden from this console (the history says which).
  // A read that takes a while (a full history) arrives as a message once done: the first frame does not wait for it.
  const early = props.history?.hidden?.();
  const hidden = early instanceof Promise ? undefined : early;
  const model = hidden?.size ? { ...started, inbox: { ...started.inbox, hidden } } : started;
  // The request open here, told to the other consoles (attention.routed) and renewed while it stays open.
  const tracker = new OpenTracker(() => props.clients, store, props.now ?? Date.now);
  const loop: Loop<UiModel, Msg, Effect> = new Loop<UiModel, Msg, Effect>(model, {
    update: (current, msg) => update(current, msg, { store, now: props.now ?? Date.now }),
    perform: (effect, dispatch) =>
      performEffect(effect, dispatch, { props: () => props, stdout, reads, model: () => loop.model }),
    committed: (committed, msg, before) => {
      if (reads.inFlight || reads.waiting) reads.keepOnly((id) => wantedRead(committed, id));
      tracker.track(committed.inbox.openKey);
      // Painting is news to the update (keys then act on what was painted), not a reason to paint again.
      if (msg.type !== 'painted' && committed !== before) repaint();
    },
  });
  props.laterNotice?.then(
    (text) => text && loop.dispatch({ type: 'notice', text }),
    () => {},
  );
  if (early instanceof Promise) {
    early.then(
      (keys) => loop.dispatch({ type: 'hidden', keys }),
      () => {},
    );
  }
  return {
    loop,
    setProps: (next) => {
      props = next;
    },
    stop: () => tracker.stop(),
  };
}
