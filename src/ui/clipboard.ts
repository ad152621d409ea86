// What may go on the terminal's clipboard (OSC 52). A pasted id lands in a
// shell more often than anywhere else, and an id is producer text: one
// holding a newline and `$(curl …|sh)` runs a command the moment it is
// pasted. So: a known secret is redacted first (an id holding the token is
// written redacted, the one exception to lossless ids); text with any
// control character (C0, DEL, C1) is refused whole, nothing copied; text
// with anything but `A–Z a–z 0–9 - _ . :` is copied single-quoted for a
// shell (a quote inside closed, escaped and reopened), and the caller says
// so. Every OSC 52 the console writes goes through this (alerts.ts).

import { redact } from '../protocol/redact.js';

export type ClipboardText = { ok: true; text: string; quoted: boolean } | { ok: false; why: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PLAIN = /^[A-Za-z0-9._:-]*$/;

/** `text` as it may be copied, or why it may not. */
export function clipboardText(text: string): ClipboardText {
  const safe = redact(text);
  if (CONTROL.test(safe)) return { ok: false, why: 'holds a control character (a paste could run a command)' };
  if (PLAIN.test(safe)) return { ok: true, text: safe, quoted: false };
  return { ok: true, text: `'${safe.replaceAll("'", "'\\''")}'`, quoted: true };
}
