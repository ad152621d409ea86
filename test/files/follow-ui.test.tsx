// The console's side of rules that follow their file: the status line says
// when the rules file is not used, an edit replaces the rules shown, and a
// bad edit keeps them while the status line says why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Rule } from '../../src/protocol/rules.js';
import type { RulesFileUpdate } from '../../src/cli/rules-watch.js';
import { renderApp } from '../support/ui.js';

const rule = (name: string): Rule => ({ name, match: { agent: 'codex' }, decide: 'ask' });

test('an untrusted rules file: the status line says the rules are not used', async () => {
  const ui = await renderApp({
    rules: [],
    rulesNote: 'rules not used: rules file r.json is writable by others (mode 0606)',
    size: { columns: 140, rows: 20 },
  });
  try {
    assert.match(ui.frame().split('\n')[0]!, /rules not used: rules file r\.json is writable by others \(mode 0606\)/);
  } finally {
    ui.unmount();
  }
});

test('an edit replaces the rules; a bad edit keeps them and the status line says why; the fix clears it', async () => {
  let tell: ((update: RulesFileUpdate) => void) | undefined;
  const ui = await renderApp({
    rules: [rule('one')],
    rulesFile: (listen) => ((tell = listen), () => (tell = undefined)),
    size: { columns: 140, rows: 20 },
  });
  try {
    assert.match(ui.frame(), /rules: suggest \(1\)/);
    tell!({ rules: [rule('one'), rule('two')] });
    await ui.waitFor((f) => f.includes('rules: suggest (2)'), 'the edit picked up');
    tell!({ note: 'rules edit not used, the rules in force stay: not JSON' });
    await ui.waitFor(
      (f) => f.includes('rules: suggest (2) · rules edit not used, the rules in force stay: not JSON'),
      'the bad edit said',
    );
    tell!({ rules: [rule('three')] });
    await ui.waitFor((f) => f.includes('rules: suggest (1)') && !f.includes('not used'), 'fixed');
  } finally {
    ui.unmount();
  }
  assert.equal(tell, undefined, 'unsubscribed on unmount');
});
