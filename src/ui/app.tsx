import React, { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Text, useApp, useIsScreenReaderEnabled, useStdout } from 'ink';
import type { AppProps } from './app-props.js';
import { createAppLoop, type AppLoop } from './app-loop.js';
import { useClockMessages, useResizeMessages, useRulesFileMessages, useStoreMessages } from './app-hooks.js';
import { useInputMessages } from './app-input.js';
import { actionFor } from './key-table.js';
import { nextTickMs } from './clock.js';
import { ReadPool } from './reads.js';
import type { Msg, UiModel } from './model.js';
import { colorEnabled, fitLine, styledLine } from './text/line.js';
import { rowsAhead, view } from './view.js';
import { drawingWith } from './glyphs.js';
import { ScreenReaderView } from './screen-reader/view.js';

export { SIDE_BY_SIDE_MIN_COLUMNS, resolveSelection } from './model.js';
export type { TerminalSize } from './model.js';
export type { AppProps } from './app-props.js';

/**
 * The console's React shell: it subscribes (keys, store, clock, resize),
 * hands each as a message to the loop (loop.ts: `update`, then the effects
 * it returned), and paints `view(model)`. Nothing is decided here. The model
 * lives in the loop alone: a commit asks React to paint, and the paint reads it.
 * Only the painting part (Screen) renders again for a new model: the
 * subscriptions here stay as they are from key to key.
 */
export function App(props: AppProps): React.ReactElement {
  const { store } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  // Cause and timeline reads: capped, and given up once the model stops waiting for them.
  const [reads] = useState(() => new ReadPool());
  useEffect(() => () => reads.close(), [reads]);
  // Screen's repaint (the loop asks for one after each commit that changed the model).
  const [painter] = useState(() => new Painter());
  const [{ loop, setProps, stop }] = useState(() => createAppLoop(props, stdout, reads, painter.repaint));
  useLayoutEffect(() => setProps(props));
  useEffect(() => stop, [stop]);
  const { dispatch } = loop;
  useStoreMessages(store, dispatch);
  useRulesFileMessages(props.rulesFile, dispatch);
  useResizeMessages(props.size, stdout, loop.read, dispatch);
  useInputMessages(useRedrawKey(dispatch, props.onRedraw));
  // --screen-reader, or Ink told so (INK_SCREEN_READER=true): the same loop and keys, another view.
  const spoken = useIsScreenReaderEnabled() || props.screenReader === true;
  return (
    <Screen
      loop={loop}
      painter={painter}
      exit={exit}
      spoken={spoken}
      color={colorEnabled(props.env ?? process.env)}
      tickMs={props.tickMs ?? 1000}
    />
  );
}

/**
 * Who repaints: the loop asks here, and Screen, subscribed, renders again
 * (useSyncExternalStore). What it reads is a count of asked-for frames,
 * not the model: a message that changes the model without asking for a
 * frame (a paint noted) must not look like a torn read and draw again.
 * React renders an update from an external store at once, in a microtask
 * after the key's handler, not in a later scheduler task.
 */
class Painter {
  private frames = 0;
  private readonly listeners = new Set<() => void>();

  readonly repaint = (): void => {
    this.frames++;
    for (const listener of this.listeners) listener();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly asked = (): number => this.frames;
}

interface ScreenProps {
  loop: AppLoop['loop'];
  painter: Painter;
  exit: () => void;
  spoken: boolean;
  color: boolean;
  tickMs: number;
}

/** What the model shows, painted again for each new model; the clock is set again after each paint. */
function Screen({ loop, painter, exit, spoken, color, tickMs }: ScreenProps): React.ReactElement {
  useSyncExternalStore(painter.subscribe, painter.asked);
  const { dispatch } = loop;
  // A clock faster than a second is a simulation (the soak bench: a simulated second per tick): it keeps its period.
  useClockMessages(tickMs, dispatch, (finest) => (finest < 1000 ? finest : nextTickMs(loop.model, finest)));
  const model = loop.model;
  useLayoutEffect(() => dispatch({ type: 'painted' }), [model, dispatch]);
  // Quitting renders an empty frame first, so the terminal is left clean.
  useEffect(() => {
    if (model.quitting) exit();
  }, [model.quitting, exit]);
  if (model.quitting) return <></>;
  if (spoken) return <ScreenReaderView model={model} />;
  return <FrameView model={model} color={color} />;
}

/**
 * Once a frame is out, the rows a move of one would bring are built and
 * styled (view.ts rowsAhead) while the console waits for the next key:
 * the key's frame then finds them made. Given up when a newer model comes
 * first; it writes nothing and decides nothing.
 */
function useRowsAhead(model: UiModel, color: boolean): void {
  useEffect(() => {
    const ahead = setImmediate(() =>
      drawingWith(model.glyphs, () => {
        for (const l of rowsAhead(model)) styledLine(l, color);
      }),
    );
    return () => clearImmediate(ahead);
  }, [model, color]);
}

/** Ctrl-L goes to the terminal, never to the update: it redraws whatever the console shows, also mid-typing. */
function useRedrawKey(dispatch: (msg: Msg) => void, onRedraw: (() => void) | undefined): (msg: Msg) => void {
  const redraw = useRef(onRedraw);
  useLayoutEffect(() => {
    redraw.current = onRedraw;
  });
  return useCallback(
    (msg: Msg) => {
      if (msg.type === 'key' && actionFor('anywhere', msg.press) === 'redraw') redraw.current?.();
      else dispatch(msg);
    },
    [dispatch],
  );
}

/** The status and footer rows cut here, with the glyph set's own cut mark, so Ink never cuts one (with `…`). */
function cutToWidth(frame: ReturnType<typeof view>, columns: number): ReturnType<typeof view> {
  return {
    ...frame,
    status: frame.status.map((l) => fitLine(l, columns, false)),
    footer: fitLine(frame.footer, columns, false),
  };
}

/**
 * The frame as one text, a line per row, each row's styles its own: how
 * Ink draws fastest (one node to lay out and draw: the floor the bench
 * measures has this shape). Rows are styled once per line (styledLine),
 * and Ink draws again only the rows whose text changed. Every row is
 * already cut to its column (view, cutToWidth), so Ink never wraps this
 * text; side by side, a row is its list row (padded to the list's width),
 * the rule and its detail row.
 */
function frameText(frame: ReturnType<typeof view>, color: boolean): string {
  const rows: string[] = frame.status.map((l) => styledLine(l, color));
  const { columns } = frame;
  if (columns) {
    const rule = styledLine(columns.rule, color);
    for (let i = 0; i < frame.bodyHeight; i++)
      rows.push(
        `${styledLine(columns.list[i], color)}${rule}${i < columns.detail.length ? styledLine(columns.detail[i], color) : ''}`,
      );
  } else {
    for (let i = 0; i < frame.bodyHeight; i++) rows.push(i < frame.body.length ? styledLine(frame.body[i], color) : '');
  }
  rows.push(styledLine(frame.footer, color));
  return rows.join('\n');
}

function FrameView({ model, color }: { model: UiModel; color: boolean }): React.ReactElement {
  const frame = drawingWith(model.glyphs, () => cutToWidth(view(model), model.size.columns));
  useRowsAhead(model, color);
  return (
    <Box flexDirection="column" width={model.size.columns} height={frame.height}>
      <Text wrap="wrap">{frameText(frame, color)}</Text>
    </Box>
  );
}
