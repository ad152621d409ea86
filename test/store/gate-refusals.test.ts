import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeRefusal, type RouteFacts } from '../../src/store/ledger.js';
import type { RequestRecord } from '../../src/store/types.js';

// The gate at the wire's refusals 1–4, as a table over what the store knows of a request's route.

const record = { session: 's1', agent: 'codex', source: 'aep://host-a/agent/codex' } as RequestRecord;
const B = 'aep://host-b/agent/codex';
const known = (others: string[] = []) => ({ known: true as const, others });

test('the gate refuses what it cannot prove, and only that', () => {
  const cases: { note: string; facts: RouteFacts; code: string | undefined }[] = [
    {
      note: 'no roster, nobody else: not a refusal',
      facts: { claiming: undefined, memory: known(), twins: [] },
      code: undefined,
    },
    {
      note: 'a roster naming only its own agent: not a refusal',
      facts: { claiming: ['codex'], memory: known(), twins: [] },
      code: undefined,
    },
    {
      note: '1: two claimants in the roster',
      facts: { claiming: ['codex', 'codex'], memory: known(), twins: [] },
      code: 'route',
    },
    { note: '1: another agent claims it', facts: { claiming: ['gemini'], memory: known(), twins: [] }, code: 'route' },
    {
      note: '2: another emitter spoke since',
      facts: { claiming: ['codex'], memory: known([B]), twins: [] },
      code: 'route',
    },
    {
      note: '3: an open twin, whatever the roster says',
      facts: { claiming: ['codex'], memory: known(), twins: [{ source: B, open: true }] },
      code: 'twin',
    },
    {
      note: '3: a closed twin and no roster',
      facts: { claiming: undefined, memory: known(), twins: [{ source: B, open: false }] },
      code: 'twin',
    },
    {
      note: '3: a closed twin and a roster naming nobody in the session',
      facts: { claiming: [], memory: known(), twins: [{ source: B, open: false }] },
      code: 'twin',
    },
    {
      note: 'a closed twin while the roster names the claimant: not a refusal',
      facts: { claiming: ['codex'], memory: known(), twins: [{ source: B, open: false }] },
      code: undefined,
    },
    {
      note: '4: the memory forgot part of it',
      facts: { claiming: ['codex'], memory: { known: false }, twins: [] },
      code: 'unknown',
    },
    {
      note: 'a certain refusal says itself before unknown',
      facts: { claiming: undefined, memory: { known: false }, twins: [{ source: B, open: true }] },
      code: 'twin',
    },
  ];
  for (const c of cases) {
    const refused = routeRefusal(record, c.facts);
    assert.equal(refused?.code, c.code, c.note);
    if (refused) assert.match(refused.why, /^Not sent: .*AEP-0004 §2\.2/, c.note);
  }
});
