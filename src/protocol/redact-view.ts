// What a secret looks like to whoever reads the bytes after a terminal, a
// URL decoder or the sanitizer has had them: escape sequences draw as
// nothing (`PROF\x1b[0mTOKEN` reads "PROFTOKEN" on a terminal), percent-
// encoding decodes (`PROF%54OKEN` in a URL is the token) and the
// sanitizer's numeric markers (`⟨U+0085⟩`) stand for an invisible
// character. fold.ts skips single code points; this makes the view where
// those longer runs are gone or decoded, with where each of its code units
// came from, so a secret found in the view is replaced in the text.
//
// Pure; one pass over the text, and only for text that holds ESC, CSI, `%`
// or `⟨` (checked first: the common text costs one scan).

/** The text as read, and for each of its code units the [start, end) of the text it came from. */
export interface ReadView {
  view: string;
  starts: Int32Array;
  ends: Int32Array;
}

const NEEDS_VIEW = /[\u001b\u009b%\u27e8]/;
const HEX = /^[0-9A-Fa-f]{2}$/;
const MARKER = /^\u27e8U\+[0-9A-F]{4,6}\u27e9/;

/** Where the escape sequence starting at `i` (ESC or C1 CSI) ends; i + 1 when it is only the ESC. */
function sequenceEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  let j = i + 1;
  if (c === 0x9b || (c === 0x1b && text[j] === '[')) {
    if (c === 0x1b) j++;
    // CSI: parameters and intermediates, then one final byte.
    while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x3f) j++;
    while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
    return j < text.length && text.charCodeAt(j) >= 0x40 && text.charCodeAt(j) <= 0x7e ? j + 1 : j;
  }
  if (c === 0x1b && (text[j] === ']' || text[j] === 'P' || text[j] === '_' || text[j] === '^')) {
    // OSC, DCS, APC, PM: up to BEL or ST (ESC \), or the end of the text.
    for (j++; j < text.length; j++) {
      if (text.charCodeAt(j) === 0x07) return j + 1;
      if (text.charCodeAt(j) === 0x1b && text[j + 1] === '\\') return j + 2;
    }
    return j;
  }
  // Two-character sequences (ESC 7, ESC ( B…): the character after ESC goes with it.
  if (c === 0x1b && j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x7e) {
    if (text[j] === '(' || text[j] === ')') return Math.min(text.length, j + 2);
    return j + 1;
  }
  return j;
}

/** Bytes %XX from `i`, as many as make one UTF-8 character; undefined when not one. */
function percentChar(text: string, i: number): { ch: string; end: number } | undefined {
  const byte = (at: number) => (text[at] === '%' && HEX.test(text.slice(at + 1, at + 3)) ? text.slice(at, at + 3) : '');
  const first = byte(i);
  if (!first) return undefined;
  const lead = parseInt(first.slice(1), 16);
  const n = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  if (n === 0) return undefined;
  let encoded = first;
  for (let k = 1; k < n; k++) {
    const next = byte(i + 3 * k);
    if (!next) return undefined;
    encoded += next;
  }
  try {
    return { ch: decodeURIComponent(encoded), end: i + 3 * n };
  } catch {
    return undefined;
  }
}

const SPECIAL = /[\u001b\u009b%\u27e8]/g;

/** The text as read, or undefined when it holds nothing this changes. */
export function readView(text: string): ReadView | undefined {
  if (!NEEDS_VIEW.test(text)) return undefined;
  // The view is never longer than the text: runs are dropped or decoded shorter.
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  const parts: string[] = [];
  let n = 0;
  let changed = false;
  const put = (s: string, start: number, end: number, each: boolean) => {
    parts.push(s);
    for (let k = 0; k < s.length; k++, n++) {
      starts[n] = each ? start + k : start;
      ends[n] = each ? start + k + 1 : end;
    }
  };
  let i = 0;
  SPECIAL.lastIndex = 0;
  for (let m = SPECIAL.exec(text); m; m = SPECIAL.exec(text)) {
    const at = m.index;
    if (at < i) continue;
    put(text.slice(i, at), i, at, true);
    const c = text.charCodeAt(at);
    let next = at + 1;
    if (c === 0x1b || c === 0x9b) {
      // Drawn as nothing: the sequence leaves no unit in the view.
      next = sequenceEnd(text, at);
      changed = true;
    } else if (c === 0x25) {
      const decoded = percentChar(text, at);
      if (decoded) {
        put(decoded.ch, at, decoded.end, false);
        next = decoded.end;
        changed = true;
      } else put('%', at, at + 1, true);
    } else {
      const marker = MARKER.exec(text.slice(at, at + 12));
      if (marker) {
        next = at + marker[0].length;
        changed = true;
      } else put(text[at], at, at + 1, true);
    }
    i = next;
    SPECIAL.lastIndex = next;
  }
  put(text.slice(i), i, text.length, true);
  if (!changed) return undefined;
  return { view: parts.join(''), starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
}
