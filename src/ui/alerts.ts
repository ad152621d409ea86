import { displayLine } from '../protocol/sanitize.js';
import { clipboardText } from './clipboard.js';

const BEL = '\u0007';
const ESC = '\u001b';

/**
 * A desktop notification as OSC 9 (iTerm2, WezTerm, kitty…) and OSC 777
 * (urxvt, foot, VTE). The text is producer-derived, so it is sanitized and
 * stripped of everything that could end or nest the sequence.
 */
export function notificationSequence(title: string, body: string, env: NodeJS.ProcessEnv = process.env): string {
  const clean = (s: string, max: number) => displayLine(s, max).replace(/[;\u0007\u001b\u009c]/g, ' ');
  const t = clean(title, 60);
  const b = clean(body, 120);
  const sequences = `${ESC}]9;${t}: ${b}${BEL}${ESC}]777;notify;${t};${b}${BEL}`;
  return env.TMUX ? tmuxPassthrough(sequences) : sequences;
}

/**
 * Text for the terminal's clipboard as OSC 52 (xterm, kitty, WezTerm,
 * iTerm2, foot…). Inside tmux the plain form reaches tmux's own buffer
 * (set-clipboard) and the passthrough form the terminal around it.
 * Empty when the text may not be copied (clipboard.ts).
 */
export function clipboardSequence(text: string, env: NodeJS.ProcessEnv = process.env): string {
  // What a shell would run never goes: refused text writes nothing, other text is quoted (clipboard.ts).
  const copied = clipboardText(text);
  if (!copied.ok) return '';
  const sequence = `${ESC}]52;c;${Buffer.from(copied.text, 'utf8').toString('base64')}${BEL}`;
  return env.TMUX ? sequence + tmuxPassthrough(sequence) : sequence;
}

/** tmux forwards a sequence only inside its DCS passthrough, with ESC doubled. */
export function tmuxPassthrough(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

export { BEL };

/**
 * The terminal's title as OSC 2 (tmux keeps it as the pane's title, shown
 * on its status line by default; terminals on their tab or window). The
 * text is the console's own (a count), still kept to printable characters.
 */
export function titleSequence(text: string): string {
  return `${ESC}]2;${displayLine(text, 80).replace(/[\u0007\u001b\u009c]/g, ' ')}${BEL}`;
}

/** Saves the terminal's titles on its stack (xterm's XTWINOPS 22); one that has none ignores it. */
export const TITLE_PUSH = `${ESC}[22;0t`;
/** Puts back the titles saved by TITLE_PUSH. */
export const TITLE_POP = `${ESC}[23;0t`;
