// End to end: the demo relay and a demo agent on loopback, the real <App>
// and RelayClient at 80 columns (no detail beside the list). Edit requests
// the operator never selects show their counts on their rows: the console
// reads their causes from the relay itself, many in one single pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { consoleOnDemo } from '../support/e2e-console.js';

const TOKEN = 'e2e-edit-rows-token-not-secret';
const demo = demoRelayAndAgent(TOKEN, 'claude-code');

const options = [
  { id: 'allow', label: 'Allow' },
  { id: 'deny', label: 'Deny' },
];

const editOf = (path: string, lines: number) => ({
  kind: 'permission',
  subject: 'Edit',
  prompt: `Permission requested: Edit ${path}`,
  options,
  args: {
    file_path: path,
    old_string: 'const port = 8080;',
    new_string: Array.from({ length: lines }, (_, i) => `const port${i} = ${3000 + i};`).join('\n'),
  },
});

test('Edit requests never selected show +N −1 on their rows, read from the relay', async () => {
  const ui = consoleOnDemo(demo, TOKEN);
  try {
    demo.agent.raise({
      kind: 'permission',
      subject: 'Bash',
      prompt: 'Permission requested: Bash — ls',
      options,
      args: { command: 'ls' },
    });
    await ui.until((t) => t.includes('Bash — ls') && t.includes('live'), 'the first request');
    demo.agent.raise(editOf('src/app.ts', 1));
    demo.agent.raise(editOf('src/server.ts', 3));
    demo.agent.raise({
      kind: 'permission',
      subject: 'Bash',
      prompt: 'Permission requested: Bash — make',
      options,
      args: { command: 'make' },
    });
    await ui.until(
      (t) =>
        t.includes('+1 −1 Permission requested: Edit src/app.ts') &&
        t.includes('+3 −1 Permission requested: Edit src/server.ts'),
      'the counts on both Edit rows',
    );
    assert.match(ui.frame(), /▸.*Bash — ls/, 'the selection never left the first request');
    assert.doesNotMatch(ui.frame(), /[+]\d+ −\d+ Permission requested: Bash/, 'a Bash call has no counts');
  } finally {
    await ui.stop();
  }
});
