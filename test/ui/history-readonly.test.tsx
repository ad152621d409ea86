// History is read-only everywhere (the answer-path review): requests read
// from a file cannot be marked, `*` skips them, nothing claims a send; and a
// request that cannot be answered here still shows everything it asks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlFile } from '../../src/files/jsonl-file.js';
import { ConsoleStore } from '../../src/store/store.js';
import { requested } from '../support/events.js';
import { KEY, NOW, renderApp } from '../support/ui.js';

const dir = mkdtempSync(join(tmpdir(), 'aep-ui-readonly-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const base = {
  aep: '0.1',
  time: '2026-07-03T10:00:00Z',
  source: 'aep://logs/agent/claude-code',
  agent: 'claude-code',
  session: 's-log',
  severity: 'warning',
  capture: 'full',
};
const lines = [
  ...[1, 2, 3].map((n) => ({
    ...base,
    id: `p-${n}`,
    seq: n,
    type: 'attention.requested',
    data: {
      kind: 'permission',
      prompt: `Delete cache ${n}?`,
      options: [
        { id: 'allow', label: 'Allow' },
        { id: 'deny', label: 'Deny' },
      ],
    },
  })),
  {
    ...base,
    id: 'f-1',
    seq: 4,
    type: 'attention.requested',
    data: {
      kind: 'form',
      prompt: 'Deploy settings',
      fields: [
        {
          id: 'target',
          type: 'select',
          label: 'Which deployment target?',
          required: true,
          choices: [
            { id: 'staging', label: 'Staging' },
            { id: 'prod', label: 'Production' },
          ],
        },
        { id: 'replicas', type: 'number', label: 'Replicas', min: 1, max: 10 },
      ],
    },
  },
];

function fileStore(): ConsoleStore {
  const path = join(dir, 'log.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const store = new ConsoleStore({ now: () => NOW });
  new JsonlFile(path, store).readAvailable();
  return store;
}

test('history from a file: * marks nothing and says why, Space says why, nothing claims a send', async (t) => {
  const h = await renderApp({ store: fileStore(), stdout: { columns: 120, rows: 40 } });
  t.after(h.unmount);
  await h.press('*');
  assert.match(h.frame(), /Nothing here can be marked/);
  await h.press(KEY.enter);
  assert.doesNotMatch(h.frame(), /Send ".*" to \d+ requests/);
  assert.doesNotMatch(h.frame(), /Sent /);
  await h.press(KEY.esc, KEY.space);
  assert.match(h.frame(), /History from a file cannot be marked/);
  await h.press('1', KEY.enter, 'y');
  assert.doesNotMatch(h.frame(), /Sent /);
  assert.equal(h.client.sent.length, 0);
});

test('a read-only form shows every field, its constraint and its choices', async (t) => {
  const h = await renderApp({ store: fileStore(), stdout: { columns: 120, rows: 40 } });
  t.after(h.unmount);
  await h.press('G', KEY.enter);
  const frame = h.frame();
  assert.match(frame, /Form fields \(for information; history from a file: it cannot be answered\):/);
  assert.match(frame, /· Which deployment target\?\* \(pick one\)/);
  assert.match(frame, /- Staging {2}\[staging\]/);
  assert.match(frame, /- Production {2}\[prod\]/);
  assert.match(frame, /· Replicas \(1–10\)/);
});

test('an informational request without options says it asks for words, not an empty heading', async (t) => {
  const info = requested(
    { kind: 'input', prompt: 'What should the release be called?', respond_via: ['terminal'] },
    { agent: 'codex', session: 'sx', source: 'aep://h/agent/codex' },
  );
  const h = await renderApp({ events: [info], stdout: { columns: 120, rows: 30 } });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(h.frame(), /Answered in words \(for information; the answer belongs to the agent's own UI\)\./);
  assert.doesNotMatch(h.frame(), /Options \(for information/);
});
