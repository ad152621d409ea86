// The only path by which producer text may reach the screen (AEP-0001 §12,
// PROTOCOL §7). Producers are untrusted: their strings may carry terminal
// escape sequences (clipboard writes, screen clears, cursor moves that hide
// part of a command), 8-bit C1 controls, bidi overrides and invisible
// characters that make the operator read something other than what the agent
// asked for. We never silently delete such characters: each one becomes a
// visible marker, so tampering stays evident.
//
// Marker formats (other layers may rely on them):
//   C0 controls (except \n, \t)   -> Control Pictures, U+2400 + code: ESC -> ␛, BEL -> ␇, CR -> ␍
//   DEL                            -> ␡
//   C1 controls U+0080..U+009F    -> ⟨U+009B⟩ (uppercase hex, at least 4 digits)
//   bidi / zero-width / invisible -> ⟨U+202E⟩, same form (the set: invisible.ts;
//                                    a variation selector only outside its sequence)
//   emoji modifier, keycap sign,   -> ⟨U+1F3FD⟩, ⟨U+20E3⟩, ⟨U+1F1E6⟩ (terminals draw the cluster
//   regional indicator (flags)
//                                    at other widths than string-width: invisible.ts)
//   lone surrogates               -> U+FFFD �
// And one character is dropped: U+FE0E/FE0F after its emoji base ("✔️"), so
// the base is drawn in its default presentation, at one width that tmux, a
// terminal following UTS #51 and the console's measure all agree on. It
// draws as nothing in any case, so nothing the operator could read goes.
// hasUnsafeText and showsAsIs keep emoji sequences whole: they are text.
// Escape sequences are neutralised by replacing the ESC byte only: once ESC is
// a visible ␛ the rest of the sequence (`[2J`, `]52;c;…`) is inert printable
// text, which keeps a hidden command visible. OSC/DCS terminators are covered
// by the same rule (BEL -> ␇, ST = `ESC \` -> `␛\`). The mapping is
// per code point, so it cannot be confused by malformed or unterminated
// sequences.

import { redact } from './redact.js';
import { emojiPresentation, showsAsMarker } from './invisible.js';

/** Default cap for displayText, in output code points. */
export const DEFAULT_MAX_CHARS = 4000;

/** Format of a numeric marker, e.g. codeMarker(0x202e) === '⟨U+202E⟩'. */
export function codeMarker(cp: number): string {
  return `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/** The suffix appended when text is cut; N counts input characters not shown. */
export function truncationSuffix(n: number): string {
  return `… (${n} more characters)`;
}

/** Turn any value into a string without ever throwing. */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  try {
    if (typeof v === 'object') {
      const seen = new WeakSet<object>();
      const json = JSON.stringify(v, (_k, x: unknown) => {
        if (typeof x === 'bigint') return x.toString();
        if (typeof x === 'object' && x !== null) {
          if (seen.has(x)) return '[circular]';
          seen.add(x);
        }
        return x;
      });
      if (typeof json === 'string') return json;
    }
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return '[function]';
    return String(v);
  } catch {
    return '[unprintable value]';
  }
}

function codePointCount(s: string, from: number): number {
  let n = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A low surrogate directly after a high one belongs to the same code point.
    if (c >= 0xdc00 && c <= 0xdfff && i > from) {
      const p = s.charCodeAt(i - 1);
      if (p >= 0xd800 && p <= 0xdbff) continue;
    }
    n++;
  }
  return n;
}

function normaliseMax(maxChars: number): number {
  if (typeof maxChars !== 'number' || Number.isNaN(maxChars)) return DEFAULT_MAX_CHARS;
  if (maxChars === Infinity) return Infinity;
  return Math.max(0, Math.floor(maxChars));
}

/** `drawn` false: emoji sequences stay whole (for checks that text is printable, not for the screen). */
function render(value: unknown, maxChars: number, singleLine: boolean, drawn = true): string {
  // Every known token is taken out first: a relay may echo it back (redact.ts).
  const s = redact(toText(value));
  const limit = normaliseMax(maxChars);
  const parts: string[] = [];
  let runStart = 0;
  let count = 0; // output code points so far
  let i = 0;
  let prev = 0; // the code point before, for variation selectors (invisible.ts)
  // Single pass that stops as soon as the cap is reached, so a 1 MB string
  // costs only the cap plus a cheap count of what was left out.
  while (i < s.length) {
    const c = s.charCodeAt(i);
    let rep: string | null = null;
    let width = 1;
    if (c < 0x20) {
      if (c === 0x0a) rep = singleLine ? '⏎' : null;
      else if (c === 0x09) rep = singleLine ? ' ' : null;
      else rep = String.fromCharCode(0x2400 + c);
    } else if (c < 0x7f) {
      rep = null;
    } else if (c === 0x7f) {
      rep = '␡';
    } else if (c <= 0x9f) {
      rep = codeMarker(c);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        width = 2;
        const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        // Tag characters (U+E0000–E007F) have been used to smuggle hidden
        // instructions, selectors U+E0100… to split a token: show them.
        if (showsAsMarker(cp, prev) || (drawn && emojiPresentation(cp, prev) === 'marker')) rep = codeMarker(cp);
        prev = cp;
      } else {
        rep = '\ufffd';
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      rep = '\ufffd';
    } else if (showsAsMarker(c, prev)) {
      rep = codeMarker(c);
    } else if (drawn && c >= 0x20e3) {
      const shown = emojiPresentation(c, prev);
      if (shown !== undefined) rep = shown === 'drop' ? '' : codeMarker(c);
    }
    if (width === 1) prev = c;
    // Markers are BMP-only, so their .length is their code-point count (0 for a dropped selector).
    const add = rep === null ? 1 : rep.length;
    if (count + add > limit) {
      // Never split a marker: stop before it and count it as not shown.
      parts.push(s.slice(runStart, i));
      return parts.join('') + truncationSuffix(codePointCount(s, i));
    }
    if (rep !== null) {
      parts.push(s.slice(runStart, i), rep);
      runStart = i + width;
    }
    count += add;
    i += width;
  }
  parts.push(s.slice(runStart));
  return parts.join('');
}

/**
 * Make producer text safe to print. Keeps \n and \t; everything else that
 * could steer the terminal or hide text becomes a visible marker (see the
 * table at the top of this file). null/undefined render as '' (not
 * "undefined"), other non-strings via a never-throwing JSON/String conversion.
 * The cap counts output code points; when it is hit the text is cut (never
 * inside a marker) and `… (N more characters)` is appended, N = input code
 * points not shown.
 */
export function displayText(s: unknown, maxChars: number = DEFAULT_MAX_CHARS): string {
  return render(s, maxChars, false);
}

/**
 * displayText for one-line rows: additionally \n -> ⏎ and \t -> one space, so
 * the result never contains any character below U+0020.
 */
export function displayLine(s: unknown, maxChars: number = DEFAULT_MAX_CHARS): string {
  return render(s, maxChars, true);
}

/**
 * True when the string contains a code point displayText would replace
 * (useful for flagging "this text was tampered with" in the UI). The parts
 * of an emoji sequence drawn otherwise for width's sake are not such.
 */
export function hasUnsafeText(s: unknown): boolean {
  if (typeof s !== 'string') return false;
  return render(s, Infinity, false, false) !== s;
}

/**
 * True when `s` is at most `maxChars` code points of one line that
 * displayLine shows as it is (no marker, no token, no cut): what a name or
 * an id typed into a file must be. Emoji sequences are such text.
 */
export function showsAsIs(s: string, maxChars: number): boolean {
  return render(s, maxChars, true, false) === s;
}
