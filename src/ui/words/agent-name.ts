import { fit, stringWidth } from '../text/wrap.js';

// Agent names of one fleet share their start (`gemini-cli-10`, `-11`,
// `-12`): cut at the end they would all read `gemini-cli-…`. So a name that
// must be cut keeps its last part, where such names differ, and as much of
// its start as fits, ending on a separator where it can (`gemini-…-10`).

const SEPARATOR = /[-_.:/@ ]/;

/** The name in at most `width` columns, its distinguishing end kept. */
export function cutName(name: string, width: number, ellipsis = '…'): string {
  if (stringWidth(name) <= width) return name;
  if (width <= 2) return fit(name, width);
  const chars = [...name];
  // The last part: from the last separator (kept), at most half the room.
  let tailStart = chars.length;
  for (let i = chars.length - 1; i > 0; i--) {
    if (SEPARATOR.test(chars[i])) {
      tailStart = i;
      break;
    }
  }
  const half = Math.max(1, Math.floor((width - 1) / 2));
  if (chars.length - tailStart > half || tailStart === chars.length) tailStart = chars.length - half;
  const tail = chars.slice(tailStart).join('');
  const room = width - stringWidth(ellipsis) - stringWidth(tail);
  let head = '';
  for (const char of chars.slice(0, tailStart)) {
    if (stringWidth(head + char) > room) break;
    head += char;
  }
  // Ending the kept start on a separator reads as a word cut, not a stutter.
  let boundary = -1;
  if (SEPARATOR.test(chars[head.length] ?? '')) boundary = head.length;
  for (let i = head.length - 1; i > 0 && boundary < 0; i--) {
    if (SEPARATOR.test(head[i])) {
      boundary = i;
      break;
    }
  }
  if (boundary >= 2 && boundary < head.length - 1) head = head.slice(0, boundary + 1);
  return `${head}${ellipsis}${tail}`;
}
