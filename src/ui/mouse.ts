// The mouse as the terminal reports it. The console asks for button
// reporting only (DEC mode 1000: presses, releases and the wheel; never
// 1002/1003, whose motion events flood a slow SSH link) in SGR encoding
// (mode 1006: `ESC [ < b ; x ; y M|m`, any column, no raw bytes). A
// terminal that ignores 1006 reports in the old X10 form (`ESC [ M` and
// three raw bytes): those bytes are swallowed too (keys.ts), never typed.

/** On: button reporting, SGR encoding. Off in the reverse order. */
export const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
export const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';

/** What the console acts on: a press of the left button, or a notch of the wheel, at a cell (0-based column and row). */
export interface MouseEvent {
  kind: 'click' | 'wheelUp' | 'wheelDown';
  x: number;
  y: number;
}

/** The X10 form's prefix: three raw bytes (button, column, row) follow it. */
export const X10_MOUSE = '\u001b[M';
export const X10_BYTES = 3;

const SGR = /^\u001b\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

/** Whether an escape sequence is a mouse report at all (acted on or not: it is never a key). */
export function isMouseSequence(sequence: string): boolean {
  return sequence.startsWith('\u001b[<') || sequence === X10_MOUSE;
}

/**
 * One SGR report as the event the console acts on; undefined for the rest
 * (a release, another button, motion, a malformed report): decoded and
 * dropped. Modifier bits (Shift 4, Meta 8, Ctrl 16) are ignored: a terminal
 * that keeps Shift for its own selection never sends those.
 */
export function parseMouse(sequence: string): MouseEvent | undefined {
  const match = SGR.exec(sequence);
  if (!match) return undefined;
  const code = Number(match[1]);
  const x = Number(match[2]) - 1;
  const y = Number(match[3]) - 1;
  if (match[4] === 'm' || x < 0 || y < 0 || code & 32) return undefined;
  const button = code & ~(4 | 8 | 16);
  if (button === 0) return { kind: 'click', x, y };
  if (button === 64) return { kind: 'wheelUp', x, y };
  if (button === 65) return { kind: 'wheelDown', x, y };
  return undefined;
}
