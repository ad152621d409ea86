// The stream Ink renders into: the real terminal, except that a frame write
// is replaced by the rows that changed since the last one. Over a slow SSH
// link a cursor move in a 10,000-row inbox then costs a few hundred bytes,
// not the whole screen.
import { diffFrames, readFrameWrite } from './frame-diff.js';
import { fullHeightWrite, wholeFrom } from './full-height.js';

/** Cursor home, then erase the screen (ED 2): the scrollback is kept. */
const CLEAR_SCREEN = '\u001b[H\u001b[2J';
/** How long after a resize frames are repainted from the top (the UI re-renders at the new size within it). */
const RESIZE_SETTLE_MS = 300;

export interface FrameWriterStats {
  /** Bytes handed to the terminal. */
  bytes: number;
  /** Frame writes replaced by a diff. */
  diffed: number;
  /** Frame writes passed through whole. */
  whole: number;
}

export interface FrameWriter {
  /** Give this to Ink as `stdout`. */
  stream: NodeJS.WriteStream;
  stats: FrameWriterStats;
  /**
   * Ctrl-L, and the way back from Ctrl-Z: clears the screen (whatever else
   * wrote to it is gone) and writes Ink's last frame whole where Ink
   * believes it is, so its next frame diffs against what is really shown.
   */
  redraw(): void;
}

/**
 * Wraps a terminal stream. Everything but `write` is the terminal's own
 * (size, isTTY, resize events), so Ink sees the real terminal.
 */
export function createFrameWriter(terminal: NodeJS.WriteStream, now: () => number = Date.now): FrameWriter {
  const stats: FrameWriterStats = { bytes: 0, diffed: 0, whole: 0 };
  // The rows on screen just above the cursor, as Ink last wrote them;
  // undefined when unknown (before the first frame, after a resize).
  let shown: string[] | undefined;
  // The rows of Ink's last frame, whatever was written after it.
  let last: string[] | undefined;
  const forget = () => {
    shown = undefined;
  };
  const send = (data: string, rest: unknown[]): boolean => {
    stats.bytes += Buffer.byteLength(data);
    return (terminal.write as (chunk: string, ...args: unknown[]) => boolean)(data, ...rest);
  };

  // A resize reflows what is on screen (a terminal rewraps rows that no
  // longer fit), so no count of rows to erase is right any more: clear the
  // screen (not the scrollback), as full-screen programs do, and repaint
  // each frame from the top until things settle. Ink draws once at the old
  // width in its own resize handler (the UI has not re-rendered yet) and the
  // terminal wraps that frame, so the frames right after a resize cannot be
  // trusted either. Registered before Ink's handler, so it runs first.
  let repaintUntil = -1;
  terminal.on('resize', () => {
    forget();
    repaintUntil = now() + RESIZE_SETTLE_MS;
    send(CLEAR_SCREEN, []);
  });

  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk !== 'string') {
      forget();
      stats.bytes += chunk instanceof Uint8Array ? chunk.byteLength : 0;
      return (terminal.write as (chunk: unknown, ...args: unknown[]) => boolean)(chunk, ...rest);
    }
    const frame = readFrameWrite(chunk);
    if (!frame) {
      // Cursor show/hide, synchronized-update marks and the bell leave the
      // rows alone; anything else (a clear, console output) makes them unknown.
      if (!/^(\u001b\[\?(25|2026)[hl]|\u0007)+$/.test(chunk)) forget();
      return send(chunk, rest);
    }
    const rows = terminal.rows ?? 0;
    if (repaintUntil >= 0) {
      // Repainted from the top: the cursor ends below the frame, where Ink
      // believes it is, whatever the resize left on screen.
      if (now() >= repaintUntil) repaintUntil = -1;
      shown = undefined;
      last = frame.rows;
      stats.whole++;
      return send(wholeFrom(frame.rows, rows), rest);
    }
    if (rows > 0 && frame.rows.length === rows) {
      // The footer on the last row (full-height.ts).
      const data = fullHeightWrite(shown, frame, stats);
      shown = last = frame.rows;
      return send(data, rest);
    }
    const diffable =
      shown !== undefined && frame.erased === shown.length + 1 && shown.length < rows && frame.rows.length < rows;
    const data = diffable ? diffFrames(shown!, frame.rows) : chunk;
    if (diffable) stats.diffed++;
    else stats.whole++;
    shown = frame.rows;
    last = frame.rows;
    return send(data, rest);
  };

  const redraw = () => {
    shown = last;
    stats.whole++;
    send(last ? wholeFrom(last, terminal.rows ?? 0) : CLEAR_SCREEN, []);
  };
  return { stream: withWrite(terminal, write), stats, redraw };
}

/** The terminal with its `write` replaced: everything else (size, isTTY, resize events) is its own. */
function withWrite(
  terminal: NodeJS.WriteStream,
  write: (chunk: unknown, ...rest: unknown[]) => boolean,
): NodeJS.WriteStream {
  return new Proxy(terminal, {
    get(target, property) {
      if (property === 'write') return write;
      // One row more than the terminal has: the console's frame, as tall as
      // the terminal, is then no "full screen" frame to Ink (full-height.ts).
      if (property === 'rows') return target.rows ? target.rows + 1 : target.rows;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
