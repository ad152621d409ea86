// Durations as the console writes them: an age of 3324h read as a number;
// past two days they are days and hours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMs } from '../../src/ui/words/duration.js';
import { shortDuration } from '../../src/ui/inbox/ages.js';

const H = 3_600_000;

test('hours up to two days, then days and hours', () => {
  const table: [number, string][] = [
    [850, '850ms'],
    [4_500, '4.5s'],
    [150_000, '2m30s'],
    [H + 5 * 60_000, '1h5m'],
    [47 * H + 59 * 60_000, '47h59m'],
    [48 * H, '2d'],
    [3324 * H, '138d12h'],
  ];
  for (const [ms, text] of table) assert.equal(formatMs(ms), text, String(ms));
  assert.equal(shortDuration(3324 * H + 59_000), '138d12h', 'a row age');
});
