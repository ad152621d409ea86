// The status line keeps what changes what the console does: AUTO, the
// filter and the alerts held back come before the relay's URL, which gives
// way first (at 60 columns too), with one relay or several.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { parseRules } from '../../src/protocol/rules.js';
import { permissionFrom } from '../support/ui-events.js';
import { KEY, lines, renderApp } from '../support/ui.js';

const LONG = 'wss://relay.build-farm-eu-west-1.internal.example.com:8443/aep';
const parsed = parseRules(
  JSON.stringify({
    rules: [
      {
        name: 'tests ok',
        match: { agent: 'claude-*', tool: 'Bash', command_prefix: 'npm test' },
        decide: { option: 'allow' },
      },
    ],
  }),
);
assert.ok(parsed.ok);
const RULES = parsed.rules;

async function consoleWith(columns: number, relays: string[]) {
  const h = await renderApp({ relays, rules: RULES, auto: true, bell: true, size: { columns, rows: 24 } });
  await h.press('/', 'gemini', KEY.enter);
  await h.apply(permissionFrom('codex', 's1', 'Permission requested: Bash — rm -rf build'));
  // Within the bell's coalescing window: held, counted beside "pending".
  await h.apply(permissionFrom('gemini', 's2', 'Permission requested: Bash — git push'));
  return h;
}

for (const columns of [60, 80, 100]) {
  test(`${columns} columns, one long relay URL: AUTO, the filter and the held alerts stay; the URL gives way`, async (t) => {
    const h = await consoleWith(columns, [LONG]);
    t.after(h.unmount);
    const status = lines(h.frame())[0];
    assert.ok(stringWidth(status) <= columns, status);
    assert.match(status, /AUTO · filter "gemini" · 2 pending \(\+1 since bell\)/, status);
    assert.match(status, /live/, `the relay's state stays: ${status}`);
    assert.doesNotMatch(status, /wss:\/\//, `the URL is the first to go: ${status}`);
  });

  test(`${columns} columns, three relays: each row keeps its relay's state, the first what changes behaviour`, async (t) => {
    const relays = [LONG, 'http://127.0.0.1:42817', `${LONG}/second`];
    const h = await consoleWith(columns, relays);
    t.after(h.unmount);
    h.store.updateRelay(relays[1], { connection: { kind: 'unauthorized' } });
    h.store.updateRelay(relays[2], { connection: { kind: 'reconnecting', retryAt: Date.now() + 60_000 } });
    await h.settle();
    const [first, second, third] = lines(h.frame());
    for (const row of [first, second, third]) assert.ok(stringWidth(row) <= columns, row);
    assert.match(first, /AUTO · filter "gemini" · 2 pending \(\+1 since bell\)/, first);
    // At 60 columns the first row is full with what changes behaviour: its relay's state is cut at the row's end.
    assert.match(first, columns > 60 ? /\[1\] .*live$/ : /\[1\] /, first);
    assert.match(second, /^ *\[2\] .*unauthorized/, second);
    assert.match(third, /^ *\[3\] .*reconnecting in \d+s/, third);
  });
}

test('100 columns with room: the whole line, URL last before its state', async (t) => {
  const h = await consoleWith(100, ['http://relay.test']);
  t.after(h.unmount);
  assert.equal(
    lines(h.frame())[0],
    'aep-console AUTO · filter "gemini" · 2 pending (+1 since bell) · 0 recent · http://relay.test live',
  );
});
