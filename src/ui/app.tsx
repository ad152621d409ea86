import React, { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { Box, useApp, useIsScreenReaderEnabled, useStdout } from 'ink';
import type { AppProps } from './app-props.js';
import { createAppLoop } from './app-loop.js';
import { useClockMessages, useResizeMessages, useStoreMessages } from './app-hooks.js';
import { useInputMessages } from './app-input.js';
import { actionFor } from './key-table.js';
import { nextTickMs } from './clock.js';
import { ReadPool } from './reads.js';
import type { Msg, UiModel } from './model.js';
import { LineView, LinesView, colorEnabled, fitLine, type Line } from './text/line.js';
import { view } from './view.js';
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
 */
export function App(props: AppProps): React.ReactElement {
  const { store } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  // Cause and timeline reads: capped, and given up once the model stops waiting for them.
  const [reads] = useState(() => new ReadPool());
  useEffect(() => () => reads.close(), [reads]);
  const [, repaint] = useReducer((frames: number) => frames + 1, 0);
  const [{ loop, setProps }] = useState(() => createAppLoop(props, stdout, reads, repaint));
  useLayoutEffect(() => setProps(props));
  const { dispatch } = loop;
  useStoreMessages(store, dispatch);
  useResizeMessages(props.size, stdout, loop.read, dispatch);
  // A clock faster than a second is a simulation (the soak bench: a simulated second per tick): it keeps its period.
  useClockMessages(props.tickMs ?? 1000, dispatch, (finest) => (finest < 1000 ? finest : nextTickMs(loop.model, finest)));
  useInputMessages(useRedrawKey(dispatch, props.onRedraw));
  const model = loop.model;
  useLayoutEffect(() => dispatch({ type: 'painted' }), [model, dispatch]);
  // --screen-reader, or Ink told so (INK_SCREEN_READER=true): the same loop and keys, another view.
  const spoken = useIsScreenReaderEnabled() || props.screenReader === true;
  // Quitting renders an empty frame first, so the terminal is left clean.
  useEffect(() => {
    if (model.quitting) exit();
  }, [model.quitting, exit]);
  if (model.quitting) return <></>;
  if (spoken) return <ScreenReaderView model={model} />;
  return <FrameView model={model} color={colorEnabled(props.env ?? process.env)} />;
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
  return { ...frame, status: frame.status.map((l) => fitLine(l, columns, false)), footer: fitLine(frame.footer, columns, false) };
}

/** The rule between list and detail: one text of `rows` lines (one node for Ink to make and lay out, not one per row). */
function RuleColumn({ rule, rows, color }: { rule: Line; rows: number; color: boolean }): React.ReactElement {
  return (
    <Box flexDirection="column" flexShrink={0}>
      <LineView value={Array.from({ length: rows }, (_, i) => rule.map((s) => (i === rows - 1 ? s : { ...s, text: `${s.text}\n` }))).flat()} color={color} />
    </Box>
  );
}

function FrameView({ model, color }: { model: UiModel; color: boolean }): React.ReactElement {
  const frame = drawingWith(model.glyphs, () => cutToWidth(view(model), model.size.columns));
  return (
    <Box flexDirection="column" width={model.size.columns} height={frame.height}>
      <LinesView lines={frame.status} color={color} />
      {frame.columns ? (
        <Box flexDirection="row" height={frame.bodyHeight}>
          <Box flexDirection="column" width={frame.columns.listWidth} flexShrink={0}>
            <LinesView lines={frame.columns.list} color={color} scrolls />
          </Box>
          <RuleColumn rule={frame.columns.rule} rows={frame.bodyHeight} color={color} />
          <Box flexDirection="column" flexGrow={1}>
            <LinesView lines={frame.columns.detail} color={color} />
          </Box>
        </Box>
      ) : (
        <Box flexDirection="column" height={frame.bodyHeight}>
          <LinesView lines={frame.body} color={color} scrolls={frame.scrolls} />
        </Box>
      )}
      <LinesView lines={[frame.footer]} color={color} />
    </Box>
  );
}
