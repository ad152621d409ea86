// What the screen says about requests read from a file (history: read, never
// answered) and about emitter violations (detail rows, status line count,
// the request's source in its provenance).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlFile } from '../../src/files/jsonl-file.js';
import { ConsoleStore } from '../../src/store/store.js';
import { KEY, NOW, renderApp } from '../support/ui.js';

const corpus = readFileSync(new URL('../fixtures/projection-corpus.jsonl', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'aep-ui-file-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const pending = JSON.stringify({
  aep: '0.1',
  id: 'open-1',
  type: 'attention.requested',
  time: '2026-07-03T10:00:00Z',
  source: 'aep://logs/agent/claude-code',
  agent: 'claude-code',
  session: 's-log',
  seq: 1,
  severity: 'warning',
  data: {
    kind: 'permission',
    prompt: 'Delete the build cache?',
    options: [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ],
  },
});

function fileStore(): ConsoleStore {
  const path = join(dir, 'session.jsonl');
  writeFileSync(path, `${corpus}${pending}\n`);
  const store = new ConsoleStore({ now: () => NOW });
  const file = new JsonlFile(path, store);
  file.readAvailable();
  return store;
}

test('a request from a file opens read-only: it says so, and no key sends anything', async (t) => {
  const h = await renderApp({ store: fileStore(), stdout: { columns: 200, rows: 40 } });
  t.after(h.unmount);
  assert.match(h.frame(), /history file/, 'the status line names the source as a history file');
  assert.match(h.frame(), /5 emitter violations/, 'the status line counts violations');
  await h.press(KEY.enter);
  const detail = h.frame().replace(/\s+/g, ' ');
  assert.match(detail, /history from the file .*session\.jsonl: it can be read, not answered/);
  assert.match(detail, /source aep:\/\/logs\/agent\/claude-code/);
  assert.match(detail, /Options \(for information; history from a file: it cannot be answered\)/);
  await h.press(KEY.down, KEY.enter, '1', KEY.enter, 'yes', KEY.enter);
  assert.deepEqual(h.client.sent, [], 'nothing was sent');
  assert.deepEqual(h.store.inFlightCommands(), []);
});

test('a request whose session ended while it was open: stale, with the emitter violation spelled out', async (t) => {
  const h = await renderApp({ store: fileStore(), stdout: { columns: 120, rows: 60 } });
  t.after(h.unmount);
  // Recent holds it; the filter brings it to the top.
  await h.press('/', ...'Deployment', KEY.enter);
  await h.press(KEY.enter);
  const detail = h.frame().replace(/\s+/g, ' ');
  assert.match(detail, /stale/);
  assert.match(detail, /emitter violation ended-with-pending-attention: its session ended while this request was open/);
  assert.match(detail, /source aep:\/\/host-b\/agent\/codex\/session\/s-main/);
});
