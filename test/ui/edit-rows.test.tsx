// `+12 −3` on the row of every open edit request, without the operator
// selecting it: the rows read the causes nobody has read yet, many in one
// read per relay, judged by the one cause resolver. Driven on the real App
// at 80x24 (no detail beside the list, so only the rows' read reads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AepEvent } from '../../src/protocol/types.js';
import type { FetchResult } from '../../src/relay/fetch-events.js';
import type { Pins } from '../../src/relay/event-collector.js';
import { event, permission } from '../support/events.js';
import { FakeClient } from '../support/fake-client.js';
import { KEY, renderApp, selectedRow, type Harness } from '../support/ui.js';

function edit(path: string, source?: string) {
  const tool = event({
    type: 'tool.requested',
    subject: 'Edit',
    run: 'r_1',
    capture: 'full',
    ...(source ? { source } : {}),
    data: {
      tool: { name: 'Edit', call_id: `c_${path}` },
      args: { file_path: path, old_string: 'const port = 8080;', new_string: 'const port = 3000;' },
    },
  });
  const request = permission(`Permission requested: Edit ${path}`, { run: 'r_1', cause: tool.id });
  return { tool, request };
}

const counted = (path: string) => new RegExp(`\\+1 \u22121 Permission requested: Edit ${path.replace(/\./g, '\\.')}`);

/** The client's reads held until the test lets each go (a relay that takes its time). */
function holdReads(h: Harness) {
  const held: { filter: Record<string, unknown>; go: () => void }[] = [];
  const read = FakeClient.prototype.fetchEvents;
  h.client.fetchEvents = (filter: Record<string, unknown>, limit: number, signal?: AbortSignal, pin?: Pins) =>
    new Promise<FetchResult>((resolve) =>
      held.push({ filter, go: () => void read.call(h.client, filter, limit, signal, pin).then(resolve) }),
    );
  return held;
}

test('a freshly arrived Edit request that was never selected shows +1 −1 on its row', async (t) => {
  const first = permission('Permission requested: Bash — ls');
  const h = await renderApp({ events: [first] });
  t.after(h.unmount);
  const { tool, request } = edit('src/app.ts');
  h.client.history = [tool, request];
  await h.apply(request);
  const frame = await h.waitFor((f) => counted('src/app.ts').test(f), 'the counts on the new row');
  assert.match(selectedRow(frame) ?? '', /Bash — ls/, 'the selection stayed on the first request');
  assert.deepEqual(h.client.fetches, [{ id: [tool.id], source: [tool.source], session: ['s1'] }], 'one read, by id');
});

test('requests arriving while a read is under way wait for the next read: one read per relay at a time, many causes each', async (t) => {
  const h = await renderApp({ events: [permission('Permission requested: Bash — ls')] });
  t.after(h.unmount);
  const held = holdReads(h);
  const edits = Array.from({ length: 10 }, (_, i) => edit(`f${i}.ts`));
  h.client.history = edits.flatMap((e) => [e.tool, e.request]);
  await h.apply(edits[0]!.request);
  assert.equal(held.length, 1, 'the first request is read');
  for (const e of edits.slice(1)) await h.apply(e.request);
  assert.equal(held.length, 1, 'no read per new request while one is under way');
  held[0]!.go();
  await h.waitFor(() => held.length === 2, 'the next read');
  assert.deepEqual(
    held[1]!.filter.id,
    edits.slice(1).map((e) => e.tool.id),
    'the nine that waited, in one read',
  );
  held[1]!.go();
  const frame = await h.waitFor((f) => edits.every((_, i) => counted(`f${i}.ts`).test(f)), 'every row counted');
  assert.match(selectedRow(frame) ?? '', /Bash — ls/);
  await h.settle();
  assert.equal(held.length, 2, 'nothing read again');
});

test("another emitter's Event under the cause id, sent by a relay that ignores the filter, is never counted on the row", async (t) => {
  const h = await renderApp({ events: [permission('Permission requested: Bash — ls')] });
  t.after(h.unmount);
  const { tool, request } = edit('src/app.ts', 'aep://elsewhere/agent/mallory/session/s1');
  h.client.history = [tool, request];
  // Everything it holds, whatever was asked.
  h.client.fetchEvents = async (filter: Record<string, unknown>) => {
    h.client.fetches.push(filter);
    return { ok: true, events: [tool, request], via: 'sse', dropped: 0 };
  };
  await h.apply(request);
  await h.waitFor(() => h.client.fetches.length === 1, 'the read');
  await h.settle();
  assert.doesNotMatch(h.frame(), /\+1 \u22121/, 'no counts from an Event that is not its cause');
  await h.press(KEY.down, KEY.enter);
  await h.waitFor((f) => /not this agent's Event/.test(f), 'named as someone else');
});

test('a relay that refuses the read leaves the row without counts (never a guess), and the detail still reads the cause itself', async (t) => {
  const h = await renderApp({ events: [permission('Permission requested: Bash — ls')] });
  t.after(h.unmount);
  h.client.history = 'relay refused the read: limit-exceeded';
  const { tool, request } = edit('src/app.ts');
  await h.apply(request);
  await h.waitFor(() => h.client.fetches.length === 1, 'the rows read');
  await h.settle();
  assert.doesNotMatch(h.frame(), /\+1 \u22121/);
  h.client.history = [tool, request] as AepEvent[];
  await h.press(KEY.down, KEY.enter);
  await h.waitFor((f) => /src\/app\.ts {2}\+1 \u22121/.test(f), "the detail's own read");
  await h.press(KEY.esc);
  await h.waitFor((f) => counted('src/app.ts').test(f), 'the row counted once read');
});
