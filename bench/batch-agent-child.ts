// Bench child: the demo relay and one demo agent with 50 open permission
// requests, in a process of their own (as a real relay and agent are), so
// their work is not counted as the console's. Prints the relay's URL, then
// serves until its parent closes stdin.
import { startDemoAgent } from '../src/demo/agent.js';
import { startDemoRelay } from '../src/demo/relay.js';

const TOKEN = 'bench-batch-token';
const count = Number(process.argv[2] ?? '50');
const relay = await startDemoRelay({ token: TOKEN });
const agent = await startDemoAgent({
  relayUrl: relay.url,
  token: TOKEN,
  name: 'bench',
  host: 'h',
  session: 's_bench',
  script: 'none',
});
for (let i = 0; i < count; i++)
  agent.raise({
    kind: 'permission',
    prompt: `Run step ${i}?`,
    options: [
      { id: 'allow', label: 'Allow' },
      { id: 'deny', label: 'Deny' },
    ],
  });
process.stdout.write(`${JSON.stringify({ url: relay.url })}\n`);
process.stdin.resume();
process.stdin.on(
  'end',
  () =>
    void agent
      .close()
      .then(() => relay.close())
      .then(() => process.exit(0)),
);
