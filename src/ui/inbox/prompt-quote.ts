// The request's prompt as the detail quotes it: the agent's words, marked
// as not the console's, wrapped once per payload and width.
import { displayLine, displayText } from '../../protocol/sanitize.js';
import type { RequestRecord } from '../../store/types.js';
import type { Glyphs } from '../glyphs.js';
import { seg, type Line } from '../text/line.js';
import { fit, wrapText } from '../text/wrap.js';
import { QUOTE_COLOR } from './theme.js';

// Wrapping a long prompt costs milliseconds; it only changes with the payload or the width.
const promptCache = new WeakMap<object, { width: number; quote: string; lines: Line[] }>();

/** The prompt quoted, wrapped to `width` (kept per payload and width). */
export function promptLines(record: RequestRecord, width: number, g: Glyphs): Line[] {
  const cached = promptCache.get(record.payload);
  if (cached && cached.width === width && cached.quote === g.quote) return cached.lines;
  const lines = quotePrompt(record, width, g);
  promptCache.set(record.payload, { width, quote: g.quote, lines });
  return lines;
}

function quotePrompt(record: RequestRecord, width: number, g: Glyphs): Line[] {
  const text = displayText(record.payload.prompt || '(empty prompt)', 8000);
  return wrapText(text, Math.max(4, width - 2)).map((l): Line => [seg(`${g.quote} `, { color: QUOTE_COLOR }), seg(l)]);
}

/** The line over the quoted prompt: whose words these are. */
export function quoteLabel(record: RequestRecord, width: number, g: Glyphs): Line {
  return [
    seg(fit(`${g.quoteTop} ${displayLine(record.agent, 40)} says (agent text, not the console's):`, width), {
      color: QUOTE_COLOR,
      dim: true,
    }),
  ];
}
