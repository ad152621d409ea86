// Bench only: the list as a naive Ink app would draw it, every row rendered
// (no windowing), so the bench can show what windowing saves.
import React, { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { RequestRecord } from '../src/store/types.js';

export function NaiveList({ records }: { records: RequestRecord[] }): React.ReactElement {
  const [selected, setSelected] = useState(0);
  useInput((_input, key) => {
    if (key.downArrow) setSelected((n) => Math.min(records.length - 1, n + 1));
    if (key.upArrow) setSelected((n) => Math.max(0, n - 1));
  });
  return (
    <Box flexDirection="column">
      {records.map((record, i) => (
        <Text key={record.key} inverse={i === selected}>
          {i === selected ? '▸' : ' '}● {record.payload.kind.padEnd(10)} {record.agent.padEnd(14)}{' '}
          {record.payload.prompt.slice(0, 60)}
        </Text>
      ))}
    </Box>
  );
}
