import { isMouseSequence, parseMouse, X10_BYTES, X10_MOUSE, type MouseEvent } from './mouse.js';

/** Keys by name, whatever bytes the terminal sent (what each one does is in key-table.ts). */
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
  | 'ctrlA'
  | 'ctrlC'
  | 'ctrlD'
  | 'ctrlE'
  | 'ctrlL'
  | 'ctrlT'
  | 'ctrlU'
  | 'ctrlW'
  | 'ctrlZ'
  | 'char'
  /** Text the terminal marked as pasted: it is only ever text, never a key any binding matches. */
  | 'paste'
  | 'none';

export interface KeyPress {
  name: KeyName;
  /** The character for `char` (one code point), the space for `space`, the text for `paste`. */
  text: string;
}

/** Printable: text for a text row (a key of its own everywhere else). */
export function isText(press: KeyPress): boolean {
  return press.name === 'char' || press.name === 'space' || press.name === 'paste';
}

const key = (name: KeyName, text = ''): KeyPress => ({ name, text });

/** Control bytes that are keys of their own. Every other C0 byte is dropped. */
const CONTROL_KEYS: Record<string, KeyName> = {
  '\u0001': 'ctrlA',
  '\u0003': 'ctrlC',
  '\u0004': 'ctrlD',
  '\u0005': 'ctrlE',
  '\b': 'backspace',
  '\t': 'tab',
  '\u000c': 'ctrlL',
  '\u0014': 'ctrlT',
  '\r': 'enter',
  '\n': 'enter',
  '\u0015': 'ctrlU',
  '\u0017': 'ctrlW',
  '\u001a': 'ctrlZ',
  '\u007f': 'backspace',
};

/** One plain character (no ESC) as a key; `undefined` for a byte that is no key (other C0, C1). */
function charKey(ch: string): KeyPress | undefined {
  const named = CONTROL_KEYS[ch];
  if (named) return key(named);
  if (ch === ' ') return key('space', ' ');
  const code = ch.codePointAt(0)!;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return undefined;
  return key('char', ch);
}

/** A key and where it starts in the text it came from. */
export interface KeyAt {
  press: KeyPress;
  at: number;
}

/**
 * A run of plain input (no escape sequence) split into its keys, as a
 * terminal's line discipline would: each CR, LF or CRLF is one Enter, DEL
 * and BS erase, TAB moves, every character is a key of its own.
 */
export function textKeys(text: string): KeyAt[] {
  const keys: KeyAt[] = [];
  let at = 0;
  for (const ch of text) {
    const crlf = ch === '\n' && text[at - 1] === '\r';
    const press = crlf ? undefined : charKey(ch);
    if (press) keys.push({ press, at });
    at += ch.length;
  }
  return keys;
}

/** A newline with more text after it: what a paste looks like to a terminal without bracketed paste. */
export function looksPasted(text: string): boolean {
  return /[\r\n][\r\n]*[^\r\n\u0000-\u001f\u007f]/.test(text);
}

/** Pasted text for a one-line row: newlines and tabs are spaces, every other control character goes. */
export function pastedText(text: string): string {
  return text.replace(/\r\n|[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

const CSI_FINAL: Record<string, KeyName> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
  Z: 'backTab',
};
const CSI_TILDE: Record<string, KeyName> = {
  '1': 'home',
  '7': 'home',
  '4': 'end',
  '8': 'end',
  '5': 'pageUp',
  '6': 'pageDown',
  '3': 'deleteForward',
};

/** Asks the terminal to mark pastes (bracketed paste, DEC mode 2004), and to stop. */
export const BRACKETED_PASTE_ON = '\u001b[?2004h';
export const BRACKETED_PASTE_OFF = '\u001b[?2004l';
export const PASTE_START = '\u001b[200~';
export const PASTE_END = '\u001b[201~';

/**
 * One escape sequence as Ink's input parser hands it over (`ESC [ … final`,
 * `ESC O x`, a lone ESC, or ESC and one more key). Modifiers (Ctrl-↑ is
 * `ESC[1;5A`) are ignored: the console binds no modified arrows. The console
 * binds no Alt keys either: ESC then a key is Esc, then that key.
 */
export function escapeKeys(sequence: string): KeyPress[] {
  if (sequence === '\u001b') return [key('escape')];
  const body = sequence.slice(1);
  if (body[0] === '[' && body.length >= 2 && body[1] !== '[') {
    const final = body[body.length - 1];
    const params = body.slice(1, -1);
    if (final === '~') return [key(CSI_TILDE[params.split(';')[0]] ?? 'none')];
    return [key(/^[\d;]*$/.test(params) ? (CSI_FINAL[final] ?? 'none') : 'none')];
  }
  if (body[0] === 'O' && body.length === 2) return [key(CSI_FINAL[body[1]] ?? 'none')];
  if (body[0] === '\u001b') return [key('escape'), ...escapeKeys(body)];
  if (body.length && body[0] !== '[' && body[0] !== 'O') return [key('escape'), ...textKeys(body).map((k) => k.press)];
  return [key('none')];
}

/** What reaches the update from the terminal: a key, a run of plain keys that arrived in one read, or a paste. */
export type InputMsg =
  | { type: 'key'; press: KeyPress }
  | { type: 'keys'; text: string }
  | { type: 'paste'; text: string }
  | { type: 'mouse'; event: MouseEvent };

/** A paste longer than this keeps its first part (the rest is dropped, and the paste says so). */
export const MAX_PASTE = 65_536;

/**
 * Ink's input events (a text run, or one escape sequence) in, the console's
 * input messages out. Between the terminal's bracketed-paste marks
 * (`ESC[200~` … `ESC[201~`) everything is text, whatever it holds: keys,
 * newlines, escape sequences. It is handed over whole when the end mark
 * comes, as one `paste`. A mouse report is decoded before anything reads
 * it as keys, in every place (mouse.ts): it is a `mouse` message or
 * nothing, never text for a row.
 */
export class InputDecoder {
  private paste: string[] | undefined;
  private pasteLength = 0;
  /** Raw bytes of an X10 mouse report still to come (they follow `ESC[M` in the next input event). */
  private x10Left = 0;

  push(data: string): InputMsg[] {
    if (this.x10Left > 0 && !data.startsWith('\u001b')) {
      const skip = Math.min(this.x10Left, [...data].length);
      this.x10Left -= skip;
      data = [...data].slice(skip).join('');
      if (!data) return [];
    }
    this.x10Left = 0;
    if (this.paste) {
      if (data === PASTE_END) {
        const text = this.paste.join('');
        this.paste = undefined;
        return [{ type: 'paste', text }];
      }
      // Keys inside a paste (arrows, Esc) are not text anyone meant to type.
      if (data.startsWith('\u001b')) return [];
      const room = MAX_PASTE - this.pasteLength;
      if (room > 0) {
        const part = pastedText(data).slice(0, room);
        this.paste.push(part);
        this.pasteLength += part.length;
      }
      return [];
    }
    if (data === PASTE_START) {
      this.paste = [];
      this.pasteLength = 0;
      return [];
    }
    if (data === PASTE_END) return [];
    if (isMouseSequence(data)) {
      if (data === X10_MOUSE) this.x10Left = X10_BYTES;
      const event = parseMouse(data);
      return event ? [{ type: 'mouse', event }] : [];
    }
    if (data.startsWith('\u001b'))
      return escapeKeys(data)
        .filter((p) => p.name !== 'none')
        .map((press) => ({ type: 'key', press }));
    const keys = textKeys(data);
    if (keys.length === 0) return [];
    if (keys.length === 1) return [{ type: 'key', press: keys[0].press }];
    return [{ type: 'keys', text: data }];
  }

  /** Whether a paste has started and not yet ended. */
  get pasting(): boolean {
    return this.paste !== undefined;
  }

  /** Ends a paste whose end mark never came (a terminal or multiplexer lost it): what arrived is still only text. */
  flush(): InputMsg[] {
    return this.paste ? this.push(PASTE_END) : [];
  }
}
