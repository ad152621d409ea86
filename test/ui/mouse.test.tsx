import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldSpec } from '../../src/protocol/types.js';
import { requested } from '../support/events.js';
import { selectField, serviceNameField } from '../support/requests.js';
import { KEY, lines, permissionFrom, renderApp, selectedRow } from '../support/ui.js';

// The mouse through Ink itself, as a terminal reports it with modes 1000 and
// 1006 on: SGR reports written to stdin (a press, then its release). The
// cell clicked is found in the frame drawn, as an operator would aim.

const at = (x: number, y: number, button = 0) => `\u001b[<${button};${x + 1};${y + 1}M`;
const up = (x: number, y: number, button = 0) => `\u001b[<${button};${x + 1};${y + 1}m`;
const click = (x: number, y: number) => `${at(x, y)}${up(x, y)}`;
const WHEEL_UP = 64;
const WHEEL_DOWN = 65;

/** The row of the frame holding `text`, and the column it starts at. */
function cell(frame: string, text: string | RegExp): { x: number; y: number } {
  const rows = lines(frame);
  const y = rows.findIndex((row) => (typeof text === 'string' ? row.includes(text) : text.test(row)));
  assert.ok(y >= 0, `"${text}" is on screen:\n${frame}`);
  const x = typeof text === 'string' ? rows[y].indexOf(text) : rows[y].search(text);
  return { x: Math.max(0, x), y };
}

const fleet = () => [
  permissionFrom('alpha', 'sa', 'Drop the production database?', { run: 'r1' }),
  permissionFrom('bravo', 'sb', 'git push --force', { run: 'r2' }),
  permissionFrom('charlie', 'sc', 'npm publish', { run: 'r3' }),
];

test('a click on a list row selects that request; it opens nothing and sends nothing', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true });
  t.after(h.unmount);
  const { x, y } = cell(h.frame(), 'charlie');
  await h.press(click(x, y));
  assert.match(selectedRow(h.frame()) ?? '', /charlie/);
  assert.match(h.frame(), /q quit/, 'still the list');
  assert.equal(h.client.sent.length, 0);
  // A click on the header selects nothing new.
  await h.press(click(2, cell(h.frame(), /^Pending/).y));
  assert.match(selectedRow(h.frame()) ?? '', /charlie/);
});

test('the wheel moves the list selection one row a notch, as the arrow keys do', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true });
  t.after(h.unmount);
  const { y } = cell(h.frame(), 'alpha');
  await h.press(at(5, y, WHEEL_DOWN), at(5, y, WHEEL_DOWN));
  assert.match(selectedRow(h.frame()) ?? '', /charlie/);
  await h.press(at(5, y, WHEEL_UP));
  assert.match(selectedRow(h.frame()) ?? '', /bravo/);
  assert.equal(h.client.sent.length, 0);
});

test('a click on an option of the open request highlights it; only Enter sends it', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /▸ Reply:/, 'opened on the Reply row');
  const deny = cell(h.frame(), '2 Deny');
  await h.press(click(deny.x, deny.y), click(deny.x, deny.y));
  assert.match(h.frame(), /▸ 2 Deny/);
  assert.equal(h.client.sent.length, 0, 'a click (and a second one: a double click) sends nothing');
  const reply = cell(h.frame(), 'Reply:');
  await h.press(click(reply.x, reply.y));
  assert.match(h.frame(), /▸ Reply:/, 'a click on Reply moves the highlight there');
  await h.press(click(deny.x, deny.y), KEY.enter);
  assert.deepEqual(
    h.client.sent.map((e) => (e.data as { answer: unknown }).answer),
    [{ option: 'deny' }],
    'Enter sends what the click highlighted',
  );
});

test('mouse reports are never typed into Reply: SGR clicks, releases, motion, other buttons, the X10 form', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true });
  t.after(h.unmount);
  await h.press(KEY.enter, 'use staging');
  // A click on the prompt, a release, a drag (motion bit), the right button, a malformed report, and X10's ESC [ M with three raw bytes.
  await h.press(
    click(3, 3),
    up(3, 3),
    at(4, 4, 32),
    at(4, 4, 2),
    '\u001b[<0;;M',
    '\u001b[M !!',
    `${at(1, 1, WHEEL_DOWN)}x`,
  );
  assert.match(h.frame(), /Reply: use stagingx/, 'only the x typed after them is text');
  assert.equal(h.client.sent.length, 0);
});

test('side by side, the wheel over the detail scrolls the open request; a click on the list while it is open changes nothing', async (t) => {
  const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of a long prompt`).join('\n');
  const h = await renderApp({
    events: [permissionFrom('alpha', 'sa', long), ...fleet().slice(1)],
    mouse: true,
    stdout: { columns: 110, rows: 24 },
    size: 'terminal',
  });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /┃ line 1 of a long prompt/);
  const detail = cell(h.frame(), '┃ line 1 of a long prompt');
  await h.press(at(detail.x, detail.y, WHEEL_DOWN), at(detail.x, detail.y, WHEEL_DOWN));
  assert.doesNotMatch(h.frame(), /┃ line 1 of a long prompt/, 'scrolled down');
  assert.match(h.frame(), /line 7 of a long prompt/);
  await h.press(at(detail.x, detail.y, WHEEL_UP), at(detail.x, detail.y, WHEEL_UP));
  assert.match(h.frame(), /┃ line 1 of a long prompt/, 'and back');
  const row = cell(h.frame(), 'charlie');
  await h.press(click(row.x, row.y));
  assert.match(h.frame(), /▸ Reply:/, 'the open request keeps the keys');
  assert.equal(h.client.sent.length, 0);
});

const FIELDS: FieldSpec[] = [
  serviceNameField(),
  selectField('db', 'Database', [
    ['pg', 'Postgres'],
    ['my', 'MySQL'],
  ]),
];
const form = () =>
  requested({ kind: 'form', prompt: 'Configure the deploy', fields: FIELDS, respond_via: ['control'] });

test('a click on a form field makes it the active one, on a choice highlights it, on Submit goes there; none sends', async (t) => {
  const h = await renderApp({ events: [form()], mouse: true, size: { columns: 80, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter, 'web');
  const database = cell(h.frame(), 'Database');
  await h.press(click(database.x, database.y));
  assert.match(h.frame(), /^▸ Database/m, 'the field is active');
  const mysql = cell(h.frame(), 'MySQL');
  await h.press(click(mysql.x, mysql.y));
  assert.match(h.frame(), /▸ \( \) MySQL/, 'the choice is highlighted, not picked');
  await h.press(' ');
  assert.match(h.frame(), /\(•\) MySQL/, 'Space picks it, as the keys say');
  const submit = cell(h.frame(), '[ Submit ]');
  await h.press(click(submit.x, submit.y), click(submit.x, submit.y));
  assert.match(h.frame(), /▸ \[ Submit \]/);
  assert.equal(h.client.sent.length, 0, 'a click on Submit sends nothing');
  await h.press(KEY.enter);
  assert.deepEqual(
    h.client.sent.map((e) => (e.data as { answer: unknown }).answer),
    [{ values: { name: 'web', db: 'my' } }],
  );
});

test('a batch: a click on a shared option highlights it; the y/n question takes no click', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true });
  t.after(h.unmount);
  await h.press(KEY.space, KEY.space, KEY.enter);
  const deny = cell(h.frame(), '2 Deny');
  await h.press(click(deny.x, deny.y));
  assert.match(h.frame(), /▸ 2 Deny/);
  await h.press(KEY.enter);
  assert.match(h.frame(), /Send "Deny" to 2 requests\? y\/n/);
  await h.press(click(deny.x, deny.y));
  assert.match(h.frame(), /Send "Deny" to 2 requests\? y\/n/, 'the question is still asked');
  assert.equal(h.client.sent.length, 0);
});

test('help scrolls with the wheel; without the mouse turned on (--no-mouse, --inline) a report does nothing at all', async (t) => {
  const h = await renderApp({ events: fleet(), mouse: true, size: { columns: 80, rows: 12 } });
  t.after(h.unmount);
  await h.press('?');
  const first = h.frame();
  await h.press(at(5, 5, WHEEL_DOWN));
  assert.notEqual(h.frame(), first, 'help scrolled');
  await h.press(at(5, 5, WHEEL_UP));
  assert.equal(h.frame(), first, 'and back');
  const off = await renderApp({ events: fleet() });
  t.after(off.unmount);
  const { x, y } = cell(off.frame(), 'charlie');
  await off.press(click(x, y), at(x, y, WHEEL_DOWN));
  assert.match(selectedRow(off.frame()) ?? '', /alpha/);
  await off.press(KEY.enter, click(x, y));
  assert.match(off.frame(), /▸ Reply:$/m, 'nothing typed either');
});
