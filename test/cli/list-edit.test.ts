// `list --json` reads the causes of what it prints (one more single pass,
// tool calls only) and adds `edit: {paths, added, removed}` where the cause
// is a file edit; a cause it could not read leaves `edit` out and the exit
// code as it was. On loopback with the demo relay, the Events as the tools send them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../src/cli.js';
import { demoRelayAndAgent } from '../support/demo-pair.js';
import { event, permission } from '../support/events.js';

const SECRET = 'tok-LIST-EDIT-9a1f';
const demo = demoRelayAndAgent(SECRET, 'claude-code');

async function list(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { out: (l) => stdout.push(l), err: (l) => stderr.push(l), env: { AEP_TOKEN: SECRET } });
  return { code, stdout, stderr };
}

const toolCall = (tool: string, args: Record<string, unknown>) =>
  event({
    type: 'tool.requested',
    subject: tool,
    capture: 'redacted',
    data: { tool: { name: tool }, args_redacted: args },
  });

test('list --json: an Edit, a Write and an apply_patch cause carry their paths and counts; an unread cause and a Bash carry no edit; exit 0', async () => {
  const edit = toolCall('Edit', { file_path: 'src/app.ts', old_string: 'a\nb\nc', new_string: 'x\ny' });
  const write = toolCall('Write', { file_path: 'docs/new.md', content: 'one\ntwo\n' });
  const patch = toolCall('apply_patch', {
    input: '*** Begin Patch\n*** Update File: a.ts\n@@\n-x\n+y\n*** Add File: b.ts\n+z\n*** End Patch',
  });
  const bash = toolCall('Bash', { command: 'ls', diff: '-a\n+b' });
  const requests = [
    permission('Edit src/app.ts', { cause: edit.id }),
    permission('Write docs/new.md', { cause: write.id }),
    permission('apply_patch', { cause: patch.id }),
    permission('Bash ls', { cause: bash.id }),
    permission('Edit, its cause gone', { cause: 'EVNOTHELD' }),
  ];
  for (const e of [edit, write, patch, bash, ...requests]) demo.relay.publish(e);
  const out = await list(['list', '--json', '--relay', demo.relay.url]);
  assert.equal(out.code, 0, out.stderr.join('\n'));
  const rows = new Map(
    out.stdout.map((l) => JSON.parse(l) as { id: string; edit?: unknown }).map((row) => [row.id, row.edit]),
  );
  assert.deepEqual(rows.get(requests[0]!.id), { paths: ['src/app.ts'], added: 2, removed: 3 });
  assert.deepEqual(rows.get(requests[1]!.id), { paths: ['docs/new.md'], added: 2, removed: 0 });
  assert.deepEqual(rows.get(requests[2]!.id), { paths: ['a.ts', 'b.ts'], added: 2, removed: 1 });
  assert.ok(rows.has(requests[3]!.id) && rows.get(requests[3]!.id) === undefined, 'a Bash is no edit');
  assert.ok(rows.has(requests[4]!.id) && rows.get(requests[4]!.id) === undefined, 'an unread cause leaves edit out');
});
