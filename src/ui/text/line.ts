import chalk from 'chalk';
import { glyphs } from '../glyphs.js';
import { fit, stringWidth } from './wrap.js';

/** A styled run of sanitized text. Colors are names Ink understands. */
export interface Segment {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  italic?: boolean;
}

/** One terminal row. Regions are built as exact rows so heights are known. */
export type Line = Segment[];

export const seg = (text: string, style: Omit<Segment, 'text'> = {}): Segment => ({ text, ...style });
export const line = (...segments: (Segment | string)[]): Line =>
  segments.map((s) => (typeof s === 'string' ? { text: s } : s));

/** NO_COLOR (https://no-color.org): any non-empty value turns color off. */
export function colorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !(typeof env.NO_COLOR === 'string' && env.NO_COLOR !== '');
}

/** fitLine's last answer per line (the line itself when it fits), with the width, padding and cut mark it was for. */
const fitted = new WeakMap<Line, { width: number; padEnd: boolean; cut: string; line: Line }>();

/**
 * Cuts a line to `width` columns (marking the cut with …) and, unless told
 * not to, pads it to exactly that width so what follows lines up. A line
 * that already fits is returned as it is, and a line fitted before gets
 * the same answer: rows are rebuilt only when they change, and their
 * styled text is kept per line (styledLine), so an unchanged row stays
 * the same object from the view to the terminal.
 */
export function fitLine(l: Line, width: number, padEnd = true): Line {
  const known = fitted.get(l);
  if (known !== undefined && known.width === width && known.padEnd === padEnd && known.cut === glyphs().cut)
    return known.line;
  const out: Line = [];
  let used = 0;
  let changed = false;
  for (const s of l) {
    if (used >= width) {
      changed = true;
      break;
    }
    const w = stringWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
    } else {
      const cut = fit(s.text, width - used);
      out.push({ ...s, text: cut });
      used += stringWidth(cut);
      changed = true;
      break;
    }
  }
  if (padEnd && used < width) {
    out.push({ text: ' '.repeat(width - used) });
    changed = true;
  }
  const result = changed ? out : l;
  fitted.set(l, { width, padEnd, cut: glyphs().cut, line: result });
  return result;
}

type ChalkColor = 'red' | 'yellow' | 'magenta' | 'cyan' | 'green' | 'gray' | 'blue' | 'white' | 'black';

/**
 * One run with its styles, as Ink's <Text> styles its children: the same
 * chalk (so the same color level), the same order (dim, color, bold,
 * italic, inverse). Without color (NO_COLOR) only color and dim go.
 */
function paint(s: Segment, color: boolean): string {
  let text = s.text;
  if (text === '') return '';
  if (color && s.dim) text = chalk.dim(text);
  if (color && s.color !== undefined && s.color in chalk) text = chalk[s.color as ChalkColor](text);
  if (s.bold) text = chalk.bold(text);
  if (s.italic) text = chalk.italic(text);
  if (s.inverse) text = chalk.inverse(text);
  return text;
}

/** Styled texts as last made, per line: with and without color, at chalk's level then. */
const styled = [
  new WeakMap<Line, { level: number; text: string }>(),
  new WeakMap<Line, { level: number; text: string }>(),
];

/** A row's runs as one string with its styles (SGR only: the runs are sanitized text). */
export function styledLine(l: Line, color: boolean): string {
  const cache = styled[color ? 1 : 0];
  const known = cache.get(l);
  if (known !== undefined && known.level === chalk.level) return known.text;
  let text = '';
  for (const s of l) text += paint(s, color);
  cache.set(l, { level: chalk.level, text });
  return text;
}
