// A frame exactly as tall as the terminal, its footer on the last row. Ink
// writes every frame followed by a newline, and treats one as tall as the
// terminal as "full screen" (it then clears the whole terminal, scrollback
// too, before every frame). So Ink is told the terminal has one row more
// than it has (frame-writer.ts), and the writer puts such a frame on the
// screen without the newline that would scroll its first row away: the
// cursor then rests on the last row, not below the frame.
import { diffFrames, type FrameWrite } from './frame-diff.js';

const CLEAR_SCREEN = '\u001b[H\u001b[2J';
const ERASE_LINE = '\u001b[2K';

/** The frame written whole from the top; without its last newline when it fills the terminal. */
export function wholeFrom(rows: readonly string[], height: number): string {
  return `${CLEAR_SCREEN}${rows.join('\n')}${rows.length >= height ? '' : '\n'}`;
}

/**
 * The bytes for a frame as tall as the terminal after `shown` (on screen,
 * as tall too): the rows above the last diffed with the cursor on the last
 * row (just below them, as diffFrames expects), then the last row itself.
 * The cursor rests at the end of the last row's text: it goes to column 1
 * first, where diffFrames (whose cell runs move relative to it) expects it.
 */
function fullHeightDiff(shown: readonly string[], frame: FrameWrite): string {
  const top = `\r${diffFrames(shown.slice(0, -1), frame.rows.slice(0, -1))}`;
  const footer = frame.rows[frame.rows.length - 1];
  return footer === shown[shown.length - 1] ? top : `${top}\r${ERASE_LINE}${footer}`;
}

/** A frame as tall as the terminal: diffed when what is shown is as tall and where Ink believes it is, else whole. */
export function fullHeightWrite(
  shown: readonly string[] | undefined,
  frame: FrameWrite,
  stats: { diffed: number; whole: number },
): string {
  const diffed = shown !== undefined && shown.length === frame.rows.length && frame.erased === shown.length + 1;
  stats[diffed ? 'diffed' : 'whole']++;
  return diffed ? fullHeightDiff(shown, frame) : wholeFrom(frame.rows, frame.rows.length);
}
