/** What Ink's standard log-update writes for a frame (eraseLines + text): the frame writer's input in its tests. */
export function inkWrite(previousRows: number | undefined, rows: string[]): string {
  const count = previousRows === undefined ? 0 : previousRows + 1;
  let erase = '';
  for (let i = 0; i < count; i++) erase += `\u001b[2K${i < count - 1 ? '\u001b[1A' : ''}`;
  if (count) erase += '\u001b[G';
  return `${erase}${rows.join('\n')}\n`;
}
