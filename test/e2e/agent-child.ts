// Child of no-agent.test.tsx: a demo agent in its own process, so the test
// can kill it (SIGKILL: no session.ended, the socket simply drops) and start
// another on the same session. argv: relay url, token, name, session, and
// a prompt to raise (or "-"). Prints `ready <request id or ->` once
// connected, then one JSON line per command it receives.
import { startDemoAgent } from '../../src/demo/agent.js';

const [url, token, name, session, prompt] = process.argv.slice(2);
const agent = await startDemoAgent({ relayUrl: url, token, name, session, script: 'none' });
const id =
  prompt && prompt !== '-'
    ? agent.raise({
        kind: 'permission',
        prompt,
        options: [
          { id: 'allow', label: 'Allow' },
          { id: 'deny', label: 'Deny' },
        ],
      })
    : '-';
process.stdout.write(`ready ${id}\n`);
let told = 0;
setInterval(() => {
  for (; told < agent.received.length; told++) process.stdout.write(`${JSON.stringify(agent.received[told])}\n`);
}, 20);
