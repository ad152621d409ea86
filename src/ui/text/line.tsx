import React from 'react';
import { Text } from 'ink';
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

export function lineWidthText(l: Line): string {
  return l.map((s) => s.text).join('');
}

/** NO_COLOR (https://no-color.org): any non-empty value turns color off. */
export function colorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !(typeof env.NO_COLOR === 'string' && env.NO_COLOR !== '');
}

/**
 * Cuts a line to `width` columns (marking the cut with …) and, unless told
 * not to, pads it to exactly that width so what follows lines up.
 */
export function fitLine(l: Line, width: number, padEnd = true): Line {
  const out: Line = [];
  let used = 0;
  for (const s of l) {
    if (used >= width) break;
    const w = stringWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
    } else {
      const cut = fit(s.text, width - used);
      out.push({ ...s, text: cut });
      used += stringWidth(cut);
      break;
    }
  }
  if (padEnd && used < width) out.push({ text: ' '.repeat(width - used) });
  return out;
}

function sameLine(a: Line, b: Line): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.text !== y.text || x.color !== y.color || x.bold !== y.bold || x.dim !== y.dim || x.inverse !== y.inverse || x.italic !== y.italic) return false;
  }
  return true;
}

function LineViewImpl({ value, color }: { value: Line; color: boolean }): React.ReactElement {
  return (
    <Text wrap="truncate-end">
      {value.every((s) => s.text === '')
        ? ' '
        : value.map((s, i) => (
            <Text
              key={i}
              color={color ? s.color : undefined}
              bold={s.bold}
              dimColor={color ? s.dim : undefined}
              inverse={s.inverse}
              italic={s.italic}
            >
              {s.text}
            </Text>
          ))}
    </Text>
  );
}

/** Rows are rebuilt every frame; React skips the ones whose text and style did not change. */
export const LineView = React.memo(LineViewImpl, (before, after) => before.color === after.color && sameLine(before.value, after.value));

/** A row's text and styles in one string: equal for rows that draw alike. */
function contentKey(l: Line): string {
  let key = '';
  for (const s of l) key += `${s.color ?? ''}${s.bold ? 'b' : ''}${s.dim ? 'd' : ''}${s.inverse ? 'i' : ''}${s.italic ? 'o' : ''}\u0000${s.text}\u0001`;
  return key;
}

/**
 * Rows that `scroll` (the list) are keyed by what they show, not where:
 * when the list scrolls by a row, the rows that only moved keep their
 * elements (React moves them, and redraws just the row that left, the one
 * that came and the selection's), instead of every row taking its
 * neighbour's text. Rows that draw alike are told apart by their order.
 * Other rows (a detail, the status) are keyed by place: when they change
 * they change in place, and updating a row costs less than making one.
 */
export function LinesView({ lines, color, scrolls = false }: { lines: Line[]; color: boolean; scrolls?: boolean }): React.ReactElement {
  const seen = new Map<string, number>();
  const keyOf = (l: Line, i: number): string => {
    if (!scrolls) return String(i);
    const content = contentKey(l);
    const nth = seen.get(content) ?? 0;
    seen.set(content, nth + 1);
    return `${nth}\u0002${content}`;
  };
  return (
    <>
      {lines.map((l, i) => (
        <LineView key={keyOf(l, i)} value={l} color={color} />
      ))}
    </>
  );
}
