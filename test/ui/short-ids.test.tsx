// Hostile input V, "Short ids tell requests apart": ids raised in one
// millisecond (ULIDs) share their first 16 characters; the detail cut every
// id at 16 in its 37 columns side by side, so a git push and a docker prune
// both read `request 01M98THD7445V7M5…`. The whole id is shown where it
// fits; where it does not, the cut keeps what tells it apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { distinctColumns } from '../../src/ui/inbox/short-id.js';
import { permissionFrom } from '../support/ui-events.js';
import { lines, renderApp } from '../support/ui.js';

const SAME_MS = '01M98THD7445V7M5';
const PUSH = `${SAME_MS}Q2ZK8XWA1B`;
const PRUNE = `${SAME_MS}R7TC3MNE9D`;

test('the part of an id that tells it apart: one past the longest prefix it shares', () => {
  const table: [string, string[], number][] = [
    [PUSH, [PUSH, PRUNE], 17],
    [PUSH, [PUSH], 1],
    [PUSH, [], 1],
    ['abc', ['abcdef'], 3],
    ['abcdef', ['abc', 'abd'], 4],
    ['x\u001by1', ['x\u001by2'], 4 + '␛'.length - 1],
  ];
  for (const [id, others, columns] of table)
    assert.equal(distinctColumns(id, others), columns, `${JSON.stringify(id)} among ${JSON.stringify(others)}`);
});

/** The row that says the detail's request id (side by side, the part right of the rule), and the ones it wraps onto. */
function idRows(frame: string): string[] {
  const rows = lines(frame).map((row) => (row.includes(' │ ') ? row.slice(row.indexOf(' │ ') + 3) : row));
  const at = rows.findIndex((row) => row.startsWith('request '));
  assert.ok(at >= 0, `the detail shows its request id:\n${frame}`);
  const out = [rows[at]];
  for (let i = at + 1; i < rows.length && rows[i].startsWith('        '); i++) out.push(rows[i]);
  return out;
}

test('at 100x30 the 37-column detail shows each of two ids raised in one millisecond whole', async (t) => {
  const events = [
    permissionFrom('coder', 's1', 'git push origin main', { id: PUSH }),
    permissionFrom('ops', 's2', 'docker system prune -af', { id: PRUNE }),
  ];
  const h = await renderApp({ size: { columns: 100, rows: 30 }, stdout: { columns: 100, rows: 30 }, events });
  t.after(h.unmount);
  const first = idRows(h.frame());
  assert.match(first[0], new RegExp(`^request ${PUSH}\\s*$`), `the whole id: ${JSON.stringify(first)}`);
  await h.press('j');
  const second = idRows(h.frame());
  assert.match(second[0], new RegExp(`^request ${PRUNE}\\s*$`), `the whole id: ${JSON.stringify(second)}`);
  assert.notEqual(first[0], second[0], 'two requests, two ids shown');
});

test('ids too long for the detail are cut no shorter than what tells them apart, or shown whole on more rows', async (t) => {
  const shared = 'request-raised-by-the-same-agent-';
  const a = `${shared}push-0001-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`;
  const b = `${shared}prune-0002-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb`;
  const c = 'short-id-3-cccccccccccccccccccccccccccccccccccccccccccccccccccccccccc';
  const events = [
    permissionFrom('coder', 's1', 'git push', { id: a }),
    permissionFrom('ops', 's2', 'docker prune', { id: b }),
    permissionFrom('ops', 's3', 'ls', { id: c }),
  ];
  const h = await renderApp({ size: { columns: 100, rows: 30 }, stdout: { columns: 100, rows: 30 }, events });
  t.after(h.unmount);
  const seen: string[] = [];
  for (const id of [a, b, c]) {
    const rows = idRows(h.frame());
    const shown = rows.map((row, i) => (i ? row.trim() : row.slice('request '.length).trim())).join('');
    const text = shown.replace(/ · y copies$/, '');
    if (text.endsWith('…')) {
      const prefix = text.slice(0, -1);
      assert.ok(id.startsWith(prefix), `a cut id is a prefix of the id: ${text}`);
      for (const other of [a, b, c].filter((o) => o !== id))
        assert.ok(!other.startsWith(prefix), `${text} could be ${other}`);
    } else assert.equal(text, id, `shown whole: ${JSON.stringify(rows)}`);
    seen.push(text);
    await h.press('j');
  }
  assert.equal(new Set(seen).size, 3, `three requests, three ids: ${seen.join(' / ')}`);
  // The third is told apart by its first character: cut, it keeps the hint.
  assert.match(seen[2], /…$/);
});
