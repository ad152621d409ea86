import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { requested } from '../support/events.js';
import { KEY, lines, manyRequests, renderApp, type Harness, type RenderOptions } from '../support/ui.js';

const longPrompt = Array.from(
  { length: 200 },
  (_, i) => `line ${i + 1}: ${'word '.repeat(i % 7)}${i === 50 ? 'x'.repeat(500) : ''}`,
).join('\n');
const manyOptions = Array.from({ length: 50 }, (_, i) => ({
  id: `opt-${i + 1}`,
  label: `Option number ${i + 1} with a fairly long label to wrap or cut`,
}));

function fixtures() {
  return [
    requested(
      { kind: 'review', prompt: longPrompt, options: [{ id: 'ok', label: 'Looks good' }], respond_via: ['control'] },
      { severity: 'critical' },
    ),
    requested(
      { kind: 'input', prompt: 'Pick one of fifty', options: manyOptions, respond_via: ['control'] },
      { severity: 'error', session: 's-opts' },
    ),
    requested(
      { kind: 'permission', prompt: '🚀 部署到生产环境？ '.repeat(30), respond_via: ['control'] },
      { agent: '代理人エージェント', session: 's-wide', source: 'aep://h/agent/x/session/s-wide' },
    ),
    ...manyRequests(32),
  ];
}

function assertFits(h: Harness, columns: number, rows: number, mode: string): void {
  const frame = h.frame();
  const rowsDrawn = lines(frame);
  assert.ok(
    rowsDrawn.length <= rows - 1,
    `${mode} at ${columns}x${rows}: ${rowsDrawn.length} rows drawn, at most ${rows - 1} allowed\n${frame}`,
  );
  for (const row of rowsDrawn) {
    assert.ok(
      stringWidth(row) <= columns,
      `${mode} at ${columns}x${rows}: row wider than ${columns}: ${JSON.stringify(row)}`,
    );
  }
}

const SIZES: { columns: number; rows: number; options: RenderOptions }[] = [
  { columns: 80, rows: 24, options: { size: { columns: 80, rows: 24 } } },
  { columns: 120, rows: 40, options: { size: { columns: 120, rows: 40 }, stdout: { columns: 120, rows: 40 } } },
  { columns: 60, rows: 12, options: { size: { columns: 60, rows: 12 } } },
];

for (const { columns, rows, options } of SIZES) {
  test(`${columns}x${rows}: the frame never exceeds the terminal in browse, answer, help, filter and quit modes`, async (t) => {
    const h = await renderApp({ ...options, events: fixtures() });
    t.after(h.unmount);
    assertFits(h, columns, rows, 'browse');
    await h.press(KEY.pageDown, KEY.pageDown);
    assertFits(h, columns, rows, 'browse after paging');
    await h.press(KEY.pageUp, KEY.pageUp, KEY.pageUp);

    // Below 24 rows only the fit is checked: the prompt window may be down to one line.
    const roomy = rows >= 24;
    await h.press(KEY.enter);
    if (roomy) assert.match(h.frame(), /line 1:/, 'the long prompt is open');
    assertFits(h, columns, rows, 'answer (200-line prompt)');
    await h.press(KEY.pageDown, KEY.pageDown, KEY.pageDown);
    if (roomy) assert.match(h.frame(), /line 16:/, 'PgDn scrolls the prompt');
    assert.match(h.frame(), /↑15 ↓\d+ more lines \(PgUp\/PgDn\)/);
    assertFits(h, columns, rows, 'answer (scrolled)');
    await h.press('typing a long reply that is much wider than any terminal it might be shown on, surely');
    assertFits(h, columns, rows, 'answer (long reply)');
    await h.press(KEY.esc, 'j', KEY.enter);
    if (roomy) assert.match(h.frame(), /Pick one of fifty/);
    assertFits(h, columns, rows, 'answer (50 options)');
    for (let i = 0; i < 12; i++) await h.press(KEY.up);
    assert.match(h.frame(), /(^|│ )▸ Option number 39 /m, 'the highlighted option is in view');
    assert.match(h.frame(), /more options: ↑\/↓/);
    assertFits(h, columns, rows, 'answer (50 options, highlight in the middle)');
    h.store.setRoster(h.client.relay, []);
    await h.press(KEY.enter);
    // The detail's own rows (side by side, right of the rule), read as one text.
    if (roomy)
      assert.match(
        lines(h.frame())
          .map((l) => l.split(' │ ')[1] ?? l)
          .join(' '),
        /Enter sends/,
      );
    assertFits(h, columns, rows, 'answer (roster warning and confirmation)');
    await h.press(KEY.enter);
    h.store.commandSettled(h.client.sent[0].id, {
      state: 'rejected',
      reason: 'invalid',
      detail: 'a very long explanation from the agent '.repeat(12),
    });
    await h.settle();
    assert.match(h.frame(), /✗ rejected/, 'back on the list, the row says rejected');
    await h.press('k', KEY.enter);
    if (roomy) assert.match(h.frame(), /rejected: invalid/);
    assertFits(h, columns, rows, 'answer (long rejection)');
    await h.press(KEY.up, '?');
    assertFits(h, columns, rows, 'help from answer');
    await h.press('x', KEY.esc, '?');
    assert.match(h.frame(), /any other key closes/);
    assertFits(h, columns, rows, 'help');
    await h.press('x', '/', 'agent-'.repeat(30));
    assertFits(h, columns, rows, 'filter (long filter text)');
    await h.press(KEY.enter);
    assertFits(h, columns, rows, 'browse with a filter');
    await h.press(KEY.enter, 'draft', KEY.esc, 'q');
    assert.match(h.frame(), /Quit\?/);
    assertFits(h, columns, rows, 'confirm quit');
  });
}

test('below 100 columns the detail replaces the list while a request is open', async (t) => {
  const h = await renderApp({ events: manyRequests(3), size: { columns: 99, rows: 24 } });
  t.after(h.unmount);
  assert.match(h.frame(), /Pending \(3\)/);
  assert.doesNotMatch(h.frame(), /│/, 'no side-by-side separator');
  await h.press(KEY.enter);
  assert.doesNotMatch(h.frame(), /Pending \(3\)/);
  assert.match(h.frame(), /^agent agent-00$/m);
});

test('at 100 columns and more the list and the detail sit side by side', async (t) => {
  const h = await renderApp({ events: manyRequests(3), size: { columns: 100, rows: 24 } });
  t.after(h.unmount);
  const browse = lines(h.frame());
  assert.ok(
    browse.some((l) => /^Pending \(3\) +│ ● permission · pending/.test(l)),
    'list and preview share rows',
  );
  assert.ok(browse.some((l) => /│ agent agent-00( · raised \S+ ago)?$/.test(l)));
  assert.ok(
    browse.some((l) => /│ Enter: answer this request/.test(l)),
    'the preview says how to answer',
  );
  await h.press(KEY.enter);
  const open = lines(h.frame());
  assert.ok(
    open.some((l) => /^Pending \(3\) +│ ● permission · pending/.test(l)),
    'the list stays beside the open request',
  );
  assert.ok(open.some((l) => /│ ▸ Reply:/.test(l)));
});

test('resize: the frame follows the terminal and always fits', async (t) => {
  const h = await renderApp({ events: fixtures(), size: 'terminal', stdout: { columns: 120, rows: 40 } });
  t.after(h.unmount);
  assertFits(h, 120, 40, 'initial');
  assert.ok(
    lines(h.frame()).some((l) => l.includes('│')),
    'wide: side by side',
  );
  await h.press(KEY.enter);
  await h.resize(80, 24);
  assertFits(h, 80, 24, 'after shrinking');
  assert.ok(!lines(h.frame()).some((l) => l.includes(' │ ')), 'narrow: detail alone');
  assert.match(h.frame(), /line 1:/, 'still on the open request');
  await h.resize(70, 15);
  assertFits(h, 70, 15, 'after shrinking again');
  await h.press(KEY.esc);
  assertFits(h, 70, 15, 'browse after shrinking');
  await h.resize(140, 50);
  assertFits(h, 140, 50, 'after growing');
  assert.ok(lines(h.frame()).some((l) => l.includes('│')));
  assert.ok(lines(h.frame()).length > 30, 'the list uses the new height');
});

test('after the window grows, the list scrolls back: its heading shows again when the selection allows', async (t) => {
  const h = await renderApp({ events: manyRequests(100), size: 'terminal', stdout: { columns: 80, rows: 12 } });
  t.after(h.unmount);
  for (let i = 0; i < 12; i++) await h.press('j');
  assert.ok(
    !lines(h.frame()).some((l) => l.startsWith('Pending (100)')),
    'scrolled in the small window: the heading is hidden',
  );
  await h.resize(80, 40);
  assertFits(h, 80, 40, 'after growing');
  const grown = lines(h.frame());
  assert.ok(
    grown.some((l) => l.startsWith('Pending (100)')),
    `the heading is back:\n${grown.join('\n')}`,
  );
  assert.ok(
    grown.some((l) => l.startsWith('▸')),
    'and the selection still shows',
  );
});
