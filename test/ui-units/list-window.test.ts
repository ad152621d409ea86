import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stickyStart as windowStart } from '../../src/ui/widgets/window.js';

test('the list window stays put until the selection comes within 2 rows of an edge', () => {
  // 100 rows, 10 visible.
  assert.equal(windowStart(100, 10, 0, 0), 0);
  assert.equal(windowStart(100, 10, 7, 0), 0, 'row 7 of 0-9 is 2 from the bottom edge');
  assert.equal(windowStart(100, 10, 8, 0), 1, 'row 8 scrolls by one');
  assert.equal(windowStart(100, 10, 30, 1), 23, 'a page jump keeps the margin below');
  assert.equal(windowStart(100, 10, 26, 23), 23, 'moving up inside the window does not scroll');
  assert.equal(windowStart(100, 10, 24, 23), 22, 'within 2 of the top edge scrolls up');
  assert.equal(windowStart(100, 10, 99, 50), 90, 'never past the end');
  assert.equal(windowStart(100, 10, 0, 50), 0, 'never before the start');
  assert.equal(windowStart(100, 3, 50, 0), 49, 'tiny windows keep the selection in the middle row');
});
