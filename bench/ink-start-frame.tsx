// The frame ink-start-child.ts draws: a status line, empty rows, a footer.
import React from 'react';
import { render, Text } from 'ink';

const rows = Number(process.argv[2] ?? 30);
const lines = Array.from({ length: rows }, (_, i) =>
  i === 0 ? 'aep-console 0 pending · connecting' : i === rows - 1 ? '? help · q quit' : '',
);
render(React.createElement(Text, null, lines.join('\n')), { exitOnCtrlC: false, patchConsole: false });
