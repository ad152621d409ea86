// Putting the terminal back as the shell left it, after a crash or a stop:
// the UI taken down, raw mode off, and the sequences that end what the UI
// turned on. Every step is tried on its own: a terminal that is gone makes
// a step fail, never the ones after it.
import { BRACKETED_PASTE_OFF } from '../ui/keys.js';
import { MOUSE_OFF } from '../ui/mouse.js';

/** End a synchronized update, reset attributes, show the cursor, stop marking pastes and reporting the mouse. */
export const RESTORE_SEQUENCE = `\u001b[?2026l\u001b[0m\u001b[?25h${BRACKETED_PASTE_OFF}${MOUSE_OFF}`;

export interface TtyIn {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

export interface Out {
  isTTY?: boolean;
  write(text: string): unknown;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
  off?(event: 'error', listener: (error: unknown) => void): unknown;
}

export function rawModeOff(stdin: TtyIn): void {
  try {
    if (stdin.isTTY && stdin.isRaw) stdin.setRawMode?.(false);
  } catch {
    // not a terminal any more
  }
}

/** Takes the UI down (`ui`, if one is on screen) and puts the terminal back. */
export function restoreTerminal(ui: (() => void) | undefined, stdin: TtyIn, stdout: Out): void {
  let erased = false;
  if (ui) {
    try {
      ui();
      erased = true;
    } catch {
      // a UI that fails to unmount still gets its terminal restored below
    }
  }
  rawModeOff(stdin);
  if (ui && stdout.isTTY) {
    try {
      // Without the erase, the cursor may sit inside a frame: move below it.
      stdout.write(`${RESTORE_SEQUENCE}${erased ? '' : '\r\n'}`);
    } catch {
      // terminal gone
    }
  }
}
