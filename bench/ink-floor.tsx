// Bench only: Ink's own floor (one frame of Ink with nothing of ours in it),
// at the console's frame size: one <Text> holding every row of a full
// frame, one row changing per redraw (a selection move), no application
// code. Drawn through the same frame writer and terminal stand-in as the
// console's keys, so the two figures differ only by what the console adds.
import React from 'react';
import { Text } from 'ink';

function rows(selected: number, columns: number, count: number): string {
  return Array.from({ length: count }, (_, i) =>
    `${i === selected ? '▸' : ' '}● permission codex   ${i}s  Permission requested: Bash — docker system prune -af row ${i}`
      .padEnd(columns)
      .slice(0, columns - 1),
  ).join('\n');
}

/** The frame with row `selected % count` marked: `count` rows of `columns` cells. */
export function FloorFrame({
  selected,
  columns,
  count,
}: {
  selected: number;
  columns: number;
  count: number;
}): React.ReactElement {
  return <Text>{rows(selected % count, columns, count)}</Text>;
}
