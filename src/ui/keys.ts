import type { Key } from 'ink';

/** Keys by name, whatever bytes the terminal sent (the bindings are in key-table.ts). */
export type KeyName =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'pageUp'
  | 'pageDown'
  | 'enter'
  | 'escape'
  | 'tab'
  | 'backTab'
  | 'backspace'
  | 'deleteForward'
  | 'space'
  | 'ctrlC'
  | 'ctrlU'
  | 'ctrlW'
  | 'ctrlZ'
  | 'char'
  | 'none';

export interface KeyPress {
  name: KeyName;
  /** Printable text for `char` (a pasted string may hold many characters). */
  text: string;
}

/**
 * Normalizes Ink's (input, key) into one name. Ink 6 quirks handled here and
 * nowhere else: the Backspace key usually arrives as `key.delete` (0x7F) and
 * Ctrl-H / 0x08 as `key.backspace`, so both erase backwards; Esc also sets
 * `key.meta`; Shift-Tab arrives as tab + shift.
 */
export function readKey(input: string, key: Key): KeyPress {
  if (key.ctrl && input === 'c') return { name: 'ctrlC', text: '' };
  if (key.ctrl && input === 'u') return { name: 'ctrlU', text: '' };
  if (key.ctrl && input === 'w') return { name: 'ctrlW', text: '' };
  if (key.ctrl && input === 'z') return { name: 'ctrlZ', text: '' };
  if (key.ctrl && input === 'd') return { name: 'deleteForward', text: '' };
  if (key.ctrl && input === 'a') return { name: 'home', text: '' };
  if (key.ctrl && input === 'e') return { name: 'end', text: '' };
  if (key.upArrow) return { name: 'up', text: '' };
  if (key.downArrow) return { name: 'down', text: '' };
  if (key.leftArrow) return { name: 'left', text: '' };
  if (key.rightArrow) return { name: 'right', text: '' };
  if (key.pageUp) return { name: 'pageUp', text: '' };
  if (key.pageDown) return { name: 'pageDown', text: '' };
  if (key.home) return { name: 'home', text: '' };
  if (key.end) return { name: 'end', text: '' };
  if (key.return) return { name: 'enter', text: '' };
  if (key.tab) return { name: key.shift ? 'backTab' : 'tab', text: '' };
  if (key.backspace || key.delete) return { name: 'backspace', text: '' };
  if (key.escape) return { name: 'escape', text: '' };
  if (key.ctrl || key.meta) return { name: 'none', text: '' };
  if (input === ' ') return { name: 'space', text: ' ' };
  // A paste arrives as one input; newlines inside it become spaces (one-line fields).
  const text = input.replace(/\r\n|[\r\n]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  if (!text) return { name: 'none', text: '' };
  return { name: 'char', text };
}

const CONTROL_IN_TEXT = /[\u0000-\u001f\u007f]/;

/** Control bytes that are keys of their own inside a chunk. */
const CONTROL_KEYS: Record<string, KeyName> = {
  '\u0001': 'home',
  '\u0003': 'ctrlC',
  '\u0004': 'deleteForward',
  '\u0005': 'end',
  '\u0015': 'ctrlU',
  '\u0017': 'ctrlW',
  '\u001a': 'ctrlZ',
};

/**
 * Ink hands a chunk of plain input to one handler call when keys arrive faster
 * than a read (over SSH, from tmux send-keys, from a script). Split it into
 * the keys it holds, as a terminal's line discipline would: each CR (or LF,
 * or CRLF) is Enter, DEL and BS erase, TAB moves; runs of text are typed.
 */
export function readKeys(input: string, key: Key): KeyPress[] {
  // Esc followed by a key in the same chunk reaches us as Alt+key (key.meta).
  // The console binds no Alt keys: it is Esc, then that key.
  if (key.meta && !key.escape) return [{ name: 'escape', text: '' }, ...readKeys(input, { ...key, meta: false })];
  // A lone LF (Ctrl-J; drivers that send \n) is Enter too, as it is inside a chunk.
  if (input === '\n') return [{ name: 'enter', text: '' }];
  if (input.length <= 1 || !CONTROL_IN_TEXT.test(input) || key.ctrl || key.meta) return [readKey(input, key)];
  const presses: KeyPress[] = [];
  let text = '';
  const flush = () => {
    if (text) presses.push({ name: text === ' ' ? 'space' : 'char', text });
    text = '';
  };
  const chars = [...input];
  chars.forEach((ch, i) => {
    if (ch === '\u007f' || ch === '\b') {
      flush();
      presses.push({ name: 'backspace', text: '' });
    } else if (ch === '\t') {
      flush();
      presses.push({ name: 'tab', text: '' });
    } else if (ch === '\r' || ch === '\n') {
      flush();
      if (!(ch === '\n' && chars[i - 1] === '\r')) presses.push({ name: 'enter', text: '' });
    } else if (CONTROL_KEYS[ch]) {
      flush();
      presses.push({ name: CONTROL_KEYS[ch], text: '' });
    } else if (ch >= ' ') {
      text += ch;
    }
  });
  flush();
  return presses;
}

