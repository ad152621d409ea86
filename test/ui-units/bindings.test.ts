import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindingsNow, type Scope } from '../../src/ui/key-table.js';
import { bindingWords } from '../../src/ui/key-rows.js';
import { bindingOf, runBinding, type Controller } from '../../src/ui/binding.js';
import { BATCH_KEYS } from '../../src/ui/inbox/batch-keys.js';
// The place records hand the key table and help's rows what they gather, as they load.
import '../../src/ui/places/registry.js';

// Bindings as objects: every action of every place the keys can
// be is owned by exactly one binding object, whose words help, the footer,
// the screen reader and docs/keys.md show; a press runs that binding's
// handler, or its scope's refusal when the binding says why it cannot now.

test('every action of every scope is owned by exactly one binding, and no binding owns an action the scope lacks', () => {
  const owned = new Map<string, number>();
  for (const row of bindingWords())
    for (const action of row.actions ?? [])
      owned.set(`${row.scope}.${action}`, (owned.get(`${row.scope}.${action}`) ?? 0) + 1);
  const bound = new Set<string>();
  for (const [scope, actions] of Object.entries(bindingsNow()) as [Scope, Record<string, unknown>][]) {
    for (const action of Object.keys(actions)) {
      bound.add(`${scope}.${action}`);
      assert.equal(
        owned.get(`${scope}.${action}`),
        1,
        `${scope}.${action}: owned by ${owned.get(`${scope}.${action}`) ?? 0} bindings`,
      );
    }
  }
  for (const key of owned.keys())
    assert.ok(bound.has(key), `${key}: a binding for an action the key table does not have`);
});

test('a press finds the binding that owns its action; a disabled one is refused with its reason', () => {
  type Press = { disabled?: string };
  const controller: Controller<'reason', Press, string> = {
    scope: 'reason',
    keys: { send: ['enter'], back: ['escape', 'ctrlC'] },
    refuse: (_c, why) => `refused: ${why}`,
    bindings: [
      { on: ['send'], does: 'send', disabled: (c) => c.disabled, run: () => 'sent' },
      { keys: 'typing', does: 'text' },
    ],
  };
  const enter = { name: 'enter', text: '' } as const;
  assert.equal(runBinding(controller, enter, {}), 'sent');
  assert.equal(runBinding(controller, enter, { disabled: 'no reason typed' }), 'refused: no reason typed');
  assert.equal(
    runBinding(controller, { name: 'char', text: 'x' }, {}),
    undefined,
    'no binding: the scope falls back (typing)',
  );
  assert.equal(runBinding(controller, { name: 'paste', text: '\r' }, {}), undefined, 'a paste is never a binding');
  assert.equal(bindingOf(BATCH_KEYS, { name: 'char', text: '3' })?.action, 'pickOption');
  assert.equal(bindingOf(BATCH_KEYS, { name: 'escape', text: '' })?.binding.does, 'back to the list; the marks stay');
});
