// What keys act on must be on screen, and producer text must be sanitized,
// however small the terminal and whatever the relay or agent says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldSpec } from '../../src/protocol/types.js';
import { ConsoleStore } from '../../src/store/store.js';
import { buildDetailLines } from '../../src/ui/inbox/detail-view.js';
import { buildStatusLines } from '../../src/ui/inbox/status-view.js';
import { buildFormLines } from '../../src/ui/form/form-view.js';
import { applyRejection, initialFormDraft, reduceFormKey } from '../../src/ui/form/form-state.js';
import { emptyEditor } from '../../src/ui/text/editor.js';
import { permission } from '../support/events.js';

const text = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join(''));
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/;

test('a tall answer state never pushes the highlighted option off a tiny detail', () => {
  const store = new ConsoleStore({ now: () => 0 });
  store.applyEvent('r', permission());
  const record = store.allRequests()[0];
  const event = { ...record, id: 'C' } as never;
  store.commandCreated(
    'r',
    record.key,
    {
      id: 'C1',
      type: 'control.attention.respond',
      aep: '0.1',
      time: '',
      source: 's',
      agent: 'a',
      session: 's1',
    } as never,
    { option: 'allow' },
    10_000,
  );
  void event;
  store.commandSettled('C1', {
    state: 'rejected',
    reason: 'busy',
    detail: 'the agent is busy running another tool call and cannot take an answer right now, try again',
  });
  for (const height of [2, 3, 4, 6]) {
    const lines = text(
      buildDetailLines({
        record,
        command: store.command('C1'),
        draft: { reply: emptyEditor, highlight: 0 },
        lock: 'none',
        focused: true,
        width: 40,
        height,
        scroll: 0,
        now: 0,
        relay: 'r',
      }),
    );
    assert.ok(lines.length <= height);
    assert.ok(
      lines.some((l) => l.startsWith('▸ Allow')),
      `highlight visible at height ${height}:\n${lines.join('\n')}`,
    );
  }
});

test('a long select keeps its highlighted choice on screen at every height', () => {
  const fields: FieldSpec[] = [
    { id: 'a', type: 'string', label: 'First' },
    {
      id: 's',
      type: 'select',
      label: 'Pick',
      other: true,
      choices: Array.from({ length: 15 }, (_, i) => ({ id: `c${i}`, label: `choice ${i}` })),
    },
    { id: 'b', type: 'boolean', label: 'Last' },
  ];
  let draft = reduceFormKey(fields, initialFormDraft(), { name: 'tab', text: '' }).draft;
  for (let i = 0; i < 16; i++) {
    for (const height of [1, 2, 4, 6, 10, 14]) {
      const lines = text(buildFormLines({ fields, draft, width: 40, height, labelsWithheld: false, focused: true }));
      assert.ok(lines.length <= height, `${lines.length} > ${height}`);
      assert.ok(
        lines.some((l) => /^ {2}▸ /.test(l)),
        `choice ${i} highlighted at height ${height}:\n${lines.join('\n')}`,
      );
      if (height >= 14)
        assert.ok(
          lines.some((l) => l.startsWith('▸ Pick')),
          `label visible at height ${height}`,
        );
    }
    draft = reduceFormKey(fields, draft, { name: 'down', text: '' }).draft;
  }
});

test('an emitter rejection detail with escapes is shown inert beside the field', () => {
  const fields: FieldSpec[] = [{ id: 'name', type: 'string', label: 'Name' }];
  const draft = applyRejection(fields, initialFormDraft(), 'name: bad\u001b[31mRED\u0007\u009b2J\u202eevil');
  for (const focused of [true, false]) {
    const lines = text(
      buildFormLines({
        fields,
        draft: { ...draft, active: focused ? 0 : 1 },
        width: 80,
        height: 20,
        labelsWithheld: false,
        focused: true,
      }),
    );
    assert.ok(!lines.some((l) => UNSAFE.test(l)), lines.join('\n'));
    assert.ok(lines.join('\n').includes('␛[31m'));
  }
});

test('relay-supplied status text is sanitized', () => {
  const lines = text(
    buildStatusLines({
      relays: [
        {
          relay: 'r',
          connection: { kind: 'reconnecting', retryAt: 0, reason: 'bye\u202e\u001b]0;x\u0007' },
          watchOnly: false,
          replayAll: true,
          roster: true,
          warnings: ['w\u200b'],
          undecodable: 0,
          invalid: 0,
          replaying: false,
        },
      ],
      counts: { pending: 0, recent: 0 },
      filter: '',
      width: 200,
      now: 0,
      maxRows: 3,
    }),
  );
  assert.ok(!lines.some((l) => UNSAFE.test(l)), lines.join('\n'));
});
