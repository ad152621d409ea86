// What App subscribes to, each turned into messages for the loop: the
// store's changes, resizes and the clock. (Keys and pastes: app-input.ts.)

import { useEffect } from 'react';
import type { ConsoleStore } from '../store/store.js';
import type { AppProps } from './app-props.js';
import type { Msg, TerminalSize } from './model.js';

/** Store changes: one message per notification (the relay batches a burst into one). */
export function useStoreMessages(store: ConsoleStore, dispatch: (msg: Msg) => void): void {
  useEffect(() => {
    // Requests already held when the console opens are news too (a bell for the live ones).
    const added = store.allRequests().map((record) => record.key);
    dispatch({
      type: 'store',
      change: { version: store.version, added, requests: new Set(added), commands: new Set(), relays: true },
    });
    return store.subscribe((change) => dispatch({ type: 'store', change }));
  }, [store, dispatch]);
}

/** The rules file's edits (the CLI follows the file). */
export function useRulesFileMessages(follow: AppProps['rulesFile'], dispatch: (msg: Msg) => void): void {
  useEffect(() => follow?.((update) => dispatch({ type: 'rulesFile', ...update })), [follow, dispatch]);
}

/**
 * Resizes (a fixed size from the props wins). Keyed by the numbers, not
 * the object: an embedder passing a new literal each render is no resize.
 */
export function useResizeMessages(
  fixed: TerminalSize | undefined,
  stdout: NodeJS.WriteStream,
  model: () => { size: TerminalSize },
  dispatch: (msg: Msg) => void,
): void {
  const fixedColumns = fixed?.columns;
  const fixedRows = fixed?.rows;
  useEffect(() => {
    if (fixedColumns !== undefined && fixedRows !== undefined) {
      const now = model().size;
      if (fixedColumns !== now.columns || fixedRows !== now.rows)
        dispatch({ type: 'resize', size: { columns: fixedColumns, rows: fixedRows } });
      return;
    }
    const onResize = () =>
      dispatch({ type: 'resize', size: { columns: stdout.columns || 80, rows: stdout.rows || 24 } });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixedColumns, fixedRows, model, dispatch]);
}

/**
 * The clock ticks only after a quiet interval: any other render already
 * read the time, and a tick landing just before a key would make the key
 * wait for Ink's next frame slot. `delay` says how long the screen stays
 * as it is (clock.ts): `tickMs` while something shown counts seconds.
 */
export function useClockMessages(
  tickMs: number,
  dispatch: (msg: Msg) => void,
  delay: (tickMs: number) => number = (ms) => ms,
): void {
  useEffect(() => {
    if (tickMs <= 0) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), delay(tickMs));
    return () => clearTimeout(timer);
  });
}
