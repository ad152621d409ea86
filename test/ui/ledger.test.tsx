import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRespond } from '../../src/protocol/respond.js';
import { KEY, NOW, flat, permissionFrom, renderApp } from '../support/ui.js';

// The answer ledger on the rendered console: a route another agent could
// take, and a saved answer already on its way, are said in the detail, and
// Enter sends nothing over them.

test('two emitters share a session name and a request id: the detail says no answer can be sent, and Enter sends nothing', async (t) => {
  const a = permissionFrom('deployer', 'shared', 'deploy prod?', {
    id: 'REQ-SHARED',
    source: 'aep://host-a/agent/deployer',
  });
  const b = permissionFrom('deployer', 'shared', 'delete staging?', {
    id: 'REQ-SHARED',
    source: 'aep://host-b/agent/deployer',
  });
  const h = await renderApp({ events: [a, b] });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(
    flat(h.frame()),
    /⚠ No answer can be sent: aep:\/\/host-b\/agent\/deployer has sent Events in session "shared" since this request/,
  );
  await h.press('1', KEY.enter, KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(flat(h.frame()), /Not sent: another agent shares this session name \(the warning below says which\)/);
});

test("a saved answer on its way: the detail names it as the earlier console's, and a new answer is refused with words", async (t) => {
  const request = permissionFrom('codex', 's1', 'deploy prod?');
  const h = await renderApp({ events: [request] });
  t.after(h.unmount);
  const record = h.store.allRequests()[0];
  const saved = buildRespond({
    request: { id: record.id, session: record.session },
    answer: { option: 'allow' },
    name: 'aep-console',
    host: 'h',
  });
  h.store.commandCreated(h.client.relay, record.key, saved, { option: 'allow' }, 10_000, { savedAt: NOW - 3_600_000 });
  h.store.commandSent(saved.id);
  await h.settle();
  await h.press(KEY.enter);
  assert.match(flat(h.frame()), /a saved answer from an earlier console \(given at 09:00:30 UTC\) is on its way: /);
  assert.doesNotMatch(h.frame(), /you sent/);
  await h.press('2', KEY.enter);
  assert.equal(h.client.sent.length, 0);
  assert.match(
    flat(h.frame()),
    /A saved answer is on its way: option allow, given at 09:00:30 UTC by an earlier console/,
  );
});

test('the screen reader says the route is not safe, and why', async (t) => {
  const a = permissionFrom('deployer', 'shared', 'deploy prod?', {
    id: 'REQ-SHARED',
    source: 'aep://host-a/agent/deployer',
  });
  const b = permissionFrom('deployer', 'shared', 'delete staging?', {
    id: 'REQ-SHARED',
    source: 'aep://host-b/agent/deployer',
  });
  const h = await renderApp({ events: [a, b], screenReader: true });
  t.after(h.unmount);
  await h.press(KEY.enter);
  assert.match(
    h.frame(),
    /^Warning: no answer can be sent: aep:\/\/host-b\/agent\/deployer has sent Events in session "shared" since this request\./m,
  );
});
