import React from 'react';
import { Text } from 'ink';

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

export function LineView({ value, color }: { value: Line; color: boolean }): React.ReactElement {
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

export function LinesView({ lines, color }: { lines: Line[]; color: boolean }): React.ReactElement {
  return (
    <>
      {lines.map((l, i) => (
        <LineView key={i} value={l} color={color} />
      ))}
    </>
  );
}
