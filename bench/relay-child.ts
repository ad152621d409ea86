// Bench child: the demo relay holding `count` pending requests, in a process
// of its own as a real relay would be. Prints its URL, then serves until its
// parent closes stdin.
import type { AepEvent } from '../src/protocol/types.js';
import { startDemoRelay } from '../src/demo/relay.js';
import { pendingRequests } from './requests.js';

const BENCH_TOKEN = 'bench-token';

const count = Number(process.argv[2] ?? '50000');
const relay = await startDemoRelay({ token: BENCH_TOKEN, bufferPerSession: count });
for (const line of pendingRequests(count)) relay.publish(JSON.parse(line) as AepEvent);
process.stdout.write(`${JSON.stringify({ url: relay.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void relay.close().then(() => process.exit(0)));
