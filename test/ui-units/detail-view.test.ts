import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleStore } from '../../src/store/store.js';
import { buildDetailLines } from '../../src/ui/inbox/detail-view.js';
import { emptyEditor } from '../../src/ui/text/editor.js';
import { permission } from '../support/events.js';

const text = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join(''));

test('in a small terminal the answer state and warnings survive; the prompt and provenance yield', () => {
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent('r', permission('word '.repeat(400)));
  const record = store.allRequests()[0];
  for (const height of [6, 8, 10, 12, 20]) {
    const lines = text(
      buildDetailLines({
        record,
        draft: { reply: emptyEditor, highlight: 2 },
        lock: 'none',
        focused: true,
        width: 60,
        height,
        scroll: 0,
        now: 0,
        relay: 'r',
        claimants: 0,
        confirmWarning: 'No agent is connected for this session right now.',
      }),
    );
    assert.ok(lines.length <= height, `${lines.length} > ${height}`);
    assert.ok(
      lines.join(' ').replace(/\s+/g, ' ').includes('Enter sends anyway'),
      `warning visible at height ${height}:\n${lines.join('\n')}`,
    );
    if (height >= 10)
      assert.ok(
        lines.some((l) => l.includes('Reply:')),
        `Reply row visible at height ${height}`,
      );
    if (height >= 10)
      assert.ok(
        lines.some((l) => l.startsWith('┃ word word')),
        `the prompt itself is visible at height ${height}`,
      );
  }
});

test('a long prompt scrolls: every line can be reached with the scroll offset', () => {
  const store = new ConsoleStore({ now: () => 0 });
  const prompt = Array.from({ length: 60 }, (_, i) => `line-${i}`).join('\n');
  store.applyEvent('r', permission(prompt));
  const record = store.allRequests()[0];
  const seen = new Set<string>();
  for (let scroll = 0; scroll < 80; scroll += 5) {
    const lines = text(
      buildDetailLines({
        record,
        draft: { reply: emptyEditor, highlight: 2 },
        lock: 'none',
        focused: true,
        width: 60,
        height: 20,
        scroll,
        now: 0,
        relay: 'r',
      }),
    );
    assert.ok(lines.length <= 20);
    for (const l of lines) for (const m of l.matchAll(/line-(\d+)/g)) seen.add(m[1]);
  }
  assert.equal(seen.size, 60);
});
