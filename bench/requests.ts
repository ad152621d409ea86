// Synthetic fleet traffic for the benchmark: many agents and sessions raising
// requests of every kind, some of which are answered and resolved.
import type { AepEvent } from '../src/protocol/types.js';

const AGENTS = ['claude-code', 'codex', 'gemini-cli', 'aider', 'cursor-agent'];
const COMMANDS = [
  'npm test',
  'rm -rf build/',
  'git push --force-with-lease',
  'docker system prune -af',
  'terraform apply',
  'kubectl rollout restart deploy/api',
];

/** `count` pending attention.requested Events (JSON text), varied like a real fleet. */
export function pendingRequests(count: number, offset = 0): string[] {
  const lines: string[] = [];
  for (let n = offset; n < offset + count; n++) lines.push(pendingRequest(n));
  return lines;
}

/** The `n`th of pendingRequests' Events, alone: for a reader that takes them one at a time. */
export function pendingRequest(n: number): string {
  return JSON.stringify(requestEvent(n));
}

/** Requests with their answers and resolutions: 3 Events for 3 in 4 requests. */
export function fleetTraffic(requests: number): string[] {
  const lines: string[] = [];
  for (let n = 0; n < requests; n++) {
    const request = requestEvent(n);
    lines.push(JSON.stringify(request));
    if (n % 4 === 0) continue;
    const base = envelope(n);
    lines.push(
      JSON.stringify({
        ...base,
        id: `A${n}`,
        type: 'attention.answered',
        seq: request.seq! + 1,
        subject: request.id,
        data: { answer: { option: 'deny' }, via: 'control' },
      }),
    );
    lines.push(
      JSON.stringify({
        ...base,
        id: `S${n}`,
        type: 'attention.resolved',
        seq: request.seq! + 2,
        subject: request.id,
        data: { resolution: 'answered', latency_ms: 1200 },
      }),
    );
  }
  return lines;
}

function envelope(n: number): Omit<AepEvent, 'id' | 'type'> {
  // One emitter per session, as in a real fleet: the agent and host follow the
  // session. (Sessions shared by several emitters are a misconfiguration the
  // console warns about on every such request: "No answer the relay could
  // route to someone else".)
  const s = n % 97;
  const agent = AGENTS[s % AGENTS.length];
  const session = `s${s}`;
  return {
    aep: '0.1',
    time: new Date(Date.UTC(2026, 10, 29, 9, 0, n % 3600)).toISOString(),
    source: `aep://host${s % 7}/agent/${agent}/session/${session}`,
    agent,
    session,
    epoch: 0,
  };
}

function requestEvent(n: number): AepEvent {
  const kind = n % 5;
  const data =
    kind === 3
      ? { kind: 'input', prompt: `Which branch should I rebase ${n} onto?` }
      : kind === 4
        ? {
            kind: 'form',
            prompt: `Deploy settings for service-${n}`,
            fields: [
              { id: 'name', label: 'Service name', type: 'string', required: true },
              { id: 'replicas', label: 'Replicas', type: 'number', min: 1, max: 10 },
              {
                id: 'region',
                label: 'Region',
                type: 'select',
                choices: [
                  { id: 'eu', label: 'eu-west-1' },
                  { id: 'us', label: 'us-east-1' },
                ],
              },
            ],
          }
        : {
            kind: 'permission',
            prompt: `Permission requested: Bash — ${COMMANDS[n % COMMANDS.length]} (request ${n})`,
            options: [
              { id: 'allow', label: 'Allow' },
              { id: 'deny', label: 'Deny' },
            ],
          };
  return {
    ...envelope(n),
    id: `R${n}`,
    type: 'attention.requested',
    seq: n * 3,
    severity: n % 11 === 0 ? 'warning' : 'notice',
    capture: 'redacted',
    data: n % 13 === 0 ? { ...data, expires_at: new Date(Date.now() + 3_600_000 + n * 1000).toISOString() } : data,
  } as unknown as AepEvent;
}
