// One edit of a bundle's source map, for a build step that inserts text into
// esbuild's output (to-esm-once.mjs): the generated columns after the
// insertion point, on its line, move by the inserted length. A segment's
// first field is its generated column, relative to the segment before it on
// the same line, so only the first segment at or after the point changes;
// every other field is relative across lines and stays as it is.

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first base64 VLQ number in `text` from `at`: its value and where it ends. */
function readVlq(text, at) {
  let value = 0;
  let shift = 0;
  for (let i = at; i < text.length; i++) {
    const digit = DIGITS.indexOf(text[i]);
    if (digit < 0) throw new Error(`source map: not a base64 VLQ digit: ${JSON.stringify(text[i])}`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if ((digit & 32) === 0) return { value: value % 2 === 1 ? -(value - 1) / 2 : value / 2, end: i + 1 };
  }
  throw new Error('source map: a VLQ number is cut short');
}

function writeVlq(value) {
  let rest = value < 0 ? -value * 2 + 1 : value * 2;
  let out = '';
  do {
    let digit = rest % 32;
    rest = Math.floor(rest / 32);
    if (rest > 0) digit += 32;
    out += DIGITS[digit];
  } while (rest > 0);
  return out;
}

/** `mappings` with the generated columns at or after `column` on line `line` (both from 0) moved by `by`. */
export function shiftMappings(mappings, line, column, by) {
  const lines = mappings.split(';');
  if (line >= lines.length) return mappings;
  const segments = lines[line] === '' ? [] : lines[line].split(',');
  let absolute = 0;
  for (let i = 0; i < segments.length; i++) {
    const { value, end } = readVlq(segments[i], 0);
    absolute += value;
    if (absolute >= column) {
      segments[i] = writeVlq(value + by) + segments[i].slice(end);
      break;
    }
  }
  lines[line] = segments.join(',');
  return lines.join(';');
}
