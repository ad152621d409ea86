import React, { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, useApp, useInput, useStdin, useStdout } from 'ink';
import type { RelayHandle } from '../relay/types.js';
import type { ConsoleStore } from '../store/store.js';
import { BEL, notificationSequence } from './alerts.js';
import { performRelayEffect } from './effects.js';
import { annotateDecision } from './history/annotate.js';
import type { Rule } from '../protocol/rules.js';
import type { HistorySource } from './history/history-state.js';
import { InputDecoder, type InputMsg } from './keys.js';
import { wantedRead } from './fetches.js';
import { ReadPool } from './reads.js';
import { initialModel, type Effect, type Msg, type TerminalSize, type UiModel } from './model.js';
import { LinesView, colorEnabled } from './text/line.js';
import { glyphsFor } from './glyphs.js';
import { update } from './update.js';
import { view } from './view.js';

export { SIDE_BY_SIDE_MIN_COLUMNS, resolveSelection } from './model.js';
export type { TerminalSize } from './model.js';

/** How long a paste may go without its end mark before what arrived is taken as the whole paste. */
const PASTE_END_WAIT_MS = 1000;

export interface AppProps {
  store: ConsoleStore;
  clients: RelayHandle[];
  bell?: boolean;
  notify?: boolean;
  /** Fixed size (tests, embedders); otherwise the terminal's, tracked on resize. */
  size?: TerminalSize;
  now?: () => number;
  /** Clock tick for ages and countdowns; 0 disables (tests). */
  tickMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Where bells and notifications go (defaults to the terminal). */
  write?: (data: string) => void;
  onQuit?: () => void;
  /** Ctrl-Z: the CLI stops the process the way a shell expects and repaints on `fg`. */
  onSuspend?: () => void;
  /** --demo: the embedded relay's URL and the `list` command that reads it (shown in `?`). */
  demo?: { relay: string; listCommand: string };
  /** The decision history (H); absent: none is kept (--no-history). */
  history?: HistorySource;
  /** The rules (--rules F), and whether they answer from the start (--auto). */
  rules?: readonly Rule[];
  auto?: boolean;
  /** a → y: adds a rule to the rules file; absent: rules made with `a` are kept for this console only. */
  saveRule?: (rule: Rule) => { ok: true; path: string } | { ok: false; reason: string };
}

/**
 * The console's React shell: it subscribes (keys, store, clock, resize),
 * dispatches each as a message to `update`, performs the effects it
 * returns, and paints `view(model)`. Nothing is decided here.
 */
export function App(props: AppProps): React.ReactElement {
  const { store } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  const terminalSize = (): TerminalSize => props.size ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const now = props.now ?? Date.now;
  const [model, setModel] = useState<UiModel>(() =>
    initialModel(store, terminalSize(), now(), { bell: props.bell ?? true, notify: props.notify ?? false, demo: props.demo, rules: props.rules, auto: props.auto }, glyphsFor(props.env ?? process.env)),
  );
  // The model as of the last message: keys arrive several per chunk, before
  // React re-renders, and each must see the one before it. Written only by dispatch.
  const current = useRef(model);
  const latestProps = useRef(props);
  // Reads finish later: their results are dispatched through the current dispatch.
  const dispatchRef = useRef<(msg: Msg) => void>(() => undefined);
  useLayoutEffect(() => {
    latestProps.current = props;
  });

  // Cause and timeline reads: capped, and given up once the model stops waiting for them.
  const [reads] = useState(() => new ReadPool());
  useEffect(() => () => reads.close(), [reads]);

  const perform = useCallback(
    (effect: Effect) => {
      const { clients, onQuit, onSuspend, write, env = process.env, history } = latestProps.current;
      const out = write ?? ((data: string) => stdout.write(data));
      const made = (commandId: string) => annotateDecision(history, commandId, effect, current.current, store);
      if (performRelayEffect(effect, store, clients, (msg) => dispatchRef.current(msg), reads, made)) return;
      switch (effect.type) {
        case 'bell':
          out(BEL);
          break;
        case 'notify':
          out(notificationSequence(effect.title, effect.body, env));
          break;
        case 'suspend':
          onSuspend?.();
          break;
        case 'quit':
          onQuit?.();
          break;
        case 'then':
          dispatchRef.current(effect.msg);
          break;
        case 'saveRule': {
          const saved = latestProps.current.saveRule?.(effect.rule);
          const text = !saved ? `Rule ${effect.rule.name}: kept for this console only (no rules file to save to).` : saved.ok ? `Rule ${effect.rule.name} saved to ${saved.path}.` : `Rule ${effect.rule.name} kept for this console only: ${saved.reason}.`;
          dispatchRef.current({ type: 'notice', text });
          break;
        }
        case 'readHistory':
          dispatchRef.current({ type: 'history', read: history ? history.read() : { decisions: [], skipped: 0, torn: false, problems: [] } });
          break;
      }
    },
    [store, stdout, reads],
  );

  const dispatch = useCallback(
    (msg: Msg) => {
      const result = update(current.current, msg, { store, now: latestProps.current.now ?? Date.now });
      current.current = result.model;
      // Painting is news to the update (keys then act on what was painted), not a reason to paint again.
      if (msg.type !== 'painted') setModel(result.model);
      if (reads.inFlight || reads.waiting) reads.keepOnly((id) => wantedRead(result.model, id));
      for (const effect of result.effects) perform(effect);
    },
    [store, perform, reads],
  );
  useLayoutEffect(() => {
    dispatchRef.current = dispatch;
  });

  // Store changes: one message per notification (the relay batches a burst into one).
  useEffect(() => {
    // Requests already held when the console opens are news too (a bell for the live ones).
    const added = store.allRequests().map((record) => record.key);
    dispatch({ type: 'store', change: { version: store.version, added, requests: new Set(added), commands: new Set(), relays: true } });
    return store.subscribe((change) => dispatch({ type: 'store', change }));
  }, [store, dispatch]);

  // Resizes (a fixed size from the props wins). Keyed by the numbers, not
  // the object: an embedder passing a new literal each render is no resize.
  const fixedColumns = props.size?.columns;
  const fixedRows = props.size?.rows;
  useEffect(() => {
    if (fixedColumns !== undefined && fixedRows !== undefined) {
      if (fixedColumns !== current.current.size.columns || fixedRows !== current.current.size.rows) dispatch({ type: 'resize', size: { columns: fixedColumns, rows: fixedRows } });
      return;
    }
    const onResize = () => dispatch({ type: 'resize', size: { columns: stdout.columns || 80, rows: stdout.rows || 24 } });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixedColumns, fixedRows, dispatch]);

  // The clock ticks only after a quiet interval: any other render already
  // read the time, and a tick landing just before a key would make the key
  // wait for Ink's next frame slot.
  const tickMs = props.tickMs ?? 1000;
  useEffect(() => {
    if (tickMs <= 0) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), tickMs);
    return () => clearTimeout(timer);
  });

  // Keys and pastes. The console decodes Ink's raw input events itself
  // (InputDecoder: bracketed paste, one message per key or per run of plain
  // keys). Its listener goes first on Ink's input emitter and only queues;
  // useInput, called for the same event right after, keeps raw mode on and
  // runs its handler inside React's batched updates, where the queue is drained.
  const { internal_eventEmitter: inputEvents } = useStdin();
  const queued = useRef<InputMsg[]>([]);
  useEffect(() => {
    const decoder = new InputDecoder();
    let pasteTimer: NodeJS.Timeout | undefined;
    const onInput = (data: string) => {
      queued.current.push(...decoder.push(data));
      clearTimeout(pasteTimer);
      // A paste whose end mark never comes must not swallow every key after it.
      if (decoder.pasting) pasteTimer = setTimeout(() => decoder.flush().forEach((msg) => dispatchRef.current(msg)), PASTE_END_WAIT_MS);
    };
    inputEvents.prependListener('input', onInput);
    return () => {
      clearTimeout(pasteTimer);
      inputEvents.removeListener('input', onInput);
    };
  }, [inputEvents]);
  useInput(() => {
    const messages = queued.current;
    queued.current = [];
    for (const msg of messages) dispatch(msg);
  });

  useLayoutEffect(() => {
    dispatch({ type: 'painted' });
  }, [model, dispatch]);

  // Quitting renders an empty frame first, so the terminal is left clean.
  useEffect(() => {
    if (model.quitting) exit();
  }, [model.quitting, exit]);
  if (model.quitting) return <></>;

  const color = colorEnabled(props.env ?? process.env);
  const frame = view(model, store);
  return (
    <Box flexDirection="column" width={model.size.columns} height={frame.height}>
      <LinesView lines={frame.status} color={color} />
      <Box flexDirection="column" height={frame.bodyHeight}>
        <LinesView lines={frame.body} color={color} />
      </Box>
      <LinesView lines={[frame.footer]} color={color} />
    </Box>
  );
}
