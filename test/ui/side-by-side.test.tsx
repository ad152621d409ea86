// Side by side at 100x30 the list's rows keep 28 columns of prompt (names
// and ages narrow first), a rule's suggestion never takes a row's prompt,
// an open form gets the room it has alone at 60 columns, and the no-agent
// warning is whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { parseRules } from '../../src/protocol/rules.js';
import { requested } from '../support/events.js';
import { permissionFrom } from '../support/ui-events.js';
import { KEY, NOW, lines, renderApp } from '../support/ui.js';

const COMMAND = 'Permission requested: Bash — docker system prune -af --volumes';
const parsed = parseRules(
  JSON.stringify({ rules: [{ name: 'codex no prune', match: { agent: 'codex' }, decide: { option: 'deny' } }] }),
);
assert.ok(parsed.ok);

function fleet() {
  return ['claude-code-1', 'claude-code-12', 'codex', 'gemini-cli-7'].map((agent, i) => {
    const request = permissionFrom(agent, `s${i}`, COMMAND);
    request.data = { ...(request.data as object), expires_at: new Date(NOW + 9 * 60_000).toISOString() };
    return request;
  });
}

/** The list's part of each body row (left of the rule). */
const listColumn = (frame: string) =>
  lines(frame)
    .slice(1, -1)
    .map((l) => l.split(' │ ')[0]);
const detailColumn = (frame: string) =>
  lines(frame)
    .slice(1, -1)
    .map((l) => l.split(' │ ')[1] ?? '');

for (const relays of [['http://relay.test'], ['http://relay.test', 'http://two.test']]) {
  test(`100x30, ${relays.length} relay(s): every row keeps 28 columns of its prompt; the rule's suggestion gives way to it`, async (t) => {
    const h = await renderApp({ relays, events: fleet(), rules: parsed.rules, size: { columns: 100, rows: 30 } });
    t.after(h.unmount);
    const rows = listColumn(h.frame()).filter((l) => l.includes('⏳'));
    assert.equal(rows.length, 4, h.frame());
    const promptOf = (row: string) =>
      row.slice(row.indexOf('…docker') >= 0 ? row.indexOf('…docker') : row.indexOf('docker')).trimEnd();
    for (const row of rows.filter((r) => !/codex/.test(r))) {
      assert.ok(
        stringWidth(promptOf(row)) >= 28,
        `${stringWidth(promptOf(row))} columns of prompt: ${JSON.stringify(row)}`,
      );
      assert.match(row, /docker system prune -af/);
    }
    // The suggestion keeps its verb (the detail names the rule); the prompt keeps the rest.
    const codex = rows.find((r) => /codex/.test(r)) ?? '';
    assert.match(codex, /rule: deny …docker system/, codex);
    assert.ok(stringWidth(promptOf(codex)) >= 16, codex);
    // Names stay distinct, cut where they differ.
    const names = rows.map((r) => /note (?:\[\d\] )?(\S+)/.exec(r)?.[1]);
    assert.equal(new Set(names).size, 4, names.join(' '));
    assert.ok(names.some((n) => n?.endsWith('-12')) && names.some((n) => n?.endsWith('-1')), names.join(' '));
  });
}

test('100x30: an open form gets the room it has at 60x15 (its Submit row whole); Esc gives the list its width back', async (t) => {
  const form = requested(
    {
      kind: 'form',
      prompt: 'Configure the deploy',
      fields: [
        { id: 'name', type: 'string', label: 'Service name', required: true },
        {
          id: 'env',
          type: 'select',
          label: 'Env',
          choices: [
            { id: 'stg', label: 'staging' },
            { id: 'prod', label: 'production' },
          ],
        },
      ],
      respond_via: ['control'],
    },
    { agent: 'echo', session: 's-echo' },
  );
  const h = await renderApp({ events: [form], size: { columns: 100, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  const detail = detailColumn(h.frame());
  assert.ok(
    detail.some((l) => l.includes('[ Submit ]  Tab/Shift-Tab move · Enter confirms a field')),
    h.frame(),
  );
  for (const l of lines(h.frame())) assert.ok(stringWidth(l) <= 100, l);
  await h.press(KEY.esc);
  assert.equal(listColumn(h.frame())[0].length, 60, 'browsing, the list is 60 columns again');
});

test('100x30: the no-agent warning is whole in the detail beside the list', async (t) => {
  const h = await renderApp({ events: fleet(), size: { columns: 100, rows: 30 } });
  t.after(h.unmount);
  h.store.setRoster(h.client.relay, []);
  await h.settle();
  const detail = detailColumn(h.frame())
    .map((l) => l.trim())
    .join(' ');
  assert.match(detail, /⚠ no agent is connected for this session: an answer cannot be delivered now/, h.frame());
});
